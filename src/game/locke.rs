//! A Locke game being played: its record, the turns taken back (for redo), where it is saved;
//! and the series it belongs to, kept in its `Series` tag (`series`).

mod series;

pub use series::{Finished, SERIES_TAG, points, read_series, totals, write_series};

use std::path::Path;

use super::history::{History, OpenError, Record, read_record};
use crate::locke::{Config, Effect, LockeError, Player, Turn};
use crate::record::{GameKind, LockeRecord, Tags};

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
pub type LockeSession = History<LockeRecord>;

impl Record for LockeRecord {
    type Action = Turn;
    type Done = Effect;
    type Error = LockeError;

    fn push(&mut self, turn: Turn) -> Result<Effect, LockeError> {
        LockeRecord::push(self, turn)
    }

    fn last(&self) -> Option<Turn> {
        self.turns().last().map(|&(turn, _)| turn)
    }

    fn played(&self) -> usize {
        self.turns().len()
    }

    fn truncate(&mut self, n: usize) {
        LockeRecord::truncate(self, n);
    }

    fn write(&self) -> String {
        LockeRecord::write(self)
    }
}

impl History<LockeRecord> {
    /// A new game with these options, `first` to move.
    #[must_use]
    pub fn new(config: Config, first: Player, tags: Tags) -> LockeSession {
        History::resume(LockeRecord::new(config, first, tags), None)
    }

    /// The game in the file at `path`, to play on.
    pub fn open(path: &Path) -> Result<LockeSession, OpenError> {
        let record = read_record(path, GameKind::Locke, LockeRecord::read)?;
        Ok(History::resume(record, Some(path.to_path_buf())))
    }

    /// Plays `turn`, or says why not (nothing changes then).
    pub fn play(&mut self, turn: Turn) -> Result<Effect, LockeError> {
        self.act(turn)
    }
}
