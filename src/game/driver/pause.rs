//! A short, natural pause before the move of the computer at its low levels, for a person
//! playing it at the board: those levels answer in a few milliseconds, so their move seemed
//! to land with the person's own, before the thinking display could be seen. The move is
//! held until the pause is over; the time held is never charged to the computer's clock.

use std::time::{Duration, Instant};

use super::Driver;
use crate::engine::Thought;
use crate::rules::Color;

/// The highest level that pauses: the levels above think long enough to be seen thinking.
const PAUSING_LEVELS: u8 = 7;

/// The shortest pause from the moment the computer is asked to its move.
pub(super) const SHORTEST: Duration = Duration::from_millis(600);

/// How much longer some moves take than others, at most, so the pause does not tick like a
/// metronome.
const VARIES: u64 = 500;

/// A move chosen and held until its pause is over.
#[derive(Clone, Debug)]
pub(super) struct Held {
    /// The move and what the program thought of it.
    pub thought: Thought,
    /// When it was chosen: the time after this is the pause's, not the program's.
    pub chosen: Instant,
    /// When it is played.
    pub due: Instant,
}

impl Driver {
    /// With the computer's low levels pausing a moment before each move (see the module's
    /// doc), or not (a match, where no one waits to see it).
    pub const fn set_natural_pause(&mut self, on: bool) {
        self.natural_pause = on;
    }

    /// The move `thought` of the program at `color`, chosen at `now` for a search asked at
    /// `asked`: held (the time it is due) when a pause applies, else `None`.
    pub(super) fn hold(
        &self,
        color: Color,
        thought: &Thought,
        asked: Instant,
        now: Instant,
    ) -> Option<Held> {
        let level = self.seats[color].program()?.player().level()?;
        if !self.natural_pause || level.get() > PAUSING_LEVELS || thought.best.is_none() {
            return None;
        }
        // Varied from move to move, the same for the same game and ply.
        let ply = u64::from(self.position().ply());
        let extra = (self.seed ^ ply.wrapping_mul(0x9e37_79b9_7f4a_7c15)) % VARIES;
        let due = asked + SHORTEST + Duration::from_millis(extra);
        (now < due).then(|| Held {
            thought: thought.clone(),
            chosen: now,
            due,
        })
    }
}
