//! Screen snapshots on ratatui's test backend: the text of every screen, and its styles, in
//! the default, ASCII and monochrome themes. With `CI=true` a missing or changed snapshot
//! fails; review changes with `cargo insta review` (or `INSTA_UPDATE=always cargo test`).

use std::fmt::Write as _;

use crate::common::{self, press, type_moves};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::Event;
use ratatui::style::Style;
use taktui::game::store::Keeper;
use taktui::game::{Library, NewGame, Session};
use taktui::notation::Tps;
use taktui::record::{GameRecord, Stamp};
use taktui::rules::{BoardSize, GameConfig};
use taktui::tui::screens::PlayScreen;
use taktui::tui::{App, Options, Palette, Screen, Theme};

const DEFAULT: Theme = Theme {
    ascii: false,
    color: true,
    palette: Palette::Dark,
};
const ASCII: Theme = Theme {
    ascii: true,
    color: true,
    palette: Palette::Dark,
};
const MONO: Theme = Theme::plain(false);
const ASCII_MONO: Theme = Theme::plain(true);
const LIGHT: Theme = Theme {
    palette: Palette::Light,
    ..DEFAULT
};
const SOLARIZED_DARK: Theme = Theme {
    palette: Palette::SolarizedDark,
    ..DEFAULT
};

fn options(theme: Theme) -> Options {
    Options {
        theme,
        mouse: true,
        test_panic: false,
    }
}

fn app(record: GameRecord, theme: Theme) -> App {
    app_learning(record, theme, false)
}

fn app_learning(record: GameRecord, theme: Theme, learn: bool) -> App {
    let play = PlayScreen::new(Session::new(record, None)).learning(learn);
    App::playing(play, options(theme))
}

fn new_game_learning(size: u8) -> App {
    let config = GameConfig::new(BoardSize::new(size).unwrap());
    app_learning(GameRecord::for_config(config), DEFAULT, true)
}

fn new_game(size: u8, theme: Theme) -> App {
    app(
        GameRecord::for_config(GameConfig::new(BoardSize::new(size).unwrap())),
        theme,
    )
}

/// An 8x8 game from a position with tall stacks, then two plies so the last move shows.
fn midgame_8x8(theme: Theme) -> App {
    let tps = "2,x,21S,2,x3,1/x,2,1,2,2,1,x2/x,1,x,1221212S,221C,1,x2/1,1,1,2,1121212C,2,x2/\
               x2,1,1,x,2,x2/x2,1,x,12122112,1,x2/x8/x,2C,x6 1 24";
    let tps: Tps = tps.parse().unwrap();
    let mut record = GameRecord::new(
        tps.to_standard_position().unwrap(),
        taktui::record::Tags::default(),
    );
    record.play("3e6>12".parse().unwrap()).unwrap();
    record.play("b1>".parse().unwrap()).unwrap();
    app(record, theme)
}

/// The screen as text, then each run of styled cells: `row: from-to style`.
fn screen(app: &mut App, width: u16, height: u16) -> String {
    app.handle(&Event::Resize(width, height));
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(|frame| app.render(frame)).unwrap();
    describe(terminal.backend().buffer())
}

fn describe(buffer: &Buffer) -> String {
    let area = buffer.area;
    let mut out = String::new();
    for y in 0..area.height {
        let line: String = (0..area.width).map(|x| buffer[(x, y)].symbol()).collect();
        let _ = writeln!(out, "{}", line.trim_end());
    }
    out.push_str("---- styles ----\n");
    for y in 0..area.height {
        let mut x = 0;
        while x < area.width {
            let style = buffer[(x, y)].style();
            let start = x;
            while x < area.width && buffer[(x, y)].style() == style {
                x += 1;
            }
            let name = style_name(style);
            if !name.is_empty() {
                let _ = writeln!(out, "{y:>2}: {start}-{} {name}", x - 1);
            }
        }
    }
    out
}

