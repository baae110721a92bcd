//! One game in progress, whoever plays it: the one place that knows the rules of a game
//! being played, as opposed to the rules of Tak (which the position knows).
//!
//! # The design
//!
//! A [`Driver`] owns the game ([`Session`]: the record, undo and redo), its clocks
//! ([`GameClock`]) and one [`Seat`] per colour: a person at the [`Seat::Keyboard`], a
//! [`Seat::Program`] (taktui's engine or a TEI engine, thinking on its own thread through
//! [`Computer`](super::computer::Computer)), or a [`Seat::Remote`] player elsewhere, whose
//! moves and answers the caller passes on (the online client will). It decides everything a
//! game in progress needs decided:
//!
//! - whose turn it is and what the seat to move must do: a program is asked for its move
//!   when its turn comes; a keyboard or a remote seat is waited for;
//! - the clocks: started with the first ply (or at once, [`Driver::start`], as in a match),
//!   switched by every ply, a program's start-up excused, a flag fall ending the game;
//! - a program's move arriving: checked by the rules; a program that sends an illegal move,
//!   crashes or stops without a move is ruled on by [`OnFailure`]: its side loses (a match,
//!   a bot), or is handed to a person at the board;
//! - draw offers (one per side per move): a program judges one by the engine's rule
//!   ([`Score::prefers_a_draw`]), a keyboard or remote seat answers through
//!   [`Driver::answer_draw`];
//! - resignations; takebacks asked by one side and granted or refused by the other
//!   ([`Seat`] says who grants without asking); the draw after [`MAX_PLIES`] when asked for.
//!
//! Time never is read inside: every call that may need it is told `now`, so the rules of
//! time are tested with made-up instants and the same driver serves the terminal's loop and a
//! match with no screen. The caller's loop is poll-style: [`Driver::poll`] hears the program
//! thinking, starts the next search and rules on a flag fall, returning what happened as
//! [`DriverEvent`]s; [`Driver::next_deadline`] says when to poll again; moves from a keyboard
//! or the network come in through [`Driver::play`]. A loop with nothing else to do (a match)
//! sleeps in [`Driver::wait`] until the program has news.
//!
//! Three callers run games on it. `tak match` ([`referee`](super::referee)) seats two
//! programs, starts White's clock at once, rules failures a forfeit and draws at
//! [`MAX_PLIES`]. The play screen seats a keyboard or a program at each side, hands a failing
//! program's side to the person (a forfeit in a match), and, as the one who runs the board,
//! may also take plies back or play a variation for either side without asking anyone
//! ([`Driver::take_back_at_board`], [`Driver::play_at_board`]). Online play will seat a
//! [`Seat::Remote`]: the client passes on the server's moves, offers, answers and time
//! ([`Driver::set_time_left`]), and sends on what the events ask of the other side.
//!
//! The driver rules and the caller says: the driver writes no words into the record (a
//! match writes what its programs thought, the screen what a failure was) and draws nothing.

mod clocks;
mod events;
mod offers;
mod pause;
mod program;
#[cfg(test)]
mod tests;

pub use events::{DriverEvent, End, OnFailure, Reasoning, Refused, Takeback};

use std::time::{Duration, Instant};

use super::clock::{GameClock, TimeControl};
use super::computer::Report;
use super::seat::Seat;
use super::session::Session;
use crate::engine::Info;
#[cfg(doc)]
use crate::engine::Score;
use crate::rules::{ByColor, Color, Move, Position};

/// A game that runs this many plies without an end is drawn, where the driver is told to
/// ([`Driver::with_ply_limit`]): two programs can move stacks back and forth for ever.
pub const MAX_PLIES: usize = 600;

/// A search the driver runs for a program: its move, or its answer to a draw offer.
#[derive(Clone, Debug)]
struct Search {
    /// The program's side.
    color: Color,
    /// A draw offer weighed (not a move chosen).
    draw: bool,
    /// When it was asked.
    asked: Instant,
    /// The time its start-up took, not charged to it.
    excused: Duration,
    /// Its latest report.
    latest: Option<Info>,
    /// The move it chose, held for a natural pause before it is played.
    held: Option<pause::Held>,
}

