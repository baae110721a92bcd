//! Kaen's levels, 1 to 10: how loosely each places, how far it looks, and how it handles the
//! doubling marker, from one that doubles rashly to one that plays the odds.
//!
//! A dice game is mostly luck, so the levels are spread wide to climb: each wins about two
//! series in three against the level two below it (the ladder, `scripts/ladder-kaen-locke.sh`).
//! What separates them most is the marker: a level that doubles rashly and takes every double
//! (1 and 2) loses most series to one that takes only the doubles worth taking (3), both
//! placing at random; above that, the share of stones placed anywhere in the row, the doubles
//! given up out of timidity, and how far ahead it looks.

use super::{Cube, Style};
use crate::engine::Level;

/// A level that doubles and takes by its chance of winning alone.
const fn rash(depth: u8, exact: u8, loose: u32, double_at: f64, take_at: f64) -> Style {
    Style {
        depth,
        exact,
        loose,
        cube: Cube::Rash { double_at, take_at },
    }
}

/// A level that weighs the chips of each choice.
const fn odds(depth: u8, exact: u8, loose: u32, margin: f64, timid: f64) -> Style {
    Style {
        depth,
        exact,
        loose,
        cube: Cube::Odds { margin, timid },
    }
}

/// Each level's style and what it is like, weakest first. A `timid` of t takes a double only
/// from a chance of about (1 + t) / 4 (the sound take point is 1 in 4); a `margin` of m
/// doubles from about (1 + m) / 2, and from 3 in 4 at the latest, where the other should give
/// up.
const LEVELS: [(Style, &str); 10] = [
    (
        rash(1, 0, 1000, 0.2, 0.0),
        "Places at random; doubles whenever it may and takes every double.",
    ),
    (
        rash(1, 0, 1000, 0.3, 0.0),
        "Places at random; doubles even when behind and takes every double.",
    ),
    (
        odds(1, 0, 1000, 1.2, 0.6),
        "Places at random, but doubles a game nearly won; takes from 2 chances in 5.",
    ),
    (
        odds(1, 0, 800, 1.0, 0.6),
        "Places 8 stones in 10 anywhere, looks a turn ahead; takes from 2 in 5.",
    ),
    (
        odds(2, 3, 650, 1.0, 1.0),
        "Looks 2 turns ahead, 2 stones in 3 anywhere; takes a double only when ahead.",
    ),
    (
        odds(2, 3, 520, 1.0, 0.9),
        "Looks 2 turns ahead, half its stones anywhere; takes a double nearly even.",
    ),
    (
        odds(2, 4, 300, 0.8, 0.7),
        "Looks 2 turns ahead, 3 stones in 10 anywhere; gives up some sound doubles.",
    ),
    (
        odds(3, 6, 80, 0.5, 0.3),
        "Looks 3 turns ahead, to the end from 6 empty; now and then a loose stone.",
    ),
    (
        odds(4, 8, 10, 0.42, 0.05),
        "Looks 4 turns ahead, to the end from 8 empty; rarely a loose stone.",
    ),
    (
        odds(4, 8, 0, 0.4, 0.0),
        "Plays the odds: 4 turns ahead, to the end from 8 empty, every chip weighed.",
    ),
];

/// The style of `level`.
#[must_use]
pub const fn style(level: Level) -> Style {
    LEVELS[level.get() as usize - 1].0
}

/// One line saying how `level` plays Kaen (Tak's [`Level::description`] is about Tak).
#[must_use]
pub const fn description(level: Level) -> &'static str {
    LEVELS[level.get() as usize - 1].1
}
