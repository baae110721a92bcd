//! A turn, and its short notation in the style of PTN: `c1` enters a piece from the reserve on
//! c1; `c2+` moves the stack on c2 one square up, `b3>2` moves the stack on b3 two squares
//! right (directions `+ - < >` as in PTN). A trailing `x` marks a capture, as a reader's aid.

use std::fmt;
use std::str::FromStr;

use super::{Direction, Square};

/// What a player does on their turn.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Turn {
    /// Move the whole stack on `from` `distance` squares in `direction`.
    Move {
        /// Where the stack stands.
        from: Square,
        /// Which way.
        direction: Direction,
        /// How far, from 1 to its height.
        distance: u8,
    },
    /// Put a piece from the reserve on this square of the back rank.
    Enter(Square),
}

impl Turn {
    /// Where the turn ends: the square moved to or entered on.
    #[must_use]
    pub fn target(self) -> Option<Square> {
        match self {
            Turn::Move {
                from,
                direction,
                distance,
            } => from.step(direction, distance),
            Turn::Enter(square) => Some(square),
        }
    }
}

impl fmt::Display for Turn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Turn::Enter(square) => write!(f, "{square}"),
            Turn::Move {
                from,
                direction,
                distance: 1,
            } => write!(f, "{from}{}", direction.symbol()),
            Turn::Move {
                from,
                direction,
                distance,
            } => write!(f, "{from}{}{distance}", direction.symbol()),
        }
    }
}

/// Text that is not a turn.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum ParseTurnError {
    /// No square where one should be.
    #[error("a turn starts with a square, a1 to e5 (as in c1, c2+ or b3>2)")]
    Square,
    /// Something other than a direction after the square.
    #[error("after the square: a direction + - < > (as in c2+), or nothing to enter a piece")]
    Direction,
    /// A distance that is not 1 to 9.
    #[error("the distance after the direction is a number from 1 (as in b3>2)")]
    Distance,
}

impl FromStr for Turn {
    type Err = ParseTurnError;

    fn from_str(text: &str) -> Result<Turn, ParseTurnError> {
        let text = text.trim();
        let text = text.strip_suffix('x').unwrap_or(text);
        let mut chars = text.chars();
        let (Some(file @ 'a'..='e'), Some(rank @ '1'..='5')) = (chars.next(), chars.next()) else {
            return Err(ParseTurnError::Square);
        };
        let from =
            Square::new(file as u8 - b'a', rank as u8 - b'1').ok_or(ParseTurnError::Square)?;
        let Some(symbol) = chars.next() else {
            return Ok(Turn::Enter(from));
        };
        let direction = Direction::from_symbol(symbol).ok_or(ParseTurnError::Direction)?;
        let rest = chars.as_str();
        let distance = if rest.is_empty() {
            1
        } else {
            rest.parse::<u8>()
                .ok()
                .filter(|&d| d >= 1)
                .ok_or(ParseTurnError::Distance)?
        };
        Ok(Turn::Move {
            from,
            direction,
            distance,
        })
    }
}
