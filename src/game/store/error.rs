//! What can go wrong when a game is kept in the store, taken from it or let go.

use std::path::PathBuf;

/// Why a game could not be kept, claimed or discarded: each says which file, and what the
/// system said.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// Another running `tak` holds the game (it plays it now).
    #[error("{} is being played in another tak", .game.display())]
    Held {
        /// The game's file.
        game: PathBuf,
    },
    /// The lock file that says a game is in use could not be opened.
    #[error("cannot open {}: {error}", .path.display())]
    OpenLock {
        /// The lock file.
        path: PathBuf,
        /// What the system said.
        error: std::io::Error,
    },
    /// The lock file could not be locked, for another reason than another holder.
    #[error("cannot lock {}: {error}", .path.display())]
    Lock {
        /// The lock file.
        path: PathBuf,
        /// What the system said.
        error: std::io::Error,
    },
    /// The file no longer holds a game worth resuming (emptied, finished or removed since it
    /// was listed).
    #[error("{} no longer holds a game to resume", .path.display())]
    NoGame {
        /// The game's file.
        path: PathBuf,
    },
    /// A damaged game's file could not be copied aside before play goes on from what reads.
    #[error(
        "{} is damaged and cannot be set aside as {}: {error}",
        .path.display(),
        .aside.display()
    )]
    SetAside {
        /// The damaged file.
        path: PathBuf,
        /// Where its copy was to go.
        aside: PathBuf,
        /// What the system said.
        error: std::io::Error,
    },
    /// The game's file, or the folder it goes in, could not be written.
    #[error("cannot keep the game in {}: {error}", .path.display())]
    Write {
        /// The file, or the store's folder.
        path: PathBuf,
        /// What the system said.
        error: std::io::Error,
    },
    /// Every name a new game's file could take is taken.
    #[error("cannot keep the game in {}: no free name for a game there", .dir.display())]
    NoFreeName {
        /// The store's folder.
        dir: PathBuf,
    },
}
