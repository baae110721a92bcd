//! Legal move generation, and counting legal moves without listing them.

use super::drops::DROPS_TABLE;
use super::{Bitboard, Direction, Drops, Move, Position, Role, Square};
use std::num::NonZeroU8;

impl Position {
    /// Every legal move, placements first; none once the game is over.
    #[must_use]
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut moves = Vec::new();
        self.legal_moves_into(&mut moves);
        moves
    }

    /// The legal moves that start on `square`: placements there, or spreads of its stack.
    #[must_use]
    pub fn legal_moves_from(&self, square: Square) -> Vec<Move> {
        let mut moves = self.legal_moves();
        moves.retain(|mv| mv.square == square);
        moves
    }

    /// Replaces the contents of `moves` with every legal move (saves an allocation per call in
    /// searches).
    pub fn legal_moves_into(&self, moves: &mut Vec<Move>) {
        moves.clear();
        if self.is_over() {
            return;
        }
        let empty = self.size().mask() & !self.board().occupied();
        let roles = self.placeable_roles();
        for square in empty.squares() {
            moves.extend(roles.iter().map(|&role| Move::place(square, role)));
        }
        if self.is_opening() {
            return;
        }
        for square in self.board().owned_by(self.to_move()).squares() {
            self.spreads_from(square, moves);
        }
    }

    /// How many moves [`Position::legal_moves`] would list, counted without listing them (the
    /// last ply of perft needs only the count).
    #[must_use]
    pub fn count_legal_moves(&self) -> u64 {
        if self.is_over() {
            return 0;
        }
        let empty = self.size().mask() & !self.board().occupied();
        let mut count = u64::from(empty.len()) * self.placeable_roles().len() as u64;
        if self.is_opening() {
            return count;
        }
        for square in self.board().owned_by(self.to_move()).squares() {
            let max = self.carry_max(square);
            let cap = self.board().caps().contains(square);
            for direction in Direction::ALL {
                let (free, crush) = self.reach(square, direction, cap);
                count += u64::from(COUNTS.spreads[max as usize][free as usize]);
                if crush {
                    count += u64::from(COUNTS.crushes[max as usize][free as usize]);
                }
            }
        }
        count
    }

    /// The roles the mover may place now: flats only in the opening, else what the reserve
    /// (of the placed piece's owner) allows.
    fn placeable_roles(&self) -> &'static [Role] {
        let reserves = self.reserves(self.placing_color());
        if self.is_opening() {
            return if reserves.stones > 0 {
                &[Role::Flat]
            } else {
                &[]
            };
        }
        match (reserves.stones > 0, reserves.caps > 0) {
            (true, true) => &[Role::Flat, Role::Wall, Role::Cap],
            (true, false) => &[Role::Flat, Role::Wall],
            (false, true) => &[Role::Cap],
            (false, false) => &[],
        }
    }

    /// How many pieces may be carried off `square`: its height, at most the board size (the
    /// carry limit).
    #[must_use]
    pub fn carry_max(&self, square: Square) -> u8 {
        let height = self.board().stack(square).height();
        height.min(u32::from(self.size().get())) as u8
    }

    /// How many squares a spread from `square` can drop on towards `direction` before the edge
    /// or a wall or capstone, and whether a capstone on `square` could crush a wall just beyond.
    fn reach(&self, square: Square, direction: Direction, cap: bool) -> (u8, bool) {
        let (size, board) = (self.size(), self.board());
        let blockers: Bitboard = board.walls() | board.caps();
        let mut free = 0;
        let mut at = square;
        while let Some(next) = at.step(direction, size) {
            if blockers.contains(next) {
                return (free, cap && board.walls().contains(next));
            }
            free += 1;
            at = next;
        }
        (free, false)
    }

    fn spreads_from(&self, square: Square, moves: &mut Vec<Move>) {
        let max = self.carry_max(square);
        let cap = self.board().caps().contains(square);
        for direction in Direction::ALL {
            let (free, crush) = self.reach(square, direction, cap);
            for count in 1..=max {
                for &bits in DROPS_TABLE.up_to(count, free) {
                    moves.push(spread(square, direction, bits));
                }
                if crush {
                    let lone_last = |bits: u8| count == 1 || bits & (1 << (count - 2)) != 0;
                    for &bits in DROPS_TABLE.exactly(count, free + 1) {
                        if lone_last(bits) {
                            moves.push(spread(square, direction, bits));
                        }
                    }
                }
            }
        }
    }
}

fn spread(square: Square, direction: Direction, bits: u8) -> Move {
    let bits = NonZeroU8::new(bits).expect("the drops table holds no zero");
    Move::spread(square, direction, Drops::from_bits(bits))
}

/// Spread counts by (most pieces carried, free squares ahead), for counting without listing.
struct SpreadCounts {
    /// `spreads[max][free]`: patterns carrying at most `max` over at most `free` squares.
    spreads: [[u16; 9]; 9],
    /// `crushes[max][free]`: patterns carrying at most `max` over exactly `free + 1` squares
    /// whose last drop is a single piece (the capstone onto the wall).
    crushes: [[u16; 9]; 9],
}

static COUNTS: SpreadCounts = build_counts();

const fn build_counts() -> SpreadCounts {
    let mut spreads = [[0u16; 9]; 9];
    let mut crushes = [[0u16; 9]; 9];
    let mut bits = 1u32;
    while bits <= 255 {
        let count = 32 - bits.leading_zeros();
        let len = bits.count_ones();
        let lone_last = count == 1 || bits & (1 << (count - 2)) != 0;
        let mut max = count;
        while max <= 8 {
            let mut free = len;
            while free <= 8 {
                spreads[max as usize][free as usize] += 1;
                free += 1;
            }
            if lone_last {
                crushes[max as usize][len as usize - 1] += 1;
            }
            max += 1;
        }
        bits += 1;
    }
    SpreadCounts { spreads, crushes }
}
