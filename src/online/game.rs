//! One game on the server, played or watched: the [`Driver`] of taktui's games with a
//! [`Seat::Remote`] for every player elsewhere, fed by the server's lines and feeding the
//! server our side's actions.
//!
//! # How it is used
//!
//! ```text
//! connection event ──▶ OnlineGame::handle ──▶ events (for a screen or a bot)
//! keyboard / bot  ──▶ OnlineGame::play, offer_draw, resign, …
//!                      OnlineGame::poll (a program thinking, its move)
//!                  ◀── OnlineGame::take_outbox ──▶ Connection::send
//! ```
//!
//! - [`OnlineGame::new`] starts from the server's `Game Start` and our seat: a person at the
//!   keyboard ([`Seat::Keyboard`]) or a program ([`Seat::Program`], a bot); the other side is
//!   remote. [`OnlineGame::watch`] starts from an `Observe` line: both sides remote.
//! - Every event of the [`Connection`](super::connection::Connection) goes to
//!   [`OnlineGame::handle`], which takes what concerns its game: moves (in the server's
//!   notation, checked by taktui's rules: a move the rules refuse is said as
//!   [`OnlineEvent::MoveRefused`] and kept in the record's comments), both clocks (the
//!   server's time is the truth: the driver's clocks are set from it, and only the server
//!   rules on a flag fall), the end (`Over`, `Abandoned`), draw offers and takebacks.
//! - Our side's actions are checked by the driver first, then become
//!   [`Command`]s in an outbox the caller sends ([`OnlineGame::take_outbox`]). A draw
//!   accepted or a takeback granted takes effect when the server says so (`Over`, `Undo`),
//!   so both sides of the board stay the server's.
//! - A dropped connection ([`connection::Event::Dropped`](super::connection::Event)) is
//!   followed by the server sending the game again once logged in again (`Game Start`, every
//!   move, the clocks): the game catches up without playing a ply twice. A game
//!   the server no longer holds is said ([`OnlineEvent::Unrecoverable`]), its record kept.
//! - A game kept unfinished (a crash, a closed terminal) is gone back to with
//!   [`OnlineGame::go_back`] when the server sends it again after the next login.
//! - Once the game is over, a rematch is asked with [`OnlineGame::ask_rematch`] (the other
//!   side's said as [`RematchNews::Offered`]); its `Game Start` makes a new `OnlineGame`. A bot
//!   takes its program back for its next game with [`OnlineGame::take_our_seat`].
//! - The record carries PlayTak's tags; with [`OnlineGame::keep_in`] it is kept in the store
//!   of unfinished games while played and saved in the `online` folder when it ends
//!   ([`online_dir`], listed by [`past_games`]; kept ones by [`kept_online_games`]).

mod after;
mod back;
mod record;
mod resume;
mod server;
#[cfg(test)]
mod tests;

use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

pub use after::RematchNews;
pub use back::GoBackError;
pub use record::{
    EVENT, OnlineKept, PLAYTAK_SITE, PastGame, SaveError, clock_tag, kept_online_games, online_dir,
    past_games, site_of,
};

use super::protocol::{
    Command, CommandError, GameId, GameSettings, GameStart, GameSummary, ServerResult,
};
use super::server_moves::{ServerMoveError, to_server};
use crate::game::Session;
use crate::game::clock::TimeControl;
use crate::game::driver::{Driver, DriverEvent, OnFailure, Refused, Takeback};
use crate::game::seat::Seat;
use crate::game::store::Keeper;
use crate::record::GameRecord;
use crate::rules::{ByColor, Color, GameConfig, Move, Position, Reserves};

