//! Move ordering: the best moves first make alpha-beta cut the most.
//!
//! In order: the move the table remembers for the position, placements on the squares where
//! the opponent threatens a road (Tak must be answered), the killer moves that refuted
//! siblings at the same depth, then the rest by history (how often a move caused a cut
//! anywhere in the tree) with a small bias for placing flats and capstones near the centre.

use crate::rules::{Bitboard, BoardSize, Color, Move, MoveKind, Role};

use super::roads::direction_index;

/// Plies the killer table covers.
pub(crate) const MAX_PLY: usize = 128;

/// Moves in a fixed numbering for the history table: placements of 3 roles and spreads of
/// 4 directions by 255 drop patterns, on 64 squares.
const CODES_PER_SQUARE: usize = 3 + 4 * 256;

fn code(mv: Move) -> usize {
    let kind = match mv.kind {
        MoveKind::Place(role) => role as usize,
        MoveKind::Spread(direction, drops) => {
            3 + direction_index(direction) * 256 + usize::from(drops.bits())
        }
    };
    mv.square.index() * CODES_PER_SQUARE + kind
}

/// Killers and history, kept through one search.
#[derive(Debug)]
pub(crate) struct Ordering {
    killers: Vec<[Option<Move>; 2]>,
    history: Vec<i32>,
}

/// Whether an ordering score marks a move searched in full by rule: the table's move, a block
/// of a road threat, or a killer.
pub(crate) const fn is_special(score: i32) -> bool {
    score >= KILLER
}

/// Ranks above every history score.
const TABLE_MOVE: i32 = 1 << 30;
const BLOCK: i32 = 1 << 28;
const KILLER: i32 = 1 << 26;
/// History scores are kept below this (halved when one reaches it).
const HISTORY_MAX: i32 = 1 << 20;

impl Ordering {
    pub(crate) fn new() -> Ordering {
        Ordering {
            killers: vec![[None; 2]; MAX_PLY],
            history: vec![0; 2 * 64 * CODES_PER_SQUARE],
        }
    }

    /// Scores `moves` for picking, best first.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn score(
        &self,
        moves: &[Move],
        scores: &mut Vec<i32>,
        table_move: Option<Move>,
        blocks: Bitboard,
        ply: usize,
        player: Color,
        size: BoardSize,
    ) {
        scores.clear();
        let killers = self.killers[ply.min(MAX_PLY - 1)];
        let base = player.index() * 64 * CODES_PER_SQUARE;
        for &mv in moves {
            let score = if Some(mv) == table_move {
                TABLE_MOVE
            } else if mv.is_place() && blocks.contains(mv.square) && mv.kind != wall_kind() {
                BLOCK + static_bias(mv, size)
            } else if Some(mv) == killers[0] {
                KILLER + 1
            } else if Some(mv) == killers[1] {
                KILLER
            } else {
                self.history[base + code(mv)] + static_bias(mv, size)
            };
            scores.push(score);
        }
    }

    /// A quiet move caused a cut at `ply` in a search `depth` deep: remember it.
    pub(crate) fn cut(&mut self, mv: Move, ply: usize, depth: i32, player: Color) {
        let slot = &mut self.killers[ply.min(MAX_PLY - 1)];
        if slot[0] != Some(mv) {
            slot[1] = slot[0];
            slot[0] = Some(mv);
        }
        let index = player.index() * 64 * CODES_PER_SQUARE + code(mv);
        self.history[index] += depth * depth;
        if self.history[index] >= HISTORY_MAX {
            for value in &mut self.history {
                *value /= 2;
            }
        }
    }
}

const fn wall_kind() -> MoveKind {
    MoveKind::Place(Role::Wall)
}

/// A small preference that orders moves history knows nothing about: flats and capstones
/// placed towards the centre, then spreads, then walls.
fn static_bias(mv: Move, size: BoardSize) -> i32 {
    let far = size.get() - 1;
    let (file, rank) = (mv.square.file(), mv.square.rank());
    let center = i32::from(file.min(rank).min(far - file).min(far - rank));
    match mv.kind {
        MoveKind::Place(Role::Flat) => 30 + center * 4,
        MoveKind::Place(Role::Cap) => 20 + center * 6,
        MoveKind::Place(Role::Wall) => 5 + center,
        MoveKind::Spread(_, drops) => 10 + i32::from(drops.count()).min(3),
    }
}

/// Takes the best-scored move from `index` on and swaps it to `index` (a selection sort, one
/// step at a time: most nodes cut after the first few moves).
pub(crate) fn pick(moves: &mut [Move], scores: &mut [i32], index: usize) -> Move {
    let mut best = index;
    for i in index + 1..moves.len() {
        if scores[i] > scores[best] {
            best = i;
        }
    }
    moves.swap(index, best);
    scores.swap(index, best);
    moves[index]
}
