//! Why a move or a position is refused.

use super::{BoardSize, Color, Square};

/// A move that breaks a rule. The position it was tried on is left untouched.
///
/// Messages are short and lowercase and, where it helps, say what would be legal instead.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
pub enum IllegalMove {
    /// The game has ended: no more moves.
    #[error("the game is over")]
    GameOver,
    /// The move's square is not on the board.
    #[error("{square} is off the {size} board")]
    OffBoard {
        /// The square named.
        square: Square,
        /// The board.
        size: BoardSize,
    },
    /// A piece was placed on a square that holds pieces.
    #[error("{square} is occupied: place only on empty squares")]
    Occupied {
        /// The square placed on.
        square: Square,
    },
    /// Plies 1 and 2 must place a flat (of the opponent's colour).
    #[error("the first turn places a flat of the opponent's on an empty square")]
    OpeningMustBeFlat,
    /// The player has no stones left to place a flat or a wall.
    #[error("{color} has no stones left to place")]
    NoStonesLeft {
        /// Whose reserve is empty.
        color: Color,
    },
    /// The game is played without capstones (3x3 and 4x4 are, by default).
    #[error("this game is played without capstones")]
    NoCapstones,
    /// The player has placed every capstone they had.
    #[error("{color} has no capstone left to place")]
    NoCapstoneLeft {
        /// Whose reserve has none.
        color: Color,
    },
    /// A spread from an empty square.
    #[error("{square} is empty: there is no stack to move")]
    EmptySquare {
        /// The square named.
        square: Square,
    },
    /// A spread of a stack whose top piece belongs to the opponent.
    #[error("{square} is controlled by {owner}: move only stacks with your piece on top")]
    NotYourStack {
        /// The square named.
        square: Square,
        /// Who controls it.
        owner: Color,
    },
    /// More pieces carried than the board size allows.
    #[error("cannot carry {count} pieces: the carry limit on this board is {limit}")]
    CarryLimit {
        /// Pieces the move carries.
        count: u8,
        /// The carry limit (the board size).
        limit: u8,
    },
    /// More pieces carried than the stack holds.
    #[error("cannot pick up {count} from {square}: it holds only {height}")]
    TooFewPieces {
        /// The square named.
        square: Square,
        /// Its height.
        height: u32,
        /// Pieces the move carries.
        count: u8,
    },
    /// The spread runs past the edge of the board.
    #[error("{square} is at the edge: the move would leave the board")]
    RunsOffBoard {
        /// The last square on the board along the path.
        square: Square,
    },
    /// A wall stands in the way of a piece that cannot crush it.
    #[error("a wall blocks {at}: only a capstone arriving alone can crush it")]
    BlockedByWall {
        /// Where the wall is.
        at: Square,
    },
    /// A capstone stands in the way: nothing ever moves onto one.
    #[error("a capstone blocks {at}: nothing may move onto a capstone")]
    BlockedByCap {
        /// Where the capstone is.
        at: Square,
    },
    /// A capstone reached a wall with other pieces in the same drop.
    #[error("to crush the wall on {at} the capstone must drop onto it alone")]
    CrushNeedsLoneCap {
        /// Where the wall is.
        at: Square,
    },
}

/// A position that cannot arise in a game with the given settings.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
pub enum SetupError {
    /// More stones (flats and walls) on the board than the player starts with.
    #[error("{color} has {on_board} stones on the board but only {available} in all")]
    TooManyStones {
        /// The player.
        color: Color,
        /// How many are on the board.
        on_board: u32,
        /// How many the player starts with.
        available: u32,
    },
    /// More capstones on the board than the player starts with.
    #[error("{color} has {on_board} capstone(s) on the board but only {available} in all")]
    TooManyCaps {
        /// The player.
        color: Color,
        /// How many are on the board.
        on_board: u32,
        /// How many the player starts with.
        available: u32,
    },
    /// A stack is on a square that is not on the board.
    #[error("{square} is off the {size} board")]
    OffBoard {
        /// The square.
        square: Square,
        /// The board.
        size: BoardSize,
    },
    /// The move number is 0 or too large.
    #[error("move number {0} is out of range (1 to 10000)")]
    MoveNumber(u32),
}
