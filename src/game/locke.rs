//! A Locke game being played: its record, the turns taken back (for redo), where it is saved.

use std::path::{Path, PathBuf};

use crate::locke::{Config, Effect, LockeError, Player, Turn};
use crate::record::{LockeRecord, Tags, read_text_file};

/// Who moves first, by the toss of `coin` (the rules leave it to chance).
#[must_use]
pub const fn first_player(coin: u64) -> Player {
    if coin.count_ones().is_multiple_of(2) {
        Player::White
    } else {
        Player::Black
    }
}

/// A Locke game in play, with unlimited undo and redo.
#[derive(Clone, Debug)]
pub struct LockeSession {
    record: LockeRecord,
    redo: Vec<Turn>,
    path: Option<PathBuf>,
    dirty: bool,
}

impl LockeSession {
    /// A new game with these options, `first` to move.
    #[must_use]
    pub fn new(config: Config, first: Player, tags: Tags) -> LockeSession {
        LockeSession::resume(LockeRecord::new(config, first, tags), None)
    }

    /// The game in the file at `path`, to play on.
    pub fn open(path: &Path) -> Result<LockeSession, String> {
        let text = read_text_file(path).map_err(|e| e.to_string())?;
        let record = LockeRecord::read(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        Ok(LockeSession::resume(record, Some(path.to_path_buf())))
    }

    /// Playing on with `record`, saved at `path` if it is.
    #[must_use]
    pub const fn resume(record: LockeRecord, path: Option<PathBuf>) -> LockeSession {
        LockeSession {
            record,
            redo: Vec::new(),
            path,
            dirty: false,
        }
    }

    /// The same, marked as not saved (a game resumed from the store of unfinished games).
    #[must_use]
    pub const fn unsaved(mut self) -> LockeSession {
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
    pub const fn record(&self) -> &LockeRecord {
        &self.record
    }

    /// Where it is saved, if it is.
    #[must_use]
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// Whether there are turns not saved.
    #[must_use]
    pub const fn is_dirty(&self) -> bool {
        self.dirty
    }

    /// Plays `turn`, or says why not (nothing changes then).
    pub fn play(&mut self, turn: Turn) -> Result<Effect, LockeError> {
        let effect = self.record.push(turn)?;
        self.redo.clear();
        self.dirty = true;
        Ok(effect)
    }

    /// Takes back the last turn; `None` when there is none.
    pub fn undo(&mut self) -> Option<Turn> {
        let (last, _) = *self.record.turns().last()?;
        self.record.truncate(self.record.turns().len() - 1);
        self.redo.push(last);
        self.dirty = true;
        Some(last)
    }

    /// Plays again the last turn taken back; `None` when there is none.
    pub fn redo(&mut self) -> Option<Turn> {
        let turn = self.redo.pop()?;
        self.record.push(turn).ok()?;
        self.dirty = true;
        Some(turn)
    }

    /// Saves the record to `path` (atomically), which becomes the game's file.
    pub fn save_to(&mut self, path: &Path) -> std::io::Result<()> {
        crate::files::write_atomically(path, self.record.write().as_bytes())?;
        self.path = Some(path.to_path_buf());
        self.dirty = false;
        Ok(())
    }
}
