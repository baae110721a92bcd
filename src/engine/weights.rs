//! The evaluation's weights: three per feature ([`super::features`]), for the start of the
//! game, its middle and its end, blended by the phase. The defaults are fitted to Tiltak's
//! judgement of positions by `examples/texel.rs` (`scripts/texel.sh`) and kept in
//! `assets/engine/weights.txt`, compiled in; the `Weights` option of `tak tei` changes any of
//! them by name.

use std::fmt::Write as _;

use super::features::{FEATURE_COUNT, SQUARE_CLASSES, index};

/// What each feature is worth early, in the middle of the game and late, in centiflats (the
/// fit sets the scale: a flat on top is worth some 40 to 100 of them, early to late).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Each feature's weight with full reserves.
    pub early: [i32; FEATURE_COUNT],
    /// Each feature's weight with half the reserves of the player with fewer left.
    pub middle: [i32; FEATURE_COUNT],
    /// Each feature's weight when a player's reserves are spent.
    pub late: [i32; FEATURE_COUNT],
}

/// The weights' names, where each starts and how many entries it has.
pub const TERMS: [(&str, usize, usize); 25] = [
    ("half_flat", index::FLATS, 1),
    ("wall", index::WALLS, 1),
    ("cap", index::CAPS, 1),
    ("reserve", index::RESERVES, 1),
    ("support", index::SUPPORT, 3),
    ("captive", index::CAPTIVES, 3),
    ("flat_square", index::FLAT_SQUARE, SQUARE_CLASSES),
    ("cap_square", index::CAP_SQUARE, SQUARE_CLASSES),
    ("wall_square", index::WALL_SQUARE, SQUARE_CLASSES),
    ("group_short", index::GROUP_SHORT, 7),
    ("line_short", index::LINE_SHORT, 8),
    ("threat", index::THREATS, 1),
    ("pressure", index::PRESSURE, 1),
    ("wall_blocks_own", index::WALL_BLOCKS_OWN, 1),
    ("cap_beside_stack", index::CAP_BESIDE_STACK, 1),
    ("tempo", index::TEMPO, 1),
    ("critical", index::CRITICAL, 3),
    ("groups", index::GROUPS, 1),
    ("line_blocked", index::LINE_BLOCKED, 8),
    ("connections", index::CONNECTIONS, 1),
    ("lead_to_move", index::LEAD_TO_MOVE, 9),
    ("flat_race", index::FLAT_RACE, 6),
    ("stack_neighbours", index::STACK_NEIGHBOURS, 3),
    // Two names for what tuning most often moves: the flat's early and late worth alone.
    ("half_flat_early", index::FLATS, 1),
    ("half_flat_late", index::FLATS, 1),
];

/// The fitted weights, as `examples/texel.rs` wrote them.
const DEFAULT_TEXT: &str = include_str!("../../assets/engine/weights.txt");

impl Default for Weights {
    fn default() -> Weights {
        let mut weights = Weights::hand_set();
        weights
            .set(DEFAULT_TEXT)
            .expect("assets/engine/weights.txt reads (a test checks it)");
        weights
    }
}

impl Weights {
    /// The weights set by hand before any were fitted: the starting point of a fit, and what
    /// a fit is measured against.
    ///
    /// # Panics
    ///
    /// Never: the text is fixed, and a test reads it.
    #[must_use]
    pub fn hand_set() -> Weights {
        let mut weights = Weights {
            early: [0; FEATURE_COUNT],
            middle: [0; FEATURE_COUNT],
            late: [0; FEATURE_COUNT],
        };
        weights
            .set(
                "half_flat=45,75 wall=35 cap=70 reserve=0 support=25,30,40 captive=-10,-5,5 \
                 flat_square=0,0,0,0,6,6,6,12,12,18 cap_square=0,0,0,0,15,15,15,30,30,45 \
                 wall_square=0,0,0,0,0,0,0,0,0,0 critical=0,0,0 groups=0 \
                 line_blocked=0,0,0,0,0,0,0,0 connections=0 \
                 lead_to_move=0,0,0,0,0,0,0,0,0 flat_race=0,0,0,0,0,0 stack_neighbours=0,0,0 \
                 group_short=140,70,30,12,5,0,0 \
                 line_short=45,30,14,4,0,0,0,0 threat=90 pressure=6 wall_blocks_own=0 \
                 cap_beside_stack=0 tempo=20",
            )
            .expect("the hand-set weights read");
        weights
    }

