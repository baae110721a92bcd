//! The search: iterative deepening over a principal variation search (alpha-beta that
//! searches the first move with a full window and the rest with a null window), the
//! transposition table, move ordering, and a quiescence step for road threats.
//!
//! Road wins are found before anything else at every node ([`winning_move`]), so a road in
//! one is never missed however shallow the search; and where the opponent threatens a road by
//! a placement at a leaf, the leaf is searched on (the quiescence) until the threat is met, so
//! the engine sees which defences work.

use std::sync::atomic::Ordering as AtomicOrdering;

use super::eval::evaluate;
use super::flats::flat_win;
use super::limits::Budget;
use super::ordering::{MAX_PLY, Ordering, is_special, pick};
use super::pruning::late_move_limit;
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
/// How often (in nodes) the clock and the stop flag are read.
const CHECK_EVERY: u64 = 1024;

/// Runs a whole search: iterative deepening until a limit is reached.
pub(crate) fn think(
    table: &mut Table,
    weights: &Weights,
    position: &Position,
    limits: &Limits,
    control: &Control<'_>,
    report: &mut dyn FnMut(&Info),
) -> Thought {
    table.new_search(limits.nodes);
    let player = position.to_move();
    let moves_left = (position.reserves(player).total() / 2 + 6).clamp(8, 30);
    let budget = limits.budget(moves_left);
    let mut search = Search {
        hasher: Hasher::new(position.clone()),
        table,
        weights,
        control,
        budget,
        max_nodes: limits.nodes.unwrap_or(u64::MAX),
        nodes: 0,
        stopped: false,
        ordering: Ordering::new(),
        pv: vec![Vec::new(); MAX_PLY + 1],
        buffers: vec![Vec::new(); MAX_PLY + 1],
        scores: vec![Vec::new(); MAX_PLY + 1],
        seed: limits.seed,
        noise: limits.noise,
        exclude: limits.exclude.clone(),
    };
    search.run(
        limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH),
        report,
    )
}

