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

/// A sequential probability ratio test between two Elo differences: after each game, the log
/// likelihood ratio of "the first player is `elo1` stronger" against "`elo0` stronger" is
/// compared with two bounds, and the test ends as soon as it crosses one. This is how an
/// engine change is accepted (`elo0 = 0`, `elo1` a small gain) or rejected without playing a
/// fixed, large number of games.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// The difference the test rejects when it accepts (the null hypothesis).
    pub elo0: f64,
    /// The difference the test accepts (the alternative).
    pub elo1: f64,
    /// The chance of accepting `elo1` when `elo0` is true.
    pub alpha: f64,
    /// The chance of accepting `elo0` when `elo1` is true.
    pub beta: f64,
}

/// Where a sequential test stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Play on: the evidence is within the bounds.
    Continue,
    /// `elo1` is accepted (the change helps).
    AcceptElo1,
    /// `elo0` is accepted (the change does not help as much as `elo1`).
    AcceptElo0,
}

impl Sprt {
    /// The bounds the log likelihood ratio is held to: below the first `elo0` is accepted,
    /// above the second `elo1`.
    #[must_use]
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log likelihood ratio of `elo1` against `elo0` for `tally`, by the normal
    /// approximation of the game results (the one engine testers use for wins, draws and
    /// losses): `None` while it cannot be estimated (no game, or every game alike).
    ///
    /// ```
    /// use taktui::game::{Sprt, Tally};
    /// let test = Sprt { elo0: 0.0, elo1: 20.0, alpha: 0.05, beta: 0.05 };
    /// // Winning much more than losing is evidence for the better player.
    /// let llr = test.llr(&Tally { wins: 60, losses: 30, draws: 10 }).unwrap();
    /// assert!(llr > 0.0);
    /// ```
    #[must_use]
    pub fn llr(&self, tally: &Tally) -> Option<f64> {
        let score = tally.score()?;
        let games = f64::from(tally.games());
        let variance = (f64::from(tally.wins) * (1.0 - score).powi(2)
            + f64::from(tally.draws) * (0.5 - score).powi(2)
            + f64::from(tally.losses) * score.powi(2))
            / games;
        if variance <= 0.0 {
            return None;
        }
        let (s0, s1) = (expected_score(self.elo0), expected_score(self.elo1));
        Some(games * (s1 - s0) * (2.0 * score - s0 - s1) / (2.0 * variance))
    }

    /// Whether `tally` settles the test.
    #[must_use]
    pub fn verdict(&self, tally: &Tally) -> Verdict {
        let (lower, upper) = self.bounds();
        match self.llr(tally) {
            Some(llr) if llr >= upper => Verdict::AcceptElo1,
            Some(llr) if llr <= lower => Verdict::AcceptElo0,
            _ => Verdict::Continue,
        }
    }
}

/// The score a player `elo` stronger expects (the logistic curve).
fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
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

    #[test]
    fn a_sequential_test_accepts_a_clear_gain_rejects_a_loss_and_waits_when_even() {
        let test = Sprt {
            elo0: 0.0,
            elo1: 30.0,
            alpha: 0.05,
            beta: 0.05,
        };
        let (lower, upper) = test.bounds();
        assert!((upper - 19f64.ln()).abs() < 1e-9 && (lower + 19f64.ln()).abs() < 1e-9);
        let gain = Tally {
            wins: 130,
            losses: 70,
            draws: 0,
        };
        assert_eq!(test.verdict(&gain), Verdict::AcceptElo1);
        let loss = Tally {
            wins: 70,
            losses: 130,
            draws: 0,
        };
        assert_eq!(test.verdict(&loss), Verdict::AcceptElo0);
        let even = Tally {
            wins: 10,
            losses: 10,
            draws: 2,
        };
        assert_eq!(test.verdict(&even), Verdict::Continue);
        // Half-way between the hypotheses the evidence favours neither.
        let halfway = Tally {
            wins: 5214,
            losses: 4786,
            draws: 0,
        };
        assert!(test.llr(&halfway).unwrap().abs() < 0.5);
        assert_eq!(test.llr(&Tally::default()), None);
    }
}
