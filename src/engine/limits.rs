//! How long to think: the caller's limits, its clock and stop flag, and the time the engine
//! allots itself from a game clock.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use crate::rules::Move;

/// What bounds a search. Every bound given applies (the first reached ends the search); with
/// none at all the engine thinks until stopped.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Plies to search at most.
    pub depth: Option<u32>,
    /// Positions to visit at most (a repeatable budget, unlike time).
    pub nodes: Option<u64>,
    /// Time for this move.
    pub movetime: Option<Duration>,
    /// The game clock: the engine decides how much of it to spend.
    pub clock: Option<ClockLimits>,
    /// Seed of the noise that makes weak levels vary their play.
    pub seed: u64,
    /// Noise added to each root move's score, up to this many centiflats: 0 plays the best
    /// move found, larger values play worse and more varied moves.
    pub noise: u32,
    /// Moves not to consider at the root (UCI's `searchmoves` turned around): analysis asks
    /// how good the best *other* move is, to tell an only move.
    pub exclude: Vec<Move>,
}

/// A game clock as the engine sees it when it is to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockLimits {
    /// Time left for the engine.
    pub mine: Duration,
    /// Time left for the opponent.
    pub theirs: Duration,
    /// Added to the engine's time after each of its moves.
    pub my_increment: Duration,
    /// Added to the opponent's time after each of theirs.
    pub their_increment: Duration,
}

/// The caller's hold on a running search.
pub struct Control<'a> {
    /// Raised by the caller to end the search at once (the best move so far is played).
    pub stop: &'a AtomicBool,
    /// How long the search has been running, by the caller's clock.
    pub elapsed: &'a (dyn Fn() -> Duration + Sync),
}

impl std::fmt::Debug for Control<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Control")
            .field("stop", &self.stop.load(Ordering::Relaxed))
            .field("elapsed", &(self.elapsed)())
            .finish()
    }
}

/// The times a search works to: it starts no new depth after `soft` and stops at `hard`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Budget {
    pub soft: Option<Duration>,
    pub hard: Option<Duration>,
}

/// Time kept back from every clock for the moves' transit and the caller's own work.
const SAFETY: Duration = Duration::from_millis(30);

impl Limits {
    /// The time budget these limits give, for a game of which about `moves_left` of the engine's
    /// own moves remain.
    pub(crate) fn budget(&self, moves_left: u32) -> Budget {
        let mut budget = Budget {
            soft: None,
            hard: None,
        };
        if let Some(movetime) = self.movetime {
            budget.soft = Some(movetime);
            budget.hard = Some(movetime);
        }
        if let Some(clock) = self.clock {
            let usable = clock.mine.saturating_sub(SAFETY);
            // An even share of what is left for the moves to come, plus most of the increment;
            // a hard limit a few times that, never more than a third of the clock.
            let share = usable / moves_left.max(1) + clock.my_increment * 3 / 4;
            let soft = share.min(usable / 2);
            let hard = (share * 4).min(usable / 3).max(soft);
            budget.soft = Some(budget.soft.map_or(soft, |s| s.min(soft)));
            budget.hard = Some(budget.hard.map_or(hard, |h| h.min(hard)));
        }
        budget
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_clock_is_shared_over_the_moves_left() {
        let limits = Limits {
            clock: Some(ClockLimits {
                mine: Duration::from_secs(60),
                theirs: Duration::from_secs(60),
                my_increment: Duration::from_secs(1),
                their_increment: Duration::from_secs(1),
            }),
            ..Limits::default()
        };
        let budget = limits.budget(20);
        let soft = budget.soft.unwrap();
        assert!(soft > Duration::from_secs(3) && soft < Duration::from_secs(5));
        assert!(budget.hard.unwrap() >= soft);
        assert!(budget.hard.unwrap() <= Duration::from_secs(20));
    }

    #[test]
    fn a_nearly_spent_clock_still_gives_some_time() {
        let limits = Limits {
            clock: Some(ClockLimits {
                mine: Duration::from_millis(10),
                theirs: Duration::from_secs(60),
                my_increment: Duration::ZERO,
                their_increment: Duration::ZERO,
            }),
            ..Limits::default()
        };
        assert_eq!(limits.budget(20).hard, Some(Duration::ZERO));
    }
}
