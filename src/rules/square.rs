//! Board sizes, squares and directions.

use std::fmt;

use super::{Bitboard, ConfigError};

/// The side length of a square board, checked to be 3 to 8 when made, since it comes from the
/// command line or a file at run time.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct BoardSize(u8);

impl BoardSize {
    /// The smallest board Tak is played on.
    pub const MIN: u8 = 3;
    /// The largest board Tak is played on (and the largest a 64-bit bitboard holds).
    pub const MAX: u8 = 8;

    /// The board with `n` squares a side, or an error unless `3 <= n <= 8`.
    pub fn new(n: u8) -> Result<BoardSize, ConfigError> {
        if (Self::MIN..=Self::MAX).contains(&n) {
            Ok(BoardSize(n))
        } else {
            Err(ConfigError::Size(u32::from(n)))
        }
    }

    /// Squares a side; also the carry limit.
    #[must_use]
    pub const fn get(self) -> u8 {
        self.0
    }

    /// Squares a side as a `usize`.
    #[must_use]
    pub const fn as_usize(self) -> usize {
        self.0 as usize
    }

    /// The number of squares on the board.
    #[must_use]
    pub const fn area(self) -> u32 {
        self.0 as u32 * self.0 as u32
    }

    /// Whether `square` lies on this board.
    #[must_use]
    pub const fn contains(self, square: Square) -> bool {
        square.file() < self.0 && square.rank() < self.0
    }

    /// All squares of the board, rank 1 first, file `a` first within a rank.
    pub fn squares(self) -> impl Iterator<Item = Square> {
        let n = self.0;
        (0..n).flat_map(move |rank| (0..n).map(move |file| Square::new(file, rank)))
    }

    /// The bitboard of every square on the board.
    #[must_use]
    pub const fn mask(self) -> Bitboard {
        // A table: the search asks for it at every node.
        Bitboard(MASKS[self.0 as usize])
    }
}

impl fmt::Display for BoardSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{0}x{0}", self.0)
    }
}

/// Every square of a board of each size (index: the size; 0 to 8).
const MASKS: [u64; 9] = {
    let mut masks = [0; 9];
    let mut n = 1;
    while n <= 8 {
        let row = (1u64 << n) - 1;
        let mut rank = 0;
        while rank < n {
            masks[n] |= row << (8 * rank);
            rank += 1;
        }
        n += 1;
    }
    masks
};

/// A square: a file (`a` is the west edge) and a rank (`1` is the south edge), written `c3`.
///
/// Squares are laid out eight to a rank whatever the board size, so one bitboard layout serves
/// every size; whether a square is on a given board is [`BoardSize::contains`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square at `file` (0 = `a`) and `rank` (0 = `1`).
    ///
    /// # Panics
    ///
    /// When `file` or `rank` is 8 or more: no board has such a square.
    #[must_use]
    pub const fn new(file: u8, rank: u8) -> Square {
        assert!(file < 8 && rank < 8, "squares are at most h8");
        Square(rank * 8 + file)
    }

    /// The square with this bit index (`rank * 8 + file`), if below 64.
    #[must_use]
    pub const fn from_index(index: u8) -> Option<Square> {
        if index < 64 {
            Some(Square(index))
        } else {
            None
        }
    }

    /// The bit index, `rank * 8 + file`.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// 0 for file `a` up to 7 for file `h`.
    #[must_use]
    pub const fn file(self) -> u8 {
        self.0 % 8
    }

    /// 0 for rank `1` up to 7 for rank `8`.
    #[must_use]
    pub const fn rank(self) -> u8 {
        self.0 / 8
    }

    /// The file as PTN writes it (`'a'` to `'h'`).
    #[must_use]
    pub const fn file_char(self) -> char {
        (b'a' + self.file()) as char
    }

    /// The neighbouring square in `direction`, if it is on a board of `size`.
    #[must_use]
    pub const fn step(self, direction: Direction, size: BoardSize) -> Option<Square> {
        let (file, rank) = (self.file(), self.rank());
        let n = size.get();
        match direction {
            Direction::Up if rank + 1 < n => Some(Square(self.0 + 8)),
            Direction::Down if rank > 0 => Some(Square(self.0 - 8)),
            Direction::Left if file > 0 => Some(Square(self.0 - 1)),
            Direction::Right if file + 1 < n => Some(Square(self.0 + 1)),
            _ => None,
        }
    }

    /// This square alone, as a bitboard.
    #[must_use]
    pub const fn bit(self) -> Bitboard {
        Bitboard(1 << self.0)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file_char(), self.rank() + 1)
    }
}

/// A square name that is not `a1` to `h8`.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("{0:?} is not a square: a file a-h then a rank 1-8, such as c3")]
pub struct ParseSquareError(pub String);

impl std::str::FromStr for Square {
    type Err = ParseSquareError;

    /// Reads `a1` to `h8` (any board's squares; whether one lies on a given board is
    /// [`BoardSize::contains`]).
    ///
    /// ```
    /// use taktui::rules::Square;
    ///
    /// let c3: Square = "c3".parse().unwrap();
    /// assert_eq!((c3.file(), c3.rank()), (2, 2));
    /// assert!("i1".parse::<Square>().is_err());
    /// ```
    fn from_str(text: &str) -> Result<Square, ParseSquareError> {
        match text.as_bytes() {
            &[file @ b'a'..=b'h', rank @ b'1'..=b'8'] => Ok(Square::new(file - b'a', rank - b'1')),
            _ => Err(ParseSquareError(text.to_owned())),
        }
    }
}

/// One of the four straight lines a stack can spread along. PTN writes them `+ - < >`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Direction {
    /// North, towards higher ranks: `+`.
    Up,
    /// South, towards rank 1: `-`.
    Down,
    /// West, towards file `a`: `<`.
    Left,
    /// East, towards later files: `>`.
    Right,
}

impl Direction {
    /// All four directions, in PTN's usual order `+ - < >`.
    pub const ALL: [Direction; 4] = [
        Direction::Up,
        Direction::Down,
        Direction::Left,
        Direction::Right,
    ];

    /// The PTN symbol: `+`, `-`, `<` or `>`.
    #[must_use]
    pub const fn symbol(self) -> char {
        match self {
            Direction::Up => '+',
            Direction::Down => '-',
            Direction::Left => '<',
            Direction::Right => '>',
        }
    }

    /// The direction PTN writes with `symbol` (`+ - < >`).
    ///
    /// ```
    /// use taktui::rules::Direction;
    ///
    /// assert_eq!(Direction::from_symbol('<'), Some(Direction::Left));
    /// assert_eq!(Direction::from_symbol('x'), None);
    /// ```
    #[must_use]
    pub const fn from_symbol(symbol: char) -> Option<Direction> {
        match symbol {
            '+' => Some(Direction::Up),
            '-' => Some(Direction::Down),
            '<' => Some(Direction::Left),
            '>' => Some(Direction::Right),
            _ => None,
        }
    }

    /// The direction pointing the other way.
    #[must_use]
    pub const fn reverse(self) -> Direction {
        match self {
            Direction::Up => Direction::Down,
            Direction::Down => Direction::Up,
            Direction::Left => Direction::Right,
            Direction::Right => Direction::Left,
        }
    }
}
