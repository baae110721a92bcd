//! A Kaen series being played: its record, the actions taken back (for redo), where it is
//! saved, and the die.
//!
//! The die is a function of the series' seed and how many rolls came before, so the same seed
//! always rolls the same faces: a series replays exactly, and taking back a roll and rolling
//! again shows the same face (undo cannot be used to re-roll).

use std::path::{Path, PathBuf};

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
#[derive(Clone, Debug)]
pub struct KaenSession {
    record: KaenRecord,
    seed: u64,
    redo: Vec<Action>,
    path: Option<PathBuf>,
    dirty: bool,
}

impl KaenSession {
    /// A new series with these settings, its die from `seed` (which also picks who starts).
    #[must_use]
    pub fn new(config: SeriesConfig, seed: u64, tags: Tags) -> KaenSession {
        let record = KaenRecord::new(config, first_player(seed), Some(seed), tags);
        KaenSession {
            record,
            seed,
            redo: Vec::new(),
            path: None,
            dirty: false,
        }
    }

    /// The series in the file at `path`, to play on; its die goes on from its seed (or from
    /// `seed` when it has none).
    pub fn open(path: &Path, seed: u64) -> Result<KaenSession, String> {
        let text = read_text_file(path).map_err(|e| e.to_string())?;
        let record = KaenRecord::read(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        Ok(KaenSession::resume(record, Some(path.to_path_buf()), seed))
    }

    /// Playing on with `record`, saved at `path` if it is.
    #[must_use]
    pub fn resume(record: KaenRecord, path: Option<PathBuf>, seed: u64) -> KaenSession {
        let seed = record.seed().unwrap_or(seed);
        KaenSession {
            record,
            seed,
            redo: Vec::new(),
            path,
            dirty: false,
        }
    }

    /// The same, marked as not saved (a game resumed from the store of unfinished games).
    #[must_use]
    pub const fn unsaved(mut self) -> KaenSession {
        self.dirty = true;
        self
    }

    /// How many actions taken back can be done again.
    #[must_use]
    pub const fn redo_len(&self) -> usize {
        self.redo.len()
    }

    /// No longer tied to its file: saving asks for a new one (play goes on from a replay).
    pub fn detach(&mut self) {
        self.path = None;
    }

    /// The record.
    #[must_use]
    pub const fn record(&self) -> &KaenRecord {
        &self.record
    }

    /// The die's seed.
    #[must_use]
    pub const fn seed(&self) -> u64 {
        self.seed
    }

    /// Where it is saved, if it is.
    #[must_use]
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// Whether there are actions not saved.
    #[must_use]
    pub const fn is_dirty(&self) -> bool {
        self.dirty
    }

    /// Carries out `action`, or says why not (nothing changes then).
    pub fn act(&mut self, action: Action) -> Result<(), KaenError> {
        self.record.push(action)?;
        self.redo.clear();
        self.dirty = true;
        Ok(())
    }

    /// Rolls the die for the player to move: the face is the seed's next.
    pub fn roll(&mut self) -> Result<Face, KaenError> {
        let face = die(self.seed, self.record.rolls());
        self.act(Action::Roll(face))?;
        Ok(face)
    }

    /// Takes back the last action; `None` when there is none.
    pub fn undo(&mut self) -> Option<Action> {
        let last = *self.record.actions().last()?;
        self.record.truncate(self.record.actions().len() - 1);
        self.redo.push(last);
        self.dirty = true;
        Some(last)
    }

    /// Does again the last action taken back; `None` when there is none.
    pub fn redo(&mut self) -> Option<Action> {
        let action = self.redo.pop()?;
        // It was legal at this very point before it was taken back.
        self.record.push(action).ok()?;
        self.dirty = true;
        Some(action)
    }

    /// Saves the record to `path` (atomically), which becomes the series' file.
    pub fn save_to(&mut self, path: &Path) -> std::io::Result<()> {
        crate::files::write_atomically(path, self.record.write().as_bytes())?;
        self.path = Some(path.to_path_buf());
        self.dirty = false;
        Ok(())
    }
}
