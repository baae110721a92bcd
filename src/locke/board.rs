//! The 5x5 board: squares `a1` to `e5` and stacks of one player's pieces. Directions are
//! Tak's, written as PTN writes them.

use std::fmt;

use super::Player;
pub use crate::rules::Direction;

/// Squares a side.
pub const SIZE: u8 = 5;

/// The middle row's rank, counted from 0 (rank 3).
pub const CENTER_RANK: u8 = 2;

/// A square, named `a1` (White's left corner) to `e5`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Square {
    file: u8,
    rank: u8,
}

impl Square {
    /// The square on `file` (0 for a) and `rank` (0 for 1), if on the board.
    #[must_use]
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < SIZE && rank < SIZE {
            Some(Square { file, rank })
        } else {
            None
        }
    }

    /// Every square, a1 b1 ... e5.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..SIZE).flat_map(|rank| (0..SIZE).map(move |file| Square { file, rank }))
    }

    /// The file, 0 (a) to 4 (e).
    #[must_use]
    pub const fn file(self) -> u8 {
        self.file
    }

    /// The rank, 0 (1) to 4 (5).
    #[must_use]
    pub const fn rank(self) -> u8 {
        self.rank
    }

    /// The square `steps` away in `direction`, if on the board.
    #[must_use]
    pub fn step(self, direction: Direction, steps: u8) -> Option<Square> {
        let (df, dr): (i8, i8) = match direction {
            Direction::Up => (0, 1),
            Direction::Down => (0, -1),
            Direction::Left => (-1, 0),
            Direction::Right => (1, 0),
        };
        let file = i16::from(self.file) + i16::from(df) * i16::from(steps);
        let rank = i16::from(self.rank) + i16::from(dr) * i16::from(steps);
        let file = u8::try_from(file).ok()?;
        let rank = u8::try_from(rank).ok()?;
        Square::new(file, rank)
    }

    fn index(self) -> usize {
        usize::from(self.rank * SIZE + self.file)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b'a' + self.file), self.rank + 1)
    }
}

/// A stack: one player's pieces, one or more.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Stack {
    /// Whose pieces.
    pub owner: Player,
    /// How many, at least 1.
    pub height: u8,
}

/// The stacks on the board.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Board {
    squares: [Option<Stack>; 25],
}

impl Board {
    /// The stack on `square`, if any.
    #[must_use]
    pub const fn at(&self, square: Square) -> Option<Stack> {
        self.squares[(square.rank * SIZE + square.file) as usize]
    }

    pub(super) fn set(&mut self, square: Square, stack: Option<Stack>) {
        self.squares[square.index()] = stack;
    }

    /// The squares of `player`'s stacks.
    pub fn stacks(&self, player: Player) -> impl Iterator<Item = (Square, Stack)> + '_ {
        Square::all()
            .filter_map(|s| self.at(s).map(|stack| (s, stack)))
            .filter(move |(_, stack)| stack.owner == player)
    }

    /// How many stacks `player` has.
    #[must_use]
    pub fn stack_count(&self, player: Player) -> usize {
        self.stacks(player).count()
    }

    /// How many pieces `player` has on the board.
    #[must_use]
    pub fn pieces(&self, player: Player) -> u32 {
        self.stacks(player).map(|(_, s)| u32::from(s.height)).sum()
    }

    /// How many squares of the middle row `player` holds.
    #[must_use]
    pub fn on_centerline(&self, player: Player) -> usize {
        (0..SIZE)
            .filter_map(|file| Square::new(file, CENTER_RANK))
            .filter(|&s| self.at(s).is_some_and(|stack| stack.owner == player))
            .count()
    }
}
