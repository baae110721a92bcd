//! Alpha-beta over Locke's turns, deepened one turn at a time until the depth or the node
//! budget runs out, with a transposition table and the positions of the game and of the line
//! searched kept for the rule of three repetitions. The weak levels' noise is added to each
//! first turn's score, seeded, so a seed always plays the same.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};

use super::eval::evaluate;
use super::state::{State, Step, Verdict};

/// A won game's score; a win sooner scores more (less the turns to it).
pub(super) const WIN: i32 = 30_000;

/// Scores beyond this are wins or losses found by the search.
const DECIDED: i32 = WIN - 1_000;

/// Entries in the transposition table (a power of two).
const TABLE: usize = 1 << 16;

/// The stop flag is looked at once every this many positions (a power of two): often enough
/// to stop within a millisecond or so, seldom enough to cost nothing.
const STOP_EVERY: u64 = 256;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Clone, Copy, Debug)]
struct Entry {
    key: u64,
    depth: u8,
    score: i32,
    bound: Bound,
    best: Option<Step>,
}

/// What the search is allowed and how it varies its choice.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) struct Budget {
    pub depth: u8,
    pub nodes: u64,
    pub noise: u32,
    pub seed: u64,
}

/// The search's answer.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) struct Found {
    pub step: Step,
    pub score: i32,
    pub depth: u8,
    pub nodes: u64,
}

pub(super) struct Searcher<'a> {
    table: Vec<Option<Entry>>,
    nodes: u64,
    budget: Budget,
    aborted: bool,
    /// The positions of the line being searched (repetition keys), the root's excepted.
    path: Vec<u64>,
    /// How many times each position occurred in the game, up to the root.
    seen: &'a HashMap<u64, u8>,
    /// Raised by the caller: the search ends at once, with the best turn found so far.
    stop: &'a AtomicBool,
    /// The stop flag was seen raised.
    stopped: bool,
}

