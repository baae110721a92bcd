//! Where unfinished games are kept: one file each in the `games` folder of taktui's data
//! folder, written at every change, so a crash, a killed terminal or a quit never loses a game.
//!
//! Each running game holds a lock on a companion `.lock` file for as long as it is played, so
//! another `tak` can tell the game is in use (the operating system drops the lock when the
//! process ends, however it ends). A new game never touches another's file; the next start
//! lists every unfinished game and offers to resume or discard one.

mod error;
mod how_played;
mod keeper;
mod played_on;

pub use error::StoreError;

pub use how_played::{CAME_FROM_TAG, HowPlayed, SAVED_IN_TAG, forget, note, note_origin, seat_tag};
pub use keeper::{Keeper, KeptGame};
pub use played_on::{
    PLAYED_ON_AT_TAG, PLAYED_ON_FROM_TAG, RECORD_END_TAG, RECORD_MAIN_LINE_TAG, RECORD_RESULT_TAG,
    note_played_on,
};

use std::fs::{File, OpenOptions};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use crate::record::{
    GameKind, GameRecord, KaenRecord, LockeRecord, Stamp, game_kind, read_ptn, read_text_file,
    write_game,
};

/// The tag naming the server of an online game's kept copy (its address, `ws://HOST:PORT`):
/// only kept copies carry it, with [`ONLINE_GAME_TAG`], [`ONLINE_LOGIN_TAG`] and, for a
/// guest, [`ONLINE_GUEST_TAG`], so the next `tak online` can go back into the game while the
/// server still holds it.
pub const ONLINE_SERVER_TAG: &str = "OnlineServer";
/// The tag giving an online game's number on its server (kept copies only).
pub const ONLINE_GAME_TAG: &str = "OnlineGame";
/// The tag naming who played an online game from here (kept copies only).
pub const ONLINE_LOGIN_TAG: &str = "OnlineLogin";
/// The tag holding the guest's token an online game was played with, so that logging in
/// again is the same guest (kept copies only; an account's password is never written).
pub const ONLINE_GUEST_TAG: &str = "OnlineGuestToken";

/// The environment variable that overrides where taktui keeps its data (used by tests).
pub const DATA_DIR_VAR: &str = "TAKTUI_DATA_DIR";

/// The folder for taktui's data: `$TAKTUI_DATA_DIR` when set, else the platform's data folder
/// (on Linux `$XDG_DATA_HOME/taktui`, by default `~/.local/share/taktui`). `None` when no home
/// folder can be found.
#[must_use]
pub fn data_dir() -> Option<PathBuf> {
    std::env::var_os(DATA_DIR_VAR)
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| project_dirs().map(|dirs| dirs.data_dir().to_path_buf()))
}

/// The environment variable that overrides where taktui keeps its settings (used by tests).
pub const CONFIG_DIR_VAR: &str = "TAKTUI_CONFIG_DIR";

/// The folder for taktui's settings (`config.toml`, `engines.toml`): `$TAKTUI_CONFIG_DIR` when
/// set, else the platform's config folder (on Linux `$XDG_CONFIG_HOME/taktui`, by default
/// `~/.config/taktui`).
#[must_use]
pub fn config_dir() -> Option<PathBuf> {
    std::env::var_os(CONFIG_DIR_VAR)
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| project_dirs().map(|dirs| dirs.config_dir().to_path_buf()))
}

fn project_dirs() -> Option<directories::ProjectDirs> {
    directories::ProjectDirs::from("", "", "taktui")
}

/// A game kept in the store: Tak, or one of the rulebook's other games.
#[derive(Clone, Debug, PartialEq)]
pub enum KeptRecord {
    /// A game of Tak.
    Tak(Box<GameRecord>),
    /// A series of Kaen.
    Kaen(Box<KaenRecord>),
    /// A game of Locke.
    Locke(Box<LockeRecord>),
}

