//! A Kaen series being played: its record, the actions taken back (for redo), where it is
//! saved; and the die, which the app throws (the rules only take its face).
//!
//! Each roll is drawn when it is made, from the system's randomness ([`Die::random`]), so
//! nothing on the screen or in the record tells a future roll; and a roll once made is never
//! taken back ([`KaenSession::take_back`] stops at it, as dice games do), so undo cannot be
//! used to roll again. A die from a seed ([`Die::seeded`], `--seed`) rolls the same faces every
//! time: for tests. A saved series keeps the faces it rolled, not how they were drawn.

use std::path::Path;

use super::history::{History, OpenError, Record, read_record};
use crate::engine::rng::mix;
use crate::kaen::{Action, Face, KaenError, Player, SeriesConfig};
use crate::record::{GameKind, KaenRecord, Tags};

/// The face the die from `seed` shows on its throw number `n` (from 0).
#[must_use]
pub fn die(seed: u64, n: usize) -> Face {
    let value = mix(mix(seed) ^ n as u64);
    Face::ALL[(value % 4) as usize]
}

/// Who starts the first game of a series whose die is from `seed`.
#[must_use]
pub fn first_player(seed: u64) -> Player {
    if mix(seed ^ 0x6b61_656e).is_multiple_of(2) {
        Player::One
    } else {
        Player::Two
    }
}

/// Where the die's faces come from.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Die {
    /// The system's randomness, drawn at each throw.
    Random,
    /// The same faces for the same seed ([`die`]): for tests and reproducing a series.
    Seeded {
        /// The seed.
        seed: u64,
        /// How many throws were made.
        thrown: usize,
    },
}

/// The system gave no randomness to throw the die with.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("the die cannot be thrown: the system gives no randomness ({0})")]
pub struct NoRandomness(String);

impl Die {
    /// A die drawing each throw from the system's randomness.
    #[must_use]
    pub const fn random() -> Die {
        Die::Random
    }

    /// A die rolling the faces fixed by `seed`, from its first.
    #[must_use]
    pub const fn seeded(seed: u64) -> Die {
        Die::Seeded { seed, thrown: 0 }
    }

    /// The same die, `throws` throws on: a seeded series opened from its file goes on with
    /// the faces after those it rolled.
    #[must_use]
    pub const fn after(self, throws: usize) -> Die {
        match self {
            Die::Random => Die::Random,
            Die::Seeded { seed, .. } => Die::Seeded {
                seed,
                thrown: throws,
            },
        }
    }

    /// Throws the die: the face it shows.
    pub fn throw(&mut self) -> Result<Face, NoRandomness> {
        match self {
            Die::Random => Ok(Face::ALL[usize::from(random_byte()? % 4)]),
            Die::Seeded { seed, thrown } => {
                let face = die(*seed, *thrown);
                *thrown += 1;
                Ok(face)
            }
        }
    }

    /// Who starts a new series (the rules leave it to chance).
    pub fn toss(&self) -> Result<Player, NoRandomness> {
        Ok(match self {
            Die::Random if random_byte()? % 2 == 0 => Player::One,
            Die::Random => Player::Two,
            Die::Seeded { seed, .. } => first_player(*seed),
        })
    }

    /// The die for the next series played here: drawn as this one is (a seeded die goes on
    /// with a seed of its own, so that a test's second series is not its first again).
    #[must_use]
    pub const fn for_next_series(&self) -> Die {
        match self {
            Die::Random => Die::Random,
            Die::Seeded { seed, .. } => Die::seeded(mix(*seed ^ 0x6e65_7874)),
        }
    }
}

/// A byte of the system's randomness (256 is a multiple of 4 and of 2: no face is favoured).
fn random_byte() -> Result<u8, NoRandomness> {
    let mut byte = [0];
    getrandom::getrandom(&mut byte).map_err(|e| NoRandomness(e.to_string()))?;
    Ok(byte[0])
}

/// A Kaen series in play, with undo back to the last roll and redo.
pub type KaenSession = History<KaenRecord>;

impl Record for KaenRecord {
    type Action = Action;
    type Done = ();
    type Error = KaenError;

    fn push(&mut self, action: Action) -> Result<(), KaenError> {
        KaenRecord::push(self, action)
    }

    fn last(&self) -> Option<Action> {
        self.actions().last().copied()
    }

    fn played(&self) -> usize {
        self.actions().len()
    }

    fn truncate(&mut self, n: usize) {
        KaenRecord::truncate(self, n);
    }

    fn write(&self) -> String {
        KaenRecord::write(self)
    }
}

/// Why the die was not rolled.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum RollRefused {
    /// The rules allow no roll now.
    #[error(transparent)]
    Rules(#[from] KaenError),
    /// The die could not be thrown.
    #[error(transparent)]
    Die(#[from] NoRandomness),
}

/// Why undo stops.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
pub enum CannotTakeBack {
    /// Nothing was done.
    #[error("nothing to undo")]
    Nothing,
    /// The last action is a roll: it stands.
    #[error("the roll of {} ({}) stands: a roll is never taken back", .0.name(), .0.number())]
    Roll(Face),
    /// The last action ended a game of the series: it is over, its pot paid.
    #[error("game {0} is over and its pot paid: undo does not go back into it")]
    FinishedGame(usize),
}

impl History<KaenRecord> {
    /// A new series with these settings, `first` starting it.
    #[must_use]
    pub fn new(config: SeriesConfig, first: Player, tags: Tags) -> KaenSession {
        History::resume(KaenRecord::new(config, first, tags), None)
    }

    /// The series in the file at `path`, to play on (or step through): its recorded rolls as
    /// they were, each checked by the rules as the record is read.
    pub fn open(path: &Path) -> Result<KaenSession, OpenError> {
        let record = read_record(path, GameKind::Kaen, KaenRecord::read)?;
        Ok(History::resume(record, Some(path.to_path_buf())))
    }

    /// Throws `die` for the player to move and plays the face it shows; refused (the die not
    /// thrown) when the rules allow no roll now.
    pub fn roll(&mut self, die: &mut Die) -> Result<Face, RollRefused> {
        // Checked first, so that a throw is only ever drawn for a roll that is made.
        let game = self.record().series().game();
        game.check(Action::Roll(Face::Arex))?;
        let face = die.throw()?;
        self.act(Action::Roll(face))?;
        Ok(face)
    }

    /// Takes back the last action, as a player may: never a roll (it stands, as in dice
    /// games), nor the action that ended a game of the series (its pot is paid).
    pub fn take_back(&mut self) -> Result<Action, CannotTakeBack> {
        self.can_take_back()?;
        self.undo().ok_or(CannotTakeBack::Nothing)
    }

    /// The action [`take_back`](Self::take_back) would take back, or why it would not.
    pub fn can_take_back(&self) -> Result<Action, CannotTakeBack> {
        let record = self.record();
        let last = record
            .actions()
            .last()
            .copied()
            .ok_or(CannotTakeBack::Nothing)?;
        if let Action::Roll(face) = last {
            return Err(CannotTakeBack::Roll(face));
        }
        let n = record.actions().len();
        let finished = record.series().played().len();
        if record.series_at(n - 1).played().len() < finished {
            return Err(CannotTakeBack::FinishedGame(finished));
        }
        Ok(last)
    }
}
