//! The board: sixteen squares, each empty or holding one player's stone, and the die's faces
//! that name each player's rows.
//!
//! Squares are named like Tak's, `a1` to `d4`: the letter is the column, the number the row.
//! Drawn as a diamond, `a1` is the bottom corner and `d4` the top; the two lower edges (row 1
//! and column a) are Earth, the two upper edges (row 4 and column d) are Sky. Player 1's rows
//! are the board's rows 1 to 4; Player 2's rows are its columns a to d, numbered 1 to 4. Both
//! are counted from an Earth edge.

use std::fmt;

use super::Player;

/// The board's width and height.
pub const SIZE: u8 = 4;

/// A square of the board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Square {
    column: u8,
    row: u8,
}

impl Square {
    /// The square in `column` (0 for a) and `row` (0 for 1).
    ///
    /// # Panics
    ///
    /// When either is 4 or more: squares come from the board's own lists or from parsing.
    #[must_use]
    pub const fn new(column: u8, row: u8) -> Square {
        assert!(column < SIZE && row < SIZE, "a Kaen square is a1 to d4");
        Square { column, row }
    }

    /// Every square, a1 b1 c1 d1 a2 ... d4.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..SIZE).flat_map(|row| (0..SIZE).map(move |column| Square { column, row }))
    }

    /// The column, 0 (a) to 3 (d).
    #[must_use]
    pub const fn column(self) -> u8 {
        self.column
    }

    /// The row, 0 (1) to 3 (4).
    #[must_use]
    pub const fn row(self) -> u8 {
        self.row
    }

    /// The row of `player`'s that holds this square, 1 to 4.
    #[must_use]
    pub const fn row_of(self, player: Player) -> u8 {
        match player {
            Player::One => self.row + 1,
            Player::Two => self.column + 1,
        }
    }

    /// The face that names `player`'s row through this square.
    #[must_use]
    pub const fn face(self, player: Player) -> Face {
        match self.row_of(player) {
            1 => Face::Arex,
            2 => Face::Dog,
            3 => Face::Cat,
            _ => Face::Staff,
        }
    }

    /// The orthogonal neighbours on the board.
    fn neighbours(self) -> impl Iterator<Item = Square> {
        let (c, r) = (self.column, self.row);
        // Off the low edge wraps to 255, off the high edge is 4: both filtered out.
        [
            (c + 1, r),
            (c.wrapping_sub(1), r),
            (c, r + 1),
            (c, r.wrapping_sub(1)),
        ]
        .into_iter()
        .filter(|&(c, r)| c < SIZE && r < SIZE)
        .map(|(c, r)| Square::new(c, r))
    }

    fn index(self) -> usize {
        usize::from(self.row * SIZE + self.column)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b'a' + self.column), self.row + 1)
    }
}

impl std::str::FromStr for Square {
    type Err = ();

    fn from_str(text: &str) -> Result<Square, ()> {
        match text.as_bytes() {
            [c @ b'a'..=b'd', r @ b'1'..=b'4'] => Ok(Square::new(c - b'a', r - b'1')),
            _ => Err(()),
        }
    }
}

/// A face of the die (the hut), naming one of the roller's rows.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Face {
    /// 1.
    Arex = 1,
    /// 2.
    Dog = 2,
    /// 3.
    Cat = 3,
    /// 4.
    Staff = 4,
}

impl Face {
    /// The four faces, 1 to 4.
    pub const ALL: [Face; 4] = [Face::Arex, Face::Dog, Face::Cat, Face::Staff];

    /// The face's number, 1 to 4: the row it names.
    #[must_use]
    pub const fn number(self) -> u8 {
        self as u8
    }

    /// The face numbered 1 to 4.
    #[must_use]
    pub const fn from_number(number: u8) -> Option<Face> {
        match number {
            1 => Some(Face::Arex),
            2 => Some(Face::Dog),
            3 => Some(Face::Cat),
            4 => Some(Face::Staff),
            _ => None,
        }
    }

    /// The face's name: Arex, Dog, Cat or Staff.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Face::Arex => "Arex",
            Face::Dog => "Dog",
            Face::Cat => "Cat",
            Face::Staff => "Staff",
        }
    }

    /// The squares of `player`'s row named by this face, from the Earth edge's end.
    #[must_use]
    pub fn row(self, player: Player) -> [Square; 4] {
        let line = self.number() - 1;
        std::array::from_fn(|i| match player {
            Player::One => Square::new(i as u8, line),
            Player::Two => Square::new(line, i as u8),
        })
    }
}

impl fmt::Display for Face {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.name(), self.number())
    }
}

/// The stones on the board. Stones are not counted: the squares are the only limit.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Board {
    squares: [Option<Player>; 16],
}

impl Board {
    /// Whose stone is on `square`, if any.
    #[must_use]
    pub const fn at(&self, square: Square) -> Option<Player> {
        self.squares[(square.row * SIZE + square.column) as usize]
    }

    /// Puts `player`'s stone on `square` (the game checks that it may).
    pub(super) fn put(&mut self, square: Square, player: Player) {
        self.squares[square.index()] = Some(player);
    }

    /// How many stones `player` has on the board.
    #[must_use]
    pub fn count(&self, player: Player) -> usize {
        self.squares.iter().filter(|s| **s == Some(player)).count()
    }

    /// Whether every square holds a stone.
    #[must_use]
    pub fn is_full(&self) -> bool {
        self.squares.iter().all(Option::is_some)
    }

    /// The empty squares of `player`'s row named by `face`.
    #[must_use]
    pub fn open_in_row(&self, player: Player, face: Face) -> Vec<Square> {
        face.row(player)
            .into_iter()
            .filter(|&s| self.at(s).is_none())
            .collect()
    }

    /// The faces whose rows still have an empty square for `player`.
    #[must_use]
    pub fn open_rows(&self, player: Player) -> Vec<Face> {
        Face::ALL
            .into_iter()
            .filter(|&face| !self.open_in_row(player, face).is_empty())
            .collect()
    }

    /// `player`'s bridge, if their stones join an Earth edge to the Sky edge opposite it
    /// (row 1 to row 4, or column a to column d): the squares of the chain that does.
    #[must_use]
    pub fn bridge(&self, player: Player) -> Option<Vec<Square>> {
        // Row 1 faces row 4; column a faces column d.
        type Edge = fn(Square) -> bool;
        let edges: [(Edge, Edge); 2] = [
            (|s| s.row == 0, |s| s.row == SIZE - 1),
            (|s| s.column == 0, |s| s.column == SIZE - 1),
        ];
        edges.into_iter().find_map(|(earth, sky)| {
            // Stones joined to both edges: a group joined to one edge only is no bridge.
            let from_sky = self.reach(player, Square::all().filter(|&s| sky(s)));
            let chain: Vec<Square> = self
                .reach(player, Square::all().filter(|&s| earth(s)))
                .into_iter()
                .filter(|s| from_sky.contains(s))
                .collect();
            (!chain.is_empty()).then_some(chain)
        })
    }

    /// Every square of `player`'s stones connected to a stone of theirs among `starts`.
    fn reach(&self, player: Player, starts: impl Iterator<Item = Square>) -> Vec<Square> {
        let mut seen: Vec<Square> = starts.filter(|&s| self.at(s) == Some(player)).collect();
        let mut next = 0;
        while let Some(&square) = seen.get(next) {
            next += 1;
            for n in square.neighbours() {
                if self.at(n) == Some(player) && !seen.contains(&n) {
                    seen.push(n);
                }
            }
        }
        seen.sort();
        seen
    }
}
