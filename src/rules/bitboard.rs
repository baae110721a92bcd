//! A set of squares as 64 bits, eight to a rank, used for tops, walls, capstones and roads.

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not};

use super::{BoardSize, Square};

/// A set of squares: bit `rank * 8 + file` is set for each square in the set.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Bitboard(pub u64);

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;

impl Bitboard {
    /// The empty set.
    pub const EMPTY: Bitboard = Bitboard(0);

    /// Whether no square is in the set.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// How many squares are in the set.
    #[must_use]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether `square` is in the set.
    #[must_use]
    pub const fn contains(self, square: Square) -> bool {
        self.0 & (1 << square.index()) != 0
    }

    /// The squares in the set, lowest index (a1 side) first.
    pub fn squares(self) -> impl Iterator<Item = Square> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let index = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            Square::from_index(index)
        })
    }

    /// The set plus every square orthogonally next to one of its squares (on an 8x8 layout:
    /// callers mask the result to their board).
    #[must_use]
    pub const fn grow(self) -> Bitboard {
        let b = self.0;
        Bitboard(b | b << 8 | b >> 8 | (b & !FILE_H) << 1 | (b & !FILE_A) >> 1)
    }

    /// The squares of the south edge (rank 1) of a board of `size`.
    #[must_use]
    pub const fn south_edge(size: BoardSize) -> Bitboard {
        Bitboard((1 << size.get()) - 1)
    }

    /// The squares of the north edge of a board of `size`.
    #[must_use]
    pub const fn north_edge(size: BoardSize) -> Bitboard {
        Bitboard(Self::south_edge(size).0 << (8 * (size.get() - 1)))
    }

    /// The squares of the west edge (file `a`) of a board of `size`.
    #[must_use]
    pub const fn west_edge(size: BoardSize) -> Bitboard {
        Bitboard(FILE_A & size.mask().0)
    }

    /// The squares of the east edge of a board of `size`.
    #[must_use]
    pub const fn east_edge(size: BoardSize) -> Bitboard {
        Bitboard((FILE_A << (size.get() - 1)) & size.mask().0)
    }

    /// Every square of `within` connected to `self` by orthogonal steps inside `within`
    /// (a flood fill; `self` should be a subset of `within`).
    #[must_use]
    pub const fn flood(self, within: Bitboard) -> Bitboard {
        let mut current = self.0 & within.0;
        loop {
            let next = Bitboard(current).grow().0 & within.0;
            if next == current {
                return Bitboard(current);
            }
            current = next;
        }
    }
}

impl BitAnd for Bitboard {
    type Output = Bitboard;
    fn bitand(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 & rhs.0)
    }
}

impl BitOr for Bitboard {
    type Output = Bitboard;
    fn bitor(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 | rhs.0)
    }
}

impl BitAndAssign for Bitboard {
    fn bitand_assign(&mut self, rhs: Bitboard) {
        self.0 &= rhs.0;
    }
}

impl BitOrAssign for Bitboard {
    fn bitor_assign(&mut self, rhs: Bitboard) {
        self.0 |= rhs.0;
    }
}

impl Not for Bitboard {
    type Output = Bitboard;
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}
