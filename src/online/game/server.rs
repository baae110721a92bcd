//! What the server says of the game, applied: moves checked by taktui's rules, the clocks
//! set from the server's, offers and takebacks, and the end as the server rules it.

use std::time::{Duration, Instant};

use super::{OnlineEvent, OnlineGame};
use crate::game::driver::{DriverEvent, Takeback};
use crate::online::connection::Event;
use crate::online::protocol::{Command, GameId, ServerMessage, ServerResult};
use crate::online::server_moves::{ServerMove, from_server};
use crate::rules::{ByColor, Color};

/// The server's notice to a connection it closes for a login elsewhere: the connection's
/// business, not a game's.
const LOGGED_IN_ELSEWHERE: &str = "logged in from another window";

impl OnlineGame {
    /// Takes in an event of the connection: what concerns this game is applied (its moves,
    /// clocks, end, offers, a drop and the catch-up after it); `true` when it did concern it.
    pub fn handle(&mut self, event: &Event, now: Instant) -> bool {
        match event {
            Event::Message(message) => self.handle_message(message, now),
            Event::Dropped { why, retry_in } => {
                self.connected = false;
                if !self.is_over() {
                    self.await_resume();
                }
                self.say(OnlineEvent::Disconnected {
                    why: why.clone(),
                    retry_in: *retry_in,
                });
                true
            }
            Event::LoggedIn { again: true, .. } => {
                self.connected = true;
                self.logged_in_again();
                !self.is_over()
            }
            Event::Failed(error) => {
                self.connected = false;
                if self.is_over() {
                    return false;
                }
                self.unrecoverable(format!("the connection is lost for good: {error}"));
                true
            }
            _ => false,
        }
    }

    /// Takes in a line from the server: `true` when it concerned this game.
    pub fn handle_message(&mut self, message: &ServerMessage, now: Instant) -> bool {
        if self.resume_message(message, now) || self.rematch_message(message) {
            return true;
        }
        let ours = |game: &GameId| *game == self.id;
        match message {
            ServerMessage::Move { game, mv } if ours(game) => self.their_move(*mv, now),
            ServerMessage::Time { game, white, black }
            | ServerMessage::TimeMs { game, white, black }
                if ours(game) =>
            {
                self.server_clock(ByColor::new(*white, *black), now);
            }
            ServerMessage::GameOver { game, result } if ours(game) => self.over(*result, now),
            ServerMessage::Abandoned { game, quitter } if ours(game) => {
                self.say(OnlineEvent::Abandoned {
                    quitter: quitter.clone(),
                });
                let winner = if *quitter == self.names[Color::White] {
                    Color::Black
                } else {
                    Color::White
                };
                self.over(ServerResult::Other(winner), now);
            }
            ServerMessage::DrawOffered(game) if ours(game) => {
                let by = self.them();
                let events = self.driver.offer_draw(by, now).unwrap_or_default();
                self.driver_said(events);
            }
            ServerMessage::DrawOfferWithdrawn(game) if ours(game) => {
                let events = self.driver.withdraw_draw(self.them());
                self.driver_said(events);
            }
            ServerMessage::UndoRequested(game) if ours(game) => {
                let by = self.them();
                match self.driver.ask_takeback(by, Takeback::LastPly, now) {
                    Ok(events) => self.driver_said(events),
                    Err(why) => self.say(OnlineEvent::ServerSaid(format!(
                        "the takeback {} asks for cannot be: {why}",
                        self.names[by]
                    ))),
                }
            }
            ServerMessage::UndoRequestWithdrawn(game) if ours(game) => {
                let events = self.driver.withdraw_takeback(self.them());
                self.driver_said(events);
            }
            ServerMessage::Undo(game) if ours(game) => self.server_undo(now),
            ServerMessage::Error(text) if self.us.is_some() && !self.is_over() => {
                self.move_refused_by_server(text, now);
            }
            ServerMessage::Message(text) if self.concerns(text) => {
                self.say(OnlineEvent::ServerSaid(text.clone()));
            }
            _ => return false,
        }
        true
    }

