//! The search: iterative deepening over a principal variation search (alpha-beta that
//! searches the first move with a full window and the rest with a null window), the
//! transposition table, move ordering, and a quiescence step for road threats.
//!
//! Road wins are found before anything else at every node ([`winning_move`]), so a road in
//! one is never missed however shallow the search; and where the opponent threatens a road by
//! a placement at a leaf, the leaf is searched on (the quiescence) until the threat is met, so
//! the engine sees which defences work.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering as AtomicOrdering};

mod deepening;
pub(crate) use deepening::think;

use super::eval::evaluate;
use super::flats::flat_win;
use super::limits::Budget;
use super::ordering::{MAX_PLY, Ordering, is_special, pick};
use super::rng::noise;
use super::roads::{placement_threats, winning_move};
use super::score::{INFINITY, WIN, from_table, is_mate, to_table};
use super::tt::{Bound, Table};
use super::zobrist::Hasher;
use super::{Control, Info, Limits, Score, Thought, Weights};
use crate::rules::{GameResult, Move, Position};

/// Plies of road-threat quiescence below the nominal depth.
const QUIESCENCE_PLIES: i32 = 6;
/// Deepest iteration ever started.
const MAX_DEPTH: u32 = 64;
/// Late move reductions: from this depth, after this many moves.
const LMR_MIN_DEPTH: i32 = 3;
const LMR_AFTER: usize = 3;
/// The reductions' table covers depths and move numbers below this.
const LMR_TABLE: usize = 64;
/// How often (in nodes) the clock is read.
const CHECK_EVERY: u64 = 1024;
/// How often (in nodes) a thread adds its count to the shared one: a node limit is kept by
/// all threads together to within this many nodes for each helper.
const COUNT_EVERY: u64 = 64;

/// What every thread of a search reads: the evaluation, the caller's control, the limits, and
/// the counts and flags by which the threads stop together. The table is lent apart, one
/// iteration at a time, so that it can grow between them.
pub(super) struct Shared<'a> {
    pub(super) weights: &'a Weights,
    control: &'a Control<'a>,
    budget: Budget,
    max_nodes: u64,
    seed: u64,
    noise: u32,
    /// The nodes the threads have counted in so far (each adds its own now and then, see
    /// `COUNT_EVERY`).
    nodes: AtomicU64,
    /// Raised when the main thread ends an iteration: the helpers end theirs.
    halt: AtomicBool,
}

/// What one thread keeps through a whole search: its own position, move ordering, lines and
/// move lists, and count.
pub(super) struct Worker {
    pub(super) hasher: Hasher,
    ordering: Ordering,
    /// The best line found below each ply (a triangular table, one row per ply).
    pv: Vec<Vec<Move>>,
    /// One move list per ply, reused.
    buffers: Vec<Vec<Move>>,
    scores: Vec<Vec<i32>>,
    /// The root moves, best first as this thread last found them.
    root_moves: Vec<Move>,
    /// Nodes this thread visited, and how many of them it has added to `Shared::nodes`.
    nodes: u64,
    counted: u64,
    pub(super) stopped: bool,
    /// The main thread reads the clock and decides; helpers only fill the table.
    main: bool,
}

impl Worker {
    fn new(position: &Position, root_moves: Vec<Move>, main: bool) -> Worker {
        Worker {
            hasher: Hasher::new(position.clone()),
            ordering: Ordering::new(),
            pv: vec![Vec::new(); MAX_PLY + 1],
            buffers: vec![Vec::new(); MAX_PLY + 1],
            scores: vec![Vec::new(); MAX_PLY + 1],
            root_moves,
            nodes: 0,
            counted: 0,
            stopped: false,
            main,
        }
    }
}

/// One thread searching: its own state, the shared table and limits.
pub(super) struct Search<'a> {
    table: &'a Table,
    pub(super) shared: &'a Shared<'a>,
    pub(super) worker: &'a mut Worker,
}