pub(super) struct Search<'a> {
    pub(super) hasher: Hasher,
    table: &'a mut Table,
    pub(super) weights: &'a Weights,
    control: &'a Control<'a>,
    budget: Budget,
    max_nodes: u64,
    nodes: u64,
    pub(super) stopped: bool,
    ordering: Ordering,
    /// The best line found below each ply (a triangular table, one row per ply).
    pv: Vec<Vec<Move>>,
    /// One move list per ply, reused.
    buffers: Vec<Vec<Move>>,
    scores: Vec<Vec<i32>>,
    seed: u64,
    noise: u32,
    /// Root moves left out.
    exclude: Vec<Move>,
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
    fn run(&mut self, max_depth: u32, report: &mut dyn FnMut(&Info)) -> Thought {
        let position = self.hasher.position().clone();
        let mut root_moves = position.legal_moves();
        root_moves.retain(|mv| !self.exclude.contains(mv));
        let mut info = Info {
            depth: 0,
            score: Score::Centiflats(0),
            nodes: 0,
            pv: Vec::new(),
        };
        if root_moves.is_empty() {
            info.score = Score::from_value(terminal_value(&position, 0));
            return Thought { best: None, info };
        }
        // A win in one (a road, or the flat count) is played at once, whatever the limits.
        let mut scratch = position.clone();
        let win = winning_move(&mut scratch).or_else(|| flat_win(&mut scratch));
        if let Some(mv) = win.filter(|mv| !self.exclude.contains(mv)) {
            info = Info {
                depth: 1,
                score: Score::WinIn(1),
                nodes: 1,
                pv: vec![mv],
            };
            report(&info);
            return Thought {
                best: Some(mv),
                info,
            };
        }
        let mut best = root_moves[0];
        // Order the first iteration by the move ordering's own judgement.
        {
            let mut scores = Vec::new();
            let threats = placement_threats(&position, !position.to_move());
            self.ordering.score(
                &root_moves,
                &mut scores,
                None,
                threats,
                0,
                position.to_move(),
                position.size(),
            );
            let mut paired: Vec<(i32, Move)> = scores.into_iter().zip(root_moves).collect();
            paired.sort_by_key(|&(score, _)| std::cmp::Reverse(score));
            root_moves = paired.into_iter().map(|(_, mv)| mv).collect();
        }
        for depth in 1..=max_depth {
            // Each iteration searches a few times the nodes of all before it: room for them.
            self.table
                .grow(self.nodes.saturating_mul(4).min(self.max_nodes));
            let Some((value, mv)) = self.root(&mut root_moves, depth as i32) else {
                break;
            };
            best = mv;
            info = Info {
                depth,
                score: Score::from_value(value),
                nodes: self.nodes,
                pv: self.pv[0].clone(),
            };
            report(&info);
            if self.stopped {
                break;
            }
            // A forced result within the depth searched will not change.
            if is_mate(value) && (WIN - value.abs()) <= depth as i32 {
                break;
            }
            if let Some(soft) = self.budget.soft
                && (self.control.elapsed)() >= soft / 2
            {
                break;
            }
        }
        info.nodes = self.nodes;
        if info.pv.first() != Some(&best) {
            info.pv = vec![best];
        }
        Thought {
            best: Some(best),
            info,
        }
    }

    /// Noise added to a root move's value at the weaker levels.
    fn noise(&self, mv: Move) -> i32 {
        noise(self.seed, mv, self.noise)
    }

    /// One iteration at the root. Returns the best value and move, or `None` if stopped before
    /// any move was searched fully. Moves the best move to the front for the next iteration.
    fn root(&mut self, moves: &mut [Move], depth: i32) -> Option<(i32, Move)> {
        let mut alpha = -INFINITY;
        let beta = INFINITY;
        let mut best: Option<(i32, Move, usize)> = None;
        self.pv[0].clear();
        for (i, &mv) in moves.iter().enumerate() {
            let bonus = self.noise(mv);
            let undo = self.hasher.play(mv);
            let value = if i == 0 {
                -self.search(depth - 1, 1, true, -(beta - bonus), -(alpha - bonus))
            } else {
                let scout =
                    -self.search(depth - 1, 1, true, -(alpha - bonus) - 1, -(alpha - bonus));
                if scout + bonus > alpha && !self.stopped {
                    -self.search(depth - 1, 1, true, -(beta - bonus), -(alpha - bonus))
                } else {
                    scout
                }
            };
            self.hasher.undo(undo);
            if self.stopped {
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
        let hash = self.hasher.hash();
        self.table.store(
            hash,
            Some(mv),
            to_table(value, 0),
            depth as u8,
            Bound::Exact,
        );
        Some((value, mv))
    }

    /// A move that wins at once for the side to move: a road, or a placement that ends the
    /// game on flats and wins it.
    fn winning_move(&mut self) -> Option<Move> {
        let position = self.hasher.position_mut();
        winning_move(position).or_else(|| flat_win(position))
    }

    /// Records `mv` followed by the line below it as the best line at `ply`.
    fn set_pv(&mut self, ply: usize, mv: Move) {
        let (here, below) = self.pv.split_at_mut(ply + 1);
        let line = &mut here[ply];
        line.clear();
        line.push(mv);
        line.extend_from_slice(&below[0]);
    }

    /// Whether to stop now: asked to, out of time, or out of nodes.
    fn should_stop(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        // The flag costs nothing to read; the caller's clock is read less often.
        if self.nodes >= self.max_nodes || self.control.stop.load(AtomicOrdering::Relaxed) {
            self.stopped = true;
        } else if self.nodes.is_multiple_of(CHECK_EVERY) {
            self.stopped = self
                .budget
                .hard
                .is_some_and(|hard| (self.control.elapsed)() >= hard);
        }
        self.stopped
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
        self.nodes += 1;
        self.pv[ply].clear();
        if self.should_stop() {
            return 0;
        }
        let position = self.hasher.position();
        if position.is_over() {
            return terminal_value(position, ply);
        }
        if depth <= 0 || ply >= MAX_PLY - QUIESCENCE_PLIES as usize - 1 {
            return self.quiesce(ply, alpha, beta, QUIESCENCE_PLIES);
        }
        let hash = self.hasher.hash();
        let table_move = match self.probe(hash, depth, ply, alpha, beta) {
            Ok(table_move) => table_move,
            Err(value) => return value,
        };
        if let Some(mv) = self.winning_move() {
            self.pv[ply].push(mv);
            return WIN - (ply as i32 + 1);
        }

        let position = self.hasher.position();
        let player = position.to_move();
        let threats = placement_threats(position, !player);
        let quiet = threats.is_empty();
        if let Some(value) = self.futile(depth, alpha, beta, quiet) {
            return value;
        }
        if can_null && let Some(value) = self.null_move(depth, ply, beta, quiet) {
            return value;
        }
        let position = self.hasher.position();
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        let mut scores = std::mem::take(&mut self.scores[ply]);
        position.legal_moves_into(&mut moves);
        self.ordering.score(
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
        let late_limit = late_move_limit(depth, quiet, alpha, beta);
        for i in 0..moves.len() {
            let mv = pick(&mut moves, &mut scores, i);
            let special = is_special(scores[i]);
            // Moves come best-ordered first and the special ones before all others: once one
            // is late and not special, so are all after it.
            if i >= late_limit && !special && best > -INFINITY {
                break;
            }
            // Late moves of a well-ordered list rarely matter: search them shallower first,
            // and in full only if they surprise.
            let reduction = if quiet && !special && depth >= LMR_MIN_DEPTH && i >= LMR_AFTER {
                reduction(depth, i)
            } else {
                0
            };
            let undo = self.hasher.play(mv);
            let value = self.child(depth, ply, i == 0, reduction, alpha, beta);
            self.hasher.undo(undo);
            if self.stopped {
                break;
            }
            if value > best {
                best = value;
                best_move = Some(mv);
                if value > alpha {
                    alpha = value;
                    self.set_pv(ply, mv);
                    if value >= beta {
                        self.ordering.cut(mv, ply, depth, player);
                        break;
                    }
                }
            }
        }
        self.buffers[ply] = moves;
        self.scores[ply] = scores;
        if self.stopped {
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
        if value > alpha && reduction > 0 && !self.stopped {
            value = -self.search(depth - 1, ply + 1, true, -alpha - 1, -alpha);
        }
        if value > alpha && value < beta && !self.stopped {
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
                    self.pv[ply].push(mv);
                }
                return Err(value);
            }
        }
        Ok(entry.mv)
    }

    /// The quiescence: a quiet position is judged as it stands, but one where the opponent
    /// threatens a road by a placement is searched on (every move) until the threats end.
    fn quiesce(&mut self, ply: usize, mut alpha: i32, beta: i32, left: i32) -> i32 {
        self.nodes += 1;
        self.pv[ply].clear();
        if self.should_stop() {
            return 0;
        }
        let position = self.hasher.position();
        if position.is_over() {
            return terminal_value(position, ply);
        }
        if let Some(mv) = self.winning_move() {
            self.pv[ply].push(mv);
            return WIN - (ply as i32 + 1);
        }
        let position = self.hasher.position();
        let player = position.to_move();
        let threats = placement_threats(position, !player);
        if threats.is_empty() || left <= 0 || ply >= MAX_PLY - 1 {
            return evaluate(position, self.weights);
        }
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        let mut scores = std::mem::take(&mut self.scores[ply]);
        position.legal_moves_into(&mut moves);
        self.ordering.score(
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
            let undo = self.hasher.play(mv);
            let value = -self.quiesce(ply + 1, -beta, -alpha, left - 1);
            self.hasher.undo(undo);
            if self.stopped {
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
        self.buffers[ply] = moves;
        self.scores[ply] = scores;
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
