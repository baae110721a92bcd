//! Going back into the game after a dropped connection.
//!
//! Logged in again as the same player, the server puts a player back in its game
//! (`Game.playerRejoin`): `Game Start` again, every move from the first, both clocks
//! (`Timems`), then `Message Your game is resumed`; and only after that the lobby's news
//! (`Online N`). A watcher is dropped from the game's spectators with the connection, so it
//! asks again (`Observe`), and the server answers the same way (`Observe`, the moves, the
//! clocks). The moves sent again are laid against the record: the ones it has are passed over,
//! the ones it lacks are played, and plies of ours the server never received (sent while the
//! connection was going down) are taken back, said, to be played again. Where the server's
//! game and the record part, the server's is the truth. A server that says nothing of the
//! game before the lobby's news no longer holds it.

use std::time::Instant;

use super::{OnlineEvent, OnlineGame};
use crate::online::protocol::{Command, ServerMessage};
use crate::online::server_moves::{ServerMove, from_server};
use crate::rules::ByColor;

/// A catch-up after a drop.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Resume {
    /// Whether the server has begun sending the game again.
    started: bool,
    /// How many of the server's moves have come since.
    replayed: usize,
    /// How many of them the record lacked.
    caught_up: usize,
}

impl Resume {
    /// A catch-up the server has begun: its moves from the first are laid against the
    /// record.
    pub(super) fn started() -> Resume {
        Resume {
            started: true,
            ..Resume::default()
        }
    }
}

impl OnlineGame {
    /// The connection dropped: the game waits to be sent again.
    pub(super) fn await_resume(&mut self) {
        self.resume = Some(Resume::default());
    }

    /// Logged in again after a drop: a watcher asks to watch again (a player is put back in
    /// its game by the server itself).
    pub(super) fn logged_in_again(&mut self) {
        if self.is_over() || self.resume.is_none() {
            return;
        }
        if self.us.is_none() {
            self.outbox.push(Command::Observe(self.id));
        }
    }

    /// Takes a line that belongs to a catch-up: `true` when it was one (and is done with).
    pub(super) fn resume_message(&mut self, message: &ServerMessage, now: Instant) -> bool {
        let started = self.resume.is_some_and(|r| r.started);
        match message {
            ServerMessage::GameStart(_) | ServerMessage::GameStartV1(_)
                if message
                    .game_start()
                    .is_some_and(|start| start.game == self.id) =>
            {
                self.restart();
                true
            }
            ServerMessage::Observe(summary) if summary.game == self.id => {
                self.restart();
                true
            }
            ServerMessage::Move { game, mv } if *game == self.id && started => {
                self.replay(*mv, now);
                true
            }
            ServerMessage::TimeMs { game, white, black }
            | ServerMessage::Time { game, white, black }
                if *game == self.id && started =>
            {
                self.finish(now);
                self.server_clock(ByColor::new(*white, *black), now);
                true
            }
            // The lobby's news after a login that did not bring the game back.
            ServerMessage::Online(_) if self.awaiting() && self.us.is_some() => {
                self.gone();
                false
            }
            // `Observe` refused: the game is no longer played.
            ServerMessage::Nok if self.awaiting() && self.us.is_none() => {
                self.gone();
                true
            }
            _ => false,
        }
    }

    /// Whether logged in again and still waiting for the server to send the game.
    fn awaiting(&self) -> bool {
        self.connected && self.resume.is_some_and(|r| !r.started) && !self.is_over()
    }

    /// The server sends the game from its start: a catch-up begins (a game's first `Game
    /// Start` or `Observe` handed in again, with nothing played, changes nothing).
    fn restart(&mut self) {
        if self.resume.is_none() && self.record().plies().is_empty() {
            return;
        }
        self.connected = true;
        self.resume = Some(Resume::started());
    }

    /// One of the server's moves, sent again: passed over when the record has it, played
    /// when it lacks it; where they part, the record's plies from there go.
    fn replay(&mut self, mv: ServerMove, now: Instant) {
        let Some(mut resume) = self.resume else {
            return;
        };
        let index = resume.replayed;
        resume.replayed += 1;
        let plies = self.record().plies().len();
        if index < plies {
            let before = self.record().position_at(index);
            let had = self.record().plies()[index].mv;
            if from_server(&before, mv) == Ok(had) {
                self.resume = Some(resume);
                return;
            }
            let went = self.driver.retract(plies - index, now);
            self.driver
                .session_mut()
                .record_mut()
                .add_comment_at_end(format!(
                    "The server's game parts from this record here: {went} plies taken back"
                ));
            self.say(OnlineEvent::ServerSaid(format!(
                "the server's game differs from ply {}: {went} plies taken back, the server's \
                 played",
                index + 1
            )));
            self.lost_track = false;
        }
        resume.caught_up += 1;
        self.resume = Some(resume);
        let checked = from_server(self.position(), mv).map_err(|e| e.to_string());
        match checked.and_then(|m| self.driver.replay(m, now).map_err(|e| e.to_string())) {
            Ok(events) => self.driver_said(events),
            Err(why) => self.refused(mv, &why),
        }
    }

    /// The server has sent every move: plies of ours it lacks are taken back, and play goes
    /// on.
    fn finish(&mut self, now: Instant) {
        let Some(resume) = self.resume.take() else {
            return;
        };
        let plies = self.record().plies().len();
        let lost = plies.saturating_sub(resume.replayed);
        if lost > 0 {
            self.driver.retract(lost, now);
        }
        self.say(OnlineEvent::Resumed {
            caught_up: resume.caught_up,
            lost,
        });
        self.keep();
    }

    /// The server no longer holds the game.
    fn gone(&mut self) {
        let why = format!(
            "the server no longer holds game {} (it ended, or was dropped, while we were away)",
            self.id
        );
        self.unrecoverable(why);
    }
}
