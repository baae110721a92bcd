//! The Kaen and Locke screens driven by keys, as a player would, and their snapshots at 80x24.

use crate::common::{self, press, screen_text};
use taktui::game::kaen::{Die, KaenSession, die, first_player};
use taktui::game::locke::LockeSession;
use taktui::game::store::Keeper;
use taktui::kaen::{Action, Player, SeriesConfig};
use taktui::locke::{Config, Player as Side};
use taktui::record::Tags;
use taktui::tui::screens::{KaenScreen, LockeScreen};
use taktui::tui::{App, Dialog, Screen};

fn kaen_app(chips: u32, seed: u64) -> App {
    kaen_app_learning(chips, seed, false)
}

/// Ann and Bo's series of two games, with the learning hints on or off.
fn kaen_app_learning(chips: u32, seed: u64, learn: bool) -> App {
    let config = SeriesConfig::new(chips, 2, 2, false).unwrap();
    let session = KaenSession::new(config, first_player(seed), ann_and_bo());
    App::new(
        Screen::Kaen(
            KaenScreen::new(session)
                .with_die(Die::seeded(seed))
                .learning(learn),
        ),
        common::options(),
        Keeper::default(),
    )
}

/// Tags naming the players Ann (first) and Bo.
fn ann_and_bo() -> Tags {
    let mut tags = Tags::default();
    tags.set("Player1", "Ann".to_owned());
    tags.set("Player2", "Bo".to_owned());
    tags
}

fn kaen(app: &App) -> &KaenScreen {
    match app.screen() {
        Screen::Kaen(screen) => screen,
        other => panic!("not Kaen: {other:?}"),
    }
}

fn locke_app() -> App {
    locke_app_learning(false)
}

/// Ann (White, first) and Bo at classic Locke, with the learning hints on or off.
fn locke_app_learning(learn: bool) -> App {
    let session = LockeSession::new(Config::classic(), Side::White, ann_and_bo());
    App::new(
        Screen::Locke(LockeScreen::new(session).learning(learn)),
        common::options(),
        Keeper::default(),
    )
}

fn locke(app: &App) -> &LockeScreen {
    match app.screen() {
        Screen::Locke(screen) => screen,
        other => panic!("not Locke: {other:?}"),
    }
}

fn turns(app: &App) -> Vec<String> {
    locke(app)
        .session()
        .record()
        .turns()
        .iter()
        .map(|(t, _)| t.to_string())
        .collect()
}

fn status(app: &App) -> String {
    app.status().map(|s| s.text.clone()).unwrap_or_default()
}

