//! Where everything goes on the screen, for a terminal size: the board (in the roomiest
//! [`CellStyle`] that fits), the side panel, the lines under the board. The view draws into it
//! and mouse clicks are read through it, so both always agree.

mod beside;
mod cell_style;
mod orientation;

use ratatui::layout::Rect;

pub use beside::zoomed;
pub use cell_style::CellStyle;
pub use orientation::Orientation;

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
    /// Which way round the board is drawn (the player's view).
    pub orientation: Orientation,
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
        orientation: Orientation::USUAL,
    }
}

impl Layout {
    /// The same, with the board drawn as `orientation` says (the player's view). Every
    /// orientation takes the same room, so only where the squares go changes.
    #[must_use]
    pub const fn turned(self, orientation: Orientation) -> Layout {
        match self {
            Layout::Game(mut game) => {
                game.orientation = orientation;
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
        let (column, row) = self.orientation.cell(square, self.size);
        self.drawn_cell(column, row)
    }

    /// Where the square drawn in `column` (from the left) and `row` (from the top) of the
    /// board starts and how wide it is, whichever square that is: labels line up with it.
    #[must_use]
    pub fn drawn_cell(&self, column: u8, row: u8) -> (u16, u16, u16) {
        let (pitch_w, pitch_h) = self.cells.pitch();
        // Past the rank label and the grid line (or the cursor's bracket) on the left; below
        // the file labels and, with a grid, the line above the square.
        let x = self.board.x + 2 + pitch_w * u16::from(column) + 1;
        let grid_line = u16::from(self.cells.grid());
        let y = self.board.y + 1 + pitch_h * u16::from(row) + grid_line;
        (x, y, pitch_w - 1)
    }

    /// The square drawn at a terminal cell, if any (for mouse clicks): the inverse of
    /// [`GameLayout::cell`].
    #[must_use]
    pub fn square_at(&self, column: u16, row: u16) -> Option<Square> {
        let (pitch_w, pitch_h) = self.cells.pitch();
        let (left, top, _) = self.drawn_cell(0, 0);
        let drawn_column = column.checked_sub(left)? / pitch_w;
        let drawn_row = row.checked_sub(top)? / pitch_h;
        let square = self.orientation.square(
            u8::try_from(drawn_column).ok()?,
            u8::try_from(drawn_row).ok()?,
            self.size,
        )?;
        // Within the square's pitch, but perhaps on its grid lines or the gap beside it.
        let (x, y, width) = self.cell(square);
        let inside = column < x + width && row < y + self.cells.lines();
        inside.then_some(square)
    }
}

#[cfg(test)]
mod tests;