fn style_name(style: Style) -> String {
    let mut parts = Vec::new();
    if let Some(fg) = style.fg.filter(|c| *c != ratatui::style::Color::Reset) {
        parts.push(format!("fg={fg}"));
    }
    if let Some(bg) = style.bg.filter(|c| *c != ratatui::style::Color::Reset) {
        parts.push(format!("bg={bg}"));
    }
    if !style.add_modifier.is_empty() {
        parts.push(format!("{:?}", style.add_modifier));
    }
    parts.join(" ")
}

#[test]
fn start_5x5_at_80x24() {
    insta::assert_snapshot!(screen(&mut new_game(5, DEFAULT), 80, 24));
}

#[test]
fn start_5x5_at_100x30() {
    insta::assert_snapshot!(screen(&mut new_game(5, DEFAULT), 100, 30));
}

#[test]
fn start_5x5_ascii() {
    insta::assert_snapshot!(screen(&mut new_game(5, ASCII), 80, 24));
}

#[test]
fn start_5x5_monochrome() {
    insta::assert_snapshot!(screen(&mut new_game(5, MONO), 80, 24));
}

#[test]
fn midgame_8x8_tall_stacks_at_80x24() {
    insta::assert_snapshot!(screen(&mut midgame_8x8(DEFAULT), 80, 24));
}

#[test]
fn midgame_8x8_tall_stacks_at_160x50_stand_over_the_squares_lines() {
    let text = screen(&mut midgame_8x8(DEFAULT), 160, 50);
    // e3's eight pieces under Black's flat, three a line from the bottom line up: 121,
    // 221, 12.
    let e3: Vec<&str> = text
        .lines()
        .skip_while(|line| !line.contains("│ f      8│"))
        .take(4)
        .map(|line| line.split('│').nth(5).unwrap_or_default())
        .collect();
    assert_eq!(
        e3,
        [" f      8", "12       ", "221      ", "121      "],
        "{text}"
    );
    insta::assert_snapshot!(text);
}

#[test]
fn midgame_8x8_at_120x40_large() {
    insta::assert_snapshot!(screen(&mut midgame_8x8(DEFAULT), 120, 40));
}

#[test]
fn midgame_8x8_ascii_monochrome() {
    insta::assert_snapshot!(screen(&mut midgame_8x8(ASCII_MONO), 80, 24));
}

/// The start of a 5x5 game and the 8x8 mid-game, one above the other.
fn start_and_midgame(theme: Theme, width: u16, height: u16) -> String {
    let start = screen(&mut new_game(5, theme), width, height);
    let midgame = screen(&mut midgame_8x8(theme), width, height);
    format!("{start}\n==== 8x8 mid-game ====\n{midgame}")
}

#[test]
fn dark_theme_at_200x60_uses_the_room() {
    let text = start_and_midgame(DEFAULT, 200, 60);
    // The 8x8 mid-game's d6 (seven pieces under Black's wall) shows every owner, standing
    // as the stack does: 12, 21, 21, 2 from the bottom line up.
    assert!(text.contains("│ s        7│"), "{text}");
    let d6: Vec<&str> = text
        .lines()
        .skip_while(|line| !line.contains("│ s        7│"))
        .skip(1)
        .take(4)
        .map(|line| line.split('│').nth(4).unwrap_or_default())
        .collect();
    assert_eq!(
        d6,
        ["2          ", "21         ", "21         ", "12         "],
        "{text}"
    );
    insta::assert_snapshot!(text);
}

#[test]
fn light_theme_at_80x24() {
    insta::assert_snapshot!(start_and_midgame(LIGHT, 80, 24));
}

#[test]
fn light_theme_at_200x60() {
    insta::assert_snapshot!(start_and_midgame(LIGHT, 200, 60));
}

#[test]
fn solarized_dark_theme_at_80x24() {
    insta::assert_snapshot!(start_and_midgame(SOLARIZED_DARK, 80, 24));
}

