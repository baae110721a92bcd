//! A Kaen or Locke game in play: its record, the actions taken back (for redo), where it is
//! saved and whether it changed since. One shape for both games; each game's record says how
//! an action is added, counted and written ([`Record`]), and each game adds its own ways to
//! begin (`game/kaen.rs`, `game/locke.rs`).

use std::path::{Path, PathBuf};

use crate::record::{GameKind, PtnError, RulebookError, WrongGame, expect_game, read_text_file};

/// Why a Kaen or Locke game cannot be played on from a file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OpenError {
    /// The file cannot be read as text (its name is in the message).
    #[error(transparent)]
    Read(#[from] PtnError),
    /// The file is a record of another game.
    #[error("{}: {error}", .path.display())]
    WrongGame {
        /// The file.
        path: PathBuf,
        /// The game it is of.
        error: WrongGame,
    },
    /// The record does not read, or breaks the game's rules.
    #[error("{}: {error}", .path.display())]
    Record {
        /// The file.
        path: PathBuf,
        /// What is wrong, and where in it.
        error: RulebookError,
    },
}

/// The record of a `kind` game in the file at `path`, read by `read`.
pub(super) fn read_record<R>(
    path: &Path,
    kind: GameKind,
    read: impl FnOnce(&str) -> Result<R, RulebookError>,
) -> Result<R, OpenError> {
    let text = read_text_file(path)?;
    let wrong = |error| OpenError::WrongGame {
        path: path.to_path_buf(),
        error,
    };
    expect_game(&text, kind).map_err(wrong)?;
    read(&text).map_err(|error| OpenError::Record {
        path: path.to_path_buf(),
        error,
    })
}

/// What a history needs of a game's record.
pub trait Record {
    /// One action (Kaen) or turn (Locke).
    type Action: Copy + std::fmt::Debug;
    /// What an action did, when it was allowed.
    type Done;
    /// Why an action was refused.
    type Error;
    /// Adds `action`, or refuses it and changes nothing.
    fn push(&mut self, action: Self::Action) -> Result<Self::Done, Self::Error>;
    /// The last action, if any.
    fn last(&self) -> Option<Self::Action>;
    /// How many actions it holds.
    fn played(&self) -> usize;
    /// Keeps only the first `n` actions.
    fn truncate(&mut self, n: usize);
    /// The record as text, for its file.
    fn write(&self) -> String;
}

/// A game in play, with unlimited undo and redo.
#[derive(Clone, Debug)]
pub struct History<R: Record> {
    record: R,
    redo: Vec<R::Action>,
    path: Option<PathBuf>,
    dirty: bool,
}

impl<R: Record> History<R> {
    /// Playing on with `record`, saved at `path` if it is.
    #[must_use]
    pub const fn resume(record: R, path: Option<PathBuf>) -> History<R> {
        History {
            record,
            redo: Vec::new(),
            path,
            dirty: false,
        }
    }

    /// The same, marked as not saved (a game resumed from the store of unfinished games).
    #[must_use]
    pub fn unsaved(mut self) -> History<R> {
        self.dirty = true;
        self
    }

    /// The record.
    #[must_use]
    pub const fn record(&self) -> &R {
        &self.record
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

    /// How many actions taken back can be done again.
    #[must_use]
    pub fn redo_len(&self) -> usize {
        self.redo.len()
    }

    /// No longer tied to its file: saving asks for a new one (play goes on from a replay).
    pub fn detach(&mut self) {
        self.path = None;
    }

    /// Forgets the actions taken back: redo has nothing to do again.
    pub fn forget_redo(&mut self) {
        self.redo.clear();
    }

    /// Carries out `action`, or says why not (nothing changes then).
    pub fn act(&mut self, action: R::Action) -> Result<R::Done, R::Error> {
        let done = self.record.push(action)?;
        self.redo.clear();
        self.dirty = true;
        Ok(done)
    }

    /// Takes back the last action; `None` when there is none.
    pub fn undo(&mut self) -> Option<R::Action> {
        let last = self.record.last()?;
        self.record.truncate(self.record.played() - 1);
        self.redo.push(last);
        self.dirty = true;
        Some(last)
    }

    /// Does again the last action taken back; `None` when there is none.
    pub fn redo(&mut self) -> Option<R::Action> {
        let action = self.redo.pop()?;
        // It was legal at this very point before it was taken back.
        self.record.push(action).ok()?;
        self.dirty = true;
        Some(action)
    }

    /// Saves the record to `path` (atomically), which becomes the game's file.
    pub fn save_to(&mut self, path: &Path) -> std::io::Result<()> {
        crate::files::write_atomically(path, self.record.write().as_bytes())?;
        self.path = Some(path.to_path_buf());
        self.dirty = false;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::OpenError;
    use crate::game::kaen::KaenSession;
    use crate::game::locke::LockeSession;
    use crate::record::GameKind;

    #[test]
    fn a_record_of_another_game_is_refused_with_the_command_that_plays_it() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("locke.ptn");
        std::fs::write(&path, "[Game \"Locke\"]\n[Variant \"classic\"]\n").unwrap();
        let error = KaenSession::open(&path).unwrap_err();
        let OpenError::WrongGame {
            path: named,
            error: wrong,
        } = &error
        else {
            panic!("not the wrong game: {error:?}");
        };
        assert_eq!(named, &path);
        assert_eq!(wrong.found, GameKind::Locke);
        assert_eq!(
            error.to_string(),
            format!(
                "{}: this is a record of Locke (its Game tag says so): `tak locke FILE` plays \
                 on from it",
                path.display()
            )
        );
    }

    #[test]
    fn a_file_that_cannot_be_read_is_named() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("none.ptn");
        let error = LockeSession::open(&path).unwrap_err();
        assert!(matches!(error, OpenError::Read(_)), "{error:?}");
        assert!(error.to_string().contains("none.ptn"), "{error}");
    }

    #[test]
    fn a_record_that_breaks_the_rules_says_where() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("kaen.ptn");
        std::fs::write(&path, "[Game \"Kaen\"]\n[Chips \"x\"]\n").unwrap();
        let error = KaenSession::open(&path).unwrap_err();
        assert!(matches!(error, OpenError::Record { .. }), "{error:?}");
        let said = error.to_string();
        assert!(said.starts_with(&format!("{}: ", path.display())), "{said}");
        assert!(said.contains("Chips"), "{said}");
    }
}
