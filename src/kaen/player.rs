//! The two players of Kaen.

use std::fmt;
use std::ops::Not;

/// A player. Player 1's rows are the board's rows, Player 2's are its columns.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Player {
    /// Player 1.
    One,
    /// Player 2.
    Two,
}

impl Player {
    /// Both players, Player 1 first.
    pub const BOTH: [Player; 2] = [Player::One, Player::Two];

    /// 0 or 1: an index into per-player arrays.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// 1 or 2, as records write it.
    #[must_use]
    pub const fn number(self) -> u8 {
        self as u8 + 1
    }

    /// The player numbered 1 or 2.
    #[must_use]
    pub const fn from_number(number: u8) -> Option<Player> {
        match number {
            1 => Some(Player::One),
            2 => Some(Player::Two),
            _ => None,
        }
    }
}

impl Not for Player {
    type Output = Player;

    fn not(self) -> Player {
        match self {
            Player::One => Player::Two,
            Player::Two => Player::One,
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Player {}", self.number())
    }
}
