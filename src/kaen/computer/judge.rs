//! What a Kaen position is worth in chips to the player about to roll: the expectation over
//! the die's four faces of the best they can do with each (a stone in the row, or matching or
//! forfeiting a full row), the other player answering in turn, a few turns deep and to the end
//! of the game when few squares are left; past that, an estimate from how far each player is
//! from a bridge. Doubling is left out of the lookahead (as a cubeless backgammon evaluation
//! does): the player's decisions on the marker compare these values.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};

use super::super::{Face, Player};
use super::stones::Stones;

/// Bets as the lookahead sees them: the mover's and the other's, in chips.
#[derive(Clone, Copy, PartialEq, Debug)]
pub(super) struct Bets {
    pub mine: f64,
    pub theirs: f64,
}

impl Bets {
    const fn swapped(self) -> Bets {
        Bets {
            mine: self.theirs,
            theirs: self.mine,
        }
    }

    /// Worth `chance` of winning the pot (and losing the bet otherwise).
    fn at_chance(self, chance: f64) -> f64 {
        chance * self.theirs - (1.0 - chance) * self.mine
    }
}

/// The position's value with memory of the positions already valued.
pub(super) struct Judge<'a> {
    /// Each player's chips, bet included (what a match may not exceed).
    worth: [f64; 2],
    memo: HashMap<(u32, Player, u64, u64, u8, bool), f64>,
    /// Raised by the caller: look no further, every position valued by the estimate.
    stop: &'a AtomicBool,
}

impl<'a> Judge<'a> {
    pub fn new(worth: [f64; 2], stop: &'a AtomicBool) -> Judge<'a> {
        Judge {
            worth,
            memo: HashMap::new(),
            stop,
        }
    }

    /// The turns to look ahead from `stones`: `depth`, or to the end when at most `exact`
    /// squares are empty.
    pub fn horizon(stones: Stones, depth: u8, exact: u8) -> u8 {
        let empty = stones.empty().count_ones() as u8;
        if empty <= exact {
            // Full rows may pass turns without a stone: a few turns to spare.
            empty + 4
        } else {
            depth
        }
    }

    /// The value to `mover`, before their roll, of the game at `stones` and `bets`, looking
    /// `depth` turns ahead; `may_surrender` when they may still take back half their bet.
    pub fn before_roll(
        &mut self,
        stones: Stones,
        mover: Player,
        bets: Bets,
        depth: u8,
        may_surrender: bool,
    ) -> f64 {
        // Checked at every position: a load is cheap beside the four faces' work below.
        if depth == 0 || self.stop.load(Ordering::Relaxed) {
            return bets.at_chance(chance(stones, mover));
        }
        let key = (
            stones.key(),
            mover,
            bets.mine.to_bits(),
            bets.theirs.to_bits(),
            depth,
            may_surrender,
        );
        if let Some(&value) = self.memo.get(&key) {
            return value;
        }
        let rolled = Face::ALL
            .into_iter()
            .map(|face| self.after_roll(stones, mover, face, bets, depth))
            .sum::<f64>()
            / 4.0;
        let value = if may_surrender {
            rolled.max(-bets.mine / 2.0)
        } else {
            rolled
        };
        self.memo.insert(key, value);
        value
    }

    /// The value to `mover` of having rolled `face`: their best stone in the row, or the
    /// better of matching and forfeiting a full one.
    pub fn after_roll(
        &mut self,
        stones: Stones,
        mover: Player,
        face: Face,
        bets: Bets,
        depth: u8,
    ) -> f64 {
        let open = stones.open_in_row(mover, face);
        if open == 0 {
            let forfeit = -bets.mine;
            return match self.matched(stones, mover, bets, depth) {
                Some(matched) => matched.max(forfeit),
                None => forfeit,
            };
        }
        (0..16)
            .filter(|i| open & (1 << i) != 0)
            .map(|i| self.placed(stones, mover, i, bets, depth))
            .fold(f64::NEG_INFINITY, f64::max)
    }

    /// The value to `mover` of matching their bet on a full row (`None` if they cannot pay).
    pub fn matched(&mut self, stones: Stones, mover: Player, bets: Bets, depth: u8) -> Option<f64> {
        let raised = Bets {
            mine: 2.0 * bets.mine,
            ..bets
        };
        (raised.mine <= self.worth[mover.index()])
            .then(|| -self.before_roll(stones, !mover, raised.swapped(), depth - 1, true))
    }

    /// The value to `mover` of a stone on square number `index`.
    pub fn placed(
        &mut self,
        stones: Stones,
        mover: Player,
        index: u32,
        bets: Bets,
        depth: u8,
    ) -> f64 {
        let after = stones.with(mover, index);
        if after.bridge(mover) {
            return bets.theirs;
        }
        if after.is_full() {
            return match after.count(mover).cmp(&after.count(!mover)) {
                std::cmp::Ordering::Greater => bets.theirs,
                std::cmp::Ordering::Less => -bets.mine,
                std::cmp::Ordering::Equal => (bets.theirs - bets.mine) / 2.0,
            };
        }
        -self.before_roll(after, !mover, bets.swapped(), depth - 1, true)
    }
}

/// An estimate of `mover`'s chance of winning, about to roll: the nearer to a bridge than the
/// other (a turn ahead, having the move), the likelier; with both cut off, the stones count.
pub(super) fn chance(stones: Stones, mover: Player) -> f64 {
    let lead = match (stones.distance(mover), stones.distance(!mover)) {
        (Some(mine), Some(theirs)) => f64::from(theirs) - f64::from(mine) + 0.5,
        (Some(mine), None) => 3.0 - 0.5 * f64::from(mine),
        (None, Some(theirs)) => 0.5 * f64::from(theirs) - 3.0,
        (None, None) => {
            let empty = f64::from(stones.empty().count_ones());
            let ahead = f64::from(stones.count(mover)) - f64::from(stones.count(!mover));
            // Each empty square may go to either player.
            1.5 * ahead / (1.0 + empty / 2.0)
        }
    };
    1.0 / (1.0 + (-0.9 * lead).exp())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kaen::Board;

    const EVEN: Bets = Bets {
        mine: 1.0,
        theirs: 1.0,
    };

    #[test]
    fn a_raised_stop_values_by_the_estimate_alone() {
        let stones = Stones::of(&Board::default());
        let stop = AtomicBool::new(true);
        let mut stopped = Judge::new([100.0; 2], &stop);
        let value = stopped.before_roll(stones, Player::One, EVEN, 4, true);
        assert!(
            stopped.memo.is_empty(),
            "no position looked at past the first"
        );
        assert!((value - EVEN.at_chance(chance(stones, Player::One))).abs() < 1e-12);
        let go = AtomicBool::new(false);
        let mut looking = Judge::new([100.0; 2], &go);
        looking.before_roll(stones, Player::One, EVEN, 2, true);
        assert!(looking.memo.len() > 1, "left running, it looks ahead");
    }
}
