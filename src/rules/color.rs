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

/// One value for each player, read and written by colour: `pair[Color::Black]`, never an index
/// worked out by hand.
///
/// ```
/// use taktui::rules::{ByColor, Color};
///
/// let mut flats = ByColor::new(3, 5);
/// flats[Color::White] += 1;
/// assert_eq!(flats[Color::White], 4);
/// assert_eq!(flats.map(|n| n * 2), ByColor::new(8, 10));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct ByColor<T> {
    /// White's value.
    pub white: T,
    /// Black's value.
    pub black: T,
}

impl<T> ByColor<T> {
    /// White's value and Black's.
    pub const fn new(white: T, black: T) -> ByColor<T> {
        ByColor { white, black }
    }

    /// The value of `color` (usable in `const` code, where indexing is not).
    pub const fn get(&self, color: Color) -> &T {
        match color {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }

    /// Each player's value from `f` of their colour.
    pub fn from_fn(mut f: impl FnMut(Color) -> T) -> ByColor<T> {
        ByColor {
            white: f(Color::White),
            black: f(Color::Black),
        }
    }

    /// The same value for both players.
    pub fn both(value: T) -> ByColor<T>
    where
        T: Clone,
    {
        ByColor {
            white: value.clone(),
            black: value,
        }
    }

    /// Each value changed by `f`.
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> ByColor<U> {
        ByColor {
            white: f(self.white),
            black: f(self.black),
        }
    }

    /// Each colour with its value, White first.
    pub fn iter(&self) -> impl Iterator<Item = (Color, &T)> {
        [(Color::White, &self.white), (Color::Black, &self.black)].into_iter()
    }
}

impl<T> std::ops::Index<Color> for ByColor<T> {
    type Output = T;

    fn index(&self, color: Color) -> &T {
        match color {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }
}

impl<T> std::ops::IndexMut<Color> for ByColor<T> {
    fn index_mut(&mut self, color: Color) -> &mut T {
        match color {
            Color::White => &mut self.white,
            Color::Black => &mut self.black,
        }
    }
}
