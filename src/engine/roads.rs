//! Fast road questions for the search: is there a road, where would a placement complete one,
//! and does the side to move have a road in one (Tak's "Tak").
//!
//! The rules answer these too, but by playing every move; the search asks them at every node,
//! so here they are answered on bitboards: no move is played, and a spread's drop patterns are
//! tried only where a cheap bound (each edge's reach) says it might win.

use crate::rules::{Bitboard, BoardSize, Color, Direction, Drops, Move, Position, Role, Square};

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
    let empty = position.size().mask() & !position.board().occupied();
    EdgeReach::of(position, color).joins(empty)
}

/// For each edge, the squares joined to it by `color`'s road pieces: the edge itself and
/// every square beside a group of `color`'s that touches it.
pub(crate) struct EdgeReach {
    north: Bitboard,
    south: Bitboard,
    west: Bitboard,
    east: Bitboard,
}

impl EdgeReach {
    fn of(position: &Position, color: Color) -> EdgeReach {
        EdgeReach::new(position.board().road_squares(color), position.size())
    }

    /// The reach of the road squares `mine` on a board of `size`.
    pub(crate) fn new(mine: Bitboard, size: BoardSize) -> EdgeReach {
        let reach = |edge: Bitboard| (edge & mine).flood(mine).grow() | edge;
        EdgeReach {
            north: reach(Bitboard::north_edge(size)),
            south: reach(Bitboard::south_edge(size)),
            west: reach(Bitboard::west_edge(size)),
            east: reach(Bitboard::east_edge(size)),
        }
    }

    /// The squares of `squares` that alone would join two opposite edges.
    pub(crate) fn joins(&self, squares: Bitboard) -> Bitboard {
        (self.north & self.south | self.west & self.east) & squares
    }

    /// Whether `squares`, were they all `color`'s, could complete a road: a road that was not
    /// there before passes through some of them, the first it meets in one edge's reach and
    /// the last in the opposite one's (before and after, the road is `color`'s already).
    fn bridged_by(&self, squares: Bitboard) -> bool {
        let meets = |side: Bitboard| !(squares & side).is_empty();
        meets(self.north) && meets(self.south) || meets(self.west) && meets(self.east)
    }
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
    let steps = usize::from(reach.min(8));
    Bitboard(RAYS[direction_index(direction)][from.index()][steps] & size.mask().0)
}

/// `RAYS[direction][square][n]`: the squares up to `n` steps from `square` towards `direction`
/// on the eight-by-eight layout (a smaller board masks off the rest). A table, because the
/// search asks for rays from every stack at every node and stepping square by square was a
/// tenth of its time.
static RAYS: [[[u64; 9]; 64]; 4] = {
    let mut rays = [[[0; 9]; 64]; 4];
    let mut direction = 0;
    while direction < 4 {
        let mut square = 0;
        while square < 64 {
            let (mut file, mut rank) = ((square % 8) as i32, (square / 8) as i32);
            let mut squares = 0u64;
            let mut n = 1;
            while n <= 8 {
                // Up, down, left, right, in `direction_index`'s order.
                match direction {
                    0 => rank += 1,
                    1 => rank -= 1,
                    2 => file -= 1,
                    _ => file += 1,
                }
                if 0 <= file && file < 8 && 0 <= rank && rank < 8 {
                    squares |= 1 << (rank * 8 + file);
                }
                rays[direction][square][n] = squares;
                n += 1;
            }
            square += 1;
        }
        direction += 1;
    }
    rays
};

/// A move that wins the game by road for the side to move at once, if there is one: placements
/// first (cheapest to find), then spreads. Never a move that loses.
pub fn winning_move(position: &mut Position) -> Option<Move> {
    if position.is_over() || position.is_opening() {
        return None;
    }
    let player = position.to_move();
    let reach = EdgeReach::of(position, player);
    if can_place(position, player) {
        let empty = position.size().mask() & !position.board().occupied();
        if let Some(square) = reach.joins(empty).squares().next() {
            return Some(Move::place(square, road_role(position, player)));
        }
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
            let line = ray(from, direction, carry, size);
            if !line.is_empty() && reach.bridged_by(line | from.bit()) {
                hopeful[from.index()] |= 1 << i;
                any = true;
            }
        }
    }
    if !any {
        return None;
    }
    for from in position.board().owned_by(player).squares() {
        for (i, direction) in Direction::ALL.into_iter().enumerate() {
            if hopeful[from.index()] & (1 << i) != 0
                && let Some(mv) = spread_road(position, &reach, mine, from, direction)
            {
                return Some(mv);
            }
        }
    }
    None
}

