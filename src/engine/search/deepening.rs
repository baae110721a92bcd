//! Iterative deepening, on one thread or several (lazy SMP).
//!
//! With more than one thread, helpers search the same root at the same time, each with its
//! own move ordering, sharing only the transposition table: what one finds, the others read,
//! and the main thread's searches end sooner for it. Half the helpers search one ply deeper
//! than the main thread, so that they fill the table ahead of it, and each goes on deepening
//! on its own. The main thread alone decides the move, reports and reads the clock; the
//! helpers stop when it ends the search, when the caller stops it, when the threads' nodes
//! together reach the node limit, and while the table grows (between two of the main
//! thread's iterations).
//!
//! With one thread nothing of this runs: a search limited by depth or nodes is as repeatable
//! as ever. With several it is not (which thread stores what first depends on timing).

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering as AtomicOrdering};

use super::{
    Control, Info, Limits, MAX_DEPTH, Score, Search, Shared, Table, Thought, WIN, Weights, Worker,
    flat_win, is_mate, placement_threats, terminal_value, winning_move,
};
use crate::rules::{Move, Position};

/// Runs a whole search on `threads` threads (at least one): iterative deepening until a
/// limit is reached.
pub(crate) fn think(
    table: &mut Table,
    weights: &Weights,
    position: &Position,
    limits: &Limits,
    threads: usize,
    control: &Control<'_>,
    report: &mut dyn FnMut(&Info),
) -> Thought {
    table.new_search(limits.nodes);
    let player = position.to_move();
    let moves_left = (position.reserves(player).total() / 2 + 6).clamp(8, 30);
    let shared = Shared {
        weights,
        control,
        budget: limits.budget(moves_left),
        max_nodes: limits.nodes.unwrap_or(u64::MAX),
        seed: limits.seed,
        noise: limits.noise,
        nodes: AtomicU64::new(0),
        halt: AtomicBool::new(false),
    };
    let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
    let mut root_moves = position.legal_moves();
    root_moves.retain(|mv| !limits.exclude.contains(mv));
    let mut main = Worker::new(position, root_moves, true);
    if let Some(thought) = settled(&main, report) {
        return thought;
    }
    order_first(&mut main);
    let helpers = (1..threads.max(1))
        .map(|_| Worker::new(position, main.root_moves.clone(), false))
        .collect();
    deepen(table, &shared, main, helpers, max_depth, report)
}

/// The answer without a search: none when there is no move, and a win in one at once,
/// whatever the limits.
fn settled(main: &Worker, report: &mut dyn FnMut(&Info)) -> Option<Thought> {
    let position = main.hasher.position();
    if main.root_moves.is_empty() {
        let info = Info {
            depth: 0,
            score: Score::from_value(terminal_value(position, 0)),
            nodes: 0,
            pv: Vec::new(),
        };
        return Some(Thought { best: None, info });
    }
    let mut scratch = position.clone();
    let win = winning_move(&mut scratch).or_else(|| flat_win(&mut scratch));
    let mv = win.filter(|mv| main.root_moves.contains(mv))?;
    let info = Info {
        depth: 1,
        score: Score::WinIn(1),
        nodes: 1,
        pv: vec![mv],
    };
    report(&info);
    Some(Thought {
        best: Some(mv),
        info,
    })
}

/// Orders the root moves for the first iteration by the move ordering's own judgement.
fn order_first(main: &mut Worker) {
    let position = main.hasher.position();
    let mut scores = Vec::new();
    let threats = placement_threats(position, !position.to_move());
    main.ordering.score(
        &main.root_moves,
        &mut scores,
        None,
        threats,
        0,
        position.to_move(),
        position.size(),
    );
    let moves = std::mem::take(&mut main.root_moves);
    let mut paired: Vec<(i32, Move)> = scores.into_iter().zip(moves).collect();
    paired.sort_by_key(|&(score, _)| std::cmp::Reverse(score));
    main.root_moves = paired.into_iter().map(|(_, mv)| mv).collect();
}

