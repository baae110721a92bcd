//! Which way round the board is drawn (Ctrl+T, Ctrl+O, Ctrl+F): the labels, clicks and arrows
//! follow the view, and the notation stays the same.

use crate::common::{self, click, new_game, play, plies, press, screen_text, type_moves};
use taktui::engine::Level;
use taktui::game::{Player, Session};
use taktui::record::GameRecord;
use taktui::rules::{BoardSize, ByColor, GameConfig, Square};
use taktui::tui::screens::PlayScreen;
use taktui::tui::{GameLayout, Layout, Orientation, layout};

fn square(name: &str) -> Square {
    name.parse().unwrap()
}

/// The layout of a 5x5 board at 80x24 as `view` draws it.
fn five_at_80x24(view: Orientation) -> GameLayout {
    let Layout::Game(game) = layout(80, 24, BoardSize::new(5).unwrap()).turned(view) else {
        panic!("5x5 fits 80x24")
    };
    game
}

#[test]
fn turned_a_quarter_the_ranks_run_along_the_top_and_the_files_down_the_side() {
    let mut app = new_game(5);
    press(&mut app, "C-o");
    let text = screen_text(&mut app, 80, 24);
    let lines: Vec<&str> = text.lines().collect();
    let game = five_at_80x24(Orientation::USUAL.turned_quarter());
    let board = game.board;
    let top = lines[usize::from(board.y)];
    let bottom = lines[usize::from(board.y + board.height - 1)];
    for line in [top, bottom] {
        let labels: Vec<&str> = line[..usize::from(board.x + board.width)]
            .split_whitespace()
            .collect();
        assert_eq!(labels, ["1", "2", "3", "4", "5"], "{text}");
    }
    // Down the left side, the a-file at the top.
    let side: String = (0..5)
        .map(|row| {
            let (_, y, _) = game.drawn_cell(0, row);
            lines[usize::from(y)]
                .chars()
                .nth(usize::from(board.x))
                .unwrap()
        })
        .collect();
    assert_eq!(side, "abcde", "{text}");
    assert!(
        app.status().unwrap().text.contains("rank 1 on the left"),
        "{:?}",
        app.status()
    );
}

#[test]
fn a_click_on_a_quarter_turned_board_picks_the_square_drawn_there() {
    let mut app = new_game(5);
    press(&mut app, "C-o");
    screen_text(&mut app, 80, 24);
    let game = five_at_80x24(Orientation::USUAL.turned_quarter());
    // The top right corner: the a-file runs along the top, rank 5 at the right.
    let (x, y, _) = game.drawn_cell(4, 0);
    click(&mut app, x, y);
    assert_eq!(play(&app).cursor(), square("a5"));
    click(&mut app, x, y);
    assert_eq!(
        plies(&app),
        ["a5"],
        "the notation names the square, not the cell"
    );
    // The bottom left corner: e1.
    let (x, y, _) = game.drawn_cell(0, 4);
    click(&mut app, x, y);
    click(&mut app, x, y);
    assert_eq!(plies(&app), ["a5", "e1"]);
}

#[test]
fn arrows_move_the_cursor_as_the_board_is_seen() {
    let mut app = new_game(5);
    assert_eq!(play(&app).cursor(), square("c3"));
    // A quarter turn: ranks rise to the right, files go down the screen.
    press(&mut app, "C-o Right");
    assert_eq!(play(&app).cursor(), square("c4"));
    press(&mut app, "Down");
    assert_eq!(play(&app).cursor(), square("d4"));
    // Mirrored on top: right is now down the ranks.
    press(&mut app, "C-f Right");
    assert_eq!(play(&app).cursor(), square("d3"));
    press(&mut app, "Down");
    assert_eq!(play(&app).cursor(), square("e3"));
    // Wherever the view, the cursor's square is drawn where an arrow from the last one went.
    press(&mut app, "C-t");
    let game = five_at_80x24(Orientation::USUAL.turned_quarter().flipped().turned_half());
    let (column, row, _) = game.cell(play(&app).cursor());
    press(&mut app, "Left");
    let (x, y, _) = game.cell(play(&app).cursor());
    assert!(x < column && y == row, "Left went left on screen");
}