impl KeptRecord {
    /// The record's text, as kept in its file.
    #[must_use]
    pub fn write(&self) -> String {
        match self {
            KeptRecord::Tak(record) => write_game(record),
            KeptRecord::Kaen(record) => record.write(),
            KeptRecord::Locke(record) => record.write(),
        }
    }

    /// Whether it is worth resuming: something played (or, in Locke, a series under way), and
    /// not over.
    #[must_use]
    pub fn goes_on(&self) -> bool {
        match self {
            KeptRecord::Tak(record) => {
                !record.plies().is_empty()
                    && !record.position().is_over()
                    && record.result_token().is_none()
            }
            KeptRecord::Kaen(record) => {
                !record.actions().is_empty() && record.series().end().is_none()
            }
            // A game of a series not yet begun goes on with the series.
            KeptRecord::Locke(record) => {
                (!record.turns().is_empty()
                    || record.tags().get(crate::game::locke::SERIES_TAG).is_some())
                    && record.position().ending().is_none()
            }
        }
    }
}

/// The game in the file at `path`, if it is one worth resuming (begun, not finished): Tak,
/// Kaen or Locke, as its `Game` tag says. A Tak game damaged part way (a ply that does not
/// read) is its plies before the damage.
#[must_use]
pub fn read(path: &Path) -> Option<KeptRecord> {
    read_kept(path).map(|(game, _)| game)
}

/// [`read`], and what is damaged in the file when only its first plies read (a ply that does
/// not read, a disk that wrote garbage): the game is offered as far as it goes, and the
/// damage said rather than the game hidden.
fn read_kept(path: &Path) -> Option<(KeptRecord, Option<String>)> {
    if let Some(game) = read_any(path) {
        return game.goes_on().then_some((game, None));
    }
    let text = read_text_file(path).ok()?;
    if game_kind(&text) != GameKind::Tak {
        return None;
    }
    let game = read_ptn(&text).ok()?.pop()?;
    let (record, error) = (game.record?, game.error?);
    let damage = format!(
        "damaged: {error}; the {} before it read",
        crate::words::count(record.plies().len(), "ply", "plies")
    );
    let kept = KeptRecord::Tak(Box::new(record));
    kept.goes_on().then_some((kept, Some(damage)))
}

/// The game in the file at `path`, begun or not, finished or not, if it reads without error.
fn read_any(path: &Path) -> Option<KeptRecord> {
    let text = read_text_file(path).ok()?;
    let kept = match game_kind(&text) {
        GameKind::Tak => {
            let game = read_ptn(&text).ok()?.pop()?;
            if game.error.is_some() {
                return None;
            }
            KeptRecord::Tak(Box::new(game.record?))
        }
        GameKind::Kaen => KeptRecord::Kaen(Box::new(KaenRecord::read(&text).ok()?)),
        GameKind::Locke => KeptRecord::Locke(Box::new(LockeRecord::read(&text).ok()?)),
    };
    Some(kept)
}

/// What keeps the file at `path` from giving any game (not even its first plies), if
/// something does: a game over, or one not begun, is no damage.
fn damage_of(path: &Path) -> Option<String> {
    let text = match read_text_file(path) {
        Ok(text) => text,
        Err(error) => return Some(error.to_string()),
    };
    match game_kind(&text) {
        GameKind::Tak => match read_ptn(&text) {
            Err(error) => Some(error.to_string()),
            Ok(mut games) => match games.pop() {
                None => Some("no game in it".to_owned()),
                Some(game) => game.error.map(|error| error.to_string()),
            },
        },
        GameKind::Kaen => KaenRecord::read(&text).err().map(|e| e.to_string()),
        GameKind::Locke => LockeRecord::read(&text).err().map(|e| e.to_string()),
    }
}

/// An unfinished game found in the store.
#[derive(Clone, Debug)]
pub struct Unfinished {
    /// Its file.
    pub path: PathBuf,
    /// The game.
    pub game: KeptRecord,
    /// When it was last played (its file last written).
    pub modified: SystemTime,
    /// Whether another running `tak` plays it now.
    pub held: bool,
    /// What in its file does not read, when the game is only its plies before that (resuming
    /// sets the file aside first, as [`DAMAGED_EXTENSION`], and plays on from them).
    pub damaged: Option<String>,
}

