use ratatui::buffer::Buffer;

use super::*;
use crate::rules::{BoardSize, Color, Role};
use crate::tui::layout::{CellStyle, Layout, layout};

const THEME: Theme = Theme::plain(false);

/// A stack of `height` pieces, White and Black in turn from the bottom, a capstone on top.
fn tall(height: usize) -> Stack {
    let owners = [Color::White, Color::Black]
        .into_iter()
        .cycle()
        .take(height);
    Stack::from_owners(owners, Role::Cap).unwrap()
}

/// Draws an 8x8 board with `stack` on d4 (the cursor's square) at `columns` by `rows`, and
/// returns the style used and the text of d4's lines.
fn d4(stack: Stack, hand: Option<Stack>, columns: u16, rows: u16) -> (CellStyle, Vec<String>) {
    let size = BoardSize::new(8).unwrap();
    let Layout::Game(game) = layout(columns, rows, size) else {
        panic!("8x8 fits {columns}x{rows}")
    };
    let square = Square::new(3, 3);
    let mut board = Board::empty(size);
    board.set(square, stack);
    let marks = Marks {
        hand: hand.map(|hand| (square, hand)),
        ..Marks::default()
    };
    let mut buf = Buffer::empty(ratatui::layout::Rect::new(0, 0, columns, rows));
    draw(&mut buf, &game, &board, &marks, THEME);
    let (x, y, width) = game.cell(square);
    let lines = (y..y + game.cells.lines())
        .map(|row| {
            (x..x + width)
                .map(|column| buf[(column, row)].symbol())
                .collect()
        })
        .collect();
    (game.cells, lines)
}

#[test]
fn two_lines_a_square_on_8x8_at_80x24() {
    let (cells, lines) = d4(tall(7), None, 80, 24);
    assert_eq!(cells, CellStyle::Stacked);
    // Seven pieces, room for four characters: five hidden below the top two.
    assert_eq!(lines, ["C  7", "5…21"]);
    let (_, lines) = d4(tall(3), None, 80, 24);
    assert_eq!(lines, ["C  3", "121 "], "all shown: nothing said hidden");
}

#[test]
fn roomier_squares_draw_the_stack_standing_over_their_lines() {
    // Bottom line first, as the stack stands: no line holds a lone piece.
    let (cells, lines) = d4(tall(7), None, 120, 40);
    assert_eq!(cells, CellStyle::Larger);
    assert_eq!(lines, [" C    7", "121    ", "1212   "]);
    let (_, lines) = d4(tall(20), None, 120, 40);
    assert_eq!(lines, [" c   20", "2121212", "8…12121"]);
    let (cells, lines) = d4(tall(20), None, 200, 60);
    assert_eq!(cells, CellStyle::Giant);
    assert_eq!(
        lines,
        [
            " c       20",
            "21212      ",
            "12121      ",
            "21212      ",
            "12121      "
        ]
    );
    let (_, lines) = d4(tall(50), None, 200, 60);
    assert_eq!(
        lines,
        [
            " c       50",
            "21212121212",
            "12121212121",
            "21212121212",
            "8…121212121"
        ],
        "eight hidden below the forty-two shown"
    );
}

#[test]
fn the_count_hidden_grows_its_label_as_it_needs() {
    assert_eq!(hidden_below(5, 5), 0);
    assert_eq!(hidden_below(7, 4), 5);
    assert_eq!(hidden_below(12, 4), 11, "two digits: one owner shown");
    assert_eq!(hidden_below(10, 4), 8);
}

#[test]
fn the_hand_keeps_its_top_when_it_does_not_fit() {
    let hand = Stack::from_owners([Color::Black, Color::Black, Color::White], Role::Cap);
    let (_, lines) = d4(Stack::EMPTY, hand, 80, 24);
    assert_eq!(lines, ["·   ", "^…1C"]);
    let (_, lines) = d4(Stack::EMPTY, hand, 120, 40);
    assert_eq!(lines, [" ·     ", "^221C  ", "       "]);
}
