//! The features of a position the evaluation weighs: counts that decide Tak games, each taken
//! for White less the same for Black, so the evaluation is a sum of weight × feature and its
//! weights can be fitted (`examples/texel.rs`, to a stronger engine's judgement of positions).
//!
//! What is counted: the flat count with komi (what decides a game that ends on flats), walls,
//! capstones and the pieces left in reserve; what stacks hold (own pieces underneath to spread
//! later, the opponent's held captive, by the top's role); where flats, walls and capstones
//! stand (piece-square tables over ten classes of square); road groups, how many and by how
//! many lines they are short of a road, ranks and files filling up (and those an opponent's
//! wall or capstone stands in), and how many of the player's pieces stand side by side; squares where a
//! placement would win, and the occupied squares that alone stand between a player and a road,
//! by what holds them; walls and capstones pressing on the opponent's flats, and walls in the
//! way of the player's own roads; capstones beside a tall stack of the player's, and the
//! opponent's pieces beside it; the side to move (the tempo), which Tak rewards: the player to
//! move places a flat next, so an even flat count is not even, and its flat lead, bucketed;
//! and a flat race about to be won (a player with a few pieces left who would win placing
//! them).

use super::roads::{EdgeReach, spans};
use crate::rules::{Bitboard, BoardSize, Color, Position, Role};

/// Which feature is where in [`Features::values`].
pub mod index {
    /// The flat count, in half flats, komi taken from White's.
    pub const FLATS: usize = 0;
    /// Walls on top.
    pub const WALLS: usize = 1;
    /// Capstones on top.
    pub const CAPS: usize = 2;
    /// Stones and capstones left in reserve.
    pub const RESERVES: usize = 3;
    /// Own pieces under an own top, by the top's role (flat, wall, capstone): 3 entries.
    pub const SUPPORT: usize = 4;
    /// Opponent's pieces under an own top, by the top's role: 3 entries.
    pub const CAPTIVES: usize = 7;
    /// Flats on top, by the square's class ([`super::SQUARE_CLASSES`] entries).
    pub const FLAT_SQUARE: usize = 10;
    /// Capstones on top, by the square's class.
    pub const CAP_SQUARE: usize = 20;
    /// Walls on top, by the square's class.
    pub const WALL_SQUARE: usize = 30;
    /// Road groups by how many lines short of a road they are (1 to 7): 7 entries.
    pub const GROUP_SHORT: usize = 40;
    /// Ranks and files by how many road squares they are short of full (0 to 7): 8 entries.
    pub const LINE_SHORT: usize = 47;
    /// Empty squares where a placement would complete a road (at most 3 counted).
    pub const THREATS: usize = 55;
    /// Walls and capstones beside an opponent's flat.
    pub const PRESSURE: usize = 56;
    /// Own walls beside own flats: in the way of the player's own roads.
    pub const WALL_BLOCKS_OWN: usize = 57;
    /// A capstone beside a stack of the player's of two or more pieces (ready to take it
    /// over and spread it).
    pub const CAP_BESIDE_STACK: usize = 58;
    /// The side to move: +1 when White is to move, -1 when Black is.
    pub const TEMPO: usize = 59;
    /// Occupied squares that alone stand between the player and a road, by what holds them:
    /// an opponent's flat (a capture or a spread over it wins), an opponent's wall or
    /// capstone, the player's own wall (at most 3 counted each): 3 entries.
    pub const CRITICAL: usize = 60;
    /// How many separate road groups the player has (fewer, larger groups make roads).
    pub const GROUPS: usize = 63;
    /// Ranks and files as [`LINE_SHORT`] counts them, those that also hold an opponent's wall
    /// or capstone (a line the player cannot fill without moving it): 8 entries.
    pub const LINE_BLOCKED: usize = 64;
    /// Pairs of the player's road squares side by side (how connected the pieces are).
    pub const CONNECTIONS: usize = 72;
    /// The side to move's flat lead (flats on top, komi aside) from -4 or less to +4 or more:
    /// 9 entries, +1 when White is to move, -1 when Black is. A lead is worth more, or less,
    /// to the player about to place a flat than the flat count alone says.
    pub const LEAD_TO_MOVE: usize = 73;
    /// A player who can end the game on flats soon (1, 2 or 3 pieces left in reserve) and
    /// would win if both sides placed flats to the end: by the pieces left, ahead by a flat
    /// or less, or by more: 6 entries.
    pub const FLAT_RACE: usize = 82;
    /// The player's stacks of two or more with a flat on top, each counted by its height for
    /// every opponent's flat, wall and capstone beside it (what can take it over, or be
    /// taken): 3 entries.
    pub const STACK_NEIGHBOURS: usize = 88;
}