/// One game in progress: see the module's doc.
#[derive(Debug)]
pub struct Driver {
    session: Session,
    clock: Option<GameClock>,
    seats: ByColor<Seat>,
    on_failure: OnFailure,
    /// Varies the weak levels' play from game to game.
    seed: u64,
    /// The draw for length, when the game has one.
    ply_limit: Option<usize>,
    /// The program's search running, if one does.
    search: Option<Search>,
    /// Reports heard while waiting ([`Driver::wait`]), ruled on at the next poll.
    held: Vec<Report>,
    /// The draw offered and not yet answered: by whom.
    offer: Option<Color>,
    /// Where each side last offered a draw: one offer a move.
    offered_at: ByColor<Option<Position>>,
    /// The takeback asked and not yet answered: by whom, how much.
    takeback: Option<(Color, Takeback)>,
    /// Whether the time is kept elsewhere: no flag falls here.
    time_told: bool,
    /// Whether the computer's low levels pause a moment before each move.
    natural_pause: bool,
}

impl Driver {
    /// Drives `session` between `seats`, with no clocks; a failing program's side is handed
    /// to a person (see [`Driver::on_failure`]).
    #[must_use]
    pub fn new(session: Session, seats: ByColor<Seat>) -> Driver {
        Driver {
            session,
            clock: None,
            seats,
            on_failure: OnFailure::HandOver,
            seed: 0,
            ply_limit: None,
            search: None,
            held: Vec::new(),
            offer: None,
            offered_at: ByColor::default(),
            takeback: None,
            time_told: false,
            natural_pause: false,
        }
    }

    /// With clocks of `control`, full, not yet running; the record's `Clock` tag says so.
    #[must_use]
    pub fn with_clock(mut self, control: TimeControl) -> Driver {
        self.session
            .record_mut()
            .tags_mut()
            .set("Clock", control.tag());
        self.clock = Some(GameClock::new(control));
        self
    }

    /// With these clocks as they are (a game taken up again).
    #[must_use]
    pub fn with_game_clock(mut self, clock: Option<GameClock>) -> Driver {
        self.clock = clock;
        self
    }

    /// With failing programs ruled on so.
    #[must_use]
    pub const fn on_failure(mut self, rule: OnFailure) -> Driver {
        self.on_failure = rule;
        self
    }

    /// With `seed` varying the weak levels' play.
    #[must_use]
    pub const fn with_seed(mut self, seed: u64) -> Driver {
        self.seed = seed;
        self
    }

    /// With the game drawn after `plies` plies without an end.
    #[must_use]
    pub const fn with_ply_limit(mut self, plies: usize) -> Driver {
        self.ply_limit = Some(plies);
        self
    }

    /// The game.
    #[must_use]
    pub const fn session(&self) -> &Session {
        &self.session
    }

    /// The game, to name its players or comment its plies.
    pub const fn session_mut(&mut self) -> &mut Session {
        &mut self.session
    }

    /// The position now.
    #[must_use]
    pub const fn position(&self) -> &Position {
        self.session.record().position()
    }

    /// The clocks, if the game has them.
    #[must_use]
    pub const fn clock(&self) -> Option<&GameClock> {
        self.clock.as_ref()
    }

    /// The seats.
    #[must_use]
    pub const fn seats(&self) -> &ByColor<Seat> {
        &self.seats
    }

    /// Seats `seat` at `color` from now on (a search of the seat leaving stops).
    pub fn seat(&mut self, color: Color, seat: Seat) {
        if self.search.as_ref().is_some_and(|s| s.color == color) {
            self.stop_search();
        }
        self.seats[color] = seat;
    }

    /// The seat at `color`, taken (a keyboard sits there instead): a program kept for
    /// another side or another game.
    pub fn take_seat(&mut self, color: Color) -> Seat {
        if self.search.as_ref().is_some_and(|s| s.color == color) {
            self.stop_search();
        }
        std::mem::replace(&mut self.seats[color], Seat::Keyboard)
    }

    /// The program at `color`, if one sits there: to prepare it, or ask what it is.
    pub fn program_mut(&mut self, color: Color) -> Option<&mut super::seat::Program> {
        self.seats[color].program_mut()
    }

    /// Failing programs ruled on so from now on.
    pub const fn set_on_failure(&mut self, rule: OnFailure) {
        self.on_failure = rule;
    }

