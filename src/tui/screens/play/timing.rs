//! The game's clocks at the board, as the game driver keeps them (started by the first ply,
//! switched by every ply, a flag fall ending the game): set for a game, shown, kept with the
//! game every few seconds, and paused and started again with a key.

use std::time::{Duration, Instant};

use super::PlayScreen;
use crate::game::clock::{GameClock, LEFT_TAG, TimeControl};
use crate::tui::context::Context;

/// How often the time left is kept with a game whose clock runs.
const KEEP_CLOCK_EVERY: Duration = Duration::from_secs(5);

impl PlayScreen {
    /// With clocks of `control` (they start with the first ply); the record's `Clock` tag says
    /// so.
    #[must_use]
    pub fn with_clock(mut self, control: TimeControl) -> PlayScreen {
        self.set_clock(Some(control));
        self
    }

    /// Clocks of `control` for the game, or none: for a new game, from the new-game dialog.
    pub(crate) fn set_clock(&mut self, control: Option<TimeControl>) {
        let tags = self.driver.session_mut().record_mut().tags_mut();
        match control {
            Some(control) => tags.set("Clock", control.tag()),
            None => tags.remove("Clock"),
        }
        self.driver.set_clock(control.map(GameClock::new));
    }

    /// The clocks, if the game has them.
    #[must_use]
    pub const fn clock(&self) -> Option<&GameClock> {
        self.driver.clock()
    }

    /// A resumed game's clocks, as its kept record left them (its `Clock` tag and the time
    /// left), stopped; `false` when it was not played with clocks here. A `Clock` tag alone
    /// (a record from a server, played on without clocks) brings none back.
    pub(super) fn restore_clock(&mut self) -> bool {
        let tags = self.driver.session().record().tags();
        let clock = match (tags.get("Clock"), tags.get(LEFT_TAG)) {
            (Some(control), Some(left)) => GameClock::from_tags(control, Some(left)),
            _ => None,
        };
        // Only for resuming: a file saved later says nothing of it.
        if tags.get(LEFT_TAG).is_some() {
            let tags = self.driver.session_mut().record_mut().tags_mut();
            tags.remove(LEFT_TAG);
        }
        let restored = clock.is_some();
        self.driver.set_clock(clock);
        restored
    }

    /// How long from `now` until the clock shown changes, while one runs.
    pub(super) fn clock_wake(&self, now: Instant) -> Option<Duration> {
        if self.driver.is_over() {
            return None;
        }
        self.driver.clock()?.next_change(now)
    }

    /// Time has passed: the time left is kept with the game every few seconds while a clock
    /// runs (a flag fall is the driver's).
    pub(super) fn keep_clock(&mut self, ctx: &mut Context) {
        let running = self.clock().is_some_and(|c| c.running().is_some());
        let due = self
            .clock_kept
            .is_none_or(|at| ctx.now.saturating_duration_since(at) >= KEEP_CLOCK_EVERY);
        if running && due && !self.driver.is_over() {
            self.clock_kept = Some(ctx.now);
            if self.driver.session().is_dirty() {
                self.keep(ctx);
            }
        }
    }

    /// `tak` is quitting at `ctx.now`: the running clock stops and the game is kept with the
    /// time left as it is shown now, not as it was kept a few seconds before (the time
    /// resumed is the time seen at quitting).
    pub fn leaving(&mut self, ctx: &mut Context) {
        let running = self.clock().is_some_and(|c| c.running().is_some());
        if running && !self.driver.is_over() {
            self.pause(ctx.now);
            if self.driver.session().is_dirty() {
                self.keep(ctx);
            }
        }
    }

    /// Whether the clocks are paused: the game has begun and goes on, but no clock runs.
    /// Moves wait, and the computer does not think, until `p` starts them again.
    #[must_use]
    pub fn paused(&self) -> bool {
        self.driver.paused()
    }

    /// Stops the clocks (the terminal is given up for a while): moves wait until `p`.
    pub fn pause(&mut self, now: Instant) {
        self.driver.pause(now);
        self.stop_opponent();
    }

    /// Stops the running clock, or starts the side to move's again.
    pub(super) fn toggle_pause(&mut self, ctx: &mut Context) {
        let Some(clock) = self.clock() else {
            ctx.info("this game has no clock (tak play --clock 10+5 gives it one)");
            return;
        };
        if clock.running().is_some() {
            self.pause(ctx.now);
            // The time left as it is now, for a game resumed later.
            if self.driver.session().is_dirty() {
                self.keep(ctx);
            }
            ctx.info("clocks paused: p starts them again");
        } else if self.driver.unpause(ctx.now) {
            ctx.info("clocks running");
            self.wake_opponent(ctx.now);
        } else {
            ctx.info("the clocks start with the first ply");
        }
    }
}