/// How many features there are.
pub const FEATURE_COUNT: usize = 91;

/// Square classes of the piece-square features: a square is classed by its steps from the
/// nearer and the farther edge (each counted to 3), the board's symmetries alike; 10 classes.
pub const SQUARE_CLASSES: usize = 10;

/// The features of one position, White's less Black's, and the phase of the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Features {
    /// The values, indexed by [`index`].
    pub values: [i32; FEATURE_COUNT],
    /// How far the game has gone: 0 with full reserves, 256 when a player's are spent.
    pub phase: i32,
}

/// The phase's top end: a player has placed every piece.
pub const PHASE_END: i32 = 256;

/// Counts the features of `position`.
#[must_use]
pub fn features(position: &Position) -> Features {
    let size = position.size();
    let start = position.config().pieces(Color::White).total().max(1) as i32;
    let fewest = Color::ALL
        .iter()
        .map(|&c| position.reserves(c).total() as i32)
        .min()
        .unwrap_or(0);
    let mut values = [0; FEATURE_COUNT];
    side(position, Color::White, size, 1, &mut values);
    side(position, Color::Black, size, -1, &mut values);
    values[index::FLATS] -= i32::from(position.config().komi().halves());
    values[index::TEMPO] = match position.to_move() {
        Color::White => 1,
        Color::Black => -1,
    };
    lead_to_move(position, &mut values);
    for color in Color::ALL {
        flat_race(position, color, &mut values);
    }
    Features {
        values,
        phase: PHASE_END - fewest * PHASE_END / start,
    }
}

/// Adds one player's counts to `values`, times `sign` (+1 for White, -1 for Black).
fn side(
    position: &Position,
    color: Color,
    size: BoardSize,
    sign: i32,
    values: &mut [i32; FEATURE_COUNT],
) {
    let board = position.board();
    let mine = board.owned_by(color);
    let flats = board.flats(color);
    let walls = mine & board.walls();
    let caps = mine & board.caps();
    let mut add = |at: usize, amount: i32| values[at] += sign * amount;
    add(index::FLATS, 2 * flats.len() as i32);
    add(index::WALLS, walls.len() as i32);
    add(index::CAPS, caps.len() as i32);
    add(index::RESERVES, position.reserves(color).total() as i32);

    let theirs = board.flats(!color);
    let mut stacks = Bitboard::EMPTY;
    for square in mine.squares() {
        let stack = board.stack(square);
        let role = stack.top_role().unwrap_or(Role::Flat) as usize;
        if stack.height() > 1 {
            stacks |= square.bit();
            add(index::SUPPORT + role, stack.count(color) as i32 - 1);
            add(index::CAPTIVES + role, stack.count(!color) as i32);
        }
        let class = square_class(square.file(), square.rank(), size);
        let table = [index::FLAT_SQUARE, index::WALL_SQUARE, index::CAP_SQUARE][role];
        add(table + class, 1);
    }

    add(
        index::PRESSURE,
        ((walls | caps).grow() & theirs).len() as i32,
    );
    add(index::WALL_BLOCKS_OWN, (walls.grow() & flats).len() as i32);
    add(
        index::CAP_BESIDE_STACK,
        (Bitboard(caps.grow().0 & !caps.0) & stacks).len() as i32,
    );
    let their_pieces = [
        theirs,
        board.owned_by(!color) & board.walls(),
        board.owned_by(!color) & board.caps(),
    ];
    for square in (stacks & flats).squares() {
        let height = board.stack(square).height() as i32;
        let beside = square.bit().grow();
        for (i, pieces) in their_pieces.iter().enumerate() {
            add(
                index::STACK_NEIGHBOURS + i,
                height * (beside & *pieces).len() as i32,
            );
        }
    }

    let road = board.road_squares(color);
    let their_blockers = board.owned_by(!color) & (board.walls() | board.caps());
    groups(road, size, &mut add);
    lines(road, their_blockers, size, &mut add);
    add(index::CONNECTIONS, connections(road) as i32);
    // The squares that would complete a road: the empty ones are threats of a placement
    // (if a piece is left to place), the occupied ones critical.
    let critical = EdgeReach::new(road, size).joins(size.mask() & !road);
    if !position.reserves(color).is_empty() {
        let empty = size.mask() & !board.occupied();
        add(index::THREATS, (critical & empty).len().min(3) as i32);
    }
    for (i, held) in [theirs, their_blockers, walls].into_iter().enumerate() {
        add(index::CRITICAL + i, (critical & held).len().min(3) as i32);
    }
}