/// The extension of a damaged game's file set aside when the game is resumed from the plies
/// that read: kept for its owner, and never listed again.
pub const DAMAGED_EXTENSION: &str = "damaged";

/// The folder of unfinished games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Store {
    dir: PathBuf,
}

impl Store {
    /// The store in the data folder `data` (its `games` folder). Games that older versions kept
    /// in `recovery.ptn` (and the `recovery-*.ptn` files set aside beside it) are moved in, so
    /// they are listed too.
    #[must_use]
    pub fn in_data_dir(data: &Path) -> Store {
        let store = Store {
            dir: data.join("games"),
        };
        store.take_in_old_recovery_files(data);
        store
    }

    /// The store in the usual data folder, if there is one.
    #[must_use]
    pub fn usual() -> Option<Store> {
        data_dir().map(|dir| Store::in_data_dir(&dir))
    }

    /// The folder the games are kept in.
    #[must_use]
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The data folder the store is in (progress in lessons and puzzles is kept there too).
    #[must_use]
    pub fn data_dir(&self) -> Option<&Path> {
        self.dir.parent()
    }

    fn take_in_old_recovery_files(&self, data: &Path) {
        let Ok(entries) = std::fs::read_dir(data) else {
            return;
        };
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            let old = name == "recovery.ptn"
                || (name.starts_with("recovery-")
                    && Path::new(&name).extension().is_some_and(|e| e == "ptn"));
            if old && std::fs::create_dir_all(&self.dir).is_ok() {
                // Never over a game moved in before: the first name not taken.
                let free = (0..1000)
                    .map(|n| self.dir.join(format!("earlier-{n}-{name}")))
                    .find(|path| !path.exists());
                if let Some(target) = free {
                    let _ = std::fs::rename(entry.path(), target);
                }
            }
        }
    }

    /// Every unfinished game in the store played here (not online: those go back to their
    /// server, [`Store::unfinished_online`]), the most recently played first. Files that hold
    /// no game worth resuming (emptied, finished, unreadable) are left alone and not listed.
    #[must_use]
    pub fn unfinished(&self) -> Vec<Unfinished> {
        let mut games = self.every_unfinished();
        games.retain(|game| game.game.tags().get(ONLINE_SERVER_TAG).is_none());
        games
    }

    /// Every unfinished online game in the store (its kept copy names its server,
    /// [`ONLINE_SERVER_TAG`]), the most recently played first.
    #[must_use]
    pub fn unfinished_online(&self) -> Vec<Unfinished> {
        let mut games = self.every_unfinished();
        games.retain(|game| game.game.tags().get(ONLINE_SERVER_TAG).is_some());
        games
    }

    /// Every unfinished game in the store, the most recently played first.
    fn every_unfinished(&self) -> Vec<Unfinished> {
        let Ok(entries) = std::fs::read_dir(&self.dir) else {
            return Vec::new();
        };
        let mut games: Vec<Unfinished> = entries
            .flatten()
            .map(|entry| entry.path())
            .filter(|path| path.extension().is_some_and(|e| e == "ptn"))
            .filter_map(|path| {
                let (game, damaged) = read_kept(&path)?;
                let modified = std::fs::metadata(&path).and_then(|m| m.modified()).ok()?;
                let held = is_held(&path);
                Some(Unfinished {
                    path,
                    game,
                    modified,
                    held,
                    damaged,
                })
            })
            .collect();
        games.sort_by_key(|game| std::cmp::Reverse(game.modified));
        games
    }

    /// The files in the store that give no game at all (not even their first plies), each
    /// with why: left as they are, and said, so that no game is hidden without a word.
    #[must_use]
    pub fn unreadable(&self) -> Vec<(PathBuf, String)> {
        let Ok(entries) = std::fs::read_dir(&self.dir) else {
            return Vec::new();
        };
        let mut found: Vec<(PathBuf, String)> = entries
            .flatten()
            .map(|entry| entry.path())
            .filter(|path| path.extension().is_some_and(|e| e == "ptn"))
            .filter(|path| read_kept(path).is_none())
            .filter_map(|path| damage_of(&path).map(|why| (path, why)))
            .collect();
        found.sort();
        found
    }

    /// A new game's place in the store, held by this process. Nothing is written until the
    /// game has a ply.
    pub fn new_game(&self) -> Result<KeptGame, StoreError> {
        std::fs::create_dir_all(&self.dir).map_err(|error| StoreError::Write {
            path: self.dir.clone(),
            error,
        })?;
        let stem = format!("{}-{}", Stamp::now().file_stem(), std::process::id());
        for n in 0..1000 {
            let path = self.dir.join(format!("{stem}-{n}.ptn"));
            if path.exists() || lock_path(&path).exists() {
                continue;
            }
            match KeptGame::hold(path.clone()) {
                Ok(game) => return Ok(game),
                // Taken in the meantime by another process: the next name.
                Err(StoreError::Held { .. }) => {}
                Err(error) => return Err(error),
            }
        }
        Err(StoreError::NoFreeName {
            dir: self.dir.clone(),
        })
    }

    /// Takes the unfinished game at `path` to play on: `Err` when another `tak` holds it.
    pub fn claim(&self, path: &Path) -> Result<(KeptGame, KeptRecord), StoreError> {
        let kept = KeptGame::hold(path.to_path_buf())?;
        let (record, damaged) = read_kept(path).ok_or_else(|| StoreError::NoGame {
            path: path.to_path_buf(),
        })?;
        if damaged.is_some() {
            // The next move writes the plies that read over the file: the file as it was is
            // kept aside first, for its owner to look into.
            let aside = path.with_extension(DAMAGED_EXTENSION);
            if let Err(error) = std::fs::copy(path, &aside) {
                return Err(StoreError::SetAside {
                    path: path.to_path_buf(),
                    aside,
                    error,
                });
            }
        }
        Ok((kept, record))
    }

    /// Whether another process plays the game kept at `path` now (a list of games says what
    /// was so when it was read; a `tak` may have ended since).
    #[must_use]
    pub fn is_held(&self, path: &Path) -> bool {
        is_held(path)
    }

    /// Deletes the unfinished game at `path`, unless another `tak` holds it.
    pub fn discard(&self, path: &Path) -> Result<(), StoreError> {
        let kept = KeptGame::hold(path.to_path_buf())?;
        kept.clear();
        Ok(())
    }
}

