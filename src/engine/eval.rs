//! The static evaluation: how good a quiet position looks to the side to move, in centiflats.
//!
//! It counts what decides Tak games (the flat count with komi, which matters more as the
//! reserves run out), what builds roads (groups and how far they span, lines filling up,
//! squares where a placement would win), and what stacks hold (own pieces underneath to spread
//! later, the opponent's held captive). Every number comes from [`Weights`].

use super::Weights;
use super::roads::placement_threats;
use crate::rules::{Bitboard, BoardSize, Color, Position, Role};

/// The evaluation of `position` for the side to move, in centiflats.
#[must_use]
pub fn evaluate(position: &Position, weights: &Weights) -> i32 {
    let size = position.size();
    let start = position.config().pieces(Color::White).total().max(1) as i32;
    let fewest = Color::ALL
        .iter()
        .map(|&c| position.reserves(c).total() as i32)
        .min()
        .unwrap_or(0);
    // 0 with full reserves, 256 when one is spent.
    let phase = 256 - fewest * 256 / start;
    let flat = weights.flat_early + (weights.flat_late - weights.flat_early) * phase / 256;

    let white = side(position, Color::White, weights, flat, size);
    let black = side(position, Color::Black, weights, flat, size);
    let komi = i32::from(position.config().komi().halves()) * flat / 2;
    let score = white - black - komi;
    let score = match position.to_move() {
        Color::White => score,
        Color::Black => -score,
    };
    score + weights.tempo
}

/// One player's share of the evaluation.
fn side(position: &Position, color: Color, weights: &Weights, flat: i32, size: BoardSize) -> i32 {
    let board = position.board();
    let mine = board.owned_by(color);
    let flats = board.flats(color);
    let walls = mine & board.walls();
    let caps = mine & board.caps();
    let mut score = flat * flats.len() as i32
        + weights.wall * walls.len() as i32
        + weights.cap * caps.len() as i32
        + weights.reserve * position.reserves(color).total() as i32;

    for square in mine.squares() {
        let stack = board.stack(square);
        let role = stack.top_role().unwrap_or(Role::Flat) as usize;
        if stack.height() > 1 {
            let own = stack.count(color) as i32 - 1;
            let captives = stack.count(!color) as i32;
            score += weights.support[role] * own + weights.captive[role] * captives;
        }
        let center = centrality(square.file(), square.rank(), size);
        match role {
            0 => score += weights.flat_center * center,
            2 => score += weights.cap_center * center,
            _ => {}
        }
    }

    // Walls and capstones next to the opponent's flats.
    let theirs = board.flats(!color);
    score += weights.pressure * ((walls | caps).grow() & theirs).len() as i32;

    let road = board.road_squares(color);
    score += groups(road, size, weights);
    score += lines(road, size, weights);
    score += weights.threat * placement_threats(position, color).len().min(3) as i32;
    score
}

/// Steps from the nearest edge.
fn centrality(file: u8, rank: u8, size: BoardSize) -> i32 {
    let far = size.get() - 1;
    i32::from(file.min(rank).min(far - file).min(far - rank))
}

/// Each group of road squares, by how many lines it is short of a road.
fn groups(road: Bitboard, size: BoardSize, weights: &Weights) -> i32 {
    let n = u32::from(size.get());
    let mut left = road;
    let mut score = 0;
    while let Some(square) = left.squares().next() {
        let group = square.bit().flood(road);
        left = Bitboard(left.0 & !group.0);
        let (ranks, files) = spans(group, n);
        let short = (n - ranks.max(files)) as usize;
        score += weights.group_short[short.min(weights.group_short.len() - 1)];
    }
    score
}

/// How many ranks and files a set of squares touches.
fn spans(group: Bitboard, n: u32) -> (u32, u32) {
    let mut rows = 0u32;
    let mut columns = 0u8;
    for rank in 0..n {
        let row = (group.0 >> (rank * 8)) as u8;
        if row != 0 {
            rows += 1;
            columns |= row;
        }
    }
    (rows, columns.count_ones())
}

/// Road squares per rank and per file.
fn lines(road: Bitboard, size: BoardSize, weights: &Weights) -> i32 {
    let n = u32::from(size.get());
    let mut score = 0;
    let mut column_counts = [0u32; 8];
    for rank in 0..n {
        let row = (road.0 >> (rank * 8)) as u8;
        score += weights.line[row.count_ones() as usize];
        for (file, count) in column_counts.iter_mut().enumerate().take(n as usize) {
            *count += u32::from(row >> file & 1);
        }
    }
    for &count in &column_counts[..n as usize] {
        score += weights.line[count as usize];
    }
    score
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::Tps;

    fn eval(tps: &str) -> i32 {
        let position = tps.parse::<Tps>().unwrap().to_standard_position().unwrap();
        evaluate(&position, &Weights::default())
    }

    #[test]
    fn the_start_is_about_even_and_a_flat_ahead_is_better() {
        let start = eval("x5/x5/x5/x5/x5 1 1");
        assert!(start.abs() <= 50, "{start}");
        // White has one flat more, Black to move: bad for Black.
        assert!(eval("x5/x5/x,1,x3/x,2,x,1,x/x5 2 3") < 0);
        assert!(eval("x5/x5/x,1,x3/x,2,x,1,x/x5 1 3") > 0);
    }

    #[test]
    fn the_evaluation_is_symmetric_between_the_players() {
        // The same position with colours swapped and the other side to move.
        let a = eval("x5/x,1,1,x2/x,2,21,x2/x,x,2,x2/x5 1 5");
        let b = eval("x5/x,2,2,x2/x,1,12,x2/x,x,1,x2/x5 2 5");
        assert_eq!(a, b);
    }
}
