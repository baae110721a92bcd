//! The two players.

use std::fmt;
use std::ops::Not;

/// A player, and the colour of the pieces they own. White (player 1) moves first.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Color {
    /// Player 1, who makes the first ply.
    White,
    /// Player 2.
    Black,
}

impl Color {
    /// Both colours, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// 0 for White, 1 for Black: an index into per-player arrays.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The player's number as TPS and PTN write it (`1` or `2`).
    #[must_use]
    pub const fn number(self) -> u8 {
        self as u8 + 1
    }

    /// The colour with the given TPS player number (`1` or `2`).
    #[must_use]
    pub const fn from_number(number: u8) -> Option<Color> {
        match number {
            1 => Some(Color::White),
            2 => Some(Color::Black),
            _ => None,
        }
    }
}

impl Not for Color {
    type Output = Color;

    fn not(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::White => "White",
            Color::Black => "Black",
        })
    }
}
