//! Starting a game: a new one from settings (size, komi, pieces, a TPS, the players' names), or
//! the game of a PTN file to continue. The command line and the new-game dialog both come here.

use std::path::{Path, PathBuf};

use super::Session;
use crate::notation::{Tps, TpsError};
use crate::record::{GameRecord, PtnError, ReadOptions, Stamp, Tags, read_ptn_file_with};
use crate::rules::{BoardSize, ByColor, ConfigError, GameConfig, Komi, Position, Reserves};

/// Why a game cannot start.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    /// The TPS does not read, or gives no position with these settings.
    #[error("bad TPS {:?}: {error}", crate::notation::clip(.text))]
    Tps {
        /// The TPS as given.
        text: String,
        /// What is wrong with it (said in the message, so not a `source`: a chain of causes
        /// would say it twice).
        error: TpsError,
    },
    /// A TPS for one size with a size option for another.
    #[error("the TPS is for a {tps} board, not {asked}")]
    TpsSize {
        /// The TPS's board.
        tps: BoardSize,
        /// The size asked for.
        asked: BoardSize,
    },
    /// Settings no game can have.
    #[error(transparent)]
    Config(#[from] ConfigError),
    /// The file could not be read.
    #[error(transparent)]
    Read(#[from] PtnError),
    /// The file holds no game.
    #[error("{0}: no game in the file")]
    NoGame(PathBuf),
    /// The file holds fewer games than the one asked for.
    #[error(
        "--game {asked}: {} holds {}",
        path.display(),
        crate::words::count(*count, "game", "games")
    )]
    NoSuchGame {
        /// The file.
        path: PathBuf,
        /// The game asked for, from 1.
        asked: usize,
        /// How many games it holds.
        count: usize,
    },
    /// The file's game stops at an error, so it cannot be played on.
    #[error("cannot continue this game: {0}")]
    Broken(PtnError),
}

/// A new game's settings; what is not given is the standard game's (5x5, komi 0).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NewGame {
    /// Board size (default 5, or the TPS's).
    pub size: Option<BoardSize>,
    /// Komi.
    pub komi: Option<Komi>,
    /// Stones per player, instead of the size's usual number.
    pub flats: Option<u8>,
    /// Capstones per player, instead of the size's usual number.
    pub caps: Option<u8>,
    /// A position to start from, in TPS.
    pub tps: Option<String>,
    /// The players' names.
    pub players: ByColor<Option<String>>,
}

impl NewGame {
    /// The settings on a board of `size`: komi, and stones and capstones where given.
    pub fn config(&self, size: BoardSize) -> Result<GameConfig, StartError> {
        let mut config = GameConfig::new(size).with_komi(self.komi.unwrap_or_default());
        if self.flats.is_some() || self.caps.is_some() {
            let standard = Reserves::standard(size);
            let reserves = Reserves {
                stones: self.flats.unwrap_or(standard.stones),
                caps: self.caps.unwrap_or(standard.caps),
            };
            config = config.with_pieces(reserves)?;
        }
        Ok(config)
    }

    /// The game's record, dated `stamp`.
    pub fn record(&self, stamp: Stamp) -> Result<GameRecord, StartError> {
        let tps = match &self.tps {
            Some(text) => Some(text.parse::<Tps>().map_err(|error| StartError::Tps {
                text: text.clone(),
                error,
            })?),
            None => None,
        };
        let size = match (&tps, self.size) {
            (Some(tps), Some(asked)) if tps.size() != asked => {
                return Err(StartError::TpsSize {
                    tps: tps.size(),
                    asked,
                });
            }
            (Some(tps), _) => tps.size(),
            (None, size) => size.unwrap_or(BoardSize::new(5)?),
        };
        let config = self.config(size)?;
        let mut tags = Tags::for_config(&config);
        tags.set_stamp(stamp);
        let start = match (&tps, &self.tps) {
            (Some(tps), Some(text)) => {
                tags.set("TPS", text.trim().to_owned());
                tps.to_position(config).map_err(|error| StartError::Tps {
                    text: text.clone(),
                    error,
                })?
            }
            _ => Position::new(config),
        };
        let mut record = GameRecord::new(start, tags);
        name_players(&mut record, &self.players);
        Ok(record)
    }
}

/// Names the players given in `names` in `record`'s tags.
pub fn name_players(record: &mut GameRecord, names: &ByColor<Option<String>>) {
    for (color, name) in names.iter() {
        if let Some(name) = name {
            record.tags_mut().set_player(color, name.clone());
        }
    }
}

/// The game saved in the PTN file at `path`, to play on from its last ply, with the players
/// renamed where `names` says.
///
/// Saving asks for a file, offering a new one: writing back over the file the game came from
/// asks again and says what would change, and is offered only when that file holds just this
/// game, read in full.
pub fn continue_file(
    path: &Path,
    names: &ByColor<Option<String>>,
    options: &ReadOptions,
) -> Result<Session, StartError> {
    continue_game(path, 0, names, options)
}

/// As [`continue_file`], with the game at `index` (0 for the first) of a file that holds
/// several.
///
/// # Errors
///
/// As [`continue_file`], and [`StartError::NoSuchGame`] past the file's last game.
pub fn continue_game(
    path: &Path,
    index: usize,
    names: &ByColor<Option<String>>,
    options: &ReadOptions,
) -> Result<Session, StartError> {
    let games = read_ptn_file_with(path, options)?;
    let whole = games.len() == 1 && games[0].warnings.is_empty();
    let count = games.len();
    if count == 0 {
        return Err(StartError::NoGame(path.to_path_buf()));
    }
    let Some(game) = games.into_iter().nth(index) else {
        return Err(StartError::NoSuchGame {
            path: path.to_path_buf(),
            asked: index + 1,
            count,
        });
    };
    if let Some(error) = game.error {
        return Err(StartError::Broken(error));
    }
    let Some(mut record) = game.record else {
        return Err(StartError::NoGame(path.to_path_buf()));
    };
    name_players(&mut record, names);
    // Only a file read whole, holding just this game, is offered as the game's own; another
    // file is never offered for writing over.
    Ok(if whole {
        Session::from_file(record, path.to_path_buf())
    } else {
        Session::new(record, None)
    })
}

#[cfg(test)]
mod tests {
    use super::{NewGame, StartError};
    use crate::record::Stamp;

    #[test]
    fn a_bad_tps_is_said_once_when_the_causes_are_joined() {
        let game = NewGame {
            tps: Some("zz 1 1".to_owned()),
            ..NewGame::default()
        };
        let error = game.record(Stamp::now()).unwrap_err();
        assert!(matches!(error, StartError::Tps { .. }), "{error:?}");
        let said = error.to_string();
        assert!(said.starts_with("bad TPS \"zz 1 1\": "), "{said}");
        // As `tak` says it: every cause, joined with ": ".
        assert_eq!(format!("{:#}", anyhow::Error::from(error)), said);
    }
}
