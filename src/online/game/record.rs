//! An online game's record: PlayTak's tags, kept in the store of unfinished games while it
//! is played (with what it takes to go back to it on the server), saved in the data folder's
//! `online` folder when it ends, and listed there as the past online games.

use std::path::{Path, PathBuf};
use std::time::SystemTime;

use crate::game::clock::TimeControl;
use crate::game::store::{
    Keeper, KeptGame, ONLINE_GAME_TAG, ONLINE_GUEST_TAG, ONLINE_LOGIN_TAG, ONLINE_SERVER_TAG,
    Store, StoreError, Unfinished,
};
use crate::online::protocol::GameId;
use crate::record::{GameRecord, Stamp, Tags, read_ptn, read_text_file, write_game};
use crate::rules::{ByColor, Color};

/// Why an online game could not be kept or saved: which file or folder, and what the system
/// said.
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    /// Its copy in the store of unfinished games could not be written.
    #[error(transparent)]
    Kept(#[from] StoreError),
    /// The `online` folder could not be made.
    #[error("cannot make {}: {error}", .folder.display())]
    Folder {
        /// The folder.
        folder: PathBuf,
        /// What the system said.
        error: std::io::Error,
    },
    /// Every name the game's file could take is taken.
    #[error("no free name for {stem} in {}", .folder.display())]
    NoFreeName {
        /// The name wanted, without its number and extension.
        stem: String,
        /// The folder.
        folder: PathBuf,
    },
    /// The game's file could not be written.
    #[error("cannot save the game in {}: {error}", .path.display())]
    Write {
        /// The file.
        path: PathBuf,
        /// What the system said.
        error: std::io::Error,
    },
}

/// The `Event` tag of every online game, as PlayTak's records write it.
pub const EVENT: &str = "Online Play";

/// The `Site` tag for the PlayTak service itself.
pub const PLAYTAK_SITE: &str = "PlayTak.com";

/// The `Site` tag for a server at `url`: `PlayTak.com` for the service, else the host.
#[must_use]
pub fn site_of(url: &str) -> String {
    let rest = url.split_once("://").map_or(url, |(_, rest)| rest);
    let host_port = rest.split(['/', '?']).next().unwrap_or(rest);
    let host = host_port
        .rsplit_once(':')
        .filter(|(_, port)| port.bytes().all(|b| b.is_ascii_digit()))
        .map_or(host_port, |(host, _)| host);
    if host.eq_ignore_ascii_case("playtak.com")
        || host.to_ascii_lowercase().ends_with(".playtak.com")
    {
        PLAYTAK_SITE.to_owned()
    } else {
        host.to_owned()
    }
}

/// The `Clock` tag as PlayTak's records write it: `M:SS +INC` (`10:00 +5`).
#[must_use]
pub fn clock_tag(control: TimeControl) -> String {
    let seconds = control.initial.as_secs();
    format!(
        "{}:{:02} +{}",
        seconds / 60,
        seconds % 60,
        control.increment.as_secs()
    )
}

/// Gives a new game's `tags` PlayTak's: `Site`, `Event`, `Date`, `Time`, the players (the
/// board's tags are there already).
pub(super) fn tag(tags: &mut Tags, site: &str, [white, black]: [&String; 2]) {
    tags.set("Site", site.to_owned());
    tags.set("Event", EVENT.to_owned());
    tags.set_stamp(Stamp::now());
    tags.set_player(Color::White, white.clone());
    tags.set_player(Color::Black, black.clone());
}

/// The data folder's folder of finished online games.
#[must_use]
pub fn online_dir(data: &Path) -> PathBuf {
    data.join("online")
}

/// Where an online game is kept while played, and saved when over.
#[derive(Debug)]
pub(super) struct Keeping {
    data: PathBuf,
    keeper: Keeper,
    /// The server's address, our name, a guest's token: written in the kept copy only.
    server: String,
    login: String,
    guest: Option<String>,
    /// Where the game was saved, once it was.
    saved: Option<PathBuf>,
}

impl Keeping {
    /// Keeping in `data`'s store, saving in its `online` folder.
    pub(super) fn new(data: &Path, server: &str, login: &str, guest: Option<&str>) -> Keeping {
        Keeping {
            data: data.to_path_buf(),
            keeper: Keeper::new(Some(Store::in_data_dir(data))),
            server: server.to_owned(),
            login: login.to_owned(),
            guest: guest.map(str::to_owned),
            saved: None,
        }
    }

    /// Keeping in the file of a game taken from the store (gone back to).
    pub(super) fn adopting(mut self, held: KeptGame) -> Keeping {
        self.keeper.adopt(held);
        self
    }

    /// The keeper of the unfinished copy.
    pub(super) const fn keeper(&self) -> &Keeper {
        &self.keeper
    }