#[test]
fn solarized_dark_theme_at_200x60() {
    insta::assert_snapshot!(start_and_midgame(SOLARIZED_DARK, 200, 60));
}

#[test]
fn every_palette_is_monochrome_without_colour_and_plain_with_ascii() {
    for palette in [Palette::Dark, Palette::Light, Palette::SolarizedDark] {
        for (width, height) in [(80, 24), (120, 40), (200, 60)] {
            let mono = Theme { palette, ..MONO };
            let text = start_and_midgame(mono, width, height);
            assert!(!text.contains("fg="), "{palette:?} without colour: {text}");
            let ascii = Theme { palette, ..ASCII };
            let text = start_and_midgame(ascii, width, height);
            assert!(text.is_ascii(), "{palette:?} with --ascii: {text}");
            let plain = Theme {
                palette,
                ..ASCII_MONO
            };
            assert_eq!(
                start_and_midgame(plain, width, height),
                start_and_midgame(ASCII_MONO, width, height),
                "without colour the palette makes no difference"
            );
        }
    }
}

#[test]
fn a_stack_being_moved_shows_its_hand_and_reach() {
    let mut app = new_game(5, DEFAULT);
    type_moves(
        &mut app,
        &[
            "a1", "e5", "c3", "c4", "d3", "b3", "d3<", "c4-", "d3", "a2", "d3<", "b2",
        ],
    );
    press(&mut app, "3 Right 1");
    insta::assert_snapshot!(screen(&mut app, 80, 24));
}

#[test]
fn a_typed_move_is_previewed() {
    let mut app = new_game(5, DEFAULT);
    type_moves(&mut app, &["a1", "e5"]);
    press(&mut app, ": S c 3");
    insta::assert_snapshot!(screen(&mut app, 80, 24));
}

#[test]
fn game_over_by_road() {
    let mut app = new_game(3, DEFAULT);
    type_moves(&mut app, &["c3", "a1", "b2", "c2", "b2-", "a3", "c1"]);
    insta::assert_snapshot!(screen(&mut app, 80, 24));
}

#[test]
fn game_over_on_flats_monochrome() {
    let mut app = new_game(3, MONO);
    // The board fills with no road: White 5 flats, Black 4.
    type_moves(
        &mut app,
        &["a1", "a2", "b1", "b2", "c1", "c2", "a3", "b3", "c3"],
    );
    insta::assert_snapshot!(screen(&mut app, 80, 24));
}

#[test]
fn help_page() {
    let mut app = new_game(5, DEFAULT);
    press(&mut app, "?");
    insta::assert_snapshot!(screen(&mut app, 80, 24));
}

#[test]
fn a_quarter_turned_5x5_at_80x24() {
    // Ranks along the top, files down the side; the last move, the cursor and a stack drawn
    // where their squares now are, the notation unchanged.
    let mut app = new_game(5, DEFAULT);
    type_moves(&mut app, &["a1", "e5", "c3", "b3", "c3<"]);
    press(&mut app, "C-o");
    insta::assert_snapshot!(screen(&mut app, 80, 24));
}

#[test]
fn new_game_and_quit_dialogs() {
    let mut app = new_game(5, DEFAULT);
    press(&mut app, "n");
    let dialog = screen(&mut app, 80, 24);
    press(&mut app, "Esc Enter q");
    insta::assert_snapshot!(format!(
        "{dialog}\n==== quit ====\n{}",
        screen(&mut app, 80, 24)
    ));
}

#[test]
fn the_new_game_dialog_with_names_and_a_time_typed_80x24_and_160x50() {
    let mut app = new_game(5, DEFAULT);
    press(&mut app, "n Down Down Down Down");
    common::type_text(&mut app, "Annabelle");
    press(&mut app, "Down Right Down");
    common::type_text(&mut app, "7+3");
    let (small, large) = small_and_large(&mut app);
    assert!(small.contains("Clock        7+3"), "{small}");
    insta::assert_snapshot!(format!("{small}\n==== 160x50 ====\n{large}"));
}

