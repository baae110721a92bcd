//! Fast road questions for the search: is there a road, where would a placement complete one,
//! and does the side to move have a road in one (Tak's "Tak").
//!
//! The rules answer these too, but by playing every move; the search asks them at every node,
//! so here they are answered on bitboards, and spreads are played only where a cheap bound says
//! they might win.

use crate::rules::{
    Bitboard, BoardSize, Color, Direction, GameResult, Move, MoveKind, Position, Role, Square,
    WinReason,
};

/// Whether `squares` hold a chain joining two opposite edges of a board of `size`.
#[must_use]
pub fn has_road(squares: Bitboard, size: BoardSize) -> bool {
    if squares.len() < u32::from(size.get()) {
        return false;
    }
    let north = squares & Bitboard::north_edge(size);
    if !north.is_empty() && !(north.flood(squares) & Bitboard::south_edge(size)).is_empty() {
        return true;
    }
    let west = squares & Bitboard::west_edge(size);
    !west.is_empty() && !(west.flood(squares) & Bitboard::east_edge(size)).is_empty()
}

/// The empty squares where a flat or capstone of `color` would complete a road for `color`
/// (whether or not `color` has a piece left to place there).
#[must_use]
pub fn placement_wins(position: &Position, color: Color) -> Bitboard {
    let size = position.size();
    let board = position.board();
    let mine = board.road_squares(color);
    let empty = size.mask() & !board.occupied();
    // A square joins an edge if it lies on it or touches a group of `color`'s that reaches it.
    let reach = |edge: Bitboard| ((edge & mine).flood(mine).grow() | edge) & empty;
    let north_south = reach(Bitboard::north_edge(size)) & reach(Bitboard::south_edge(size));
    let west_east = reach(Bitboard::west_edge(size)) & reach(Bitboard::east_edge(size));
    north_south | west_east
}

/// Whether `color` could place a road-making piece now (a stone or capstone in reserve).
fn can_place(position: &Position, color: Color) -> bool {
    !position.is_opening() && !position.reserves(color).is_empty()
}

/// The role `color` would place to complete a road: a flat if a stone is left, else the
/// capstone.
fn road_role(position: &Position, color: Color) -> Role {
    if position.reserves(color).stones > 0 {
        Role::Flat
    } else {
        Role::Cap
    }
}

/// The squares a spread from `from` towards `direction` could change: at most `reach` steps.
fn ray(from: Square, direction: Direction, reach: u8, size: BoardSize) -> Bitboard {
    let mut squares = Bitboard::EMPTY;
    let mut at = from;
    for _ in 0..reach {
        match at.step(direction, size) {
            Some(next) => {
                squares |= next.bit();
                at = next;
            }
            None => break,
        }
    }
    squares
}

/// A move that wins the game by road for the side to move at once, if there is one: placements
/// first (cheapest to find), then spreads. Never a move that loses.
pub fn winning_move(position: &mut Position) -> Option<Move> {
    if position.is_over() || position.is_opening() {
        return None;
    }
    let player = position.to_move();
    if can_place(position, player)
        && let Some(square) = placement_wins(position, player).squares().next()
    {
        return Some(Move::place(square, road_role(position, player)));
    }
    let size = position.size();
    let mine = position.board().road_squares(player);
    // Which (stack, direction) pairs could complete a road even if every square the spread
    // could reach became the player's.
    let mut hopeful: [u8; 64] = [0; 64];
    let mut any = false;
    for from in position.board().owned_by(player).squares() {
        let carry = position.carry_max(from);
        for (i, direction) in Direction::ALL.into_iter().enumerate() {
            let reach = ray(from, direction, carry, size);
            if !reach.is_empty() && has_road(mine | from.bit() | reach, size) {
                hopeful[from.index()] |= 1 << i;
                any = true;
            }
        }
    }
    if !any {
        return None;
    }
    let mut moves = Vec::new();
    position.legal_moves_into(&mut moves);
    for mv in moves {
        let MoveKind::Spread(direction, _) = mv.kind else {
            continue;
        };
        let bit = 1 << direction_index(direction);
        if hopeful[mv.square.index()] & bit == 0 {
            continue;
        }
        let undo = position.play_unchecked(mv);
        let wins = matches!(
            position.result(),
            GameResult::Win { winner, reason: WinReason::Road { .. } } if winner == player
        );
        position.undo(undo);
        if wins {
            return Some(mv);
        }
    }
    None
}

/// How many ranks and files a set of squares touches.
pub(crate) fn spans(group: Bitboard, n: u32) -> (u32, u32) {
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

/// `color`'s road threats that placements make: the squares `color` would win on if it were
/// their turn and they have a piece to place.
#[must_use]
pub fn placement_threats(position: &Position, color: Color) -> Bitboard {
    if position.reserves(color).is_empty() {
        return Bitboard::EMPTY;
    }
    placement_wins(position, color)
}

pub(crate) const fn direction_index(direction: Direction) -> usize {
    match direction {
        Direction::Up => 0,
        Direction::Down => 1,
        Direction::Left => 2,
        Direction::Right => 3,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::Tps;

    fn position(tps: &str) -> Position {
        tps.parse::<Tps>().unwrap().to_standard_position().unwrap()
    }

    /// The moves that win by road at once, found the slow way: by the rules.
    fn slow_wins(position: &Position) -> Vec<Move> {
        position.threats(position.to_move())
    }

    #[test]
    fn placement_wins_match_the_rules() {
        for tps in [
            "x5/x5/x5/2,2,2,2,x/1,1,x,1,1 1 6",
            "1,x4/1,x4/x5/1,x4/1,2,2,2,x 1 6",
            "x5/x,1,1,1,x/x5/x5/2,2,2,2,x 2 6",
            "x,1,x3/x,1,x3/x5/x,1,x3/x,1,2,2,2 1 6",
        ] {
            let p = position(tps);
            let expected: Vec<Square> = slow_wins(&p)
                .into_iter()
                .filter(|mv| mv.is_place())
                .map(|mv| mv.square)
                .collect();
            let mut found: Vec<Square> = placement_wins(&p, p.to_move()).squares().collect();
            found.sort();
            let mut expected = expected;
            expected.sort();
            expected.dedup();
            assert_eq!(found, expected, "{tps}");
        }
    }

    #[test]
    fn winning_move_finds_spread_roads_and_nothing_else() {
        // White's stack on c2 spreads up to complete c1-c5.
        let mut p = position("x,x,1,x,x/x,x,1,x,x/x,x,x,x,x/x,x,21,x,x/x,x,1,x,x 1 8");
        let rules = slow_wins(&p);
        let found = winning_move(&mut p);
        assert_eq!(found.is_some(), !rules.is_empty());
        if let Some(mv) = found {
            assert!(rules.contains(&mv));
        }
        let mut quiet = position("x5/x5/x5/x5/x5 1 1");
        assert_eq!(winning_move(&mut quiet), None);
    }
}