#[test]
fn kaen_enter_rolls_a_digit_places_and_a_refused_double_ends_the_game() {
    let seed = 11;
    let mut app = kaen_app(100, seed);
    let first = first_player(seed);
    let thrown = std::time::Instant::now();
    app.set_time(thrown);
    press(&mut app, "Enter");
    let face = die(seed, 0);
    assert_eq!(
        kaen(&app).session().record().actions(),
        [Action::Roll(face)]
    );
    // The die tumbles a moment, the screen drawn again meanwhile, before it is read.
    assert!(status(&app).contains("rolls the die"), "{}", status(&app));
    assert!(kaen(&app).tumbling().is_some());
    assert!(screen_text(&mut app, 80, 24).contains("rolling"));
    assert!(
        app.wake_after().is_some(),
        "the screen wakes to show the die tumble"
    );
    app.set_time(thrown + std::time::Duration::from_millis(100));
    app.tick();
    assert!(kaen(&app).tumbling().is_some(), "still in the air");
    app.set_time(thrown + std::time::Duration::from_secs(1));
    app.tick();
    assert!(kaen(&app).tumbling().is_none(), "landed");
    assert!(status(&app).contains(face.name()), "{}", status(&app));
    // The first square of the rolled row, from its Earth end.
    press(&mut app, "1");
    let game = kaen(&app).session().record().series().game();
    assert_eq!(game.to_move(), !first);
    assert_eq!(game.board().count(first), 1);
    // The other player doubles; the first forfeits rather than pay.
    press(&mut app, "d");
    assert!(
        status(&app).contains("offers to double"),
        "{}",
        status(&app)
    );
    press(&mut app, "f");
    let screen = kaen(&app);
    assert!(screen.reviewing(), "the finished game stays in view");
    assert_eq!(screen.session().record().series().played().len(), 1);
    assert!(status(&app).contains("Enter starts the next game"));
    // Stray keys do nothing in the next game, which is not on screen yet.
    let actions = kaen(&app).session().record().actions().len();
    press(&mut app, "s d f m a");
    assert!(kaen(&app).reviewing());
    assert_eq!(kaen(&app).session().record().actions().len(), actions);
    assert!(
        status(&app).contains("this game is over: Enter starts the next game"),
        "{}",
        status(&app)
    );
    press(&mut app, "Enter");
    let screen = kaen(&app);
    assert!(!screen.reviewing());
    assert_eq!(
        screen.session().record().series().game().starter(),
        first,
        "the loser starts the next game"
    );
    // Undo does not go back into the finished game: its pot is paid.
    press(&mut app, "u");
    assert_eq!(kaen(&app).session().record().series().played().len(), 1);
    assert_eq!(kaen(&app).session().record().actions().len(), actions);
    assert_eq!(
        status(&app),
        "game 1 is over and its pot paid: undo does not go back into it"
    );
}

#[test]
fn kaen_a_double_that_cannot_be_paid_for_is_not_offered_and_the_screen_says_why() {
    // 3 chips and a bet of 2: 1 left, which cannot cover doubling a bet of 2.
    let mut app = kaen_app(3, 4);
    let screen = kaen(&app);
    assert!(!screen.key_bar().iter().any(|(_, word)| *word == "double"));
    let why = screen.not_offered();
    assert_eq!(why.len(), 1);
    assert!(why[0].contains("cannot cover the double"), "{why:?}");
    press(&mut app, "d");
    assert!(
        status(&app).contains("cannot cover the double"),
        "{}",
        status(&app)
    );
    let player = kaen(&app).session().record().series().game().to_move();
    assert!(matches!(player, Player::One | Player::Two));
    assert!(
        kaen(&app).session().record().actions().is_empty(),
        "nothing done"
    );
}

#[test]
fn kaen_at_80x24() {
    let mut app = kaen_app(100, 11);
    press(&mut app, "Enter Right");
    insta::assert_snapshot!(screen_text(&mut app, 80, 24));
}

#[test]
fn kaen_at_120x40_after_a_game_with_the_series_table() {
    let mut app = kaen_app(100, 11);
    // A roll, a stone, then a double refused: game 1 is over and in the table.
    press(&mut app, "Enter 1 d f");
    insta::assert_snapshot!(screen_text(&mut app, 120, 40));
}

#[test]
fn locke_a_stack_is_picked_carried_and_put_down_and_refusals_are_explained() {
    let mut app = locke_app();
    // The cursor starts on c3; c2 is White's.
    press(&mut app, "Down Enter");
    assert!(locke(&app).carried().is_some());
    // Two squares is too far for a lone piece.
    press(&mut app, "Up Up");
    assert!(status(&app).contains("at most 1"), "{}", status(&app));
    // Whatever the message says, the line under the board says what is carried where.
    let text = screen_text(&mut app, 100, 30);
    assert!(
        text.contains("carrying c2 (height 1): Enter c2+ to c3, Esc puts it back"),
        "{text}"
    );
    press(&mut app, "Enter");
    assert_eq!(turns(&app), ["c2+"]);
    // Black types what is no turn, then a lone capture: each refused, with the rule; each
    // refused text is replaced by what is typed next, as for Tak.
    press(&mut app, ": \"q9\" Enter");
    assert!(status(&app).contains("\"q9\""), "{}", status(&app));
    press(&mut app, "\"c4-\" Enter");
    assert!(
        status(&app).contains("a lone piece never captures"),
        "{}",
        status(&app)
    );
    press(&mut app, "\"a5-\" Enter Esc");
    assert_eq!(turns(&app), ["c2+", "a5-"]);
    // White may not go straight back.
    press(&mut app, "Right Right Down Enter Down");
    assert!(
        status(&app).contains("would undo your last move"),
        "{}",
        status(&app)
    );
    press(&mut app, "Esc u");
    assert_eq!(turns(&app), ["c2+"]);
    press(&mut app, "U");
    assert_eq!(turns(&app), ["c2+", "a5-"]);
}

