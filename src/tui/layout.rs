//! Where everything goes on the screen, for a terminal size: the board (large or compact), the
//! side panel, the lines under the board. The view draws into it and mouse clicks are read
//! through it, so both always agree.

use ratatui::layout::Rect;

use crate::rules::{BoardSize, Square};

/// How big a board square is drawn.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum CellStyle {
    /// Grid lines, two lines a square: top piece, height and the owners of the top pieces.
    Large,
    /// One line a square: top piece and height; the inspector shows the rest.
    Compact,
}

/// The narrowest side panel worth drawing.
pub const PANEL_MIN_WIDTH: u16 = 30;
/// The widest side panel: more only spreads its lines thin.
pub const PANEL_MAX_WIDTH: u16 = 48;
/// Lines under the board: status, input, keys.
pub const BOTTOM_LINES: u16 = 3;

/// The screen's regions.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Layout {
    /// Everything fits.
    Game(GameLayout),
    /// The terminal is smaller than the smallest layout: (columns, rows) needed.
    TooSmall(u16, u16),
}

/// The regions of the game screen.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct GameLayout {
    /// The board, labels included.
    pub board: Rect,
    /// How squares are drawn.
    pub cells: CellStyle,
    /// The side panel.
    pub panel: Rect,
    /// The message line.
    pub status: Rect,
    /// The input line.
    pub input: Rect,
    /// The key bar.
    pub keys: Rect,
    /// The board size, for reading clicks.
    pub size: BoardSize,
}

impl CellStyle {
    /// Columns and rows one square takes (a shared grid line included).
    #[must_use]
    pub const fn pitch(self) -> (u16, u16) {
        match self {
            CellStyle::Large => (6, 3),
            CellStyle::Compact => (5, 1),
        }
    }

    /// The board's width and height for `size`, rank and file labels included.
    #[must_use]
    pub const fn board_extent(self, size: BoardSize) -> (u16, u16) {
        let n = size.get() as u16;
        let (w, h) = self.pitch();
        match self {
            // Rank labels, then the grid with its closing line; file labels above and below.
            CellStyle::Large => (2 + w * n + 1 + 2, h * n + 1 + 2),
            CellStyle::Compact => (2 + w * n + 1 + 2, n + 2),
        }
    }
}

/// Lays out a `columns` by `rows` terminal for a board of `size`: the large board where it fits
/// beside a panel, else the compact one, else too small.
#[must_use]
pub fn layout(columns: u16, rows: u16, size: BoardSize) -> Layout {
    for cells in [CellStyle::Large, CellStyle::Compact] {
        let (board_w, board_h) = cells.board_extent(size);
        let need_w = board_w + 1 + PANEL_MIN_WIDTH;
        let need_h = board_h.max(12) + BOTTOM_LINES;
        if columns >= need_w && rows >= need_h {
            let top = rows - BOTTOM_LINES;
            let board = Rect::new(0, 0, board_w, board_h.min(top));
            let panel_w = (columns - board_w - 1).min(PANEL_MAX_WIDTH);
            let panel = Rect::new(board_w + 1, 0, panel_w, top);
            let line = |y| Rect::new(0, y, columns, 1);
            return Layout::Game(GameLayout {
                board,
                cells,
                panel,
                status: line(top),
                input: line(top + 1),
                keys: line(top + 2),
                size,
            });
        }
    }
    let (board_w, board_h) = CellStyle::Compact.board_extent(size);
    Layout::TooSmall(
        board_w + 1 + PANEL_MIN_WIDTH,
        board_h.max(12) + BOTTOM_LINES,
    )
}

impl GameLayout {
    /// Where square `square`'s content starts (column, row) and how wide it is.
    #[must_use]
    pub fn cell(&self, square: Square) -> (u16, u16, u16) {
        let side = u16::from(self.size.get());
        let (pitch_w, pitch_h) = self.cells.pitch();
        let file = u16::from(square.file());
        let row_from_top = side - 1 - u16::from(square.rank());
        let x = self.board.x + 2 + pitch_w * file + 1;
        let y = match self.cells {
            CellStyle::Large => self.board.y + 1 + pitch_h * row_from_top + 1,
            CellStyle::Compact => self.board.y + 1 + row_from_top,
        };
        (x, y, pitch_w - 1)
    }

    /// The square drawn at a terminal cell, if any (for mouse clicks).
    #[must_use]
    pub fn square_at(&self, column: u16, row: u16) -> Option<Square> {
        self.size.squares().find(|&square| {
            let (x, y, width) = self.cell(square);
            let height = match self.cells {
                CellStyle::Large => 2,
                CellStyle::Compact => 1,
            };
            (x..x + width).contains(&column) && (y..y + height).contains(&row)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn size(n: u8) -> BoardSize {
        BoardSize::new(n).unwrap()
    }

    #[test]
    fn large_boards_where_they_fit_compact_elsewhere() {
        let Layout::Game(five) = layout(80, 24, size(5)) else {
            panic!("5x5 fits 80x24")
        };
        assert_eq!(five.cells, CellStyle::Large);
        let Layout::Game(eight) = layout(80, 24, size(8)) else {
            panic!("8x8 fits 80x24")
        };
        assert_eq!(eight.cells, CellStyle::Compact);
        let Layout::Game(eight) = layout(120, 40, size(8)) else {
            panic!("8x8 fits 120x40")
        };
        assert_eq!(eight.cells, CellStyle::Large);
        assert_eq!(layout(40, 10, size(5)), Layout::TooSmall(61, 15));
    }

    #[test]
    fn every_square_is_found_where_it_is_drawn() {
        for (columns, rows) in [(80, 24), (120, 40)] {
            for n in 3..=8 {
                let Layout::Game(game) = layout(columns, rows, size(n)) else {
                    panic!()
                };
                for square in size(n).squares() {
                    let (x, y, _) = game.cell(square);
                    assert_eq!(game.square_at(x, y), Some(square));
                }
                assert_eq!(game.square_at(0, 0), None);
            }
        }
    }
}
