//! What an external engine did wrong as the computer, said plainly.

use std::time::Duration;

use crate::notation::{ParseMoveError, clip};
use crate::rules::{IllegalMove, Move};
use crate::tei::EngineError;

/// Why an external engine could not play a game, or a move: what it did (or did not do).
#[derive(Debug, thiserror::Error)]
pub enum EngineFailure {
    /// It would not start, shake hands or take the game, or it died or hung.
    #[error(transparent)]
    Engine(#[from] EngineError),
    /// It was not running when it was needed (it was dropped after a failure).
    #[error("the engine is not running")]
    NotRunning,
    /// It sent no move within its time and the grace after it.
    #[error(
        "no move within {:.1} s (its time was {:.1} s)",
        .waited.as_secs_f64(),
        .budget.as_secs_f64()
    )]
    NoMove {
        /// How long it was waited for.
        waited: Duration,
        /// The time it was given.
        budget: Duration,
    },
    /// It sent a move that does not read.
    #[error("sent {:?}, which is not a move: {error}", clip(.text))]
    NotAMove {
        /// What it sent.
        text: String,
        /// Why it is not a move.
        error: ParseMoveError,
    },
    /// It sent a move the rules refuse here.
    #[error("sent {mv}, which is not legal here: {error}")]
    Illegal {
        /// The move.
        mv: Move,
        /// The rule it breaks.
        error: IllegalMove,
    },
}