#[test]
fn locke_three_on_the_middle_row_ends_the_game_with_the_reason() {
    let mut app = locke_app();
    press(
        &mut app,
        ": \"b2+\" Enter \"a5-\" Enter \"c2+\" Enter \"e5-\" Enter \"d2+\" Enter",
    );
    assert!(matches!(app.dialog(), Some(Dialog::GameOver(_))));
    let screen = locke(&app);
    let ending = screen.position().ending().unwrap();
    assert_eq!(
        screen.ending_text(ending),
        "Ann (White) wins: three stacks on the middle row"
    );
    // Close the dialog; n warns that the game is not saved (a finished game is not kept),
    // and n again starts the next game, the loser (Black) first.
    press(&mut app, "Enter Esc n");
    assert_eq!(
        status(&app),
        "this game is not saved: w saves it, n again starts the next without it"
    );
    assert_eq!(
        locke(&app).session().record().turns().len(),
        5,
        "still there"
    );
    press(&mut app, "n");
    assert_eq!(locke(&app).position().to_move(), Side::Black);
    assert!(locke(&app).session().record().turns().is_empty());
}

#[test]
fn locke_at_80x24() {
    let mut app = locke_app();
    press(&mut app, "Down Enter Up");
    insta::assert_snapshot!(screen_text(&mut app, 80, 24));
}

#[test]
fn locke_at_120x40_after_a_turn() {
    let mut app = locke_app();
    press(&mut app, "Down Enter Up Enter");
    insta::assert_snapshot!(screen_text(&mut app, 120, 40));
}

#[test]
fn a_saved_kaen_series_and_locke_game_are_stepped_through_then_played_on() {
    let dir = tempfile::tempdir().unwrap();
    // A Kaen series: a roll and a stone, saved.
    let seed = 11;
    let mut app = kaen_app(100, seed);
    press(&mut app, "Enter 1");
    let kaen_file = dir.path().join("series.ptn");
    let mut session = kaen(&app).session().clone();
    session.save_to(&kaen_file).unwrap();
    let opened = KaenSession::open(&kaen_file).unwrap();
    let mut app = App::new(
        Screen::Kaen(KaenScreen::new(opened).stepping()),
        common::options(),
        Keeper::default(),
    );
    assert!(kaen(&app).is_stepping());
    assert!(
        kaen(&app).session().record().actions().is_empty(),
        "from the start"
    );
    assert!(
        screen_text(&mut app, 80, 24).contains("play on"),
        "the stepping keys"
    );
    press(&mut app, "Right");
    assert_eq!(
        kaen(&app).session().record().actions(),
        [Action::Roll(die(seed, 0))]
    );
    assert_eq!(status(&app), "step 1 of 2");
    press(&mut app, "End");
    assert_eq!(kaen(&app).session().record().actions().len(), 2);
    press(&mut app, "Home Right");
    assert_eq!(kaen(&app).session().record().actions().len(), 1);
    press(&mut app, "d");
    assert!(
        status(&app).contains("replaying"),
        "no play while replaying: {}",
        status(&app)
    );
    press(&mut app, "p");
    assert!(!kaen(&app).is_stepping());
    assert!(
        kaen(&app).session().path().is_none(),
        "saving asks for a new file"
    );
    press(&mut app, "1");
    assert_eq!(
        kaen(&app).session().record().actions().len(),
        2,
        "played on"
    );
    assert_eq!(
        std::fs::read_to_string(&kaen_file)
            .unwrap()
            .matches(" r")
            .count(),
        1,
        "the file is unchanged"
    );

    // A Locke game: one turn each, saved, stepped through.
    let mut app = locke_app();
    press(&mut app, "Down Enter Up Enter");
    press(&mut app, ": \"d4-\" Enter");
    let locke_file = dir.path().join("locke.ptn");
    let mut session = locke(&app).session().clone();
    let played = turns(&app);
    assert_eq!(played.len(), 2, "{played:?} {}", status(&app));
    session.save_to(&locke_file).unwrap();
    let mut app = App::new(
        Screen::Locke(LockeScreen::new(LockeSession::open(&locke_file).unwrap()).stepping()),
        common::options(),
        Keeper::default(),
    );
    assert!(turns(&app).is_empty());
    press(&mut app, "Right Right");
    assert_eq!(turns(&app), played);
    press(&mut app, "Right");
    assert!(
        status(&app).contains("the end of the record"),
        "{}",
        status(&app)
    );
}

