//! From a `go` command and the `Level` option to the engine's [`Limits`].

use super::command::Go;
use crate::engine::{ClockLimits, Level, Limits};
use crate::rules::Color;

/// The limits for a `go` from `to_move`'s side at `level` (full strength adds nothing), with
/// the noise of weak levels seeded by `seed`.
#[must_use]
pub fn limits(go: &Go, to_move: Color, level: Level, seed: u64) -> Limits {
    let mut limits = Limits {
        seed,
        ..Limits::default()
    };
    if !go.infinite {
        limits.depth = go.depth;
        limits.nodes = go.nodes;
        limits.movetime = go.movetime;
        limits.clock = clock(go, to_move);
    }
    if level < Level::MAX {
        // A level is a ceiling: its node budget and time, and its noise.
        let own = level.limits(limits.clock, seed);
        limits.nodes = min(limits.nodes, own.nodes);
        limits.movetime = min(limits.movetime, own.movetime);
        limits.noise = own.noise;
    }
    limits
}

fn min<T: Ord>(a: Option<T>, b: Option<T>) -> Option<T> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// The clock as the side to move sees it, if `go` gave that side's time.
fn clock(go: &Go, to_move: Color) -> Option<ClockLimits> {
    let (mine, theirs, my_increment, their_increment) = match to_move {
        Color::White => (go.wtime, go.btime, go.winc, go.binc),
        Color::Black => (go.btime, go.wtime, go.binc, go.winc),
    };
    let mine = mine?;
    let mut clock = ClockLimits {
        mine,
        theirs: theirs.unwrap_or(mine),
        my_increment: my_increment.unwrap_or_default(),
        their_increment: their_increment.unwrap_or_default(),
    };
    if let Some(moves) = go.movestogo.filter(|&m| m > 0) {
        // Only this control's share matters: spread it over the moves to go.
        let share = mine / moves;
        clock.mine = clock.mine.min(share * 20);
    }
    Some(clock)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn the_side_to_move_gets_its_own_clock() {
        let go = Go {
            wtime: Some(Duration::from_secs(10)),
            btime: Some(Duration::from_secs(20)),
            binc: Some(Duration::from_secs(1)),
            ..Go::default()
        };
        let limits = limits(&go, Color::Black, Level::MAX, 0);
        let clock = limits.clock.unwrap();
        assert_eq!(clock.mine, Duration::from_secs(20));
        assert_eq!(clock.theirs, Duration::from_secs(10));
        assert_eq!(clock.my_increment, Duration::from_secs(1));
        assert_eq!(limits.noise, 0);
    }

    #[test]
    fn infinite_ignores_the_rest_and_a_level_caps_the_nodes() {
        let go = Go {
            depth: Some(3),
            infinite: true,
            ..Go::default()
        };
        assert_eq!(limits(&go, Color::White, Level::MAX, 0).depth, None);
        let weak = limits(&Go::default(), Color::White, Level::new(1).unwrap(), 0);
        assert!(weak.nodes.is_some() && weak.noise > 0);
    }
}
