//! A match's results as a rating difference: wins, losses and draws from the first player's
//! side, the score they make, and the Elo difference that score stands for, with its margin of
//! error (95%), as engine testers quote it.

use std::fmt;

/// How a series of games went, from the first player's side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games the first player won.
    pub wins: u32,
    /// Games the first player lost.
    pub losses: u32,
    /// Games drawn.
    pub draws: u32,
}

/// An Elo difference and its margin of error (95%): the true difference lies within
/// `difference ± margin` nineteen times in twenty.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Elo {
    /// The first player's rating less the second's.
    pub difference: f64,
    /// Half the width of the 95% interval around it.
    pub margin: f64,
}

/// How many standard errors either side make a 95% interval.
const Z_95: f64 = 1.96;

/// The fewest games after which a tally shows an Elo difference.
pub const ELO_SHOWN_FROM: u32 = 10;

impl Tally {
    /// The games counted.
    #[must_use]
    pub const fn games(&self) -> u32 {
        self.wins + self.losses + self.draws
    }

    /// The first player's score as a fraction of the games: a win counts 1, a draw a half.
    /// `None` before any game.
    #[must_use]
    pub fn score(&self) -> Option<f64> {
        let games = self.games();
        (games > 0).then(|| (f64::from(self.wins) + f64::from(self.draws) / 2.0) / f64::from(games))
    }

    /// The Elo difference the score stands for, with its margin. `None` before any game, or
    /// when one player won (or lost) everything: no finite difference explains that.
    ///
    /// ```
    /// use taktui::game::Tally;
    /// // Three wins in four games is a 75% score: about +191 Elo.
    /// let elo = Tally { wins: 3, losses: 1, draws: 0 }.elo().unwrap();
    /// assert!((elo.difference - 190.8).abs() < 0.1);
    /// ```
    #[must_use]
    pub fn elo(&self) -> Option<Elo> {
        let score = self.score()?;
        if score <= 0.0 || score >= 1.0 {
            return None;
        }
        let games = f64::from(self.games());
        // The spread of one game's result about the mean score.
        let variance = (f64::from(self.wins) * (1.0 - score).powi(2)
            + f64::from(self.draws) * (0.5 - score).powi(2)
            + f64::from(self.losses) * score.powi(2))
            / games;
        let error = (variance / games).sqrt();
        // The interval's ends, kept inside (0, 1) where the curve is finite.
        let edge = 1e-6;
        let low = difference((score - Z_95 * error).max(edge));
        let high = difference((score + Z_95 * error).min(1.0 - edge));
        Some(Elo {
            difference: difference(score),
            margin: (high - low) / 2.0,
        })
    }
}

/// The rating difference at which the stronger player expects `score` (the logistic curve).
fn difference(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10()
}

impl fmt::Display for Tally {
    /// `+7 =2 -3, 66.7%, Elo +120 ± 224` (the Elo left out while it is not finite, or before
    /// ten games).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "+{} ={} -{}", self.wins, self.draws, self.losses)?;
        if let Some(score) = self.score() {
            write!(f, ", {:.1}%", score * 100.0)?;
        }
        // Over a handful of games the margin spans thousands of points: not worth showing.
        if let Some(elo) = self.elo().filter(|_| self.games() >= ELO_SHOWN_FROM) {
            write!(f, ", {elo}")?;
        }
        Ok(())
    }
}

impl fmt::Display for Elo {
    /// `Elo +58 ± 351`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Rounded first, so a difference of -0.3 reads +0, not -0.
        let difference = self.difference.round() + 0.0;
        write!(f, "Elo {difference:+.0} ± {:.0}", self.margin)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_even_score_is_no_difference_and_a_lopsided_one_no_finite_one() {
        let even = Tally {
            wins: 5,
            losses: 5,
            draws: 2,
        };
        let elo = even.elo().unwrap();
        assert!(elo.difference.abs() < 1e-9);
        assert!(
            elo.margin > 100.0,
            "twelve games say little: {}",
            elo.margin
        );
        assert_eq!(Tally::default().score(), None);
        assert_eq!(Tally::default().elo(), None);
        let sweep = Tally {
            wins: 10,
            losses: 0,
            draws: 0,
        };
        assert!(sweep.score().is_some_and(|s| (s - 1.0).abs() < 1e-12));
        assert_eq!(sweep.elo(), None);
    }

    #[test]
    fn known_scores_give_known_differences_and_more_games_narrow_the_margin() {
        // 64% is about +100 by the logistic curve; 24% about -200.
        let good = Tally {
            wins: 64,
            losses: 36,
            draws: 0,
        };
        assert!((good.elo().unwrap().difference - 100.0).abs() < 0.5);
        let bad = Tally {
            wins: 20,
            losses: 72,
            draws: 8,
        };
        assert!((bad.score().unwrap() - 0.24).abs() < 1e-12);
        assert!((bad.elo().unwrap().difference + 200.0).abs() < 0.5);
        let more = Tally {
            wins: 640,
            losses: 360,
            draws: 0,
        };
        let (few, many) = (good.elo().unwrap(), more.elo().unwrap());
        assert!((few.difference - many.difference).abs() < 1e-9);
        assert!(
            many.margin < few.margin / 3.0,
            "{} vs {}",
            many.margin,
            few.margin
        );
        // By hand: s = 0.64, sd of one game = 0.48, se = 0.048; 0.64 ± 0.094 is
        // +32 to +176 Elo, so the margin is about 72.
        assert!((few.margin - 72.2).abs() < 0.05, "{}", few.margin);
    }

    #[test]
    fn written_as_engine_testers_write_it() {
        let tally = Tally {
            wins: 6,
            losses: 4,
            draws: 2,
        };
        let text = tally.to_string();
        assert!(text.starts_with("+6 =2 -4, 58.3%, Elo +58 ± "), "{text}");
        assert_eq!(Tally::default().to_string(), "+0 =0 -0");
        // A few games say too little for an Elo difference.
        let few = Tally {
            wins: 1,
            losses: 1,
            draws: 0,
        };
        assert_eq!(few.to_string(), "+1 =0 -1, 50.0%");
    }
}
