//! The board: a stack on every square, and bitboards of the top pieces kept in step with them.

use super::{Bitboard, BoardSize, ByColor, Color, Role, Square, Stack};

/// The stacks of a board, with bitboards of who controls each square and where the walls and
/// capstones stand. Every change goes through [`Board::set`] (or the crate's spread helpers),
/// which keeps the two in step.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    size: BoardSize,
    stacks: [Stack; 64],
    /// Squares whose top piece is White's / Black's.
    owned: ByColor<Bitboard>,
    walls: Bitboard,
    caps: Bitboard,
}

impl Board {
    /// An empty board.
    #[must_use]
    pub fn empty(size: BoardSize) -> Board {
        Board {
            size,
            stacks: [Stack::EMPTY; 64],
            owned: ByColor::new(Bitboard::EMPTY, Bitboard::EMPTY),
            walls: Bitboard::EMPTY,
            caps: Bitboard::EMPTY,
        }
    }

    /// The board size.
    #[must_use]
    pub const fn size(&self) -> BoardSize {
        self.size
    }

    /// The stack on `square` (empty off the board).
    #[must_use]
    pub const fn stack(&self, square: Square) -> Stack {
        self.stacks[square.index()]
    }

    /// Replaces the stack on `square`, which must be on the board.
    pub fn set(&mut self, square: Square, stack: Stack) {
        debug_assert!(self.size.contains(square));
        self.stacks[square.index()] = stack;
        self.refresh(square);
    }

    /// Squares whose top piece is `color`'s.
    #[must_use]
    pub const fn owned_by(&self, color: Color) -> Bitboard {
        *self.owned.get(color)
    }

    /// Squares holding any piece.
    #[must_use]
    pub const fn occupied(&self) -> Bitboard {
        Bitboard(self.owned.white.0 | self.owned.black.0)
    }

    /// Squares topped by a wall.
    #[must_use]
    pub const fn walls(&self) -> Bitboard {
        self.walls
    }

    /// Squares topped by a capstone.
    #[must_use]
    pub const fn caps(&self) -> Bitboard {
        self.caps
    }

    /// Squares that count towards `color`'s roads: their flats and capstones on top.
    #[must_use]
    pub const fn road_squares(&self, color: Color) -> Bitboard {
        Bitboard(self.owned.get(color).0 & !self.walls.0)
    }

    /// Squares topped by one of `color`'s flats: what the flat count counts.
    #[must_use]
    pub const fn flats(&self, color: Color) -> Bitboard {
        Bitboard(self.owned.get(color).0 & !self.walls.0 & !self.caps.0)
    }

    /// Mutable access to a stack for the spread code, which must call [`Board::refresh`] after.
    pub(crate) fn stack_mut(&mut self, square: Square) -> &mut Stack {
        &mut self.stacks[square.index()]
    }

    /// Brings the bitboards in step with the stack on `square`.
    pub(crate) fn refresh(&mut self, square: Square) {
        let bit = square.bit();
        let clear = !bit;
        self.owned.white &= clear;
        self.owned.black &= clear;
        self.walls &= clear;
        self.caps &= clear;
        if let Some(top) = self.stacks[square.index()].top() {
            self.owned[top.color] |= bit;
            match top.role {
                Role::Flat => {}
                Role::Wall => self.walls |= bit,
                Role::Cap => self.caps |= bit,
            }
        }
    }
}

impl std::fmt::Debug for Board {
    /// Only the occupied squares, owners bottom to top (`1` White, `2` Black) as in TPS: the
    /// 64-square array would bury the difference a failing test is about.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut map = f.debug_map();
        for square in self.occupied().squares() {
            map.entry(
                &format_args!("{square}"),
                &format_args!("{}", self.stack(square)),
            );
        }
        map.finish()
    }
}