#[test]
fn the_new_game_dialog_starts_kaen_or_locke_at_their_own_screens() {
    let mut app = common::new_game(5);
    press(&mut app, "n Right");
    assert!(screen_text(&mut app, 80, 24).contains("A series of 3 games of Kaen"));
    press(&mut app, "Enter");
    assert_eq!(
        kaen(&app).session().record().series().config().games(),
        3,
        "the usual series"
    );
    let mut app = common::new_game(5);
    press(&mut app, "n Right Right Enter");
    assert!(turns(&app).is_empty(), "a new game of Locke");
    assert!(status(&app).contains("a new game"), "{}", status(&app));
}

#[test]
fn kaen_arrows_move_along_the_rolled_row_as_they_point_on_the_diamond() {
    // Rolls for either player: up always climbs towards Sky; left and right as the row runs.
    let mut players = Vec::new();
    for seed in 1..40 {
        let mut app = kaen_app(100, seed);
        press(&mut app, "Enter");
        app.set_time(std::time::Instant::now() + std::time::Duration::from_secs(2));
        app.tick();
        let open = kaen(&app).open_squares();
        let at = |app: &App| open.iter().position(|&s| Some(s) == kaen(app).chosen());
        assert_eq!(at(&app), Some(0), "the Earth end first");
        press(&mut app, "Down");
        assert_eq!(at(&app), Some(0), "no further than the row's Earth end");
        press(&mut app, "Up");
        assert_eq!(at(&app), Some(1));
        let player = kaen(&app).session().record().series().game().to_move();
        if players.contains(&player) || open.len() < 3 {
            continue;
        }
        players.push(player);
        let towards_sky = if player == Player::One {
            "Right"
        } else {
            "Left"
        };
        press(&mut app, towards_sky);
        assert_eq!(at(&app), Some(2), "{player}");
        for _ in 0..4 {
            press(&mut app, "Up");
        }
        assert_eq!(
            at(&app),
            Some(open.len() - 1),
            "no further than the Sky end"
        );
    }
    assert_eq!(players.len(), 2, "both players' rows tried");
}

#[test]
fn the_view_keys_say_that_kaen_and_locke_boards_are_drawn_one_way() {
    let says_so = |mut app: App| {
        press(&mut app, "C-t");
        assert!(
            status(&app).contains("drawn one way only"),
            "{}",
            status(&app)
        );
        // Nor does the help page offer them.
        press(&mut app, "?");
        let help = screen_text(&mut app, 100, 60);
        assert!(help.contains("Ctrl+Z"), "{help}");
        assert!(!help.contains("Ctrl+T"), "{help}");
    };
    says_so(kaen_app(100, 4));
    says_so(locke_app());
}

