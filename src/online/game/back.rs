//! Going back into an online game kept unfinished (a crash, a closed terminal): the server,
//! which keeps a game a while for a player who left, sends it again once the same player
//! logs in (`Game Start`, every move, the clocks), and the kept record is laid against it.

use std::time::Instant;

use super::record::{Keeping, OnlineKept};
use super::resume::Resume;
use super::{OnlineGame, Seat};
use crate::game::store::{KeptRecord, Store};
use crate::online::protocol::GameStart;
use crate::rules::Color;

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
    ) -> Result<OnlineGame, String> {
        if start.game != kept.game {
            return Err(format!(
                "the server sent game {}, and the game kept is game {}",
                start.game, kept.game
            ));
        }
        let store = Store::in_data_dir(data);
        let (held, record) = store
            .claim(&kept.unfinished.path)
            .map_err(|error| error.to_string())?;
        let KeptRecord::Tak(record) = record else {
            return Err(format!(
                "{} holds no game of Tak",
                kept.unfinished.path.display()
            ));
        };
        let mut game = OnlineGame::new(start, ours, site);
        let players = [Color::White, Color::Black].map(|c| record.tags().player(c));
        if players != [Some(start.white.as_str()), Some(start.black.as_str())] {
            return Err(format!(
                "game {} on the server is {} against {}, not the game kept",
                start.game, start.white, start.black
            ));
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
                .map_err(|why| format!("the kept game's ply {}: {why}", i + 1))?;
        }
        game.resume = Some(Resume::started());
        let keeping = Keeping::new(data, &kept.server, &kept.login, kept.guest_token.as_deref());
        game.keeping = Some(keeping.adopting(held));
        game.keep();
        Ok(game)
    }
}
