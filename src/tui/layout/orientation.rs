//! Which way round the board is drawn: turned by quarter turns, perhaps mirrored, so a player
//! can look at it from either side or sideways. Only the drawing moves: a1 is a1 whichever
//! way round, so the notation, the rules and the records never see an orientation.
//!
//! Everything here is in board cells: a square's column (from the left) and row (from the top)
//! on an n by n board. The layout turns cells into terminal positions; since the board is as
//! many squares across as down, every orientation takes the same room.

use crate::rules::{BoardSize, Direction, Square};

/// Which way round the board is drawn: the usual view (rank 1 at the bottom, the a-file on
/// the left) mirrored left to right when `mirrored`, then turned `quarter_turns` quarters
/// clockwise.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Orientation {
    /// Quarter turns clockwise, 0 to 3.
    quarter_turns: u8,
    /// Mirrored (the a-file on the right) before turning.
    mirrored: bool,
}

impl Orientation {
    /// The usual view, as White sees the board: rank 1 at the bottom, the a-file on the left.
    pub const USUAL: Orientation = Orientation {
        quarter_turns: 0,
        mirrored: false,
    };

    /// The usual view mirrored when `mirrored`, then turned `quarter_turns` quarters clockwise
    /// (four make a whole turn).
    #[must_use]
    pub const fn new(quarter_turns: u8, mirrored: bool) -> Orientation {
        Orientation {
            quarter_turns: quarter_turns % 4,
            mirrored,
        }
    }

    /// Quarter turns clockwise from the usual view, after any mirroring: 0 to 3.
    #[must_use]
    pub const fn quarter_turns(self) -> u8 {
        self.quarter_turns
    }

    /// Whether the usual view is mirrored before turning.
    #[must_use]
    pub const fn mirrored(self) -> bool {
        self.mirrored
    }

    /// This view turned a further quarter clockwise, as it is seen.
    #[must_use]
    pub const fn turned_quarter(self) -> Orientation {
        Orientation::new(self.quarter_turns + 1, self.mirrored)
    }

    /// This view turned half round: the other player's side at the bottom.
    #[must_use]
    pub const fn turned_half(self) -> Orientation {
        Orientation::new(self.quarter_turns + 2, self.mirrored)
    }

    /// This view mirrored left to right, as it is seen (whatever its turn). Mirroring after
    /// turning is the same as turning the other way after mirroring, hence the turns undone.
    #[must_use]
    pub const fn flipped(self) -> Orientation {
        Orientation::new(4 - self.quarter_turns, !self.mirrored)
    }

    /// The cell `square` is drawn in on a board of `size`: (column from the left, row from
    /// the top).
    #[must_use]
    pub fn cell(self, square: Square, size: BoardSize) -> (u8, u8) {
        let last = size.get() - 1;
        let (mut column, mut row) = (square.file(), last - square.rank());
        if self.mirrored {
            column = last - column;
        }
        for _ in 0..self.quarter_turns {
            // A quarter turn clockwise: the left column becomes the top row.
            (column, row) = (last - row, column);
        }
        (column, row)
    }

    /// The square drawn in cell (`column`, `row`) of a board of `size`, if the cell is on it:
    /// the inverse of [`Orientation::cell`].
    #[must_use]
    pub fn square(self, column: u8, row: u8, size: BoardSize) -> Option<Square> {
        let last = size.get() - 1;
        if column > last || row > last {
            return None;
        }
        let (mut column, mut row) = (column, row);
        for _ in 0..self.quarter_turns {
            // A quarter turn back, anticlockwise: the top row becomes the left column.
            (column, row) = (row, last - column);
        }
        if self.mirrored {
            column = last - column;
        }
        Some(Square::new(column, last - row))
    }

    /// Which way a step on the board in `direction` goes on screen (`Up` is up the screen).
    #[must_use]
    pub const fn on_screen(self, direction: Direction) -> Direction {
        // The usual view draws the board's Up up the screen.
        let mut direction = if self.mirrored {
            mirror(direction)
        } else {
            direction
        };
        let mut turns = 0;
        while turns < self.quarter_turns {
            direction = clockwise(direction);
            turns += 1;
        }
        direction
    }

    /// The step on the board that goes `on_screen` (an arrow key) as the board is drawn: the
    /// inverse of [`Orientation::on_screen`].
    #[must_use]
    pub const fn on_board(self, on_screen: Direction) -> Direction {
        let mut direction = on_screen;
        // Three quarter turns clockwise undo one.
        let mut turns = 0;
        while turns < (4 - self.quarter_turns) % 4 {
            direction = clockwise(direction);
            turns += 1;
        }
        if self.mirrored {
            mirror(direction)
        } else {
            direction
        }
    }

    /// Whether the files run across the screen (labelled above and below the board) and the
    /// ranks up and down it; on a quarter turn it is the other way round.
    #[must_use]
    pub const fn files_across(self) -> bool {
        self.quarter_turns.is_multiple_of(2)
    }

    /// The label above and below `column`: a file's letter or, turned a quarter, a rank's
    /// number; none past the board.
    #[must_use]
    pub fn column_label(self, column: u8, size: BoardSize) -> Option<char> {
        let square = self.square(column, 0, size)?;
        Some(if self.files_across() {
            square.file_char()
        } else {
            rank_char(square)
        })
    }

    /// The label left and right of `row`: a rank's number or, turned a quarter, a file's
    /// letter; none past the board.
    #[must_use]
    pub fn row_label(self, row: u8, size: BoardSize) -> Option<char> {
        let square = self.square(0, row, size)?;
        Some(if self.files_across() {
            rank_char(square)
        } else {
            square.file_char()
        })
    }

    /// The view in words, for the message line: `as White sees it: rank 1 at the bottom, the
    /// a-file on the left`.
    #[must_use]
    pub fn describe(self) -> String {
        // Short enough for one line at 80 columns: where rank 1 and the a-file lie says all,
        // so a mirrored view needs no name for its turn.
        let name = match (self.mirrored, self.quarter_turns) {
            (true, _) => "mirrored",
            (false, 0) => "as White sees it",
            (false, 1) => "turned a quarter clockwise",
            (false, 2) => "turned, as Black sees it",
            (false, _) => "turned three quarters",
        };
        // The first rank lies where the ranks count up from, and the first file likewise.
        format!(
            "{name}: rank 1 {}, the a-file {}",
            where_from(self.on_screen(Direction::Up)),
            where_from(self.on_screen(Direction::Right)),
        )
    }
}

/// The direction a quarter turn clockwise from `direction`.
const fn clockwise(direction: Direction) -> Direction {
    match direction {
        Direction::Up => Direction::Right,
        Direction::Right => Direction::Down,
        Direction::Down => Direction::Left,
        Direction::Left => Direction::Up,
    }
}

/// `direction` seen in a mirror standing up beside the board: left and right swap.
const fn mirror(direction: Direction) -> Direction {
    match direction {
        Direction::Left => Direction::Right,
        Direction::Right => Direction::Left,
        up_or_down => up_or_down,
    }
}

/// The side of the board where lines counted up `towards` on screen start.
const fn where_from(towards: Direction) -> &'static str {
    match towards {
        Direction::Up => "at the bottom",
        Direction::Down => "at the top",
        Direction::Right => "on the left",
        Direction::Left => "on the right",
    }
}

/// The rank as PTN writes it (`'1'` to `'8'`).
fn rank_char(square: Square) -> char {
    char::from(b'1' + square.rank())
}

#[cfg(test)]
mod tests;