/// The side to move's flat lead, bucketed ([`index::LEAD_TO_MOVE`]).
fn lead_to_move(position: &Position, values: &mut [i32; FEATURE_COUNT]) {
    let player = position.to_move();
    let board = position.board();
    let lead = board.flats(player).len() as i32 - board.flats(!player).len() as i32;
    let sign = if player == Color::White { 1 } else { -1 };
    values[index::LEAD_TO_MOVE + (lead.clamp(-4, 4) + 4) as usize] += sign;
}

/// Whether `color` is close to ending the game on flats and would win the race
/// ([`index::FLAT_RACE`]): with `r` pieces left, if both sides place flats from here, `color`
/// places `r` and the opponent `r - 1` between them when `color` is to move, `r` when not.
fn flat_race(position: &Position, color: Color, values: &mut [i32; FEATURE_COUNT]) {
    let left = position.reserves(color);
    if !(1..=3).contains(&left.total()) {
        return;
    }
    let board = position.board();
    let komi = i32::from(position.config().komi().halves());
    let mut margin = 2 * (board.flats(color).len() as i32 - board.flats(!color).len() as i32);
    margin += if color == Color::White { -komi } else { komi };
    // Stones become flats; a capstone left adds none.
    margin += 2 * i32::from(left.stones);
    let theirs = left.total() as i32 - i32::from(position.to_move() == color);
    margin -= 2 * theirs.min(position.reserves(!color).total() as i32);
    if margin > 0 {
        let entry = 2 * (left.total() as usize - 1) + usize::from(margin > 2);
        let sign = if color == Color::White { 1 } else { -1 };
        values[index::FLAT_RACE + entry] += sign;
    }
}

/// The class of a square for the piece-square features: its steps from the nearer edge and
/// from the farther one (across the other axis), each at most 3, as one index below
/// [`SQUARE_CLASSES`]: 0 to 3 for the edge squares (0 the corner), then 4 to 6, 7 to 8 and 9
/// for rings further in.
#[must_use]
pub fn square_class(file: u8, rank: u8, size: BoardSize) -> usize {
    // Rows of the triangle near <= other <= 3 start at 0, 4, 7 and 9.
    const ROW_START: [usize; 4] = [0, 4, 7, 9];
    let far = size.get() - 1;
    let across = file.min(far - file).min(3);
    let along = rank.min(far - rank).min(3);
    let (near, other) = (across.min(along) as usize, across.max(along) as usize);
    ROW_START[near] + other - near
}

/// Counts each group of road squares by how many lines it is short of a road.
fn groups(road: Bitboard, size: BoardSize, add: &mut impl FnMut(usize, i32)) {
    let n = u32::from(size.get());
    let mut left = road;
    while let Some(square) = left.squares().next() {
        let group = square.bit().flood(road);
        left = Bitboard(left.0 & !group.0);
        add(index::GROUPS, 1);
        let (ranks, files) = spans(group, n);
        let short = (n - ranks.max(files)) as usize;
        // A road (short 0) ends the game before any evaluation.
        if (1..=7).contains(&short) {
            add(index::GROUP_SHORT + short - 1, 1);
        }
    }
}