/// How much shallower the `index`th move at `depth` is searched first: more the deeper
/// the node and the later the move (the logarithms of both), as Tak's wide move lists
/// reward, never below one ply and always leaving a ply to search.
fn reduction(depth: i32, index: usize) -> i32 {
    let row = (depth as usize).min(LMR_TABLE - 1);
    let reduction = i32::from(REDUCTIONS[row * LMR_TABLE + index.min(LMR_TABLE - 1)]);
    reduction.clamp(1, (depth - 2).max(1))
}

/// The late move reductions by depth and move number, made once for every search.
static REDUCTIONS: std::sync::LazyLock<Vec<u8>> = std::sync::LazyLock::new(reductions);

/// The late move reductions' table, `LMR_TABLE` depths by `LMR_TABLE` move numbers: half
/// the product of their logarithms, rounded.
fn reductions() -> Vec<u8> {
    let mut table = vec![0; LMR_TABLE * LMR_TABLE];
    for depth in 1..LMR_TABLE {
        for index in 1..LMR_TABLE {
            // Both below 64: exact in f64, and the result (at most 9) fits a byte.
            let ln = |n: usize| f64::from(u8::try_from(n).unwrap_or(u8::MAX)).ln();
            let r = 0.5 + ln(depth) * ln(index) / 2.0;
            table[depth * LMR_TABLE + index] = r as u8;
        }
    }
    table
}

