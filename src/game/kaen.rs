//! A Kaen series being played: its record, the actions taken back (for redo), where it is
//! saved, and the die.
//!
//! The die is a function of the series' seed and how many rolls came before, so the same seed
//! always rolls the same faces: a series replays exactly, and taking back a roll and rolling
//! again shows the same face (undo cannot be used to re-roll).

use std::path::Path;

use super::history::{History, Record};
use crate::engine::rng::mix;
use crate::kaen::{Action, Face, KaenError, Player, SeriesConfig};
use crate::record::{KaenRecord, Tags, read_text_file};

/// The face the die shows on roll number `n` (from 0) of the series with `seed`.
#[must_use]
pub fn die(seed: u64, n: usize) -> Face {
    let value = mix(mix(seed) ^ n as u64);
    Face::ALL[(value % 4) as usize]
}

/// Who starts the first game of the series with `seed` (the rules leave it to chance).
#[must_use]
pub fn first_player(seed: u64) -> Player {
    if mix(seed ^ 0x6b61_656e).is_multiple_of(2) {
        Player::One
    } else {
        Player::Two
    }
}

/// A Kaen series in play, with unlimited undo and redo.
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

impl History<KaenRecord> {
    /// A new series with these settings, its die from `seed` (which also picks who starts).
    #[must_use]
    pub fn new(config: SeriesConfig, seed: u64, tags: Tags) -> KaenSession {
        History::resume(
            KaenRecord::new(config, first_player(seed), Some(seed), tags),
            None,
        )
    }

    /// The series in the file at `path`, to play on; its die goes on from its seed (or from
    /// `seed` when it has none, which it then keeps).
    pub fn open(path: &Path, seed: u64) -> Result<KaenSession, String> {
        let text = read_text_file(path).map_err(|e| e.to_string())?;
        crate::record::expect_game(&text, crate::record::GameKind::Kaen)
            .map_err(|why| format!("{}: {why}", path.display()))?;
        let mut record = KaenRecord::read(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        if record.seed().is_none() {
            record.tags_mut().set("Seed", seed.to_string());
        }
        Ok(History::resume(record, Some(path.to_path_buf())))
    }

    /// The die's seed (a series without one rolls from 0).
    #[must_use]
    pub fn seed(&self) -> u64 {
        self.record().seed().unwrap_or(0)
    }

    /// Rolls the die for the player to move: the face is the seed's next.
    pub fn roll(&mut self) -> Result<Face, KaenError> {
        let face = die(self.seed(), self.record().rolls());
        self.act(Action::Roll(face))?;
        Ok(face)
    }
}