#[test]
fn too_small_terminal() {
    let mut app = new_game(5, DEFAULT);
    insta::assert_snapshot!(screen(&mut app, 40, 12));
}

#[test]
fn every_size_draws_at_every_terminal_size_without_panicking() {
    for size in 3..=8 {
        let mut app = new_game(size, DEFAULT);
        for (width, height) in [
            (1, 1),
            (10, 5),
            (43, 13),
            (71, 13),
            (80, 24),
            (120, 40),
            (300, 100),
        ] {
            let text = screen(&mut app, width, height);
            let drawn = text.contains("terminal too small") || text.contains("Flats: White");
            assert!(
                drawn || width < 20,
                "{size}x{size} at {width}x{height}:\n{text}"
            );
        }
    }
}

#[test]
fn a_loaded_game_from_tps_shows_its_position() {
    let game = NewGame {
        tps: Some("x5/x5/x,12C,x3/x5/1,x3,2 2 5".into()),
        ..NewGame::default()
    };
    let mut app = app(game.record(Stamp::now()).unwrap(), DEFAULT);
    let text = screen(&mut app, 80, 24);
    assert!(text.contains("│ F   │ ·   │ ·   │ ·   │ f   │"), "{text}");
    assert!(
        text.contains("│ c  2"),
        "Black's capstone on White's flat: {text}"
    );
    assert!(text.contains("Black to move"), "{text}");
}

#[test]
fn road_threats_are_announced() {
    let mut app = new_game(3, DEFAULT);
    type_moves(&mut app, &["c3", "a1", "b2", "c2", "b2-"]);
    let text = screen(&mut app, 80, 24);
    assert!(text.contains("Tak! White threatens a road"), "{text}");
    type_moves(&mut app, &["a3"]);
    let text = screen(&mut app, 80, 24);
    // Black's a3 made a threat too: c3 and c2 need only c1.
    assert!(text.contains("Tak! Black threatens a road"), "{text}");
    assert!(
        !text.contains("can win by road now"),
        "one's own winning move is for one to see: {text}"
    );
    let mut learning = new_game_learning(3);
    type_moves(&mut learning, &["c3", "a1", "b2", "c2", "b2-", "a3"]);
    let text = screen(&mut learning, 80, 24);
    assert!(
        text.contains("White can win by road now"),
        "in learning mode: {text}"
    );
}

#[test]
fn a_road_threat_is_named_and_marked_80x24_and_160x50() {
    // White's flats along rank 1 need e1 (a flat or the capstone): marked ! there.
    let mut app = new_game(5, DEFAULT);
    type_moves(&mut app, &["e5", "a1", "b1", "e4", "c1", "e3", "d1"]);
    let small = screen(&mut app, 80, 24);
    assert!(small.contains("Tak! White threatens a road: e1"), "{small}");
    let large = screen(&mut app, 160, 50);
    insta::assert_snapshot!(format!("{small}\n==== 160x50 ====\n{large}"));
}

#[test]
fn a_hint_is_marked_apart_from_where_a_stack_can_go_80x24_and_160x50() {
    use taktui::rules::Square;
    let record = GameRecord::for_config(GameConfig::new(BoardSize::new(5).unwrap()));
    let mut session = Session::new(record, None);
    for ply in ["a1", "e5", "c3", "d4"] {
        session.play(ply.parse().unwrap()).unwrap();
    }
    let mut play = PlayScreen::new(session);
    play.mark_hint("b4".parse().unwrap());
    let b4 = Square::new(1, 3);
    let view = play.board_view();
    assert!(view.marks.hint.contains(b4) && !view.marks.reach.contains(b4));
    // White's c3 lifted (the cursor starts there): + where it can go, » for the hint.
    let mut app = App::playing(play, options(DEFAULT));
    press(&mut app, "Enter");
    let small = screen(&mut app, 80, 24);
    assert!(small.contains("·»"), "{small}");
    assert!(small.contains("F+") || small.contains("·+"), "{small}");
    let large = screen(&mut app, 160, 50);
    insta::assert_snapshot!(format!("{small}\n==== 160x50 ====\n{large}"));
}