impl Search<'_> {
    /// Noise added to a root move's value at the weaker levels.
    fn noise(&self, mv: Move) -> i32 {
        noise(self.shared.seed, mv, self.shared.noise)
    }

    /// One iteration at the root. Returns the best value and move, or `None` if stopped before
    /// any move was searched fully. Moves the best move to the front for the next iteration.
    fn root(&mut self, moves: &mut [Move], depth: i32) -> Option<(i32, Move)> {
        let mut alpha = -INFINITY;
        let beta = INFINITY;
        let mut best: Option<(i32, Move, usize)> = None;
        self.worker.pv[0].clear();
        for (i, &mv) in moves.iter().enumerate() {
            let bonus = self.noise(mv);
            let undo = self.worker.hasher.play(mv);
            let value = if i == 0 {
                -self.search(depth - 1, 1, true, -(beta - bonus), -(alpha - bonus))
            } else {
                let scout =
                    -self.search(depth - 1, 1, true, -(alpha - bonus) - 1, -(alpha - bonus));
                if scout + bonus > alpha && !self.worker.stopped {
                    -self.search(depth - 1, 1, true, -(beta - bonus), -(alpha - bonus))
                } else {
                    scout
                }
            };
            self.worker.hasher.undo(undo);
            if self.worker.stopped {
                break;
            }
            let total = value + bonus;
            if total > alpha {
                alpha = total;
                best = Some((value, mv, i));
                self.set_pv(0, mv);
            }
        }
        let (value, mv, index) = best?;
        moves[..=index].rotate_right(1);
        // A helper's iteration cut short by the main thread's end says less than its depth
        // claims: the main thread's, cut short, is kept as it always was.
        if self.worker.main || !self.worker.stopped {
            let hash = self.worker.hasher.hash();
            self.table.store(
                hash,
                Some(mv),
                to_table(value, 0),
                depth as u8,
                Bound::Exact,
            );
        }
        Some((value, mv))
    }

    /// A move that wins at once for the side to move: a road, or a placement that ends the
    /// game on flats and wins it.
    fn winning_move(&mut self) -> Option<Move> {
        let position = self.worker.hasher.position_mut();
        winning_move(position).or_else(|| flat_win(position))
    }

    /// Records `mv` followed by the line below it as the best line at `ply`.
    fn set_pv(&mut self, ply: usize, mv: Move) {
        let (here, below) = self.worker.pv.split_at_mut(ply + 1);
        let line = &mut here[ply];
        line.clear();
        line.push(mv);
        line.extend_from_slice(&below[0]);
    }

    /// Whether to stop now: asked to, out of time, or out of nodes (all threads' together);
    /// a helper also when the main thread has ended its iteration.
    fn should_stop(&mut self) -> bool {
        let (worker, shared) = (&mut *self.worker, self.shared);
        if worker.stopped {
            return true;
        }
        // The flags cost nothing to read, nor does the count while only this thread adds to
        // it; the caller's clock is read less often, and by the main thread only.
        let others = shared
            .nodes
            .load(AtomicOrdering::Relaxed)
            .saturating_sub(worker.counted);
        if worker.nodes.saturating_add(others) >= shared.max_nodes
            || shared.control.stop.load(AtomicOrdering::Relaxed)
            || (!worker.main && shared.halt.load(AtomicOrdering::Relaxed))
        {
            worker.stopped = true;
        } else if worker.main && worker.nodes.is_multiple_of(CHECK_EVERY) {
            worker.stopped = shared
                .budget
                .hard
                .is_some_and(|hard| (shared.control.elapsed)() >= hard);
        }
        worker.stopped
    }

    /// Counts a node, adding this thread's count to the shared one now and then.
    fn count_node(&mut self) {
        self.worker.nodes += 1;
        if self.worker.nodes - self.worker.counted >= COUNT_EVERY {
            self.count_in();
        }
    }

    /// Adds the nodes not yet counted in to the shared count.
    fn count_in(&mut self) {
        let new = self.worker.nodes - self.worker.counted;
        self.shared.nodes.fetch_add(new, AtomicOrdering::Relaxed);
        self.worker.counted = self.worker.nodes;
    }

    /// Negamax with alpha-beta, the principal variation searched with a full window and the
    /// other moves first with a null one.
    pub(super) fn search(
        &mut self,
        depth: i32,
        ply: usize,
        can_null: bool,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        self.count_node();
        self.worker.pv[ply].clear();
        if self.should_stop() {
            return 0;
        }
        let position = self.worker.hasher.position();
        if position.is_over() {
            return terminal_value(position, ply);
        }
        if depth <= 0 || ply >= MAX_PLY - QUIESCENCE_PLIES as usize - 1 {
            return self.quiesce(ply, alpha, beta, QUIESCENCE_PLIES);
        }
        let hash = self.worker.hasher.hash();
        let table_move = match self.probe(hash, depth, ply, alpha, beta) {
            Ok(table_move) => table_move,
            Err(value) => return value,
        };
        if let Some(mv) = self.winning_move() {
            self.worker.pv[ply].push(mv);
            return WIN - (ply as i32 + 1);
        }

        let position = self.worker.hasher.position();
        let player = position.to_move();
        let threats = placement_threats(position, !player);
        let quiet = threats.is_empty();
        if let Some(value) = self.futile(depth, alpha, beta, quiet) {
            return value;
        }
        if can_null && let Some(value) = self.null_move(depth, ply, beta, quiet) {
            return value;
        }
        let position = self.worker.hasher.position();
        let mut moves = std::mem::take(&mut self.worker.buffers[ply]);
        let mut scores = std::mem::take(&mut self.worker.scores[ply]);
        position.legal_moves_into(&mut moves);
        self.worker.ordering.score(
            &moves,
            &mut scores,
            table_move,
            threats,
            ply,
            player,
            position.size(),
        );

        let original_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_move = None;
        for i in 0..moves.len() {
            let mv = pick(&mut moves, &mut scores, i);
            let special = is_special(scores[i]);
            // Late moves of a well-ordered list rarely matter: search them shallower first,
            // and in full only if they surprise.
            let reduction = if quiet && !special && depth >= LMR_MIN_DEPTH && i >= LMR_AFTER {
                reduction(depth, i)
            } else {
                0
            };
            let undo = self.worker.hasher.play(mv);
            let value = self.child(depth, ply, i == 0, reduction, alpha, beta);
            self.worker.hasher.undo(undo);
            if self.worker.stopped {
                break;
            }
            if value > best {
                best = value;
                best_move = Some(mv);
                if value > alpha {
                    alpha = value;
                    self.set_pv(ply, mv);
                    if value >= beta {
                        self.worker.ordering.cut(mv, ply, depth, player);
                        break;
                    }
                }
            }
        }
        self.worker.buffers[ply] = moves;
        self.worker.scores[ply] = scores;
        if self.worker.stopped {
            return 0;
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.table.store(
            hash,
            best_move,
            to_table(best, ply as i32),
            depth as u8,
            bound,
        );
        best
    }

    /// The value of the move just played: the first with the full window, the others with a
    /// null window (at `reduction` plies less first), searched again in full if they beat
    /// `alpha`.
    fn child(
        &mut self,
        depth: i32,
        ply: usize,
        first: bool,
        reduction: i32,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        if first {
            return -self.search(depth - 1, ply + 1, true, -beta, -alpha);
        }
        let mut value = -self.search(depth - 1 - reduction, ply + 1, true, -alpha - 1, -alpha);
        if value > alpha && reduction > 0 && !self.worker.stopped {
            value = -self.search(depth - 1, ply + 1, true, -alpha - 1, -alpha);
        }
        if value > alpha && value < beta && !self.worker.stopped {
            value = -self.search(depth - 1, ply + 1, true, -beta, -alpha);
        }
        value
    }

    /// What the table knows of this position: `Err(value)` when it settles the node, else the
    /// move it remembers, to try first.
    fn probe(
        &mut self,
        hash: u64,
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
    ) -> Result<Option<Move>, i32> {
        let Some(entry) = self.table.probe(hash) else {
            return Ok(None);
        };
        if i32::from(entry.depth) >= depth {
            let value = from_table(entry.value, ply as i32);
            let settled = match entry.bound {
                Bound::Exact => true,
                Bound::Lower => value >= beta,
                Bound::Upper => value <= alpha,
            };
            if settled {
                if let Some(mv) = entry.mv {
                    self.worker.pv[ply].push(mv);
                }
                return Err(value);
            }
        }
        Ok(entry.mv)
    }

    /// The quiescence: a quiet position is judged as it stands, but one where the opponent
    /// threatens a road by a placement is searched on (every move) until the threats end.
    fn quiesce(&mut self, ply: usize, mut alpha: i32, beta: i32, left: i32) -> i32 {
        self.count_node();
        self.worker.pv[ply].clear();
        if self.should_stop() {
            return 0;
        }
        let position = self.worker.hasher.position();
        if position.is_over() {
            return terminal_value(position, ply);
        }
        if let Some(mv) = self.winning_move() {
            self.worker.pv[ply].push(mv);
            return WIN - (ply as i32 + 1);
        }
        let position = self.worker.hasher.position();
        let player = position.to_move();
        let threats = placement_threats(position, !player);
        if threats.is_empty() || left <= 0 || ply >= MAX_PLY - 1 {
            return evaluate(position, self.shared.weights);
        }
        let mut moves = std::mem::take(&mut self.worker.buffers[ply]);
        let mut scores = std::mem::take(&mut self.worker.scores[ply]);
        position.legal_moves_into(&mut moves);
        self.worker.ordering.score(
            &moves,
            &mut scores,
            None,
            threats,
            ply,
            player,
            position.size(),
        );
        let mut best = -INFINITY;
        for i in 0..moves.len() {
            let mv = pick(&mut moves, &mut scores, i);
            let undo = self.worker.hasher.play(mv);
            let value = -self.quiesce(ply + 1, -beta, -alpha, left - 1);
            self.worker.hasher.undo(undo);
            if self.worker.stopped {
                break;
            }
            if value > best {
                best = value;
                if value > alpha {
                    alpha = value;
                    self.set_pv(ply, mv);
                    if value >= beta {
                        break;
                    }
                }
            }
        }
        self.worker.buffers[ply] = moves;
        self.worker.scores[ply] = scores;
        best
    }
}

/// The value of a finished game for the player to move, `ply` plies below the root.
fn terminal_value(position: &Position, ply: usize) -> i32 {
    match position.result() {
        GameResult::Win { winner, .. } => {
            let value = WIN - ply as i32;
            if winner == position.to_move() {
                value
            } else {
                -value
            }
        }
        GameResult::Draw | GameResult::Ongoing => 0,
    }
}