/// Something that happened in an online game, for a screen or a bot to show.
#[derive(Clone, Debug, PartialEq)]
pub enum OnlineEvent {
    /// The game as the driver rules it: a move (ours or theirs), an offer, a takeback, the
    /// end.
    Game(DriverEvent),
    /// A move the server sent that taktui's rules refuse here: kept in the record's
    /// comments; the game as taktui sees it no longer follows the server's.
    MoveRefused {
        /// The move, in the server's notation.
        mv: String,
        /// Why taktui refuses it.
        why: String,
    },
    /// The server ended the game with this result.
    Over(ServerResult),
    /// The server's result is not the one taktui's rules give the record (kept in its
    /// comments): the server's is recorded.
    ResultDiffers {
        /// The server's result.
        server: ServerResult,
        /// The record's own, if it had one.
        ours: Option<String>,
    },
    /// A player left the game for good (the other wins).
    Abandoned {
        /// Who left.
        quitter: String,
    },
    /// The server refused something we sent (`NOK`, `Error:...`), or said something about the
    /// game (`Message ...`: the other player disconnected, came back).
    ServerSaid(String),
    /// The connection dropped: the game waits for the server again.
    Disconnected {
        /// Why it dropped.
        why: String,
        /// When the next try to connect is.
        retry_in: Duration,
    },
    /// Back in the game after a drop, as the server has it: the plies it had that we had not
    /// (`caught_up`), and ours it never received (`lost`, taken back: play them again).
    Resumed {
        /// Plies the server had that came in now.
        caught_up: usize,
        /// Plies of ours the server never received, taken back here.
        lost: usize,
    },
    /// The game cannot be recovered: the server no longer holds it. The record is kept.
    Unrecoverable(String),
    /// The finished game was saved here.
    Saved(PathBuf),
    /// A rematch: offered by the other player, ours posted, or theirs accepted.
    Rematch(RematchNews),
    /// The game's record could not be kept or saved: why.
    NotKept(String),
}