fn replay_at(ply: usize) -> App {
    let games =
        taktui::record::read_ptn_file("tests/data/taktician/zoo/2016-round7-game2.ptn".as_ref())
            .unwrap();
    let library = Library::new("2016-round7-game2.ptn".into(), games);
    let screen = Screen::for_file(library, None, ply).unwrap();
    App::new(screen, options(DEFAULT), Keeper::default())
}

#[test]
fn replay_at_the_start_80x24_and_120x40() {
    let mut app = replay_at(0);
    let small = screen(&mut app, 80, 24);
    let large = screen(&mut app, 120, 40);
    insta::assert_snapshot!(format!("{small}\n==== 120x40 ====\n{large}"));
}

#[test]
fn replay_mid_game_with_a_comment_80x24_and_120x40() {
    // Ply 22 (11... Se5) carries a three-line comment.
    let mut app = replay_at(22);
    let small = screen(&mut app, 80, 24);
    let large = screen(&mut app, 120, 40);
    assert!(
        large.contains("a note written for taktui's test data"),
        "{large}"
    );
    insta::assert_snapshot!(format!("{small}\n==== 120x40 ====\n{large}"));
}

#[test]
fn replay_at_the_end_80x24_and_120x40() {
    let mut app = replay_at(40);
    let small = screen(&mut app, 80, 24);
    let large = screen(&mut app, 120, 40);
    assert!(large.contains("recorded F-0: the rules agree"), "{large}");
    insta::assert_snapshot!(format!("{small}\n==== 120x40 ====\n{large}"));
}

#[test]
fn a_cross_shaped_road_is_called_a_trifoil() {
    let mut app = new_game(3, DEFAULT);
    type_moves(
        &mut app,
        &["a1", "b1", "b3", "c1", "a2", "a3", "c2", "c3", "b2"],
    );
    let text = screen(&mut app, 80, 24);
    assert!(text.contains("White wins by road: R-0"), "{text}");
    assert!(
        text.contains("A Trifoil: the road joins all four edges!"),
        "{text}"
    );
}

#[test]
fn the_inspector_names_stacks_in_the_language_of_tak() {
    let mut app = midgame_8x8(DEFAULT);
    // d6 is 1221212S: seven pieces under Black's wall, a Marred Tower holding three White
    // captives and three Black reserves.
    press(&mut app, "Up Up");
    let text = screen(&mut app, 120, 40);
    assert!(text.contains("d6: 7 pieces, carry 7"), "{text}");
    assert!(
        text.contains("Marred Tower: 3 captives, 3 reserves"),
        "{text}"
    );
}

#[test]
fn learning_mode_hints_on_3x3() {
    let mut app = new_game_learning(3);
    type_moves(&mut app, &["a1", "c3", "b2"]);
    // Black to move, the cursor on a1, Black's flat: its moves up and right are marked +.
    press(&mut app, "Down Left");
    let text = screen(&mut app, 80, 24);
    assert!(text.contains("[ f     ] ·+    │"), "{text}");
    assert!(text.contains("2 │ ·+    │ F•    │"), "{text}");
    insta::assert_snapshot!(text);
}

#[test]
fn learning_mode_hints_on_4x4_with_a_threat_named() {
    let mut app = new_game_learning(4);
    type_moves(&mut app, &["d4", "a1", "b1", "d3", "c1"]);
    // White's a1 b1 c1 need d1: Black faces "Tak! White threatens a road: d1". The cursor on
    // Black's d3 marks where it can go.
    press(&mut app, "Right Right Up");
    let text = screen(&mut app, 80, 24);
    assert!(text.contains("Tak! White threatens a road: d1"), "{text}");
    insta::assert_snapshot!(text);
}