    /// Our draw offer lapsed here (a ply was played since): taken back on the server, which
    /// keeps an offer until it is (the other player would otherwise find it still standing).
    pub(super) fn lapse_draw_offer(&mut self) {
        let Some(us) = self.us else {
            return;
        };
        if self.offer_standing && self.driver.draw_offered() != Some(us) {
            self.offer_standing = false;
            if !self.is_over() {
                self.outbox.push(Command::RemoveDraw(self.id));
            }
        }
    }

    /// The other side: the opponent's when playing; when watching, the side to move (whose
    /// offers the server would pass on).
    fn them(&self) -> Color {
        self.us.map_or_else(|| self.position().to_move(), |us| !us)
    }

    /// Whether a server notice concerns this game: one of its players gone or back, our game
    /// resumed, or a notice to everyone (a restart coming), said while the game goes on. Word
    /// of players in another game (one watched besides) is that game's.
    fn concerns(&self, text: &str) -> bool {
        let player = text
            .split_once(' ')
            .filter(|(_, rest)| {
                rest.starts_with("has disconnected.") || rest.starts_with("has reconnected.")
            })
            .map(|(name, _)| name);
        if let Some(player) = player {
            return self.names.iter().any(|(_, name)| name == player);
        }
        text.starts_with("Your game") || (!self.is_over() && !text.contains(LOGGED_IN_ELSEWHERE))
    }

    /// A move from the server: the side to move's (the opponent's, or either when watching).
    pub(super) fn their_move(&mut self, mv: ServerMove, now: Instant) {
        if self.lost_track {
            self.refused(mv, "the game here no longer follows the server's");
            return;
        }
        let mover = self.position().to_move();
        if self.us == Some(mover) {
            self.refused(mv, "it came as ours, and ours are played here");
            return;
        }
        let checked = from_server(self.position(), mv).map_err(|e| e.to_string());
        let played = checked.and_then(|m| {
            self.driver
                .play(mover, m, now)
                .map_err(|refused| format!("{mv}: {refused}"))
        });
        match played {
            Ok(events) => self.driver_said(events),
            Err(why) => self.refused(mv, &why),
        }
    }

    /// A server move taktui refuses: said, and kept in the record's comments.
    pub(super) fn refused(&mut self, mv: ServerMove, why: &str) {
        self.lost_track = true;
        self.driver
            .session_mut()
            .record_mut()
            .add_comment_at_end(format!(
                "The server played {mv}, which taktui refuses: {why}"
            ));
        self.say(OnlineEvent::MoveRefused {
            mv: mv.to_string(),
            why: why.to_owned(),
        });
        self.keep();
    }

    /// The server refused a move (`Error:` follows `NOK` only for moves): ours, the last
    /// ply here, since the turn stays ours until the server takes one. It is taken back, to
    /// be played again, and said.
    fn move_refused_by_server(&mut self, text: &str, now: Instant) {
        let plies = self.record().plies().len();
        let ours_last = plies > 0 && Some(self.record().ply_number(plies - 1).1) == self.us;
        if !ours_last {
            self.say(OnlineEvent::ServerSaid(format!(
                "the server refused: {text}"
            )));
            return;
        }
        let mv = self.record().plies()[plies - 1].mv;
        self.driver.retract(1, now);
        self.driver
            .session_mut()
            .record_mut()
            .add_comment_at_end(format!("The server refused {mv}: {text}"));
        self.say(OnlineEvent::ServerSaid(format!(
            "the server refused {mv} ({text}): it is taken back, play again"
        )));
        self.keep();
    }

    /// Both clocks as the server has them.
    pub(super) fn server_clock(&mut self, left: ByColor<Duration>, now: Instant) {
        self.server_time = Some(left);
        self.driver.set_time_left(left, now);
    }

