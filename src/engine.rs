//! taktui's own Tak engine, pure: search and evaluation, with time and randomness as inputs.
//!
//! The [`Engine`] owns a transposition table and thinks about a [`Position`] within
//! [`Limits`] (a depth, a node budget, a time per move or a clock), stopping at once when the
//! caller's [`Control::stop`] flag is raised and returning the best move found so far. Nothing
//! here reads a clock or a random source: the caller passes its clock in [`Control::elapsed`]
//! and a seed in [`Limits::seed`], so the same inputs give the same move (a search limited by
//! depth or nodes is fully repeatable on one thread, as the engine searches unless
//! [`Engine::set_threads`] asks for more: helper threads then share its table, lazy SMP).
//!
//! The search is an iterative-deepening principal variation search with a transposition table
//! keyed by a Zobrist-style hash kept incrementally, move ordering (hash move, road wins,
//! killers, history) and a road-threat quiescence: "Tak" is Tak's check, so a leaf where the
//! opponent threatens a road is searched on until the threat is met. The evaluation
//! ([`eval`]) is a sum of weight × feature ([`features`]: flats with komi, reserves, road
//! potential, stacks and pieces, the side to move), the [`Weights`] fitted to game results
//! (`examples/texel.rs`) and compiled in from `assets/engine/weights.txt`.
//!
//! [`Level`]s 1 to 10 turn all this into opponents for people, from a beginner who can be
//! beaten to full strength by time.
//!
//! ```
//! use std::sync::atomic::AtomicBool;
//! use std::time::Duration;
//! use taktui::engine::{Control, Engine, Limits, Score};
//! use taktui::notation::Tps;
//!
//! // White to move has a road in one: c1 joins a1 b1 to d1 e1.
//! let tps: Tps = "x5/x5/x5/2,2,2,2,x/1,1,x,1,1 1 6".parse()?;
//! let position = tps.to_standard_position()?;
//! let mut engine = Engine::new(16);
//! let stop = AtomicBool::new(false);
//! let elapsed = || Duration::ZERO;
//! let control = Control { stop: &stop, elapsed: &elapsed };
//! let limits = Limits { depth: Some(3), ..Limits::default() };
//! let thought = engine.think(&position, &limits, &control, &mut |_info| {});
//! assert_eq!(thought.best.map(|mv| mv.to_string()).as_deref(), Some("c1"));
//! assert_eq!(thought.info.score, Score::WinIn(1));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

// Counts here are bounded by the board (at most 64 squares, stacks of at most 128 pieces) and
// depths and plies by the search's limits, far inside `i32` and `u8`.
#![allow(clippy::cast_possible_wrap, clippy::cast_sign_loss)]

pub mod eval;
pub mod features;
mod flats;
mod levels;
mod limits;
mod ordering;
mod pruning;
pub(crate) mod rng;
pub mod roads;
mod score;
mod search;
mod tt;
pub mod weights;
pub mod zobrist;

pub use levels::Level;
pub use limits::{ClockLimits, Control, Limits};
pub use score::{DRAW_MARGIN, Score};
pub use weights::Weights;

use crate::rules::{Move, Position};

/// What the engine reports while it thinks: after each completed depth, and at the end.
#[derive(Clone, Debug, PartialEq)]
pub struct Info {
    /// The depth completed, in plies (not counting the road-threat extensions).
    pub depth: u32,
    /// The score for the side to move.
    pub score: Score,
    /// Positions visited so far in this search.
    pub nodes: u64,
    /// The principal variation: the best line found, the engine's move first.
    pub pv: Vec<Move>,
}

/// The end of a search: the move to play and what was known when it was chosen.
#[derive(Clone, Debug, PartialEq)]
pub struct Thought {
    /// The move to play; `None` only when the game is over (no legal move).
    pub best: Option<Move>,
    /// The last report: depth, score, nodes and line.
    pub info: Info,
}

/// The engine: a transposition table and the evaluation weights, kept between moves.
///
/// `Send`, so it can think on a thread of its own; one search at a time, on one thread unless
/// told otherwise ([`Engine::set_threads`]).
#[derive(Debug)]
pub struct Engine {
    table: tt::Table,
    /// Threads each search runs on.
    threads: usize,
    /// Boxed: the weights are a few hundred bytes, and engines are moved between threads.
    weights: Box<Weights>,
}

impl Engine {
    /// The most threads a search runs on.
    pub const MAX_THREADS: usize = 8;

    /// An engine whose transposition table takes about `hash_mib` MiB (at least a few
    /// thousand entries, whatever is asked).
    #[must_use]
    pub fn new(hash_mib: usize) -> Engine {
        Engine {
            table: tt::Table::new(hash_mib),
            threads: 1,
            weights: Box::default(),
        }
    }

    /// An engine evaluating with these weights (for tuning and experiments).
    #[must_use]
    pub fn with_weights(hash_mib: usize, weights: Weights) -> Engine {
        Engine {
            table: tt::Table::new(hash_mib),
            threads: 1,
            weights: Box::new(weights),
        }
    }

    /// The evaluation weights in use.
    #[must_use]
    pub fn weights(&self) -> &Weights {
        &self.weights
    }

    /// Evaluates with these weights from now on.
    pub fn set_weights(&mut self, weights: Weights) {
        *self.weights = weights;
    }

    /// Resizes the transposition table (which clears it).
    pub fn set_hash(&mut self, hash_mib: usize) {
        self.table = tt::Table::new(hash_mib);
    }

    /// Searches on `threads` threads from now on (1 to [`Engine::MAX_THREADS`]; 0 is taken as
    /// 1). With more than one, helper threads search beside the main one and share its
    /// table (lazy SMP): more depth in the same time, but a search limited by depth or nodes
    /// is no longer repeatable, so the levels people play stay at one.
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.clamp(1, Self::MAX_THREADS);
    }

    /// The threads each search runs on.
    #[must_use]
    pub const fn threads(&self) -> usize {
        self.threads
    }

    /// Forgets everything learnt about earlier positions: call between games.
    pub fn new_game(&mut self) {
        self.table.clear();
    }

    /// Thinks about `position` within `limits`; `control.stop` ends it at once (best move so
    /// far); `control.elapsed` tells how long the search has run (the caller's clock);
    /// `report` gets an [`Info`] after each completed depth.
    ///
    /// A game already over gives no move. Otherwise there is always a move, even when stopped
    /// before the first depth completes.
    pub fn think(
        &mut self,
        position: &Position,
        limits: &Limits,
        control: &Control<'_>,
        report: &mut dyn FnMut(&Info),
    ) -> Thought {
        search::think(
            &mut self.table,
            &self.weights,
            position,
            limits,
            self.threads,
            control,
            report,
        )
    }
}