impl<'a> Searcher<'a> {
    pub fn new(budget: Budget, seen: &'a HashMap<u64, u8>, stop: &'a AtomicBool) -> Searcher<'a> {
        Searcher {
            table: vec![None; TABLE],
            nodes: 0,
            budget,
            aborted: false,
            path: Vec::new(),
            seen,
            stop,
            stopped: false,
        }
    }

    /// Whether the search was stopped by the caller before its budget ran out.
    pub const fn stopped(&self) -> bool {
        self.stopped
    }

    /// The best turn in `root` by the budget; `None` when there is no turn.
    pub fn run(&mut self, root: &State) -> Option<Found> {
        let mut steps = Vec::new();
        root.steps(&mut steps);
        let mut found: Option<Found> = None;
        let mut order = steps;
        for depth in 1..=self.budget.depth.max(1) {
            let Some((step, score)) = self.root(root, &order, depth) else {
                break;
            };
            found = Some(Found {
                step,
                score,
                depth,
                nodes: self.nodes,
            });
            // The best first next time.
            if let Some(i) = order.iter().position(|&s| s == step) {
                order[..=i].rotate_right(1);
            }
            if score.abs() > DECIDED {
                break;
            }
        }
        found.map(|f| Found {
            nodes: self.nodes,
            ..f
        })
    }

    /// One pass over the root's turns at `depth`: the best (noise added), or `None` if the
    /// budget ran out first (depth 1 always completes).
    fn root(&mut self, root: &State, steps: &[Step], depth: u8) -> Option<(Step, i32)> {
        let spread = i32::try_from(self.budget.noise).unwrap_or(i32::MAX / 4);
        // The best true score so far, and the turn chosen with its true and noisy scores.
        let mut top = -WIN - 1;
        let mut chosen: Option<(Step, i32, i32)> = None;
        for &step in steps {
            // A turn that cannot come within the noise of the best need not be scored exactly.
            let floor = if chosen.is_some() {
                top - 2 * spread
            } else {
                -WIN - 1
            };
            let score = self.child(root, step, depth, floor, WIN + 1, 0);
            if self.aborted && depth > 1 {
                return None;
            }
            top = top.max(score);
            let noisy = score + self.noise(step);
            if chosen.is_none_or(|(_, _, best)| noisy > best) {
                chosen = Some((step, score, noisy));
            }
        }
        chosen.map(|(step, score, _)| (step, score))
    }

    fn noise(&self, step: Step) -> i32 {
        if self.budget.noise == 0 {
            return 0;
        }
        let key = crate::engine::rng::mix(
            self.budget.seed ^ (u64::from(step.from) << 8 | u64::from(step.to)),
        );
        (key % u64::from(self.budget.noise)) as i32
    }

    /// The score of playing `step` in `state` (for the player to move there).
    fn child(
        &mut self,
        state: &State,
        step: Step,
        depth: u8,
        alpha: i32,
        beta: i32,
        ply: i32,
    ) -> i32 {
        let (next, verdict) = state.after(step);
        match verdict {
            Some(Verdict::Won) => return WIN - ply - 1,
            Some(Verdict::Lost) => return -(WIN - ply - 1),
            None => {}
        }
        let key = next.repetition_key();
        let before = u32::from(self.seen.get(&key).copied().unwrap_or(0))
            + self.path.iter().filter(|&&k| k == key).count() as u32;
        if before >= 2 {
            return 0;
        }
        self.path.push(key);
        let score = -self.negamax(&next, depth - 1, -beta, -alpha, ply + 1);
        self.path.pop();
        score
    }

    fn negamax(&mut self, state: &State, depth: u8, mut alpha: i32, beta: i32, ply: i32) -> i32 {
        self.nodes += 1;
        if self.nodes >= self.budget.nodes {
            self.aborted = true;
        }
        if self.nodes.is_multiple_of(STOP_EVERY) && self.stop.load(Ordering::Relaxed) {
            self.aborted = true;
            self.stopped = true;
        }
        let mut steps = Vec::with_capacity(48);
        state.steps(&mut steps);
        if steps.is_empty() {
            return -(WIN - ply);
        }
        if depth == 0 || (self.aborted && ply > 0) {
            return evaluate(state);
        }
        let key = state.table_key();
        let slot = (key as usize) & (TABLE - 1);
        let mut first = None;
        if let Some(entry) = self.table[slot].filter(|e| e.key == key) {
            first = entry.best;
            if entry.depth >= depth {
                let score = from_table(entry.score, ply);
                let cut = match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                };
                if cut {
                    return score;
                }
            }
        }
        order(state, &mut steps, first);
        let start = alpha;
        let mut best = -WIN - 1;
        let mut best_step = None;
        for step in steps {
            let score = self.child(state, step, depth, alpha, beta, ply);
            if score > best {
                best = score;
                best_step = Some(step);
            }
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        if !self.aborted {
            let bound = if best >= beta {
                Bound::Lower
            } else if best <= start {
                Bound::Upper
            } else {
                Bound::Exact
            };
            self.table[slot] = Some(Entry {
                key,
                depth,
                score: to_table(best, ply),
                bound,
                best: best_step,
            });
        }
        best
    }
}

/// Tries first the table's turn, then captures and turns onto the middle row.
fn order(state: &State, steps: &mut [Step], first: Option<Step>) {
    let middle = 2 * 5..3 * 5;
    steps.sort_by_key(|&step| {
        if Some(step) == first {
            return 0;
        }
        let capture = step.from != super::state::ENTER
            && state
                .at(usize::from(step.to))
                .is_some_and(|(o, _)| o != state.to_move());
        let centre = middle.contains(&step.to);
        match (capture, centre) {
            (true, true) => 1,
            (true, false) => 2,
            (false, true) => 3,
            (false, false) => 4,
        }
    });
}

/// A win's score in the table counts from the position stored, not from the root.
const fn to_table(score: i32, ply: i32) -> i32 {
    if score > DECIDED {
        score + ply
    } else if score < -DECIDED {
        score - ply
    } else {
        score
    }
}

const fn from_table(score: i32, ply: i32) -> i32 {
    if score > DECIDED {
        score - ply
    } else if score < -DECIDED {
        score + ply
    } else {
        score
    }
}