#[test]
fn with_ascii_nothing_but_ascii_is_drawn_on_any_screen() {
    let ascii = || {
        let mut options = common::options();
        options.theme.ascii = true;
        options
    };
    let config = SeriesConfig::new(20, 2, 2, false).unwrap();
    let kaen = Screen::Kaen(
        KaenScreen::new(KaenSession::new(config, first_player(5), Tags::default()))
            .with_die(Die::seeded(5)),
    );
    let locke = Screen::Locke(LockeScreen::new(LockeSession::new(
        Config::classic(),
        Side::White,
        Tags::default(),
    )));
    let record = taktui::record::GameRecord::for_config(taktui::rules::GameConfig::new(
        taktui::rules::BoardSize::new(5).unwrap(),
    ));
    let play = Screen::Play(taktui::tui::screens::PlayScreen::new(
        taktui::game::Session::new(record, None),
    ));
    // Boxed: a screen is large.
    for (screen, keys) in [
        (Box::new(kaen), "Enter"),
        (Box::new(locke), "Down Enter"),
        // A stack lifted ("Moving c3 ..."), then the help with its variation mark.
        (Box::new(play), "Enter Right Enter Left Enter"),
    ] {
        let mut app = App::new(*screen, ascii(), Keeper::default());
        press(&mut app, keys);
        for (columns, rows) in [(80, 24), (200, 60), (20, 8)] {
            let text = screen_text(&mut app, columns, rows);
            assert!(text.is_ascii(), "{text}");
        }
        press(&mut app, "?");
        let text = screen_text(&mut app, 100, 40);
        assert!(text.is_ascii(), "{text}");
    }
}

#[test]
fn the_players_tables_stay_on_one_line_each_at_the_least_size() {
    let mut kaen = kaen_app(100, 3);
    let text = screen_text(&mut kaen, 72, 22);
    assert!(
        text.lines().any(|l| l.ends_with("holds  bet stones")),
        "{text}"
    );
    for name in ["Ann", "Bo"] {
        assert!(
            text.lines()
                .any(|l| l.contains(&format!("{name} ")) && l.ends_with("98    2      0")),
            "stones on {name}'s line: {text}"
        );
    }
    let mut locke = locke_app();
    let text = screen_text(&mut locke, 70, 22);
    assert!(
        text.lines().any(|l| l.ends_with("stacks res mid")),
        "{text}"
    );
    let rows: Vec<&str> = text.lines().filter(|l| l.contains("Bo ")).collect();
    assert!(rows.iter().any(|l| l.ends_with("8   2   0")), "{text}");
}

#[test]
fn locke_m_says_why_a_square_shows_no_moves() {
    let mut app = locke_app();
    // The cursor starts on c3, empty; c4 holds Black's stack while White is to move.
    press(&mut app, "m");
    assert_eq!(status(&app), "c3 is empty: m marks where a stack may go");
    press(&mut app, "Up m");
    assert_eq!(
        status(&app),
        "the stack on c4 belongs to Bo (Black): this turn only the stacks of Ann (White) move"
    );
    press(&mut app, "Down Down m");
    assert!(status(&app).contains("c2+"), "{}", status(&app));
}

#[test]
fn locke_learning_hints_name_the_opponents_threat_on_the_middle_row() {
    let mut app = locke_app_learning(true);
    // Ann has c3 and b3 on the middle row; d2+ would make three.
    press(&mut app, ": \"c2+\" Enter \"a5-\" Enter \"b2+\" Enter Esc");
    assert_eq!(turns(&app), ["c2+", "a5-", "b2+"]);
    let text = screen_text(&mut app, 120, 40);
    assert!(
        text.contains("Ann (White) threatens to win next turn with d2+"),
        "{text}"
    );
}