/// A spread of the side to move from `from` towards `direction` that completes its road, if
/// there is one: every way of dropping the pieces is tried on bitboards, each square's new top
/// read off the stack, without playing the move. A road for the mover wins even if the spread
/// completes one for the opponent too (docs/RULINGS.md), so only the mover's road is looked at.
fn spread_road(
    position: &Position,
    reach: &EdgeReach,
    mine: Bitboard,
    from: Square,
    direction: Direction,
) -> Option<Move> {
    let (size, board) = (position.size(), position.board());
    let player = position.to_move();
    let stack = board.stack(from);
    let height = stack.height();
    let top = stack.top_role()?;
    // The squares the spread may drop on: up to the carry limit, stopping before a wall or
    // capstone; a capstone alone may crush a wall just beyond.
    let carry = position.carry_max(from);
    let blockers = board.walls() | board.caps();
    let mut path = [from; 8];
    let mut free = 0;
    let mut crush = false;
    let mut at = from;
    while free < usize::from(carry)
        && let Some(next) = at.step(direction, size)
    {
        if blockers.contains(next) {
            if top == Role::Cap && board.walls().contains(next) {
                path[free] = next;
                crush = true;
            }
            break;
        }
        path[free] = next;
        free += 1;
        at = next;
    }
    let mine_at = |index: u32| stack.get(index).is_some_and(|piece| piece.color == player);
    for count in 1..=u32::from(carry) {
        // What stays on `from`: nothing, or the piece just below those carried (a flat).
        let mut base = mine & !from.bit();
        if count < height && mine_at(height - count - 1) {
            base |= from.bit();
        }
        // Every drop pattern of `count` pieces (see `Drops`: bit k - 1 set for each running
        // total k), on at most `free` squares, or `free + 1` when the last drop is the
        // capstone alone crushing a wall.
        for bits in (1u16 << (count - 1))..(1u16 << count) {
            let squares = bits.count_ones() as usize;
            let lone_last = count == 1 || bits & (1 << (count - 2)) != 0;
            if squares > free && !(crush && squares == free + 1 && lone_last) {
                continue;
            }
            let mut road = base;
            let mut rest = bits;
            for &square in &path[..squares] {
                let carried = rest.trailing_zeros();
                rest &= rest - 1;
                let owned = mine_at(height - count + carried);
                let counts = rest != 0 || top != Role::Wall;
                if owned && counts {
                    road |= square.bit();
                } else {
                    road &= !square.bit();
                }
            }
            // A new road passes through a square the spread newly gives the player, entering
            // one from an edge's reach and leaving one into the opposite edge's: a cheap test
            // before the flood.
            let gained = road & !mine;
            if reach.bridged_by(gained) && has_road(road, size) {
                let drops = std::num::NonZeroU8::new(bits as u8).map(Drops::from_bits)?;
                return Some(Move::spread(from, direction, drops));
            }
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
    fn rays_from_the_table_are_the_squares_stepped_through() {
        for n in 3..=8u8 {
            let size = BoardSize::new(n).unwrap();
            for from in size.squares() {
                for direction in Direction::ALL {
                    for reach in 0..=8u8 {
                        let mut stepped = Bitboard::EMPTY;
                        let mut at = from;
                        for _ in 0..reach {
                            let Some(next) = at.step(direction, size) else {
                                break;
                            };
                            stepped |= next.bit();
                            at = next;
                        }
                        assert_eq!(
                            ray(from, direction, reach, size),
                            stepped,
                            "{from} {direction:?} {reach}"
                        );
                    }
                }
            }
        }
    }

    /// Over the positions of many random games on every size, `winning_move` finds a road in
    /// one exactly when the rules do, and what it finds is one of the rules' winning moves.
    #[test]
    fn winning_move_agrees_with_the_rules_over_random_games() {
        use crate::engine::rng::mix;
        use crate::rules::GameConfig;
        let mut state = 17u64;
        let (mut checked, mut spread_wins) = (0, 0);
        for n in 3..=8u8 {
            for _ in 0..60 {
                let size = BoardSize::new(n).unwrap();
                let mut p = Position::new(GameConfig::new(size));
                while !p.is_over() {
                    let rules = slow_wins(&p);
                    let found = winning_move(&mut p);
                    assert_eq!(
                        found.is_some(),
                        !rules.is_empty(),
                        "{}",
                        crate::notation::to_tps(&p)
                    );
                    if let Some(mv) = found {
                        assert!(
                            rules.contains(&mv),
                            "{mv} in {}",
                            crate::notation::to_tps(&p)
                        );
                        spread_wins += usize::from(!mv.is_place());
                    }
                    checked += 1;
                    let moves = p.legal_moves();
                    state = mix(state);
                    p.play(moves[(state % moves.len() as u64) as usize])
                        .unwrap();
                }
            }
        }
        // The games must have put the spread search to work, not only placements.
        assert!(
            checked > 10_000 && spread_wins > 100,
            "{checked} {spread_wins}"
        );
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