    /// Changes weights from text such as `threat=100 half_flat=45,75 line_short=45,30,14,4,0,0,0,0`:
    /// by name (see [`TERMS`]), each with one number per entry (the same early, middle and
    /// late), twice as many (the early ones, then the late ones, the middle between) or three
    /// times as many (early, middle, late). Lines may end in `#`
    /// comments, as in the weights file.
    pub fn set(&mut self, text: &str) -> Result<(), String> {
        use crate::notation::clip;
        let words = text
            .lines()
            .map(|line| line.split('#').next().unwrap_or_default())
            .flat_map(str::split_whitespace);
        for item in words {
            let (name, value) = item
                .split_once('=')
                .ok_or_else(|| format!("{:?} is not name=value", clip(item)))?;
            let numbers: Vec<i32> = value
                .split(',')
                .map(|n| n.trim().parse::<i32>())
                .collect::<Result<_, _>>()
                .map_err(|_| format!("{:?} is not a number or a list of numbers", clip(value)))?;
            let &(_, first, len) = TERMS
                .iter()
                .find(|(term, _, _)| *term == name)
                .ok_or_else(|| format!("no weight is called {:?}", clip(name)))?;
            let range = first..first + len;
            match (name, numbers.len()) {
                ("half_flat_early", 1) => self.early[first] = numbers[0],
                ("half_flat_late", 1) => self.late[first] = numbers[0],
                ("half_flat_early" | "half_flat_late", _) => {
                    return Err(format!("{name} takes 1 number"));
                }
                (_, n) if n == len => {
                    self.early[range.clone()].copy_from_slice(&numbers);
                    self.middle[range.clone()].copy_from_slice(&numbers);
                    self.late[range].copy_from_slice(&numbers);
                }
                (_, n) if n == 2 * len => {
                    let (early, late) = numbers.split_at(len);
                    for (i, at) in range.enumerate() {
                        self.early[at] = early[i];
                        self.middle[at] = i32::midpoint(early[i], late[i]);
                        self.late[at] = late[i];
                    }
                }
                (_, n) if n == 3 * len => {
                    self.early[range.clone()].copy_from_slice(&numbers[..len]);
                    self.middle[range.clone()].copy_from_slice(&numbers[len..2 * len]);
                    self.late[range].copy_from_slice(&numbers[2 * len..]);
                }
                _ => {
                    return Err(format!(
                        "{name} takes {len} number(s), {} (early, then late) or {} (early, \
                         middle, late)",
                        2 * len,
                        3 * len
                    ));
                }
            }
        }
        Ok(())
    }

    /// The weights as text [`Weights::set`] reads, one name a line, early values, then the
    /// middle ones, then the late ones.
    #[must_use]
    pub fn to_text(&self) -> String {
        let mut text = String::new();
        for &(name, first, len) in TERMS
            .iter()
            .filter(|(n, _, _)| !n.contains("_early") && !n.contains("_late"))
        {
            let values: Vec<String> = self.early[first..first + len]
                .iter()
                .chain(&self.middle[first..first + len])
                .chain(&self.late[first..first + len])
                .map(ToString::to_string)
                .collect();
            let _ = writeln!(text, "{name}={}", values.join(","));
        }
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weights_are_set_by_name_for_both_phases_or_each() {
        let mut weights = Weights::hand_set();
        weights.set("threat=120 support=1,2,3").unwrap();
        assert_eq!(weights.early[index::THREATS], 120);
        assert_eq!(weights.late[index::THREATS], 120);
        assert_eq!(weights.late[index::SUPPORT..index::SUPPORT + 3], [1, 2, 3]);
        weights.set("threat=10,20 groups=1,2,3").unwrap();
        assert_eq!(
            weights.middle[index::THREATS],
            15,
            "halfway between early and late"
        );
        assert_eq!(
            (
                weights.early[index::GROUPS],
                weights.middle[index::GROUPS],
                weights.late[index::GROUPS]
            ),
            (1, 2, 3)
        );
        weights
            .set("half_flat=40,80 # a comment\nhalf_flat_late=90")
            .unwrap();
        assert_eq!(
            (weights.early[index::FLATS], weights.late[index::FLATS]),
            (40, 90)
        );
        assert!(weights.set("nothing=1").is_err());
        assert!(weights.set("support=1").is_err());
        assert!(weights.set("threat").is_err());
        assert!(weights.set("threat=x").is_err());
    }

    #[test]
    fn the_weights_file_reads_and_text_round_trips() {
        let weights = Weights::default();
        let mut again = Weights::hand_set();
        again.set(&weights.to_text()).unwrap();
        assert_eq!(again, weights);
        // The file names every weight, so none is left at its hand-set value by mistake.
        for &(name, _, _) in TERMS
            .iter()
            .filter(|(n, _, _)| !n.contains("_early") && !n.contains("_late"))
        {
            assert!(
                DEFAULT_TEXT
                    .lines()
                    .any(|line| line.starts_with(&format!("{name}="))),
                "assets/engine/weights.txt lacks {name}"
            );
        }
    }
}