/// Counts each rank and file holding road squares by how many it is short of full, and
/// again those of them where one of `blockers` stands.
fn lines(road: Bitboard, blockers: Bitboard, size: BoardSize, add: &mut impl FnMut(usize, i32)) {
    let n = u32::from(size.get());
    let mut count_line = |line: Bitboard| {
        let count = (line & road).len();
        if count > 0 {
            let short = (n - count) as usize;
            add(index::LINE_SHORT + short, 1);
            if !(line & blockers).is_empty() {
                add(index::LINE_BLOCKED + short, 1);
            }
        }
    };
    let first_rank = Bitboard::south_edge(size);
    let first_file = Bitboard::west_edge(size);
    for i in 0..n {
        count_line(Bitboard(first_rank.0 << (8 * i)));
        count_line(Bitboard(first_file.0 << i));
    }
}

/// How many pairs of `road`'s squares are side by side (on the 8x8 layout).
fn connections(road: Bitboard) -> u32 {
    const FILE_H: u64 = 0x8080_8080_8080_8080;
    let east = road.0 & ((road.0 & !FILE_H) << 1);
    let north = road.0 & (road.0 << 8);
    east.count_ones() + north.count_ones()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::Tps;

    fn features_of(tps: &str) -> Features {
        features(&tps.parse::<Tps>().unwrap().to_standard_position().unwrap())
    }

    #[test]
    fn flats_count_in_half_flats_with_komi_and_the_side_to_move_is_a_feature() {
        // White has two flats, Black one; no komi.
        let f = features_of("x5/x5/x,1,x3/x,2,x,1,x/x5 2 3");
        assert_eq!(f.values[index::FLATS], 2);
        assert_eq!(f.values[index::TEMPO], -1);
        assert_eq!(f.values[index::RESERVES], -1);
        // Two of White's 22 pieces are down: a little of the way to the end.
        assert_eq!(f.phase, PHASE_END - 20 * PHASE_END / 22);
        assert_eq!(features_of("x5/x5/x5/x5/x5 1 1").phase, 0);
    }

    #[test]
    fn swapping_the_colours_negates_every_feature() {
        let a = features_of("x5/x,1,1,x2/x,2,21C,x2/x,x,2,1S,x/x5 1 6");
        let b = features_of("x5/x,2,2,x2/x,1,12C,x2/x,x,1,2S,x/x5 2 6");
        let negated: Vec<i32> = b.values.iter().map(|v| -v).collect();
        assert_eq!(a.values.to_vec(), negated);
        assert_eq!(
            a.values[index::CAPTIVES + 2],
            1,
            "White's capstone holds a captive"
        );
        assert_eq!(a.values[index::CAP_BESIDE_STACK], 0);
        assert_eq!(a.values[index::WALL_BLOCKS_OWN], 0);
    }

    #[test]
    fn a_line_of_four_on_five_is_one_short_and_so_is_its_group() {
        let f = features_of("x5/x5/x5/2,2,x3/1,1,1,1,x 2 5");
        assert_eq!(
            f.values[index::GROUP_SHORT],
            1,
            "White's group, not Black's"
        );
        // White: rank 1 one short, files a-d with one each (4 short); Black: rank 2 three
        // short, files a and b one each.
        assert_eq!(f.values[index::LINE_SHORT + 1], 1);
        assert_eq!(f.values[index::LINE_SHORT + 4], 4 - 2);
        assert_eq!(f.values[index::LINE_SHORT + 3], -1);
        assert_eq!(f.values[index::THREATS], 1, "e1 completes White's road");
    }

    #[test]
    fn squares_are_classed_by_their_steps_from_the_edges_alike_under_symmetry() {
        let five = BoardSize::new(5).unwrap();
        assert_eq!(square_class(0, 0, five), 0, "a corner");
        assert_eq!(square_class(4, 4, five), 0, "every corner");
        assert_eq!(square_class(2, 0, five), 2, "the middle of an edge");
        assert_eq!(square_class(0, 2, five), 2, "turned");
        assert_eq!(square_class(1, 1, five), 4);
        assert_eq!(square_class(2, 2, five), 7, "the centre of 5x5");
        let eight = BoardSize::new(8).unwrap();
        assert_eq!(square_class(3, 4, eight), 9, "the centre of 8x8");
        assert_eq!(square_class(0, 3, eight), 3);
    }

    #[test]
    fn a_square_that_alone_blocks_a_road_is_critical_by_what_holds_it() {
        // White holds a1, b1, d1 and e1; Black's flat on c1 alone stands in the way.
        let f = features_of("x5/x5/x5/x5/1,1,2,1,1 2 3");
        assert_eq!(f.values[index::CRITICAL], 1);
        assert_eq!(f.values[index::THREATS], 0, "no empty square completes it");
        // Black's wall there instead; then White's own wall.
        let f = features_of("x5/x5/x5/2,x4/1,1,2S,1,1 2 3");
        assert_eq!(f.values[index::CRITICAL + 1], 1);
        let f = features_of("x5/x5/x5/2,2,x3/1,1,1S,1,1 2 4");
        assert_eq!(f.values[index::CRITICAL + 2], 1);
        assert_eq!(
            f.values[index::GROUPS],
            2 - 1,
            "White's two groups, Black's one"
        );
    }

    #[test]
    fn the_lead_of_the_side_to_move_and_a_won_flat_race_are_counted() {
        // White to move, 3 flats to Black's 1.
        let f = features_of("x5/x5/x,1,x3/x,2,x,1,1/x5 1 4");
        assert_eq!(f.values[index::LEAD_TO_MOVE + 4 + 2], 1);
        // Black to move, 1 flat to White's 3: Black's lead of -2, counted for Black.
        let f = features_of("x5/x5/x,1,x3/x,2,x,1,1/x5 2 3");
        assert_eq!(f.values[index::LEAD_TO_MOVE + 4 - 2], -1);
        assert_eq!(f.values[index::FLAT_RACE..].iter().sum::<i32>(), 0);
    }

    #[test]
    fn a_player_with_few_pieces_left_who_would_win_placing_them_is_in_a_won_flat_race() {
        use crate::rules::{GameConfig, Komi, Reserves};
        // 4x4, 6 stones each and no capstone, no komi: White has 4 flats (2 left), Black 3
        // (3 left). White to move places 2 more, Black 1 between: White ends 6-4, by more
        // than a flat. Black placing its 3 with White's 2 between ends 6-6: no win.
        let tps: Tps = "1,1,2,x/1,2,x2/1,x3/2,x3 1 6".parse().unwrap();
        let config = GameConfig::new(tps.size())
            .with_komi(Komi::from_halves(0).unwrap())
            .with_pieces(Reserves { stones: 6, caps: 0 })
            .unwrap();
        let f = features(&tps.to_position(config).unwrap());
        assert_eq!(f.values[index::FLAT_RACE + 3], 1);
        assert_eq!(f.values[index::FLAT_RACE..].iter().sum::<i32>(), 1);
    }

    #[test]
    fn a_stack_is_counted_by_its_height_for_each_opponent_piece_beside_it() {
        // White's two-high stack on b1 has Black's flat on b2 and Black's wall on c1 beside it.
        let f = features_of("x5/x5/x5/x,2,x3/x,21,2S,x2 1 4");
        let at = index::STACK_NEIGHBOURS;
        assert_eq!(f.values[at..at + 3], [2, 2, 0]);
    }

    #[test]
    fn blocked_lines_and_connections_are_counted() {
        // White's a1-d1 beside one another (3 pairs) with Black's wall on e1 in their rank.
        let f = features_of("x5/x5/x5/2,x4/1,1,1,1,2S 2 5");
        assert_eq!(f.values[index::CONNECTIONS], 3);
        assert_eq!(
            f.values[index::LINE_BLOCKED + 1],
            1,
            "rank 1, one short, blocked"
        );
        assert_eq!(f.values[index::LINE_SHORT + 1], 1);
    }
}
