//! Which way round the board is drawn (Ctrl+T, Ctrl+O, Ctrl+F): the labels, clicks and arrows
//! follow the view, and the notation stays the same.

mod common;

use common::{click, new_game, play, plies, press, screen_text};
use taktui::rules::{BoardSize, Square};
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
