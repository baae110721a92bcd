//! Why a turn is refused: the rule, and where.

use super::{Player, Square};

/// A turn the rules refuse. The position is left as it was.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum LockeError {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// A move from an empty square.
    #[error("{0} is empty: move one of your stacks")]
    Empty(Square),
    /// A move of the opponent's stack.
    #[error("{square} is {owner}'s stack: move one of your own")]
    NotYours {
        /// The square.
        square: Square,
        /// Whose it is.
        owner: Player,
    },
    /// Further than the stack is tall.
    #[error("the stack on {from} is {height} high: it moves at most {}", crate::words::count(usize::from(*height), "square", "squares"))]
    TooFar {
        /// Its square.
        from: Square,
        /// Its height.
        height: u8,
    },
    /// Off the edge of the board.
    #[error("that would go off the board")]
    OffBoard,
    /// Over a stack on the way.
    #[error("{0} is in the way: a stack passes only over empty squares")]
    Blocked(Square),
    /// A combination over the height limit.
    #[error("combining on {at} would make a stack of {height}: the classic game allows 3")]
    TooTall {
        /// Where.
        at: Square,
        /// The height it would make.
        height: u8,
    },
    /// A capture of a stack not exactly one smaller.
    #[error("a stack of {mover} captures only a stack of exactly {}; {at} holds {target}", .mover - 1)]
    WrongCapture {
        /// Where.
        at: Square,
        /// The moving stack's height.
        mover: u8,
        /// The target's height.
        target: u8,
    },
    /// A lone piece onto an enemy.
    #[error("a lone piece never captures: {0} is the opponent's")]
    LoneCapture(Square),
    /// The reverse of the player's last move.
    #[error("{from} back to {to} would undo your last move: no reverse moves")]
    Reverse {
        /// Where the stack is.
        from: Square,
        /// Where it came from.
        to: Square,
    },
    /// Entering with an empty reserve.
    #[error("you have no pieces in reserve")]
    NoReserve,
    /// Entering off the back rank.
    #[error("pieces enter only on your back rank (rank {rank}), not on {square}")]
    NotBackRank {
        /// The square asked for.
        square: Square,
        /// The back rank, 1 or 5.
        rank: u8,
    },
    /// Entering on a taken square.
    #[error("{0} is taken: a piece enters only on an empty square")]
    Occupied(Square),
}