/// Why an action of ours was not taken.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OnlineError {
    /// Only watching: no side is ours.
    #[error("you are watching this game, not playing it")]
    Watching,
    /// The connection is down: nothing can reach the server until it is back.
    #[error("not connected to the server: wait for the connection to come back")]
    Disconnected,
    /// The game has ended (on the server or here).
    #[error("the game is over")]
    Over,
    /// The driver refused it (not our turn, illegal, nothing to answer, ...).
    #[error("{0}")]
    Refused(#[from] Refused),
    /// The move cannot be written in the server's notation.
    #[error("{0}")]
    Unwritable(#[from] ServerMoveError),
    /// The game goes on: a rematch follows its end.
    #[error("the game is not over yet")]
    NotOver,
    /// The command would not be taken by the server (a name or a setting it refuses).
    #[error("{0}")]
    Unsendable(#[from] CommandError),
}

/// One game on the server, played or watched: see the module's doc.
#[derive(Debug)]
pub struct OnlineGame {
    id: GameId,
    /// Our side; `None` when watching.
    us: Option<Color>,
    /// The players' names, White's and Black's.
    names: ByColor<String>,
    /// What the game is played with, as the server said.
    settings: GameSettings,
    driver: Driver,
    outbox: Vec<Command>,
    events: VecDeque<OnlineEvent>,
    /// The server's result, once it has said it (`Over`, `Abandoned`).
    result: Option<ServerResult>,
    /// The last time each player had left, as the server said it.
    server_time: Option<ByColor<Duration>>,
    /// Whether the connection is up now.
    connected: bool,
    /// A catch-up after a drop, while one goes on.
    resume: Option<resume::Resume>,
    /// A server move taktui refused: the game here no longer follows the server's.
    lost_track: bool,
    /// Where the game is kept while played and saved when over, if anywhere.
    keeping: Option<record::Keeping>,
    /// Our draw offer stands on the server (which keeps it until it is taken back).
    offer_standing: bool,
    /// Our rematch, once asked.
    rematch: after::Rematch,
}

impl OnlineGame {
    /// Our game that the server starts (`start`), with `ours` at our side (a keyboard, or a
    /// program for a bot; a [`Seat::Remote`] given makes both sides remote), on the server
    /// that `site` names in the record (`PlayTak.com`, or a host).
    #[must_use]
    pub fn new(start: &GameStart, ours: Seat, site: &str) -> OnlineGame {
        let us = start.color;
        // Both remote at first: ours is seated once the game is made.
        let seats = ByColor::from_fn(|_| Seat::Remote);
        let mut game = OnlineGame::begin(
            start.game,
            [start.white.clone(), start.black.clone()],
            &start.settings,
            seats,
            site,
        );
        game.us = Some(us);
        game.driver.seat(us, ours);
        game
    }

    /// A game we watch, as the server's `Observe` line describes it; its moves and clocks
    /// follow from the server.
    #[must_use]
    pub fn watch(summary: &GameSummary, site: &str) -> OnlineGame {
        OnlineGame::begin(
            summary.game,
            [summary.white.clone(), summary.black.clone()],
            &summary.settings,
            ByColor::from_fn(|_| Seat::Remote),
            site,
        )
    }

    /// The game before its first ply, both seats as given.
    fn begin(
        id: GameId,
        [white, black]: [String; 2],
        settings: &GameSettings,
        seats: ByColor<Seat>,
        site: &str,
    ) -> OnlineGame {
        let config = config_of(settings);
        let mut game_record = GameRecord::for_config(config);
        record::tag(game_record.tags_mut(), site, [&white, &black]);
        let session = Session::new(game_record, None);
        let mut driver = Driver::new(session, seats)
            .on_failure(OnFailure::Forfeit)
            .with_time_told();
        if !settings.time.is_zero() {
            let control = TimeControl {
                initial: settings.time,
                increment: settings.increment,
            };
            driver = driver.with_clock(control);
            // PlayTak's own records write the clock so.
            driver
                .session_mut()
                .record_mut()
                .tags_mut()
                .set("Clock", record::clock_tag(control));
        }
        OnlineGame {
            id,
            us: None,
            names: ByColor::new(white, black),
            settings: *settings,
            driver,
            outbox: Vec::new(),
            events: VecDeque::new(),
            result: None,
            server_time: None,
            connected: true,
            resume: None,
            lost_track: false,
            keeping: None,
            offer_standing: false,
            rematch: after::Rematch::None,
        }
    }

    /// With `seed` varying our program's play (the computer's weak levels) from game to
    /// game: a bot would otherwise play the same game again and again.
    #[must_use]
    pub fn with_seed(mut self, seed: u64) -> OnlineGame {
        self.driver = self.driver.with_seed(seed);
        self
    }

    /// Keeps the game in the store of unfinished games in `data` while it is played (with
    /// what the next `tak online` needs to go back to it: the server `url`, the game, our
    /// name and a guest's token), and saves it in `data`'s `online` folder when it ends.
    pub fn keep_in(&mut self, data: &Path, url: &str, login_name: &str, guest_token: Option<&str>) {
        self.keeping = Some(record::Keeping::new(data, url, login_name, guest_token));
        self.keep();
    }

    /// Gives `color`'s player's rating, where the server tells it (the record's `Rating1` or
    /// `Rating2`: `Game Start` carries none).
    pub fn set_rating(&mut self, color: Color, rating: u32) {
        let tag = match color {
            Color::White => "Rating1",
            Color::Black => "Rating2",
        };
        let tags = self.driver.session_mut().record_mut().tags_mut();
        tags.set(tag, rating.to_string());
        self.keep();
    }

    /// The game's number on the server.
    #[must_use]
    pub const fn id(&self) -> GameId {
        self.id
    }

    /// Our side; `None` when watching.
    #[must_use]
    pub const fn color(&self) -> Option<Color> {
        self.us
    }

    /// The name of the player of `color`.
    #[must_use]
    pub fn name(&self, color: Color) -> &str {
        &self.names[color]
    }

    /// The driver: the position, the record, the clocks, the offers waiting.
    #[must_use]
    pub const fn driver(&self) -> &Driver {
        &self.driver
    }

    /// The record as played so far.
    #[must_use]
    pub fn record(&self) -> &GameRecord {
        self.driver.session().record()
    }

    /// The position now.
    #[must_use]
    pub const fn position(&self) -> &Position {
        self.driver.position()
    }

    /// Whether the game is over (the server said so, or the board did).
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.result.is_some() || self.driver.is_over()
    }

    /// The server's result, once it has said it.
    #[must_use]
    pub const fn result(&self) -> Option<ServerResult> {
        self.result
    }

    /// Whether the connection is up (as the events handed in said).
    #[must_use]
    pub const fn connected(&self) -> bool {
        self.connected
    }

    /// Whether a catch-up after a drop is going on (moves wait until it ends).
    #[must_use]
    pub const fn resuming(&self) -> bool {
        self.resume.is_some()
    }

    /// The commands to send, in order, taken out.
    pub fn take_outbox(&mut self) -> Vec<Command> {
        std::mem::take(&mut self.outbox)
    }

    /// What happened since last asked, in order, taken out.
    pub fn take_events(&mut self) -> Vec<OnlineEvent> {
        self.events.drain(..).collect()
    }

    /// Time has passed: a program of ours thinking may have its move (which goes to the
    /// outbox) or its answer to a draw.
    pub fn poll(&mut self, now: Instant) {
        if self.is_over() || self.resume.is_some() || !self.connected {
            return;
        }
        let events = self.driver.poll(now);
        self.driver_said(events);
    }

    /// How long from `now` until [`OnlineGame::poll`] is wanted (a program thinking), if it
    /// is.
    #[must_use]
    pub fn next_deadline(&self, now: Instant) -> Option<Duration> {
        if self.is_over() || self.resume.is_some() {
            return None;
        }
        self.driver.next_deadline(now)
    }

    /// Our side, or why we have none to act with now.
    fn acting(&self) -> Result<Color, OnlineError> {
        let us = self.us.ok_or(OnlineError::Watching)?;
        if self.is_over() {
            return Err(OnlineError::Over);
        }
        if !self.connected || self.resume.is_some() {
            return Err(OnlineError::Disconnected);
        }
        Ok(us)
    }

    /// Plays our move `mv` (from the keyboard): checked by the rules, sent to the server.
    ///
    /// # Errors
    /// Watching, disconnected, over, not our turn, or illegal.
    pub fn play(&mut self, mv: Move, now: Instant) -> Result<(), OnlineError> {
        let us = self.acting()?;
        let sent = to_server(self.position(), mv).map_err(|error| match error {
            ServerMoveError::Illegal { why, .. } => OnlineError::Refused(Refused::Illegal(why)),
            other => OnlineError::Unwritable(other),
        })?;
        let events = self.driver.play(us, mv, now)?;
        self.outbox.push(Command::Move {
            game: self.id,
            mv: sent,
        });
        self.driver_said(events);
        Ok(())
    }

    /// Offers a draw (or accepts the one offered to us: the server then ends the game). An
    /// offer lapses with the next move, as at the board: it is then taken back on the server
    /// too, which would otherwise keep it. (An offer of theirs that lapsed here but that their
    /// client left standing is accepted by ours: the server ends the game drawn.)
    ///
    /// # Errors
    /// Watching, disconnected, over, or offered already at this move.
    pub fn offer_draw(&mut self, now: Instant) -> Result<(), OnlineError> {
        let us = self.acting()?;
        if self.driver.draw_offered() == Some(!us) {
            return self.answer_draw(true, now);
        }
        let events = self.driver.offer_draw(us, now)?;
        self.outbox.push(Command::OfferDraw(self.id));
        self.offer_standing = true;
        self.driver_said(events);
        Ok(())
    }

    /// Withdraws our draw offer, if it waits for an answer.
    ///
    /// # Errors
    /// Watching, disconnected or over.
    pub fn withdraw_draw(&mut self) -> Result<(), OnlineError> {
        let us = self.acting()?;
        let events = self.driver.withdraw_draw(us);
        if !events.is_empty() {
            self.outbox.push(Command::RemoveDraw(self.id));
            self.offer_standing = false;
        }
        self.driver_said(events);
        Ok(())
    }

    /// Answers the draw offered to us: accepted, the server ends the game drawn (`Over`);
    /// declined, the offer is set aside here (the server has no word for declining).
    ///
    /// # Errors
    /// Watching, disconnected, over, or no draw offered.
    pub fn answer_draw(&mut self, accept: bool, now: Instant) -> Result<(), OnlineError> {
        let us = self.acting()?;
        if self.driver.draw_offered() != Some(!us) {
            return Err(Refused::NoDrawOffered(us).into());
        }
        if accept {
            self.outbox.push(Command::OfferDraw(self.id));
        } else {
            let events = self.driver.answer_draw(us, false, now)?;
            self.driver_said(events);
        }
        Ok(())
    }

    /// Asks to take back the last ply (PlayTak's takeback: one ply, whoever played it).
    ///
    /// # Errors
    /// Watching, disconnected, over, nothing to take back, or a request waiting already.
    pub fn ask_takeback(&mut self, now: Instant) -> Result<(), OnlineError> {
        let us = self.acting()?;
        let events = self.driver.ask_takeback(us, Takeback::LastPly, now)?;
        self.outbox.push(Command::RequestUndo(self.id));
        self.driver_said(events);
        Ok(())
    }

    /// Withdraws our takeback request, if it waits for an answer.
    ///
    /// # Errors
    /// Watching, disconnected or over.
    pub fn withdraw_takeback(&mut self) -> Result<(), OnlineError> {
        let us = self.acting()?;
        let events = self.driver.withdraw_takeback(us);
        if !events.is_empty() {
            self.outbox.push(Command::RemoveUndo(self.id));
        }
        self.driver_said(events);
        Ok(())
    }

    /// Answers the takeback asked of us: granted, the server takes the ply back (`Undo`);
    /// refused, the request is set aside here.
    ///
    /// # Errors
    /// Watching, disconnected, over, or no takeback asked.
    pub fn answer_takeback(&mut self, accept: bool, now: Instant) -> Result<(), OnlineError> {
        let us = self.acting()?;
        if self.driver.takeback_asked().is_none_or(|(by, _)| by == us) {
            return Err(Refused::NoTakebackAsked(us).into());
        }
        if accept {
            self.outbox.push(Command::RequestUndo(self.id));
        } else {
            let events = self.driver.answer_takeback(us, false, now)?;
            self.driver_said(events);
        }
        Ok(())
    }

    /// Resigns the game.
    ///
    /// # Errors
    /// Watching, disconnected or over.
    pub fn resign(&mut self, now: Instant) -> Result<(), OnlineError> {
        let us = self.acting()?;
        let events = self.driver.resign(us, now)?;
        self.outbox.push(Command::Resign(self.id));
        self.driver_said(events);
        Ok(())
    }

    /// What the driver said, passed on: our program's moves and answers go to the server.
    fn driver_said(&mut self, events: Vec<DriverEvent>) {
        for event in events {
            match &event {
                DriverEvent::Moved {
                    color,
                    mv,
                    reasoning: Some(_),
                } if Some(*color) == self.us => self.send_program_move(*mv),
                DriverEvent::DrawAnswered {
                    by, accepted: true, ..
                } if Some(*by) == self.us && self.driver.seats()[*by].is_program() => {
                    self.outbox.push(Command::OfferDraw(self.id));
                }
                DriverEvent::ProgramFailed {
                    color,
                    ruled: OnFailure::Forfeit,
                    ..
                } if Some(*color) == self.us => self.outbox.push(Command::Resign(self.id)),
                _ => {}
            }
            self.events.push_back(OnlineEvent::Game(event));
        }
        self.lapse_draw_offer();
        self.keep();
    }

    /// Our program's move, played in the driver already, sent in the server's notation.
    fn send_program_move(&mut self, mv: Move) {
        let plies = self.record().plies().len();
        let before = self.record().position_at(plies.saturating_sub(1));
        match to_server(&before, mv) {
            Ok(sent) => self.outbox.push(Command::Move {
                game: self.id,
                mv: sent,
            }),
            Err(error) => {
                // The rules took it: only a spread off the largest board could fail here.
                self.say(OnlineEvent::NotKept(format!("our program's move: {error}")));
            }
        }
    }

    /// Says `event`.
    fn say(&mut self, event: OnlineEvent) {
        self.events.push_back(event);
    }

    /// The record kept in step (or saved, once over).
    fn keep(&mut self) {
        let Some(keeping) = &mut self.keeping else {
            return;
        };
        let over = self.result.is_some() || self.driver.is_over();
        let outcome = keeping.keep(self.driver.session().record(), over, self.id, &self.names);
        match outcome {
            Ok(Some(path)) => self.events.push_back(OnlineEvent::Saved(path)),
            Ok(None) => {}
            Err(why) => self.events.push_back(OnlineEvent::NotKept(why.to_string())),
        }
    }

    /// Saves the game as it stands in `data`'s `online` folder, among the past games (a
    /// game watched, when asked or when it ends); the file follows the game from then on.
    /// Where it is.
    ///
    /// # Errors
    /// The folder or the file cannot be written: why.
    pub fn save_in(&mut self, data: &Path) -> Result<PathBuf, SaveError> {
        let keeping = self
            .keeping
            .get_or_insert_with(|| record::Keeping::new(data, "", "", None));
        keeping.save_unfinished(self.driver.session().record(), self.id, &self.names)
    }

    /// The keeper of unfinished games, to hand to a screen taking the game over.
    #[must_use]
    pub fn keeper(&self) -> Option<&Keeper> {
        self.keeping.as_ref().map(record::Keeping::keeper)
    }
}

/// The rules' settings of a game the server describes (pieces the server allows but taktui's
/// rules refuse fall back to the size's standard ones).
fn config_of(settings: &GameSettings) -> GameConfig {
    let size = settings.size;
    let config = GameConfig::new(size).with_komi(settings.komi);
    let reserves = Reserves {
        stones: u8::try_from(settings.stones).unwrap_or(u8::MAX),
        caps: u8::try_from(settings.capstones).unwrap_or(u8::MAX),
    };
    if reserves == Reserves::standard(size) {
        return config;
    }
    config.with_pieces(reserves).unwrap_or(config)
}