/// The companion file whose lock says a game is being played.
fn lock_path(game: &Path) -> PathBuf {
    let mut name = game.as_os_str().to_owned();
    name.push(".lock");
    PathBuf::from(name)
}

/// Opens (creating) and locks the lock file of `game`; `Err` when another process holds it.
fn lock(game: &Path) -> Result<File, StoreError> {
    let path = lock_path(game);
    let file = match OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&path)
    {
        Ok(file) => file,
        Err(error) => return Err(StoreError::OpenLock { path, error }),
    };
    match file.try_lock() {
        Ok(()) => Ok(file),
        Err(std::fs::TryLockError::WouldBlock) => Err(StoreError::Held {
            game: game.to_path_buf(),
        }),
        Err(std::fs::TryLockError::Error(error)) => Err(StoreError::Lock { path, error }),
    }
}

/// Whether another process holds the game at `game`.
fn is_held(game: &Path) -> bool {
    let path = lock_path(game);
    let Ok(file) = OpenOptions::new().write(true).open(&path) else {
        return false;
    };
    matches!(file.try_lock(), Err(std::fs::TryLockError::WouldBlock))
}

/// Writes `text` to `path` atomically, creating the folder if needed.
fn write(path: &Path, text: &str) -> std::io::Result<()> {
    if let Some(folder) = path.parent() {
        std::fs::create_dir_all(folder)?;
    }
    crate::files::write_atomically(path, text.as_bytes())
}
