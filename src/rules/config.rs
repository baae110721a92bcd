//! What a game is played with: board size, pieces per player, komi.

use std::fmt;
use std::str::FromStr;

use super::{BoardSize, ByColor, Color};

/// The most pieces (stones plus capstones) one player may have: two full reserves always fit
/// in one stack's 128-bit owner record.
pub const MAX_PIECES_PER_PLAYER: u32 = 64;

/// A player's pieces not yet on the board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Reserves {
    /// Stones, each played as a flat or a wall.
    pub stones: u8,
    /// Capstones.
    pub caps: u8,
}

impl Reserves {
    /// The standard reserves for a board size (docs/RULINGS.md 2): 3x3 10+0, 4x4 15+0, 5x5 21+1,
    /// 6x6 30+1, 7x7 40+2, 8x8 50+2.
    #[must_use]
    pub const fn standard(size: BoardSize) -> Reserves {
        let (stones, caps) = match size.get() {
            3 => (10, 0),
            4 => (15, 0),
            5 => (21, 1),
            6 => (30, 1),
            7 => (40, 2),
            _ => (50, 2),
        };
        Reserves { stones, caps }
    }

    /// Stones and capstones together.
    #[must_use]
    pub const fn total(self) -> u32 {
        self.stones as u32 + self.caps as u32
    }

    /// Whether every piece has been played (one of the ways a game ends).
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.stones == 0 && self.caps == 0
    }
}

/// Komi: flats added to Black's count at a flat end, in half points (`2.5` is 5 halves).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, PartialOrd, Ord)]
pub struct Komi(i16);

impl Komi {
    /// The largest komi accepted either way: more than any board has squares.
    pub const MAX_ABS: i16 = 64;

    /// Komi of `halves` half points, if within `±MAX_ABS` points.
    pub fn from_halves(halves: i16) -> Result<Komi, ConfigError> {
        if halves.unsigned_abs() <= 2 * Self::MAX_ABS.unsigned_abs() {
            Ok(Komi(halves))
        } else {
            Err(ConfigError::Komi(Komi(halves).to_string()))
        }
    }

    /// The komi in half points.
    #[must_use]
    pub const fn halves(self) -> i16 {
        self.0
    }
}

impl fmt::Display for Komi {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let abs = self.0.unsigned_abs();
        if abs.is_multiple_of(2) {
            write!(f, "{sign}{}", abs / 2)
        } else {
            write!(f, "{sign}{}.5", abs / 2)
        }
    }
}

impl FromStr for Komi {
    type Err = ConfigError;

    /// Reads `2`, `2.5`, `-1`, `0.5` or `2.0`: whole or half points.
    fn from_str(text: &str) -> Result<Komi, ConfigError> {
        let bad = || ConfigError::Komi(text.to_owned());
        let (negative, digits) = match text.trim().strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text.trim()),
        };
        let (whole, fraction) = match digits.split_once('.') {
            Some((_, "")) => return Err(bad()),
            Some(parts) => parts,
            None => (digits, ""),
        };
        if whole.is_empty() || !whole.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        let whole: i16 = whole.parse().map_err(|_| bad())?;
        let half = match fraction.trim_end_matches('0') {
            "" => 0,
            "5" => 1,
            _ => return Err(bad()),
        };
        if !fraction.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        let halves = whole.checked_mul(2).and_then(|w| w.checked_add(half));
        let halves = halves.ok_or_else(bad)?;
        Komi::from_halves(if negative { -halves } else { halves }).map_err(|_| bad())
    }
}

/// A game's settings: board size, each player's starting reserves, komi.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct GameConfig {
    size: BoardSize,
    komi: Komi,
    pieces: ByColor<Reserves>,
}

impl GameConfig {
    /// The standard game on `size`: standard reserves, no komi.
    #[must_use]
    pub const fn new(size: BoardSize) -> GameConfig {
        let pieces = Reserves::standard(size);
        GameConfig {
            size,
            komi: Komi(0),
            pieces: ByColor::new(pieces, pieces),
        }
    }

    /// The same game with this komi.
    #[must_use]
    pub const fn with_komi(mut self, komi: Komi) -> GameConfig {
        self.komi = komi;
        self
    }

    /// The same game with both players starting with these reserves (PTN tags `Flats` and
    /// `Caps`): at least one stone, at most [`MAX_PIECES_PER_PLAYER`] pieces.
    pub fn with_pieces(self, reserves: Reserves) -> Result<GameConfig, ConfigError> {
        self.with_player_pieces(Color::White, reserves)?
            .with_player_pieces(Color::Black, reserves)
    }

    /// The same game with one player starting with these reserves (PTN tags `Flats1`, `Caps1`,
    /// `Flats2`, `Caps2`).
    pub fn with_player_pieces(
        mut self,
        color: Color,
        reserves: Reserves,
    ) -> Result<GameConfig, ConfigError> {
        if reserves.stones == 0 || reserves.total() > MAX_PIECES_PER_PLAYER {
            return Err(ConfigError::Pieces {
                stones: reserves.stones,
                caps: reserves.caps,
            });
        }
        self.pieces[color] = reserves;
        Ok(self)
    }

    /// The board size.
    #[must_use]
    pub const fn size(&self) -> BoardSize {
        self.size
    }

    /// Komi, added to Black's flat count.
    #[must_use]
    pub const fn komi(&self) -> Komi {
        self.komi
    }

    /// The reserves `color` starts with.
    #[must_use]
    pub const fn pieces(&self, color: Color) -> Reserves {
        *self.pieces.get(color)
    }
}

/// A game setting that is out of range.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum ConfigError {
    /// The board size is not 3 to 8.
    #[error("board sizes are 3 to 8, not {0}")]
    Size(u32),
    /// The komi is not a whole or half number, or is out of range.
    #[error("komi {0:?} is not a whole or half number of flats between -64 and 64 (e.g. 2 or 2.5)")]
    Komi(String),
    /// The piece counts are out of range.
    #[error(
        "{} and {}: a player needs at least 1 stone and at most 64 pieces",
        crate::words::count(usize::from(*stones), "stone", "stones"),
        crate::words::count(usize::from(*caps), "capstone", "capstones")
    )]
    Pieces {
        /// The stones asked for.
        stones: u8,
        /// The capstones asked for.
        caps: u8,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn komi_reads_whole_and_half_points() {
        for (text, halves) in [
            ("0", 0),
            ("2", 4),
            ("2.5", 5),
            ("-1", -2),
            ("0.5", 1),
            ("2.0", 4),
        ] {
            assert_eq!(text.parse::<Komi>().unwrap().halves(), halves, "{text}");
        }
        for text in ["", "2.3", "x", "1.", "-", "999", ".5", "1e2"] {
            assert!(text.parse::<Komi>().is_err(), "{text:?} should be refused");
        }
        assert!(".5".parse::<Komi>().is_err());
    }

    #[test]
    fn komi_prints_as_read() {
        for text in ["0", "2", "2.5", "-1", "-0.5"] {
            assert_eq!(text.parse::<Komi>().unwrap().to_string(), text);
        }
    }
}
