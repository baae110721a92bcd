//! The game's clocks at the board: started by the first ply, switched by every ply, a flag fall
//! ending the game, paused and started again with a key in hotseat games.

use std::time::{Duration, Instant};

use super::PlayScreen;
use crate::game::clock::{GameClock, LEFT_TAG, TimeControl};
use crate::rules::Color;
use crate::tui::context::Context;
use crate::tui::screens::Outcome;

/// How often the time left is kept with a game whose clock runs.
const KEEP_CLOCK_EVERY: Duration = Duration::from_secs(5);

impl PlayScreen {
    /// With clocks of `control` (they start with the first ply); the record's `Clock` tag says
    /// so.
    #[must_use]
    pub fn with_clock(mut self, control: TimeControl) -> PlayScreen {
        self.session
            .record_mut()
            .tags_mut()
            .set("Clock", control.tag());
        self.clock = Some(GameClock::new(control));
        self
    }

    /// Clocks of `control` for the game, or none: for a new game, from the new-game dialog.
    pub(crate) fn set_clock(&mut self, control: Option<TimeControl>) {
        let tags = self.session.record_mut().tags_mut();
        match control {
            Some(control) => tags.set("Clock", control.tag()),
            None => tags.remove("Clock"),
        }
        self.clock = control.map(GameClock::new);
    }

    /// The clocks, if the game has them.
    #[must_use]
    pub const fn clock(&self) -> Option<&GameClock> {
        self.clock.as_ref()
    }

    /// A resumed game's clocks, as its kept record left them (its `Clock` tag and the time
    /// left), stopped; `false` when it was not played with clocks here. A `Clock` tag alone
    /// (a record from a server, played on without clocks) brings none back.
    pub(super) fn restore_clock(&mut self) -> bool {
        let tags = self.session.record().tags();
        self.clock = match (tags.get("Clock"), tags.get(LEFT_TAG)) {
            (Some(control), Some(left)) => GameClock::from_tags(control, Some(left)),
            _ => None,
        };
        // Only for resuming: a file saved later says nothing of it.
        if tags.get(LEFT_TAG).is_some() {
            self.session.record_mut().tags_mut().remove(LEFT_TAG);
        }
        self.clock.is_some()
    }

    /// A new game's clocks: as full as at the start, not yet running.
    pub(super) fn reset_clock(&mut self) {
        if let Some(clock) = &mut self.clock {
            *clock = GameClock::new(clock.control());
        }
    }

    /// How long from `now` until the clock shown changes, while one runs.
    pub(super) fn clock_wake(&self, now: Instant) -> Option<Duration> {
        if self.session.is_over() {
            return None;
        }
        self.clock.as_ref()?.next_change(now)
    }

    /// Time has passed: a player whose time is up loses; the time left is kept with the game
    /// every few seconds while a clock runs.
    pub(super) fn clock_tick(&mut self, ctx: &mut Context) -> Outcome {
        let running = self.clock.as_ref().is_some_and(|c| c.running().is_some());
        let due = self
            .clock_kept
            .is_none_or(|at| ctx.now.saturating_duration_since(at) >= KEEP_CLOCK_EVERY);
        if running && due && !self.session.is_over() {
            self.clock_kept = Some(ctx.now);
            if self.session.is_dirty() {
                self.keep(ctx);
            }
        }
        let Some(loser) = self.clock.as_ref().and_then(|c| c.flagged(ctx.now)) else {
            return Outcome::Stay;
        };
        if self.session.is_over() {
            return Outcome::Stay;
        }
        self.stop_opponent();
        self.session.lose_on_time(loser);
        self.ended_off_the_board(ctx)
    }

    /// The clocks after a ply by `mover`: theirs stops with the increment, the other's runs;
    /// all stop when the game is over.
    pub(super) fn clock_after_ply(&mut self, mover: Color, now: Instant) {
        let over = self.session.is_over();
        if let Some(clock) = &mut self.clock {
            if over {
                clock.stop(now);
            } else {
                clock.played(mover, now);
            }
        }
    }

    /// The clocks after a ply of `mover`'s was taken back: their clock runs again (a game not
    /// yet begun again has none running).
    pub(super) fn clock_after_undo(&mut self, mover: Color, now: Instant) {
        let begun = !self.session.record().plies().is_empty();
        if let Some(clock) = &mut self.clock {
            if begun {
                clock.took_back(mover, now);
            } else {
                *clock = GameClock::new(clock.control());
            }
        }
    }

    /// Whether the clocks are paused: the game has begun and goes on, but no clock runs.
    /// Moves wait, and the computer does not think, until `p` starts them again.
    #[must_use]
    pub fn paused(&self) -> bool {
        self.clock
            .as_ref()
            .is_some_and(|clock| clock.running().is_none())
            && !self.session.record().plies().is_empty()
            && !self.session.is_over()
    }

    /// Stops the clocks (the terminal is given up for a while): moves wait until `p`.
    pub fn pause(&mut self, now: Instant) {
        if let Some(clock) = &mut self.clock {
            clock.stop(now);
        }
        self.stop_opponent();
    }

    /// Stops the running clock, or starts the side to move's again.
    pub(super) fn toggle_pause(&mut self, ctx: &mut Context) {
        let to_move = self.position().to_move();
        let begun = !self.session.record().plies().is_empty();
        let over = self.session.is_over();
        let Some(clock) = &mut self.clock else {
            ctx.info("this game has no clock (tak play --clock 10+5 gives it one)");
            return;
        };
        if clock.running().is_some() {
            clock.stop(ctx.now);
            self.stop_opponent();
            // The time left as it is now, for a game resumed later.
            if self.session.is_dirty() {
                self.keep(ctx);
            }
            ctx.info("clocks paused: p starts them again");
        } else if begun && !over {
            clock.start(to_move, ctx.now);
            ctx.info("clocks running");
            self.wake_opponent(ctx.now);
        } else {
            ctx.info("the clocks start with the first ply");
        }
    }
}
