//! Going back into an online game kept unfinished (a crash, a closed terminal): the server,
//! which keeps a game a while for a player who left, sends it again once the same player
//! logs in (`Game Start`, every move, the clocks), and the kept record is laid against it.

use std::path::PathBuf;
use std::time::Instant;

use super::record::{Keeping, OnlineKept};
use super::resume::Resume;
use super::{OnlineGame, Seat};
use crate::game::driver::Refused;
use crate::game::store::{KeptRecord, Store, StoreError};
use crate::online::protocol::{GameId, GameStart};
use crate::rules::Color;

/// Why an online game cannot go on from the copy kept here.
#[derive(Debug, thiserror::Error)]
pub enum GoBackError {
    /// The server sent another game than the one kept.
    #[error("the server sent game {sent}, and the game kept is game {kept}")]
    OtherGame {
        /// The game the server sent.
        sent: GameId,
        /// The game kept.
        kept: GameId,
    },
    /// The kept copy cannot be taken (another `tak` plays it, it is gone).
    #[error(transparent)]
    Claim(#[from] StoreError),
    /// The kept copy is of Kaen or Locke.
    #[error("{} holds no game of Tak", .path.display())]
    NotTak {
        /// The kept copy.
        path: PathBuf,
    },
    /// The game on the server has other players than the copy.
    #[error("game {game} on the server is {white} against {black}, not the game kept")]
    OtherPlayers {
        /// The game.
        game: GameId,
        /// White on the server.
        white: String,
        /// Black on the server.
        black: String,
    },
    /// A ply of the kept copy cannot be played again.
    #[error("the kept game's ply {number}: {error}")]
    Ply {
        /// The ply (from 1).
        number: usize,
        /// Why it was refused.
        error: Refused,
    },
}

impl OnlineGame {
    /// Our game that the server sends again after a login (`start`, before the lobby's
    /// news), with no copy kept here: the moves the server sends next are played as a
    /// catch-up, so ours among them are not taken for the opponent's.
    #[must_use]
    pub fn rejoin(start: &GameStart, ours: Seat, site: &str) -> OnlineGame {
        let mut game = OnlineGame::new(start, ours, site);
        game.resume = Some(Resume::started());
        game
    }

    /// Our game that the server sends again (`start`), going on from its copy `kept` in the
    /// store of the data folder `data` (the copy's file is this game's from now on). The
    /// moves the server sends next are laid against the kept record, as after a drop.
    ///
    /// # Errors
    /// The kept copy is of another game, another `tak` plays it, or its moves are not a game.
    pub fn go_back(
        start: &GameStart,
        ours: Seat,
        site: &str,
        kept: &OnlineKept,
        data: &std::path::Path,
    ) -> Result<OnlineGame, GoBackError> {
        if start.game != kept.game {
            return Err(GoBackError::OtherGame {
                sent: start.game,
                kept: kept.game,
            });
        }
        let store = Store::in_data_dir(data);
        let (held, record) = store.claim(&kept.unfinished.path)?;
        let KeptRecord::Tak(record) = record else {
            return Err(GoBackError::NotTak {
                path: kept.unfinished.path.clone(),
            });
        };
        let mut game = OnlineGame::new(start, ours, site);
        let players = [Color::White, Color::Black].map(|c| record.tags().player(c));
        if players != [Some(start.white.as_str()), Some(start.black.as_str())] {
            return Err(GoBackError::OtherPlayers {
                game: start.game,
                white: start.white.clone(),
                black: start.black.clone(),
            });
        }
        // When it was begun, and the ratings, as first recorded.
        for name in ["Date", "Time", "Rating1", "Rating2"] {
            if let Some(value) = record.tags().get(name) {
                let value = value.to_owned();
                game.driver
                    .session_mut()
                    .record_mut()
                    .tags_mut()
                    .set(name, value);
            }
        }
        let now = Instant::now();
        for (i, ply) in record.plies().iter().enumerate() {
            game.driver
                .replay(ply.mv, now)
                .map_err(|error| GoBackError::Ply {
                    number: i + 1,
                    error,
                })?;
        }
        game.resume = Some(Resume::started());
        let keeping = Keeping::new(data, &kept.server, &kept.login, kept.guest_token.as_deref());
        game.keeping = Some(keeping.adopting(held));
        game.keep();
        Ok(game)
    }
}
