//! Perft: counting the move tree, the standard check of a move generator.

use super::{Move, Position};

/// The number of move sequences exactly `depth` plies long from `position` (1 at depth 0).
///
/// A finished game has no legal moves, so a game that ends earlier adds nothing at deeper
/// depths (the usual convention; some engines count such a game as one leaf at every depth).
#[must_use]
pub fn perft(position: &Position, depth: u32) -> u64 {
    let mut position = position.clone();
    let mut buffers = vec![Vec::new(); depth as usize];
    count(&mut position, depth, &mut buffers)
}

/// Perft split by first move: each legal move with the count beneath it.
#[must_use]
pub fn perft_divide(position: &Position, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let mut position = position.clone();
    let mut buffers = vec![Vec::new(); depth as usize];
    position
        .legal_moves()
        .into_iter()
        .map(|mv| {
            let undo = position.play_unchecked(mv);
            let nodes = count(&mut position, depth - 1, &mut buffers);
            position.undo(undo);
            (mv, nodes)
        })
        .collect()
}

/// One move list per level, reused across the whole search.
fn count(position: &mut Position, depth: u32, buffers: &mut [Vec<Move>]) -> u64 {
    match depth {
        0 => 1,
        1 => position.count_legal_moves(),
        _ => {
            let (moves, deeper) = buffers
                .split_first_mut()
                .expect("one buffer per level of depth");
            position.legal_moves_into(moves);
            let mut nodes = 0;
            for &mv in moves.iter() {
                let undo = position.play_unchecked(mv);
                nodes += count(position, depth - 1, deeper);
                position.undo(undo);
            }
            nodes
        }
    }
}