#[test]
fn kaen_hints_while_a_double_waits_say_what_the_answer_costs() {
    let mut app = kaen_app_learning(100, 4, true);
    let doubler = kaen(&app).session().record().series().game().to_move();
    press(&mut app, "d");
    let text = screen_text(&mut app, 160, 40);
    let answerer = if doubler == Player::One { "Bo" } else { "Ann" };
    assert!(
        text.contains(&format!(
            "hint: accepting puts 2 more in the pot ({answerer} holds 98)"
        )),
        "{text}"
    );
    assert!(
        text.contains("hint: forfeiting ends the game and loses the 2 bet"),
        "{text}"
    );
    let rollers_hint =
        |text: &str| text.contains("any roll can be placed") || text.contains("odds of rolling");
    assert!(!rollers_hint(&text), "not the roller's hints: {text}");
    // Accepted: the doubler rolls next, and surrender is no longer offered in the hints, as
    // the rules refuse it now.
    press(&mut app, "a");
    let text = screen_text(&mut app, 160, 40);
    // At the start, no row is full yet.
    assert!(
        text.contains("rows have room: any roll can be placed"),
        "{text}"
    );
    assert!(!text.contains("surrender gets back"), "{text}");
    assert!(text.contains("hint: a forfeit loses 4"), "{text}");
}

#[test]
fn kaen_series_table_keeps_its_worth_row_in_view_after_many_games() {
    let config = SeriesConfig::new(100, 2, 8, false).unwrap();
    let session = KaenSession::new(config, first_player(11), ann_and_bo());
    let mut app = App::new(
        Screen::Kaen(KaenScreen::new(session).with_die(Die::seeded(11))),
        common::options(),
        Keeper::default(),
    );
    for _ in 0..6 {
        press(&mut app, "s Enter");
    }
    assert_eq!(kaen(&app).session().record().series().played().len(), 6);
    let text = screen_text(&mut app, 80, 24);
    assert!(text.contains("... 2 games before"), "{text}");
    assert!(text.contains("worth"), "{text}");
}

#[test]
fn kaen_undo_and_redo_say_what_they_did_in_words() {
    let mut app = kaen_app(100, 4);
    press(&mut app, "d u");
    assert_eq!(status(&app), "took back the double");
    press(&mut app, "U");
    assert_eq!(status(&app), "did the double again");
}

#[test]
fn kaen_undo_names_a_stone_by_the_rows_the_diamond_labels() {
    let mut app = kaen_app(100, 4);
    // Roll, then place on the square the cursor offers.
    press(&mut app, "Enter Enter");
    let actions = kaen(&app).session().record().actions().to_vec();
    let Some(taktui::kaen::Action::Place(square)) = actions.last().copied() else {
        panic!("no stone placed: {actions:?}");
    };
    press(&mut app, "u");
    let said = status(&app);
    let (one, two) = (
        square.face(taktui::kaen::Player::One),
        square.face(taktui::kaen::Player::Two),
    );
    assert_eq!(
        said,
        format!(
            "took back the stone where Ann's {} {} meets Bo's {} {}",
            one.name(),
            one.number(),
            two.name(),
            two.number()
        )
    );
    assert!(!said.contains(&square.to_string()), "{said}");
}

#[test]
fn kaen_an_arrow_past_the_rolled_rows_end_says_so() {
    let mut app = kaen_app(100, 11);
    // After the roll the choice is at the row's Earth end: down goes nowhere, and says so.
    press(&mut app, "Enter Down");
    assert!(
        status(&app).contains("no open square further towards Earth on the rolled row"),
        "{}",
        status(&app)
    );
    // Up along the row's four open squares, then past its Sky end.
    press(&mut app, "Up Up Up");
    assert!(
        !status(&app).contains("further towards"),
        "{}",
        status(&app)
    );
    press(&mut app, "Up");
    assert!(
        status(&app).contains("no open square further towards Sky on the rolled row"),
        "{}",
        status(&app)
    );
}
