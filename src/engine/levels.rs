//! Levels 1 to 10: the engine as an opponent for people, from beginner to full strength.
//!
//! The weak levels search a small, fixed number of positions and add noise to their choice
//! (seeded, so a game can be replayed); the strong ones think by time, the strongest by the
//! game clock alone.

use std::time::Duration;

use super::{ClockLimits, Limits};

/// A playing strength from 1 (beginner) to 10 (full strength).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Level(u8);

/// What each level is: name, description, node budget, noise, time per move without a clock.
struct Spec {
    name: &'static str,
    description: &'static str,
    nodes: Option<u64>,
    noise: u32,
    movetime: Option<Duration>,
}

const SPECS: [Spec; 10] = [
    Spec {
        name: "Pebble",
        description: "Looks one move ahead and often plays a random reasonable move.",
        nodes: Some(60),
        noise: 400,
        movetime: None,
    },
    Spec {
        name: "Sprout",
        description: "Sees roads in one and blocks some threats; still wanders.",
        nodes: Some(250),
        noise: 250,
        movetime: None,
    },
    Spec {
        name: "Apprentice",
        description: "Blocks what it sees, takes what it is given, plans little.",
        nodes: Some(1_000),
        noise: 160,
        movetime: None,
    },
    Spec {
        name: "Novice",
        description: "Reads a couple of moves ahead; makes loose moves now and then.",
        nodes: Some(4_000),
        noise: 100,
        movetime: None,
    },
    Spec {
        name: "Club player",
        description: "Sound short tactics and a feel for the flat count.",
        nodes: Some(15_000),
        noise: 60,
        movetime: None,
    },
    Spec {
        name: "Strong club player",
        description: "Fights for roads and flats alike; few outright mistakes.",
        nodes: Some(60_000),
        noise: 30,
        movetime: None,
    },
    Spec {
        name: "Expert",
        description: "A quick full search of every move; hard to trick.",
        nodes: Some(250_000),
        noise: 10,
        movetime: None,
    },
    Spec {
        name: "Master",
        description: "Thinks about a second a move at full strength.",
        nodes: None,
        noise: 0,
        movetime: Some(Duration::from_secs(1)),
    },
    Spec {
        name: "Grandmaster",
        description: "Thinks about three seconds a move at full strength.",
        nodes: None,
        noise: 0,
        movetime: Some(Duration::from_secs(3)),
    },
    Spec {
        name: "Full strength",
        description: "Uses the clock as it sees fit (ten seconds a move without one).",
        nodes: None,
        noise: 0,
        movetime: Some(Duration::from_secs(10)),
    },
];

impl Level {
    /// The weakest level.
    pub const MIN: Level = Level(1);
    /// The strongest level.
    pub const MAX: Level = Level(10);

    /// Level `n`, if it is 1 to 10.
    #[must_use]
    pub const fn new(n: u8) -> Option<Level> {
        if n >= 1 && n <= 10 {
            Some(Level(n))
        } else {
            None
        }
    }

    /// The level's number, 1 to 10.
    #[must_use]
    pub const fn get(self) -> u8 {
        self.0
    }

    /// Every level, weakest first.
    pub fn all() -> impl Iterator<Item = Level> {
        (1..=10).map(Level)
    }

    const fn spec(self) -> &'static Spec {
        &SPECS[self.0 as usize - 1]
    }

    /// A short name for menus ("Novice").
    #[must_use]
    pub const fn name(self) -> &'static str {
        self.spec().name
    }

    /// One line saying how the level plays.
    #[must_use]
    pub const fn description(self) -> &'static str {
        self.spec().description
    }

    /// The limits to think with at this level. The weak levels use their node budgets whatever
    /// the clock (they also respect it: a clock bounds every level); the top levels think for
    /// a fixed time per move without a clock, and by the clock when there is one (level 10
    /// by the clock alone).
    #[must_use]
    pub fn limits(self, clock: Option<ClockLimits>, seed: u64) -> Limits {
        let spec = self.spec();
        let movetime = match (clock, self.0) {
            (Some(_), 10) => None,
            _ => spec.movetime,
        };
        Limits {
            depth: None,
            nodes: spec.nodes,
            movetime,
            clock,
            seed,
            noise: spec.noise,
            exclude: Vec::new(),
        }
    }
}

impl std::fmt::Display for Level {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} ({})", self.0, self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_are_one_to_ten_and_get_stronger() {
        assert!(Level::new(0).is_none());
        assert!(Level::new(11).is_none());
        let levels: Vec<Level> = Level::all().collect();
        assert_eq!(levels.len(), 10);
        for pair in levels.windows(2) {
            let (weak, strong) = (pair[0].limits(None, 1), pair[1].limits(None, 1));
            assert!(strong.noise <= weak.noise);
            match (weak.nodes, strong.nodes) {
                (Some(a), Some(b)) => assert!(b > a),
                (Some(_) | None, None) => {}
                (None, Some(_)) => panic!("a node budget above a timed level"),
            }
            assert!(!pair[0].name().is_empty() && !pair[0].description().is_empty());
        }
    }
}
