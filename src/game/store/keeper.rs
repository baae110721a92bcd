//! One game's file in the store, held while it is played, and the app's keeper that gives each
//! game it plays a file of its own.

use std::fs::File;
use std::path::{Path, PathBuf};

use super::{KeptRecord, Store, StoreError, lock, lock_path, write};
use crate::record::GameRecord;

/// A game's file in the store, locked by this process for as long as this value lives.
#[derive(Debug)]
pub struct KeptGame {
    path: PathBuf,
    /// The lock on the companion `.lock` file; dropping it lets other processes take the game.
    _lock: File,
}

impl KeptGame {
    /// Holds the game at `path`: `Err` when another process holds it.
    pub(super) fn hold(path: PathBuf) -> Result<KeptGame, StoreError> {
        let lock = lock(&path)?;
        Ok(KeptGame { path, _lock: lock })
    }

    /// The game's file.
    #[must_use]
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Writes the game's `text` to the file.
    pub fn write(&self, text: &str) -> Result<(), StoreError> {
        write(&self.path, text).map_err(|error| StoreError::Write {
            path: self.path.clone(),
            error,
        })
    }

    /// Removes the game's file (saved, finished or discarded), and its lock file.
    pub fn clear(&self) {
        let _ = std::fs::remove_file(&self.path);
        let _ = std::fs::remove_file(lock_path(&self.path));
    }
}

impl Drop for KeptGame {
    /// A game whose file is gone (saved, finished, discarded) leaves no lock file behind.
    fn drop(&mut self) {
        if !self.path.exists() {
            let _ = std::fs::remove_file(lock_path(&self.path));
        }
    }
}

/// Keeps the game being played in a file of its own in the store, from its first ply until it
/// is saved or over.
#[derive(Debug, Default)]
pub struct Keeper {
    store: Option<Store>,
    /// The file of the game being played, once it has one.
    game: Option<KeptGame>,
    /// Why the last write failed (a full disk), while the file lacks the latest moves.
    behind: Option<String>,
}

impl Clone for Keeper {
    /// A clone keeps nothing: a game's file belongs to one keeper (a clone of the app is for
    /// looking at, as tests do).
    fn clone(&self) -> Keeper {
        Keeper {
            store: self.store.clone(),
            game: None,
            behind: None,
        }
    }
}

impl Keeper {
    /// Keeping games in `store` (none: nothing is kept, as in tests).
    #[must_use]
    pub const fn new(store: Option<Store>) -> Keeper {
        Keeper {
            store,
            game: None,
            behind: None,
        }
    }

    /// The store, if games are kept.
    #[must_use]
    pub const fn store(&self) -> Option<&Store> {
        self.store.as_ref()
    }

    /// Where the game being played is kept, while it is.
    #[must_use]
    pub fn path(&self) -> Option<&Path> {
        self.game
            .as_ref()
            .map(KeptGame::path)
            .filter(|path| path.exists())
    }

    /// Why the kept file lacks the game's latest moves (its last write failed: a full disk,
    /// say), if it does: quitting then keeps the game only as it was before them.
    #[must_use]
    pub fn behind(&self) -> Option<&str> {
        self.behind.as_deref().filter(|_| self.game.is_some())
    }

    /// Plays on with a game taken from the store: its file is now this keeper's.
    pub fn adopt(&mut self, game: KeptGame) {
        self.game = Some(game);
        self.behind = None;
    }

    /// Keeps a Tak `record` in step: written while it has plies and goes on (in a new file of
    /// its own the first time), removed once it is empty or over.
    pub fn keep(&mut self, record: GameRecord) -> Result<(), StoreError> {
        self.keep_any(&KeptRecord::Tak(Box::new(record)))
    }

    /// Keeps any game's record in step, as [`keep`](Self::keep) does a Tak game's.
    pub fn keep_any(&mut self, game: &KeptRecord) -> Result<(), StoreError> {
        // A game with a result (the rules', or a loss on time) is over: nothing to resume.
        if !game.goes_on() {
            // The file goes, and its hold with it: should the game go on (an undo), it gets a
            // new file and a new lock, never a file another process could take meanwhile.
            if let Some(kept) = self.game.take() {
                kept.clear();
            }
            self.behind = None;
            return Ok(());
        }
        if self.game.is_none() {
            let Some(store) = &self.store else {
                return Ok(());
            };
            self.game = Some(store.new_game()?);
        }
        let written = match &self.game {
            Some(kept) => kept.write(&game.write()),
            None => Ok(()),
        };
        // Said while the file lags, as a message: the error itself goes to the caller.
        self.behind = written.as_ref().err().map(ToString::to_string);
        written
    }

    /// The game was saved: its kept copy goes.
    pub fn clear(&mut self) {
        if let Some(game) = self.game.take() {
            game.clear();
        }
        self.behind = None;
    }

    /// Lets the game being played go, its file left for resuming later (a new game starts).
    /// Returns where it is kept, if it is.
    pub fn release(&mut self) -> Option<PathBuf> {
        self.behind = None;
        let game = self.game.take()?;
        let path = game.path().to_path_buf();
        path.exists().then_some(path)
    }
}