    /// `seed` varying the weak levels' play from now on.
    pub const fn set_seed(&mut self, seed: u64) {
        self.seed = seed;
    }

    /// Another game at the same seats (a new game, one resumed, a match's next): the
    /// programs told so, the clocks full again, nothing left waiting.
    pub fn new_game(&mut self, session: Session) {
        self.stop_search();
        self.session = session;
        self.offer = None;
        self.offered_at = ByColor::default();
        self.takeback = None;
        if let Some(clock) = &mut self.clock {
            *clock = GameClock::new(clock.control());
        }
        for color in Color::ALL {
            if let Some(program) = self.seats[color].program_mut() {
                program.computer_mut().new_game();
            }
        }
    }

    /// The game and the seats, once done with (a match takes its programs to the next game).
    #[must_use]
    pub fn into_parts(mut self) -> (Session, ByColor<Seat>) {
        self.stop_search();
        (self.session, self.seats)
    }

    /// Whether the game is over.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.session.is_over()
    }

    /// Whether a program is to move now (a person's moves wait).
    #[must_use]
    pub fn program_to_move(&self) -> bool {
        !self.is_over() && self.seats[self.position().to_move()].is_program()
    }

    /// The program thinking, if one is: its side, whether it weighs a draw (rather than
    /// choosing a move), and its latest report.
    #[must_use]
    pub fn thinking(&self) -> Option<(Color, bool, Option<&Info>)> {
        self.search
            .as_ref()
            .map(|s| (s.color, s.draw, s.latest.as_ref()))
    }

    /// The side of the program weighing a draw offered to it, while it does.
    #[must_use]
    pub fn weighing_draw(&self) -> Option<Color> {
        self.search.as_ref().filter(|s| s.draw).map(|s| s.color)
    }

    /// The draw offered and not yet answered: by whom.
    #[must_use]
    pub const fn draw_offered(&self) -> Option<Color> {
        self.offer
    }

    /// The takeback asked and not yet answered: by whom, how much.
    #[must_use]
    pub const fn takeback_asked(&self) -> Option<(Color, Takeback)> {
        self.takeback
    }

    /// Plays `mv` for `color`, a keyboard's or a remote's move (a program's come from its
    /// search): refused, and the game untouched, when it is not theirs to play now or it
    /// breaks a rule.
    ///
    /// # Errors
    /// Why the move is refused.
    pub fn play(
        &mut self,
        color: Color,
        mv: Move,
        now: Instant,
    ) -> Result<Vec<DriverEvent>, Refused> {
        let mover = self.position().to_move();
        if self.is_over() {
            return Err(Refused::GameOver);
        }
        if color != mover {
            return Err(Refused::NotYourTurn(mover));
        }
        if self.seats[color].is_program() {
            return Err(Refused::ProgramsSide(color));
        }
        if self.paused() {
            return Err(Refused::Paused);
        }
        if let Some(program) = self.weighing_draw() {
            return Err(Refused::WeighingDraw(program));
        }
        let flagged = self
            .clock
            .as_ref()
            .is_some_and(|c| c.flagged(now).is_some());
        if flagged && !self.time_told {
            return Err(Refused::TimeUp(mover));
        }
        self.session.play(mv).map_err(Refused::Illegal)?;
        let mut events = vec![DriverEvent::Moved {
            color,
            mv,
            reasoning: None,
        }];
        self.after_ply(color, now, &mut events);
        Ok(events)
    }

    /// Plays `mv` for the side to move, whoever sits there, at the word of the one who runs
    /// the board (a variation taken in place of a ply): as [`Driver::play`] otherwise.
    ///
    /// # Errors
    /// Why the move is refused.
    pub fn play_at_board(&mut self, mv: Move, now: Instant) -> Result<Vec<DriverEvent>, Refused> {
        let mover = self.position().to_move();
        if self.seats[mover].is_program() {
            self.stop_search();
            let seat = std::mem::replace(&mut self.seats[mover], Seat::Keyboard);
            let played = self.play(mover, mv, now);
            self.seats[mover] = seat;
            return played;
        }
        self.play(mover, mv, now)
    }

    /// Plays `mv`, a ply played already elsewhere (a server catching a client up after a
    /// drop), for the side to move whoever sits there (a program thinking stops): refused only
    /// when the game is over or the move breaks a rule.
    ///
    /// # Errors
    /// Why the move is refused.
    pub fn replay(&mut self, mv: Move, now: Instant) -> Result<Vec<DriverEvent>, Refused> {
        if self.is_over() {
            return Err(Refused::GameOver);
        }
        let mover = self.position().to_move();
        self.stop_search();
        self.session.play(mv).map_err(Refused::Illegal)?;
        let mut events = vec![DriverEvent::Moved {
            color: mover,
            mv,
            reasoning: None,
        }];
        self.after_ply(mover, now, &mut events);
        Ok(events)
    }

    /// Time has passed (`now`): a flag may fall, the program thinking may have news or a
    /// move, or its turn may have come. What happened.
    pub fn poll(&mut self, now: Instant) -> Vec<DriverEvent> {
        let mut events = self.poll_clock(now);
        if self.is_over() {
            return events;
        }
        // A game taken up past the limit ends at once.
        if let Some(limit) = self.ply_limit
            && self.session.record().plies().len() >= limit
        {
            self.session.draw_for_length(limit);
            self.ended(now, &mut events);
            return events;
        }
        self.hear(now, &mut events);
        if !self.is_over() {
            self.ask_program(now);
        }
        events
    }

    /// After a change made elsewhere: the program to move starts thinking now if its turn
    /// has come (nothing is heard, no flag looked at: [`Driver::poll`] does that).
    pub fn wake(&mut self, now: Instant) {
        if !self.is_over() {
            self.ask_program(now);
        }
    }

    /// `loser`'s time ran out, as the keeper of time says ([`Driver::with_time_told`]):
    /// the game ends lost on time (nothing, when it is over already).
    pub fn flag_fell(&mut self, loser: Color, now: Instant) -> Vec<DriverEvent> {
        let mut events = Vec::new();
        if !self.is_over() {
            self.session.lose_on_time(loser);
            self.ended(now, &mut events);
        }
        events
    }

    /// How long from `now` until the driver wants polling: at once when a program's turn
    /// has come and it is not yet asked, soon while one thinks, when the running clock runs
    /// out; `None` while it waits only for a move from a keyboard or elsewhere without a
    /// clock (or the game is over).
    #[must_use]
    pub fn next_deadline(&self, now: Instant) -> Option<Duration> {
        if self.is_over() {
            return None;
        }
        let flag = self
            .clock
            .as_ref()
            .filter(|_| !self.time_told)
            .and_then(|clock| {
                let running = clock.running()?;
                Some(clock.left(running, now))
            });
        let program = if !self.held.is_empty()
            || (self.program_to_move() && self.search.is_none() && !self.paused())
        {
            Some(Duration::ZERO)
        } else {
            self.search.as_ref().map(|search| match &search.held {
                Some(held) => held.due.saturating_duration_since(now),
                None => program::LOOK,
            })
        };
        match (flag, program) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// After a ply by `mover` at `now`: the clocks switch (or stop at the end), an offer or
    /// a takeback asked before it lapses, and the game may be over.
    fn after_ply(&mut self, mover: Color, now: Instant, events: &mut Vec<DriverEvent>) {
        self.offer = None;
        self.takeback = None;
        // A draw weighed about the position before is of no use now.
        if self.search.as_ref().is_some_and(|s| s.draw) {
            self.stop_search();
        }
        if let Some(clock) = &mut self.clock {
            clock.played(mover, now);
        }
        if self.position().is_over() {
            self.ended(now, events);
        } else if let Some(limit) = self.ply_limit
            && self.session.record().plies().len() >= limit
        {
            self.session.draw_for_length(limit);
            self.ended(now, events);
        }
    }

    /// The game has just ended: the clocks stop, nothing is left waiting, and it is said.
    fn ended(&mut self, now: Instant, events: &mut Vec<DriverEvent>) {
        self.stop_search();
        self.offer = None;
        self.takeback = None;
        if let Some(clock) = &mut self.clock {
            clock.stop(now);
        }
        events.push(DriverEvent::Ended(match self.session.ending() {
            Some(ending) => End::Off(ending.clone()),
            None => End::Board,
        }));
    }
}