#[test]
fn rules_pages_with_their_diagrams() {
    let mut app = new_game(3, DEFAULT);
    press(&mut app, "r");
    let first = screen(&mut app, 80, 24);
    assert!(first.contains("Rules 1/10: The goal"), "{first}");
    assert!(
        first.contains("1  F#   F#   F#   F#   F#    1"),
        "the road marked: {first}"
    );
    press(&mut app, "Right Right Right");
    let moving = screen(&mut app, 80, 24);
    assert!(
        moving.contains("after 3c3>12"),
        "the board after the move: {moving}"
    );
    press(&mut app, "Right");
    let walls = screen(&mut app, 80, 24);
    assert!(walls.contains("Rules 5/10: Walls and capstones"), "{walls}");
    for _ in 0..10 {
        press(&mut app, "Right");
    }
    let last = screen(&mut app, 80, 24);
    assert!(
        last.contains("Rules 10/10: Writing moves down (PTN)"),
        "stops at the last: {last}"
    );
    press(&mut app, "Esc");
    assert!(app.dialog().is_none());
    insta::assert_snapshot!(format!(
        "{first}\n==== page 4 ====\n{moving}\n==== page 5 ====\n{walls}"
    ));
}

#[test]
fn every_named_stack_shape_is_named_in_the_inspector() {
    // 6x6 (carry limit 6): a2 Hunter (two White flats), b2 Lady (cap on its own colour),
    // c2 Tumbler (cap on the other colour), d2 Marred Tower (a wall on three), e2 a Hipper
    // (twelve pieces, twice the carry limit) that is also a Lady.
    let tps = "x6/x6/x6/x6/11,211C,112C,2121S,121212121211C,x/x6 1 20";
    let tps: Tps = tps.parse().unwrap();
    // Two capstones each, so White can have both the Lady and the tall one.
    let config = GameConfig::new(tps.size())
        .with_pieces(taktui::rules::Reserves {
            stones: 30,
            caps: 2,
        })
        .unwrap();
    let record = GameRecord::new(
        tps.to_position(config).unwrap(),
        taktui::record::Tags::default(),
    );
    let mut app = app(record, DEFAULT);
    let expected = [
        ("a2", "Hunter: 0 captives, 1 reserve"),
        ("b2", "Lady: 1 captive, 1 reserve"),
        ("c2", "Tumbler: 2 captives, 0 reserves"),
        ("d2", "Marred Tower: 2 captives, 1 reserve"),
        ("e2", "Lady, Hipper: 5 captives, 6 reserves"),
    ];
    // The cursor starts on c3 (the middle of 6x6): down to c2, then left and right.
    press(&mut app, "Down Left Left");
    for (i, (square, name)) in expected.iter().enumerate() {
        if i > 0 {
            press(&mut app, "Right");
        }
        let text = screen(&mut app, 120, 40);
        assert!(text.contains(&format!("{square}: ")), "{square}: {text}");
        assert!(text.contains(name), "{square} should be a {name}: {text}");
    }
}

#[test]
fn a_long_explanation_wraps_onto_the_input_lines_row() {
    let mut app = new_game_learning(5);
    type_moves(&mut app, &["a1", "e5"]);
    // A wall on a1 (Black's flat) is refused; learning mode adds that nothing is legal there.
    press(&mut app, "Left Left Down Down");
    press(&mut app, "s");
    let text = screen(&mut app, 80, 24);
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[21].starts_with("! Sa1: a1 is occupied"), "{text}");
    assert!(lines[21].ends_with("(nothing is legal from a1"), "{text}");
    assert_eq!(lines[22], "now)", "the rest on the next row: {text}");
}

