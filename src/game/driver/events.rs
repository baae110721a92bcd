//! What the driver tells its caller ([`DriverEvent`]), how it rules ([`OnFailure`],
//! [`Takeback`]), and why it refuses ([`Refused`]).

use std::time::Duration;

use crate::engine::{Info, Score};
use crate::game::session::Ending;
use crate::rules::{Color, IllegalMove, Move};

/// What to do with a program that fails (crashes, hangs, sends a move that is not legal).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OnFailure {
    /// Its side loses the game, as at a tournament (a match, a bot online).
    Forfeit,
    /// A person at the board plays its side from here; the game goes on.
    HandOver,
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum End {
    /// On the board: a road, the flats (the position says which).
    Board,
    /// Off the board: time, a forfeit, a resignation, an agreed draw, the length.
    Off(Ending),
}

/// What a program thought of the move it chose.
#[derive(Clone, Debug, PartialEq)]
pub struct Reasoning {
    /// Its last report: depth, score (for the side that moved), line.
    pub info: Info,
    /// How long it took, its start-up excused.
    pub took: Duration,
}

/// How much a takeback takes back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Takeback {
    /// The last ply, whoever played it (as PlayTak's `Undo`).
    LastPly,
    /// Back to the asker's last move: it and every reply after it (as at the board against
    /// a program).
    ToMyMove,
}

/// Something that happened in the game, for the caller to show, record or send on.
#[derive(Clone, Debug, PartialEq)]
pub enum DriverEvent {
    /// `color` played `mv`; a program says what it thought of it.
    Moved {
        /// Who moved.
        color: Color,
        /// The move.
        mv: Move,
        /// A program's reasoning; `None` for a move from a keyboard or from elsewhere.
        reasoning: Option<Reasoning>,
    },
    /// The game is over, and why.
    Ended(End),
    /// The program playing `color` failed: what it did, and what came of it.
    ProgramFailed {
        /// Its side.
        color: Color,
        /// What it did, in words.
        why: String,
        /// What the driver made of it: the side lost, or a person plays it now.
        ruled: OnFailure,
    },
    /// `by` offers a draw to the other side, who is to answer (a keyboard or a remote).
    DrawOffered {
        /// Who offers.
        by: Color,
    },
    /// `by` withdrew the draw it offered.
    DrawWithdrawn {
        /// Who had offered.
        by: Color,
    },
    /// `by` answered the draw offered to it; a program says the score it judged by (for
    /// its own side).
    DrawAnswered {
        /// Who answered.
        by: Color,
        /// Whether it accepted (the game then ends, [`DriverEvent::Ended`]).
        accepted: bool,
        /// A program's judgement of the position, from its own side.
        score: Option<Score>,
    },
    /// `by` asks to take back moves; the other side is to answer.
    TakebackAsked {
        /// Who asks.
        by: Color,
        /// How much.
        how: Takeback,
    },
    /// `by` withdrew the takeback it asked for.
    TakebackWithdrawn {
        /// Who had asked.
        by: Color,
    },
    /// `by` answered a takeback asked of it.
    TakebackAnswered {
        /// Who answered.
        by: Color,
        /// Whether it agreed (the plies then go, [`DriverEvent::TookBack`]).
        accepted: bool,
    },
    /// Plies were taken back (0 when only a resignation or an agreed draw was).
    TookBack {
        /// How many plies.
        plies: usize,
    },
}

/// Why the driver refused what it was asked.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refused {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// It is the other side's turn.
    #[error("{0} is to move")]
    NotYourTurn(Color),
    /// A program plays that side: its moves and offers come from it.
    #[error("a program plays {0}")]
    ProgramsSide(Color),
    /// The clocks are paused: moves wait until they run again.
    #[error("the clocks are paused")]
    Paused,
    /// The program playing this side is weighing a draw offered to it: moves wait.
    #[error("{0} is weighing a draw offer")]
    WeighingDraw(Color),
    /// The mover's time is up (the next poll ends the game).
    #[error("{0}'s time is up")]
    TimeUp(Color),
    /// The move breaks a rule.
    #[error("{0}")]
    Illegal(IllegalMove),
    /// This side offered a draw at this move already.
    #[error("a draw was offered at this move already: offer again after your next move")]
    OfferedAlready,
    /// No draw is offered to this side.
    #[error("no draw is offered to {0}")]
    NoDrawOffered(Color),
    /// There is nothing of the asker's to take back.
    #[error("nothing to take back")]
    NothingToTakeBack,
    /// A takeback after a loss on time would lose again at once.
    #[error("{0}'s time ran out: taking plies back gives no time back")]
    TimeRanOut(Color),
    /// No takeback is asked of this side.
    #[error("no takeback is asked of {0}")]
    NoTakebackAsked(Color),
    /// An end on the board was told from elsewhere that the position here does not show.
    #[error("the game is not over on this board")]
    NotOverHere,
    /// A takeback asked is waiting for its answer already.
    #[error("a takeback is waiting for its answer")]
    TakebackWaiting,
}
