//! The games of one PTN file, as read: to list them, and to open one for replaying.

use std::path::{Path, PathBuf};

use super::Replay;
use crate::record::{PtnError, ReadGame, ReadOptions, read_ptn_file_with};

/// Why a game of a file cannot be replayed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OpenGameError {
    /// The file holds fewer games.
    #[error("the file holds {}, not {}", crate::words::count(*.games, "game", "games"), .index + 1)]
    NoSuchGame {
        /// The game asked for (0-based).
        index: usize,
        /// How many games the file holds.
        games: usize,
    },
    /// The game's tags give no game to replay.
    #[error("game {} cannot be replayed: {}", .index + 1, why_not(.error.as_ref()))]
    NotReplayable {
        /// The game (0-based).
        index: usize,
        /// What the reader found wrong, if anything.
        error: Option<PtnError>,
    },
}

/// Why a game that gives no record cannot be replayed: the reader's error, if it had one.
fn why_not(error: Option<&PtnError>) -> String {
    error.map_or_else(|| "it holds no game".to_owned(), ToString::to_string)
}

/// Every game read from a file, readable or not, in the file's order.
#[derive(Clone, Debug)]
pub struct Library {
    file: PathBuf,
    games: Vec<ReadGame>,
}

/// A game of the library opened for replaying, with what the reader had to say about it.
#[derive(Clone, Debug)]
pub struct OpenedGame {
    /// Which game of the file (0-based).
    pub index: usize,
    /// The viewer.
    pub replay: Replay,
    /// Why the record stops early, when it does (`file:line:col: reason`).
    pub error: Option<String>,
    /// Oddities the reader went past (skipped variations, move numbers out of step).
    pub warnings: Vec<String>,
}

impl Library {
    /// Reads every game of the PTN file at `file`, with `options` for what the file does not
    /// say (a board size).
    pub fn open(file: &Path, options: &ReadOptions) -> Result<Library, PtnError> {
        Ok(Library::new(
            file.to_path_buf(),
            read_ptn_file_with(file, options)?,
        ))
    }

    /// The games `games`, read from `file`.
    #[must_use]
    pub const fn new(file: PathBuf, games: Vec<ReadGame>) -> Library {
        Library { file, games }
    }

    /// The file the games were read from.
    #[must_use]
    pub fn file(&self) -> &Path {
        &self.file
    }

    /// The games, in the file's order.
    #[must_use]
    pub fn games(&self) -> &[ReadGame] {
        &self.games
    }

    /// How many games the file holds.
    #[must_use]
    pub fn len(&self) -> usize {
        self.games.len()
    }

    /// Whether the file holds no game.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.games.is_empty()
    }

    /// Game `index` (0-based) opened at ply `ply`, or why it cannot be: no such game, or one
    /// whose tags give no playable game.
    pub fn open_game(&self, index: usize, ply: usize) -> Result<OpenedGame, OpenGameError> {
        let game = self.games.get(index).ok_or(OpenGameError::NoSuchGame {
            index,
            games: self.len(),
        })?;
        let Some(record) = game.record.clone() else {
            return Err(OpenGameError::NotReplayable {
                index,
                error: game.error.clone(),
            });
        };
        Ok(OpenedGame {
            index,
            replay: Replay::new(record, ply),
            error: game.error.as_ref().map(ToString::to_string),
            warnings: game.warnings.iter().map(ToString::to_string).collect(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::{Library, OpenGameError};
    use crate::record::read_ptn;

    #[test]
    fn a_game_past_the_files_last_is_refused_with_the_count() {
        let games = read_ptn("[Size \"5\"]\n\n1. a1 e5\n").unwrap();
        let library = Library::new("one.ptn".into(), games);
        let error = library.open_game(2, 0).unwrap_err();
        assert_eq!(error, OpenGameError::NoSuchGame { index: 2, games: 1 });
        assert_eq!(error.to_string(), "the file holds 1 game, not 3");
        assert!(library.open_game(0, 0).is_ok());
    }
}