    /// Keeps `record` in step: in the store while it goes on, saved (once) when `over`.
    /// Where it was saved, when it was now.
    pub(super) fn keep(
        &mut self,
        record: &GameRecord,
        over: bool,
        id: GameId,
        names: &ByColor<String>,
    ) -> Result<Option<PathBuf>, SaveError> {
        if let Some(path) = &self.saved {
            // Saved at its end already: what came after (the server's word on the result) is
            // written in the same file.
            write_record(path, record)?;
            return Ok(None);
        }
        if over {
            return self.save_unfinished(record, id, names).map(Some);
        }
        let mut kept = record.clone();
        let tags = kept.tags_mut();
        tags.set(ONLINE_SERVER_TAG, self.server.clone());
        tags.set(ONLINE_GAME_TAG, id.to_string());
        tags.set(ONLINE_LOGIN_TAG, self.login.clone());
        if let Some(token) = &self.guest {
            tags.set(ONLINE_GUEST_TAG, token.clone());
        }
        self.keeper.keep(kept)?;
        Ok(None)
    }

    /// Saves `record` as it stands in the `online` folder (a game over, or one the server
    /// no longer holds), its kept copy gone. Where.
    pub(super) fn save_unfinished(
        &mut self,
        record: &GameRecord,
        id: GameId,
        names: &ByColor<String>,
    ) -> Result<PathBuf, SaveError> {
        if let Some(path) = &self.saved {
            return Ok(path.clone());
        }
        let folder = online_dir(&self.data);
        if let Err(error) = std::fs::create_dir_all(&folder) {
            return Err(SaveError::Folder { folder, error });
        }
        let stem = format!(
            "{}-{}-vs-{}-game{id}",
            Stamp::now().file_stem(),
            file_safe(&names[Color::White]),
            file_safe(&names[Color::Black]),
        );
        let path = (0..1000)
            .map(|n| match n {
                0 => folder.join(format!("{stem}.ptn")),
                n => folder.join(format!("{stem}-{n}.ptn")),
            })
            .find(|path| !path.exists());
        let Some(path) = path else {
            return Err(SaveError::NoFreeName { stem, folder });
        };
        write_record(&path, record)?;
        self.keeper.clear();
        self.saved = Some(path.clone());
        Ok(path)
    }
}

/// Writes `record` to the file at `path` (atomically).
fn write_record(path: &Path, record: &GameRecord) -> Result<(), SaveError> {
    crate::files::write_atomically(path, write_game(record).as_bytes()).map_err(|error| {
        SaveError::Write {
            path: path.to_path_buf(),
            error,
        }
    })
}

/// A name as a file name may hold it: letters, digits, `_` and `-` kept, the rest `_`.
fn file_safe(name: &str) -> String {
    let safe: String = name
        .chars()
        .take(32)
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' || c == '-' {
                c
            } else {
                '_'
            }
        })
        .collect();
    if safe.is_empty() {
        "_".to_owned()
    } else {
        safe
    }
}

/// A finished online game saved in the `online` folder.
#[derive(Clone, Debug)]
pub struct PastGame {
    /// Its file.
    pub path: PathBuf,
    /// The game.
    pub record: GameRecord,
    /// When it was saved.
    pub modified: SystemTime,
}

impl PastGame {
    /// The player of `color`, as the record names them.
    #[must_use]
    pub fn player(&self, color: Color) -> &str {
        self.record.tags().player(color).unwrap_or("?")
    }

    /// The result, as the record says it (`R-0`, `1/2-1/2`, ...), if it has one.
    #[must_use]
    pub fn result(&self) -> Option<&str> {
        self.record.tags().get("Result")
    }
}

/// The past online games saved in `data`'s `online` folder, the most recent first (files that
/// do not read as a game are passed over).
#[must_use]
pub fn past_games(data: &Path) -> Vec<PastGame> {
    let Ok(entries) = std::fs::read_dir(online_dir(data)) else {
        return Vec::new();
    };
    let mut games: Vec<PastGame> = entries
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|e| e == "ptn"))
        .filter_map(|path| {
            let text = read_text_file(&path).ok()?;
            let record = read_ptn(&text).ok()?.into_iter().next()?.record?;
            let modified = std::fs::metadata(&path).and_then(|m| m.modified()).ok()?;
            Some(PastGame {
                path,
                record,
                modified,
            })
        })
        .collect();
    games.sort_by_key(|game| std::cmp::Reverse(game.modified));
    games
}

/// An online game kept unfinished: what it takes to go back to it on its server.
#[derive(Clone, Debug)]
pub struct OnlineKept {
    /// The store's entry (its file, the record, whether another `tak` plays it now).
    pub unfinished: Unfinished,
    /// The server's address.
    pub server: String,
    /// The game's number there.
    pub game: GameId,
    /// Who played it from here.
    pub login: String,
    /// The guest's token, for a guest.
    pub guest_token: Option<String>,
}

/// The online games kept unfinished in `store`, the most recently played first (copies whose
/// tags do not say where and which game they are are passed over).
#[must_use]
pub fn kept_online_games(store: &Store) -> Vec<OnlineKept> {
    store
        .unfinished_online()
        .into_iter()
        .filter_map(|unfinished| {
            let tags = unfinished.game.tags();
            let server = tags.get(ONLINE_SERVER_TAG)?.to_owned();
            let game = GameId(tags.get(ONLINE_GAME_TAG)?.parse().ok()?);
            let login = tags.get(ONLINE_LOGIN_TAG)?.to_owned();
            let guest_token = tags.get(ONLINE_GUEST_TAG).map(str::to_owned);
            Some(OnlineKept {
                unfinished,
                server,
                game,
                login,
                guest_token,
            })
        })
        .collect()
}