#[test]
fn the_view_keys_work_while_typing_a_move_and_change_nothing_in_the_game() {
    let mut app = new_game(5);
    press(&mut app, ": \"a\" C-o C-f C-t");
    assert_eq!(play(&app).input().text(), "a");
    press(&mut app, "\"1\" Enter");
    assert_eq!(plies(&app), ["a1"]);
}

/// A 5x5 game with these players, nothing kept.
fn seated(white: Player, black: Player) -> taktui::tui::App {
    let record = GameRecord::for_config(GameConfig::new(BoardSize::new(5).unwrap()));
    let play =
        PlayScreen::new(Session::new(record, None)).with_players(ByColor::new(white, black), 7);
    taktui::tui::App::playing(play, common::options())
}

/// The file letters above the board, as drawn at 80x24 in `view`.
fn files_on_top(app: &mut taktui::tui::App, view: Orientation) -> String {
    let text = screen_text(app, 80, 24);
    let board = five_at_80x24(view).board;
    let line = text.lines().nth(usize::from(board.y)).unwrap();
    line.chars()
        .skip(usize::from(board.x))
        .take(usize::from(board.width))
        .filter(char::is_ascii_lowercase)
        .collect()
}

#[test]
fn a_person_playing_black_alone_sees_the_board_from_blacks_side() {
    let computer = || Player::Computer(Level::new(1).unwrap());
    let person = || Player::Person("Ann".to_owned());
    let mut app = seated(computer(), person());
    let half = Orientation::USUAL.turned_half();
    assert_eq!(files_on_top(&mut app, half), "edcba");
    assert!(
        app.status().unwrap().text.contains("you play Black"),
        "{:?}",
        app.status()
    );
    // Playing White, or two people at one keyboard: the usual view.
    for (white, black) in [(person(), computer()), (person(), person())] {
        let mut app = seated(white, black);
        assert_eq!(files_on_top(&mut app, Orientation::USUAL), "abcde");
    }
}

#[test]
fn a_board_turned_by_hand_stays_turned_as_the_game_goes_on() {
    let mut app = seated(
        Player::Person("Ann".to_owned()),
        Player::Computer(Level::new(1).unwrap()),
    );
    press(&mut app, "C-t");
    type_moves(&mut app, &["a1"]);
    common::until(&mut app, |app| plies(app).len() == 2);
    assert_eq!(
        files_on_top(&mut app, Orientation::USUAL.turned_half()),
        "edcba"
    );
}

#[test]
fn a_view_chosen_by_hand_is_kept_when_the_seats_change() {
    let computer = || Player::Computer(Level::new(1).unwrap());
    let person = || Player::Person("Ann".to_owned());
    // Turned for Black, then mirrored by hand: a new game as White keeps the mirror.
    let mut app = seated(computer(), person());
    press(&mut app, "C-f");
    let mirrored = Orientation::USUAL.turned_half().flipped();
    assert_eq!(files_on_top(&mut app, mirrored), "abcde");
    // White a person (then its name field), Black the computer.
    press(&mut app, "n Down Down Down Left Down Down Right Enter");
    assert_eq!(play(&app).players().white, person(), "Ann plays White now");
    assert_eq!(files_on_top(&mut app, mirrored), "abcde", "still mirrored");
    // Turned a quarter by hand, then seated as Black: the quarter turn stays.
    let mut app = seated(person(), computer());
    press(&mut app, "C-o n Down Down Down Right Down Left Enter");
    assert_eq!(play(&app).players().black, person(), "Ann plays Black now");
    let text = screen_text(&mut app, 80, 24);
    assert!(!text.contains("you play Black"), "{text}");
}
