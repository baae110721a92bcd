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

#[cfg(test)]
mod tests {
    use super::StoreError;
    use crate::game::store::{Keeper, KeptRecord, Store};
    use crate::notation::parse_move;
    use crate::record::{GameRecord, Tags};
    use crate::rules::{BoardSize, GameConfig, Position};

    fn one_ply() -> GameRecord {
        let size = BoardSize::new(5).unwrap();
        let mut record = GameRecord::new(Position::new(GameConfig::new(size)), Tags::default());
        record.play(parse_move("a1", size).unwrap()).unwrap();
        record
    }

    #[test]
    fn a_game_played_here_cannot_be_claimed_nor_discarded_until_let_go() {
        let data = tempfile::tempdir().unwrap();
        let store = Store::in_data_dir(data.path());
        let mut keeper = Keeper::new(Some(store.clone()));
        keeper.keep(one_ply()).unwrap();
        let path = keeper.path().unwrap().to_path_buf();
        let error = store.claim(&path).unwrap_err();
        assert!(
            matches!(&error, StoreError::Held { game } if game == &path),
            "{error:?}"
        );
        assert_eq!(
            error.to_string(),
            format!("{} is being played in another tak", path.display())
        );
        assert!(matches!(store.discard(&path), Err(StoreError::Held { .. })));
        assert_eq!(keeper.release().as_deref(), Some(path.as_path()));
        let (_, game) = store.claim(&path).unwrap();
        assert!(matches!(game, KeptRecord::Tak(record) if record.plies().len() == 1));
    }

    #[test]
    fn a_file_with_no_game_to_resume_is_said_to_hold_none() {
        let data = tempfile::tempdir().unwrap();
        let store = Store::in_data_dir(data.path());
        std::fs::create_dir_all(store.dir()).unwrap();
        let path = store.dir().join("empty.ptn");
        std::fs::write(&path, "").unwrap();
        let error = store.claim(&path).unwrap_err();
        assert!(matches!(&error, StoreError::NoGame { path: p } if p == &path));
        assert!(
            error
                .to_string()
                .ends_with("no longer holds a game to resume")
        );
    }

    #[test]
    fn a_store_that_cannot_be_made_says_where_the_game_was_to_be_kept() {
        let data = tempfile::tempdir().unwrap();
        // A file where the store's folder should be.
        std::fs::write(data.path().join("games"), "").unwrap();
        let store = Store::in_data_dir(data.path());
        let mut keeper = Keeper::new(Some(store.clone()));
        let error = keeper.keep(one_ply()).unwrap_err();
        assert!(
            matches!(&error, StoreError::Write { path, .. } if path == store.dir()),
            "{error:?}"
        );
        let said = error.to_string();
        assert!(
            said.starts_with(&format!(
                "cannot keep the game in {}: ",
                store.dir().display()
            )),
            "{said}"
        );
        assert_eq!(
            keeper.behind(),
            None,
            "no game file yet: nothing lags behind"
        );
    }
}
