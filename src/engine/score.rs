//! Scores: what the search computes (a plain `i32`) and what it reports ([`Score`]).

/// How good the position is for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// An evaluation in hundredths of a flat (100 is a flat ahead).
    Centiflats(i32),
    /// The side to move wins in this many plies (its own, counting both sides'), whatever the
    /// opponent does: 1 is a win on this move.
    WinIn(u32),
    /// The side to move loses in this many plies, whatever it does: 0 means the game is already
    /// lost, 2 that every move lets the opponent win at once.
    LossIn(u32),
}

/// The value of a won game, less the plies it takes to win: shorter wins score higher.
pub(crate) const WIN: i32 = 1_000_000;
/// Beyond any real search depth: values this close to `WIN` are wins and losses.
pub(crate) const MAX_PLY: i32 = 1_000;
/// Above every value the search gives.
pub(crate) const INFINITY: i32 = WIN + 1;

impl Score {
    /// The score of a search value.
    pub(crate) const fn from_value(value: i32) -> Score {
        if value >= WIN - MAX_PLY {
            Score::WinIn((WIN - value) as u32)
        } else if value <= -(WIN - MAX_PLY) {
            Score::LossIn((WIN + value) as u32)
        } else {
            Score::Centiflats(value)
        }
    }

    /// The score seen by the other player.
    #[must_use]
    pub const fn flip(self) -> Score {
        match self {
            Score::Centiflats(value) => Score::Centiflats(-value),
            Score::WinIn(plies) => Score::LossIn(plies),
            Score::LossIn(plies) => Score::WinIn(plies),
        }
    }

    /// A single number for meters and protocols: centiflats, with wins and losses beyond
    /// `±10000` (shorter wins further out).
    #[must_use]
    pub const fn centiflats(self) -> i32 {
        match self {
            Score::Centiflats(value) => value,
            Score::WinIn(plies) => 20_000 - plies as i32,
            Score::LossIn(plies) => -20_000 + plies as i32,
        }
    }

    /// Whether the game is decided with best play (a win or a loss is in sight).
    #[must_use]
    pub const fn is_decisive(self) -> bool {
        !matches!(self, Score::Centiflats(_))
    }
}

/// Whether a value is a win or loss (rather than an evaluation).
pub(crate) const fn is_mate(value: i32) -> bool {
    value.abs() >= WIN - MAX_PLY
}

/// A value found `ply` plies below the root, stored in the table relative to the node (a win
/// in 3 from here), so that it can be reused at any other ply.
pub(crate) const fn to_table(value: i32, ply: i32) -> i32 {
    if value >= WIN - MAX_PLY {
        value + ply
    } else if value <= -(WIN - MAX_PLY) {
        value - ply
    } else {
        value
    }
}

/// The inverse of [`to_table`].
pub(crate) const fn from_table(value: i32, ply: i32) -> i32 {
    if value >= WIN - MAX_PLY {
        value - ply
    } else if value <= -(WIN - MAX_PLY) {
        value + ply
    } else {
        value
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_read_as_scores() {
        assert_eq!(Score::from_value(WIN - 1), Score::WinIn(1));
        assert_eq!(Score::from_value(-WIN + 2), Score::LossIn(2));
        assert_eq!(Score::from_value(150), Score::Centiflats(150));
        assert_eq!(Score::WinIn(3).flip(), Score::LossIn(3));
        assert!(Score::WinIn(1).centiflats() > Score::WinIn(3).centiflats());
        assert_eq!(from_table(to_table(WIN - 5, 3), 3), WIN - 5);
    }
}
