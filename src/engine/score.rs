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

    /// The score a number of [`centiflats`](Self::centiflats) stands for: its inverse, so
    /// that what taktui's `tak tei` reports as `score cp` (tournament runners read nothing
    /// else) reads back as the win or loss it was.
    ///
    /// ```
    /// use taktui::engine::Score;
    ///
    /// for score in [Score::WinIn(3), Score::LossIn(2), Score::Centiflats(-117)] {
    ///     assert_eq!(Score::from_centiflats(score.centiflats()), score);
    /// }
    /// ```
    #[must_use]
    pub const fn from_centiflats(value: i32) -> Score {
        const DECISIVE: i32 = 20_000 - MAX_PLY;
        if value >= DECISIVE {
            Score::WinIn(20_000_i32.saturating_sub(value).unsigned_abs())
        } else if value <= -DECISIVE {
            Score::LossIn(value.saturating_add(20_000).unsigned_abs())
        } else {
            Score::Centiflats(value)
        }
    }

    /// Whether the game is decided with best play (a win or a loss is in sight).
    #[must_use]
    pub const fn is_decisive(self) -> bool {
        !matches!(self, Score::Centiflats(_))
    }
}

/// How far behind the computer must think it stands, in centiflats, before it takes a draw:
/// two flats, since the evaluation of a level game already swings by about one with the turn
/// (5x5's empty board is +1.17 for the side to move after a second's search).
pub const DRAW_MARGIN: i32 = 200;

impl Score {
    /// Whether a player with this score would rather agree to a draw than play on: a loss is
    /// in sight, or it stands worse by more than [`DRAW_MARGIN`]. The computer answers draw
    /// offers so: level, or better, it plays on.
    #[must_use]
    pub const fn prefers_a_draw(self) -> bool {
        match self {
            Score::Centiflats(value) => value < -DRAW_MARGIN,
            Score::LossIn(_) => true,
            Score::WinIn(_) => false,
        }
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

    #[test]
    fn a_draw_is_preferred_only_when_standing_worse() {
        assert!(Score::LossIn(4).prefers_a_draw());
        assert!(Score::Centiflats(-DRAW_MARGIN - 1).prefers_a_draw());
        assert!(
            !Score::Centiflats(-DRAW_MARGIN).prefers_a_draw(),
            "about level"
        );
        assert!(!Score::Centiflats(0).prefers_a_draw());
        assert!(!Score::Centiflats(300).prefers_a_draw());
        assert!(!Score::WinIn(5).prefers_a_draw());
    }
}
