//! Pruning that cuts a node without searching its moves: the null move, and the reverse
//! futility test (a position so far above what the opponent can accept that a shallow search
//! would not bring it back).

use super::eval::evaluate;
use super::roads::winning_move;
use super::score::is_mate;
use super::search::Search;

/// Null move: from this depth, this much shallower.
const NULL_MIN_DEPTH: i32 = 3;
const NULL_REDUCTION: i32 = 2;
/// Reverse futility: at most this deep, and this margin a ply, in centiflats (about a flat in
/// the middle game). Measured at level 6: 60 beat 90 by Elo +101 ± 62 once the fitted
/// weights' scale shrank; 40, or a third ply, showed nothing more (+15 ± 68, +7 ± 65).
const FUTILITY_DEPTH: i32 = 2;
const FUTILITY_MARGIN: i32 = 60;

impl Search<'_> {
    /// The null move: if passing still leaves the side to move at or above `beta` after a
    /// shallower search, a real move will too, and the node is cut. Tak has hardly any
    /// positions where moving hurts, which is what would make this unsound; and it is never
    /// tried when the opponent threatens a road (passing would lose at once) or near a win.
    pub(super) fn null_move(
        &mut self,
        depth: i32,
        ply: usize,
        beta: i32,
        quiet: bool,
    ) -> Option<i32> {
        let position = self.worker.hasher.position();
        if depth < NULL_MIN_DEPTH || !quiet || is_mate(beta) || position.is_opening() {
            return None;
        }
        if evaluate(position, self.shared.weights) < beta {
            return None;
        }
        let reduction = NULL_REDUCTION + i32::from(depth >= 7);
        self.worker.hasher.pass();
        let value = -self.search(depth - 1 - reduction, ply + 1, false, -beta, -beta + 1);
        self.worker.hasher.pass();
        (value >= beta && !self.worker.stopped && !is_mate(value)).then_some(value)
    }

    /// Reverse futility: at a shallow node off the principal line, where the opponent
    /// threatens no road, a static evaluation above `beta` by a margin for each ply left is
    /// taken as a cut (a ply or two of quiet moves rarely wins back a flat a ply).
    pub(super) fn futile(&mut self, depth: i32, alpha: i32, beta: i32, quiet: bool) -> Option<i32> {
        let principal = beta - alpha > 1;
        if principal || !quiet || depth > FUTILITY_DEPTH || is_mate(beta) {
            return None;
        }
        let position = self.worker.hasher.position();
        if position.is_opening() {
            return None;
        }
        let value = evaluate(position, self.shared.weights) - FUTILITY_MARGIN * depth;
        if value < beta {
            return None;
        }
        // `quiet` saw the opponent's placements only: a road the opponent could make by a
        // spread, were it to move, is a threat the evaluation does not see either.
        self.worker.hasher.pass();
        let threat = winning_move(self.worker.hasher.position_mut());
        self.worker.hasher.pass();
        threat.is_none().then_some(value)
    }
}