#[test]
fn a_long_preview_on_the_input_line_is_cut_with_a_mark() {
    let mut app = common::new_game(5);
    // On the first turn a move onto a stack is refused with a reason wider than 80 columns.
    press(&mut app, ":");
    common::type_text(&mut app, "a1+");
    let text = screen(&mut app, 80, 24);
    let line = text
        .lines()
        .find(|line| line.starts_with("> a1+"))
        .unwrap_or_else(|| panic!("no input line: {text}"));
    assert!(line.contains("illegal: the first turn"), "{line}");
    assert!(line.ends_with('…'), "cut with a mark: {line}");
    assert_eq!(line.chars().count(), 80, "{line}");
}

/// `app` at 80x24 and at 160x50, one snapshot.
fn small_and_large(app: &mut App) -> (String, String) {
    (screen(app, 80, 24), screen(app, 160, 50))
}

#[test]
fn the_game_over_box_wraps_between_keys_80x24_and_160x50() {
    let mut app = new_game(3, DEFAULT);
    press(
        &mut app,
        ": \"c3\" Enter \"a1\" Enter \"b2\" Enter \"c2\" Enter \"b2-\" Enter \"a3\" Enter \"c1\" Enter",
    );
    let (small, large) = small_and_large(&mut app);
    assert!(small.contains("W save as"), "{small}");
    insta::assert_snapshot!(format!("{small}\n==== 160x50 ====\n{large}"));
}

#[test]
fn the_match_panel_wraps_between_players_80x24_and_160x50() {
    let folder = tempfile::tempdir().unwrap();
    let config = GameConfig::new(BoardSize::new(6).unwrap());
    let players = ["Computer (level 3)".to_owned(), "You".to_owned()];
    let matchup = taktui::game::Match::new(players, 4, config, folder.path().join("m.ptn"));
    let screen_ = taktui::tui::screens::MatchScreen::new(matchup, false, None);
    let mut app = App::new(Screen::Match(screen_), options(DEFAULT), Keeper::default());
    let (small, large) = small_and_large(&mut app);
    assert!(small.contains("Computer (level 3) 0 points,"), "{small}");
    insta::assert_snapshot!(format!("{small}\n==== 160x50 ====\n{large}"));
}

#[test]
fn the_unfinished_list_wraps_between_parts_80x24_and_160x50() {
    use taktui::game::store::Store;
    use taktui::tui::Dialog;
    use taktui::tui::dialogs::UnfinishedDialog;
    let data = tempfile::tempdir().unwrap();
    let folder = tempfile::tempdir().unwrap();
    let file = folder.path().join("hotseat1.ptn");
    std::fs::write(
        &file,
        "[Player1 \"Annabelle\"]\n[Player2 \"Bartholomew\"]\n[Size \"5\"]\n\n1. a1 e5\n",
    )
    .unwrap();
    let session = taktui::game::setup::continue_file(
        &file,
        &taktui::rules::ByColor::default(),
        &taktui::record::ReadOptions::default(),
    )
    .unwrap();
    let keeper = || Keeper::new(Some(Store::in_data_dir(data.path())));
    let mut app = App::new(
        Screen::Play(PlayScreen::new(session)),
        options(DEFAULT),
        keeper(),
    );
    type_moves(&mut app, &["c3", "c2"]);
    drop(app);
    let games = Store::in_data_dir(data.path()).unfinished();
    let later = std::time::SystemTime::now() + std::time::Duration::from_secs(150);
    let mut app = new_game(5, DEFAULT);
    app.open(Dialog::Unfinished(UnfinishedDialog::new(games, later)));
    let (small, large) = small_and_large(&mut app);
    assert!(small.contains("2 minutes ago"), "{small}");
    assert!(small.contains("from hotseat1.ptn"), "{small}");
    insta::assert_snapshot!(format!("{small}\n==== 160x50 ====\n{large}"));
}
