//! Where everything goes on the screen, for a terminal size: the board (in the roomiest
//! [`CellStyle`] that fits), the side panel, the lines under the board. The view draws into it
//! and mouse clicks are read through it, so both always agree.

mod cell_style;

use ratatui::layout::Rect;

pub use cell_style::CellStyle;

use crate::rules::{BoardSize, Square};

/// The narrowest side panel worth drawing.
pub const PANEL_MIN_WIDTH: u16 = 30;
/// The panel's width for its longest lines: squares roomier than [`CellStyle::Large`] are
/// not worth a panel narrower than this.
pub const PANEL_COMFORTABLE_WIDTH: u16 = 46;
/// The widest side panel: more only spreads its lines thin.
pub const PANEL_MAX_WIDTH: u16 = 60;
/// The fewest rows the side panel needs (players, flats, the stack under the cursor).
pub const PANEL_MIN_HEIGHT: u16 = 12;
/// Rows beyond which a taller panel only shows more empty move list: on a tall terminal the
/// game stops growing there and is centred instead.
pub const TALL_ENOUGH: u16 = 40;
/// Lines under the board: status, input, keys.
pub const BOTTOM_LINES: u16 = 3;
/// The width the lines under the board get, where the terminal has it (the key bar's length).
const BOTTOM_MIN_WIDTH: u16 = 80;

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
    /// Drawn turned half round: rank 1 at the top, the a-file on the right.
    pub turned: bool,
}

/// Lays out a `columns` by `rows` terminal for a board of `size`: the roomiest cell style that
/// fits beside a panel, the whole centred; else too small.
#[must_use]
pub fn layout(columns: u16, rows: u16, size: BoardSize) -> Layout {
    CellStyle::ROOMIEST_FIRST
        .into_iter()
        .find(|&cells| {
            let (need_w, need_h) = needs(cells, size);
            columns >= need_w && rows >= need_h
        })
        .map_or_else(
            || {
                let (need_w, need_h) = needs(CellStyle::Compact, size);
                Layout::TooSmall(need_w, need_h)
            },
            |cells| Layout::Game(place(columns, rows, size, cells)),
        )
}

/// The terminal size a board of `size` in `cells` needs, with the narrowest panel it is worth.
fn needs(cells: CellStyle, size: BoardSize) -> (u16, u16) {
    let (board_w, board_h) = cells.board_extent(size);
    let panel_w = if cells.roomier_than(CellStyle::Large) {
        PANEL_COMFORTABLE_WIDTH
    } else {
        PANEL_MIN_WIDTH
    };
    (
        board_w + 1 + panel_w,
        board_h.max(PANEL_MIN_HEIGHT) + BOTTOM_LINES,
    )
}

/// Places the board, the panel beside it and the lines under them, centred in a terminal
/// that has room for them.
fn place(columns: u16, rows: u16, size: BoardSize, cells: CellStyle) -> GameLayout {
    let (board_w, board_h) = cells.board_extent(size);
    let panel_w = (columns - board_w - 1).min(PANEL_MAX_WIDTH);
    let width = board_w + 1 + panel_w;
    let top = (rows - BOTTOM_LINES).min(board_h.max(TALL_ENOUGH));
    let x = (columns - width) / 2;
    let y = (rows - BOTTOM_LINES - top) / 2;
    let line_w = (columns - x).min(width.max(BOTTOM_MIN_WIDTH));
    let line = |row| Rect::new(x, y + top + row, line_w, 1);
    GameLayout {
        board: Rect::new(x, y, board_w, board_h),
        cells,
        panel: Rect::new(x + board_w + 1, y, panel_w, top),
        status: line(0),
        input: line(1),
        keys: line(2),
        size,
        turned: false,
    }
}

impl Layout {
    /// The same, with the board turned half round when `turned` (the player's view).
    #[must_use]
    pub const fn turned(self, turned: bool) -> Layout {
        match self {
            Layout::Game(mut game) => {
                game.turned = turned;
                Layout::Game(game)
            }
            too_small @ Layout::TooSmall(..) => too_small,
        }
    }
}

impl GameLayout {
    /// Where square `square`'s content starts (column, row) and how wide it is; it is
    /// [`CellStyle::lines`] rows tall.
    #[must_use]
    pub fn cell(&self, square: Square) -> (u16, u16, u16) {
        let square = self.as_drawn(square);
        let side = u16::from(self.size.get());
        let (pitch_w, pitch_h) = self.cells.pitch();
        let file = u16::from(square.file());
        let row_from_top = side - 1 - u16::from(square.rank());
        // Past the rank label and the grid line (or the cursor's bracket) on the left; below
        // the file labels and, with a grid, the line above the square.
        let x = self.board.x + 2 + pitch_w * file + 1;
        let grid_line = u16::from(self.cells.grid());
        let y = self.board.y + 1 + pitch_h * row_from_top + grid_line;
        (x, y, pitch_w - 1)
    }

    /// The square drawn at a terminal cell, if any (for mouse clicks): the inverse of
    /// [`GameLayout::cell`].
    #[must_use]
    pub fn square_at(&self, column: u16, row: u16) -> Option<Square> {
        let side = self.size.get();
        let (pitch_w, pitch_h) = self.cells.pitch();
        let (left, top, _) = self.cell(self.as_drawn(Square::new(0, side - 1)));
        let file = column.checked_sub(left)? / pitch_w;
        let row_from_top = row.checked_sub(top)? / pitch_h;
        if file >= u16::from(side) || row_from_top >= u16::from(side) {
            return None;
        }
        // The square at that place as drawn the usual way round, then as this board is.
        let square = self.as_drawn(Square::new(file as u8, side - 1 - row_from_top as u8));
        // Within the square's pitch, but perhaps on its grid lines or the gap beside it.
        let (x, y, width) = self.cell(square);
        let inside = column < x + width && row < y + self.cells.lines();
        inside.then_some(square)
    }

    /// Where `square` is drawn on a board the usual way round: itself, or (turned) the square
    /// opposite it through the centre. Its own inverse.
    fn as_drawn(&self, square: Square) -> Square {
        if !self.turned {
            return square;
        }
        let last = self.size.get() - 1;
        Square::new(last - square.file(), last - square.rank())
    }
}

#[cfg(test)]
mod tests;
