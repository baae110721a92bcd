//! Why an action is refused: the rule, and where.

use super::{Chips, Face, Player, Square};

/// An action the rules refuse. The game is left as it was.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum KaenError {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// A double, a surrender or a roll while an offer to double waits for its answer.
    #[error("{answerer} must first accept the double or forfeit")]
    AnswerFirst {
        /// Who must answer.
        answerer: Player,
    },
    /// Accept or forfeit-on-offer with no offer made.
    #[error("no double has been offered")]
    NoOffer,
    /// Double or surrender after the die was rolled.
    #[error("{0} only before the roll")]
    AfterRoll(&'static str),
    /// A double with the marker in the opponent's hands.
    #[error("the doubling marker is with {holder}: only they may offer the next double")]
    MarkerNotYours {
        /// Who holds it.
        holder: Player,
    },
    /// A second move before the roll after doubling.
    #[error("{0} doubled this turn: now roll the die")]
    RollAfterDouble(Player),
    /// Not enough chips to pay for what was asked (a double, an accepted double, a match).
    #[error("{player} cannot cover the {what}: it costs {cost} and they hold {holds}")]
    CannotCover {
        /// Who would pay.
        player: Player,
        /// What for: `double`, `match`.
        what: &'static str,
        /// What it costs.
        cost: Chips,
        /// What they hold.
        holds: Chips,
    },
    /// A placement, a match or a forfeit before the roll.
    #[error("roll the die first")]
    RollFirst,
    /// A second roll in one turn.
    #[error("the die was rolled this turn: {0}")]
    AlreadyRolled(&'static str),
    /// A placement outside the rolled row.
    #[error("{square} is not in {player}'s row {} ({})", .face.number(), .face.name())]
    NotInRow {
        /// The square asked for.
        square: Square,
        /// Whose row.
        player: Player,
        /// The rolled face.
        face: Face,
    },
    /// A placement on a stone.
    #[error("{0} is taken: place only on an empty square")]
    Occupied(Square),
    /// A match or forfeit when the rolled row has room.
    #[error("row {} ({}) has room: place a stone there", .0.number(), .0.name())]
    RowHasRoom(Face),
    /// A placement when the rolled row is full.
    #[error("row {} ({}) is full: match your bet or forfeit", .0.number(), .0.name())]
    RowFull(Face),
}