/// Where the iterations are: the next depth, the move and report so far, and whether the
/// search is over.
struct Progress {
    depth: u32,
    max_depth: u32,
    best: Move,
    info: Info,
    over: bool,
}

/// The iterations, the main thread's decisions and reports.
///
/// They run in stretches: the helpers search beside the main thread for as long as the table
/// keeps its size, and stop while it grows (which takes it to itself), a few times at the
/// start of a long search and then no more.
fn deepen(
    table: &mut Table,
    shared: &Shared<'_>,
    mut main: Worker,
    mut helpers: Vec<Worker>,
    max_depth: u32,
    report: &mut dyn FnMut(&Info),
) -> Thought {
    let mut progress = Progress {
        depth: 1,
        max_depth,
        best: main.root_moves[0],
        info: Info {
            depth: 0,
            score: Score::Centiflats(0),
            nodes: 0,
            pv: Vec::new(),
        },
        over: false,
    };
    while !progress.over {
        // Each iteration searches a few times the nodes of all before it: room for them.
        table.grow(room(shared));
        let table = &*table;
        let mut search = Search {
            table,
            shared,
            worker: &mut main,
        };
        if helpers.is_empty() {
            search.iterations(&mut progress, report);
            continue;
        }
        shared.halt.store(false, AtomicOrdering::Relaxed);
        std::thread::scope(|scope| {
            for (index, helper) in helpers.iter_mut().enumerate() {
                // Threads 1, 3, ... start a ply deeper.
                let start = progress.depth + u32::from((index + 1) % 2 == 1);
                scope.spawn(move || {
                    let mut search = Search {
                        table,
                        shared,
                        worker: helper,
                    };
                    search.help(start);
                });
            }
            search.iterations(&mut progress, report);
            shared.halt.store(true, AtomicOrdering::Relaxed);
        });
    }
    let Progress { best, mut info, .. } = progress;
    info.nodes = shared.nodes.load(AtomicOrdering::Relaxed);
    if info.pv.first() != Some(&best) {
        info.pv = vec![best];
    }
    Thought {
        best: Some(best),
        info,
    }
}

/// The pairs the table should hold for the next iteration.
fn room(shared: &Shared<'_>) -> u64 {
    let nodes = shared.nodes.load(AtomicOrdering::Relaxed);
    nodes.saturating_mul(4).min(shared.max_nodes)
}

impl Search<'_> {
    /// The main thread's iterations from `progress.depth` on, until the search is over or
    /// the table should grow before the next.
    fn iterations(&mut self, progress: &mut Progress, report: &mut dyn FnMut(&Info)) {
        loop {
            let depth = progress.depth;
            let mut moves = std::mem::take(&mut self.worker.root_moves);
            let found = self.root(&mut moves, depth as i32);
            self.worker.root_moves = moves;
            self.count_in();
            let Some((value, mv)) = found else {
                progress.over = true;
                return;
            };
            progress.best = mv;
            progress.info = Info {
                depth,
                score: Score::from_value(value),
                nodes: self.shared.nodes.load(AtomicOrdering::Relaxed),
                pv: self.worker.pv[0].clone(),
            };
            report(&progress.info);
            progress.depth += 1;
            let shared = self.shared;
            // A forced result within the depth searched will not change.
            progress.over = self.worker.stopped
                || depth == progress.max_depth
                || (is_mate(value) && (WIN - value.abs()) <= depth as i32)
                || shared
                    .budget
                    .soft
                    .is_some_and(|soft| (shared.control.elapsed)() >= soft / 2);
            if progress.over || self.table.wants(room(shared)) {
                return;
            }
        }
    }

    /// A helper's iterations from `start` on, until the main thread ends its own (or the
    /// search is stopped).
    fn help(&mut self, start: u32) {
        self.worker.stopped = false;
        let mut moves = std::mem::take(&mut self.worker.root_moves);
        for depth in start..=MAX_DEPTH {
            if self.root(&mut moves, depth as i32).is_none() || self.worker.stopped {
                break;
            }
        }
        self.worker.root_moves = moves;
        self.count_in();
    }
}