    /// The server's `Undo`: the last ply goes, as the takeback asked (or, if none is asked
    /// here, as the server says all the same).
    fn server_undo(&mut self, now: Instant) {
        let pending = self.driver.takeback_asked().map(|(by, _)| by);
        let asker = pending.unwrap_or_else(|| self.them());
        let mut events = Vec::new();
        if pending.is_none() {
            match self.driver.ask_takeback(asker, Takeback::LastPly, now) {
                Ok(more) => events.extend(more),
                Err(why) => {
                    self.say(OnlineEvent::ServerSaid(format!(
                        "the server took a ply back, which taktui cannot: {why}"
                    )));
                    return;
                }
            }
        }
        // Asked (here or just now) and not yet taken back: the other side grants it.
        if self.driver.takeback_asked().is_some() {
            match self.driver.answer_takeback(!asker, true, now) {
                Ok(more) => events.extend(more),
                Err(why) => self.say(OnlineEvent::ServerSaid(format!(
                    "the server took a ply back, which taktui cannot: {why}"
                ))),
            }
        }
        self.driver_said(events);
    }

    /// The server ended the game with `result`: the record ends so too.
    pub(super) fn over(&mut self, result: ServerResult, now: Instant) {
        if self.result.is_some() {
            return;
        }
        self.result = Some(result);
        let mut events = Vec::new();
        let session_result = self.record().result_token().map(str::to_owned);
        if !self.driver.is_over() {
            events = self.end_as(result, now);
        } else if session_result.as_deref() != Some(result.token())
            && result != ServerResult::Aborted
        {
            self.differs(result, session_result);
        }
        self.driver_said(events);
        self.say(OnlineEvent::Over(result));
        self.keep();
    }

    /// Ends the driver's game as the server did, where the board had not.
    fn end_as(&mut self, result: ServerResult, now: Instant) -> Vec<DriverEvent> {
        match result {
            ServerResult::Draw => {
                if let Some(by) = self.driver.draw_offered()
                    && let Ok(events) = self.driver.answer_draw(!by, true, now)
                {
                    return events;
                }
                // Offers crossed (both offered): the server drew it.
                let by = self.them();
                let _ = self.driver.offer_draw(by, now);
                self.driver.answer_draw(!by, true, now).unwrap_or_default()
            }
            ServerResult::Other(winner) => {
                let loser = !winner;
                let out_of_time = self.server_time.is_some_and(|left| left[loser].is_zero());
                if out_of_time {
                    self.driver.flag_fell(loser, now)
                } else {
                    self.driver.resign(loser, now).unwrap_or_default()
                }
            }
            ServerResult::Road(winner) | ServerResult::Flats(winner) => {
                // The board here does not say so: the record takes the server's word.
                let ours = self.record().result_token().map(str::to_owned);
                let events = self.driver.resign(!winner, now).unwrap_or_default();
                self.set_result_token(result);
                self.differs(result, ours);
                events
            }
            ServerResult::Aborted => {
                self.driver
                    .session_mut()
                    .record_mut()
                    .add_comment_at_end("The server ended the game with no result".to_owned());
                self.set_result_token(result);
                Vec::new()
            }
        }
    }

    /// The record's result is the server's.
    fn set_result_token(&mut self, result: ServerResult) {
        let record = self.driver.session_mut().record_mut();
        record.set_result_token(Some(result.token().to_owned()));
        record.tags_mut().set("Result", result.token().to_owned());
    }

    /// The server's result is not the record's own: said, and noted in the record.
    fn differs(&mut self, server: ServerResult, ours: Option<String>) {
        let said = ours.as_deref().unwrap_or("no result");
        self.driver
            .session_mut()
            .record_mut()
            .add_comment_at_end(format!(
                "The server's result is {}; taktui's rules gave {said}",
                server.token()
            ));
        self.set_result_token(server);
        self.say(OnlineEvent::ResultDiffers { server, ours });
    }

    /// The game cannot go on: said, the record kept (saved as it stands).
    pub(super) fn unrecoverable(&mut self, why: String) {
        self.resume = None;
        self.driver
            .session_mut()
            .record_mut()
            .add_comment_at_end(format!("Unfinished: {why}"));
        self.say(OnlineEvent::Unrecoverable(why));
        if let Some(keeping) = &mut self.keeping {
            match keeping.save_unfinished(self.driver.session().record(), self.id, &self.names) {
                Ok(path) => self.events.push_back(OnlineEvent::Saved(path)),
                Err(why) => self.events.push_back(OnlineEvent::NotKept(why.to_string())),
            }
        }
    }
}
