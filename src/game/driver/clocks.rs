//! The clocks of a game in progress: started at once or by the first ply, paused and
//! started again, told from outside, a helper's start-up excused, and a flag falling.

use std::time::{Duration, Instant};

use super::{Driver, DriverEvent};
use crate::game::clock::GameClock;
use crate::rules::ByColor;

impl Driver {
    /// With the time kept elsewhere (a server's clock is the truth online): the clocks are
    /// shown as told ([`Driver::set_time_left`]) but no flag falls here; the loss on time
    /// comes from outside too ([`Driver::ended_elsewhere`]).
    #[must_use]
    pub const fn with_time_told(mut self) -> Driver {
        self.time_told = true;
        self
    }

    /// The game begins at `now`: the side to move's clock runs from here, before the first
    /// ply (else the clocks start with the first ply).
    pub fn start(&mut self, now: Instant) {
        let mover = self.position().to_move();
        if let Some(clock) = &mut self.clock
            && !self.session.is_over()
        {
            clock.start(mover, now);
        }
    }

    /// Whether the clocks are paused: the game has begun and goes on, but no clock runs.
    /// Moves wait, and no program thinks, until [`Driver::unpause`].
    #[must_use]
    pub fn paused(&self) -> bool {
        self.clock.as_ref().is_some_and(|c| c.running().is_none())
            && !self.session.record().plies().is_empty()
            && !self.is_over()
    }

    /// Stops the clocks and any program thinking (the terminal given up a while).
    pub fn pause(&mut self, now: Instant) {
        if let Some(clock) = &mut self.clock {
            clock.stop(now);
        }
        self.stop_search();
    }

    /// Starts the side to move's clock again; `false` when there is nothing to start (no
    /// clocks, the game not begun or over).
    pub fn unpause(&mut self, now: Instant) -> bool {
        if !self.paused() {
            return false;
        }
        self.start(now);
        true
    }

    /// The time each player has left, as told from elsewhere (a server's clock is the truth
    /// online), as of `now`.
    pub fn set_time_left(&mut self, left: ByColor<Duration>, now: Instant) {
        if let Some(clock) = &mut self.clock {
            clock.set_left(left, now);
        }
    }

    /// The clocks from now on (none, or a game's taken up again), not running.
    pub fn set_clock(&mut self, clock: Option<GameClock>) {
        self.clock = clock;
    }

    /// `took` of the time the side to move's clock has run is not theirs to pay (a helper
    /// engine's start-up while they asked it for a hint).
    pub fn excuse(&mut self, took: Duration, now: Instant) {
        let mover = self.position().to_move();
        if let Some(clock) = &mut self.clock {
            clock.excuse(mover, took, now);
        }
    }

    /// Time has passed (`now`), and only the clocks are looked at (a screen whose dialog
    /// holds the programs back): a flag may fall.
    pub fn poll_clock(&mut self, now: Instant) -> Vec<DriverEvent> {
        let mut events = Vec::new();
        if self.is_over() || self.time_told {
            return events;
        }
        if let Some(loser) = self.clock.as_ref().and_then(|c| c.flagged(now)) {
            self.stop_search();
            self.session.lose_on_time(loser);
            self.ended(now, &mut events);
        }
        events
    }
}
