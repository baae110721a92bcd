//! Kaen's computer player: a decision for each moment of a turn (double, surrender or roll;
//! accept or forfeit a double; where to place; match or forfeit a full row), judged by what
//! the game is worth in chips from here, an expectation over the die's faces (`judge`), as a
//! backgammon program judges the cube. Levels run from one that doubles rashly, takes every
//! double and places loosely, to one that plays the odds.
//!
//! Pure: the die's roll comes in (the player only says when to roll), and the weak levels'
//! loose placements are drawn from a seed given in.
//!
//! ```
//! use taktui::engine::Level;
//! use taktui::kaen::computer::{self, Choice};
//! use taktui::kaen::{Game, Player};
//!
//! let game = Game::new(Player::One, 2, [100, 100]);
//! // At the start nobody is ahead: the best level neither doubles nor surrenders.
//! let style = computer::style(Level::new(10).unwrap());
//! assert_eq!(computer::choose(&game, style, 1).map(|a| a.choice), Some(Choice::Roll));
//! ```

mod judge;
mod stones;
#[cfg(test)]
mod tests;

use super::{Action, Game, Phase, Player};
use crate::engine::Level;
use judge::{Bets, Judge, chance};
use stones::Stones;

/// What the player does now.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Choice {
    /// This action.
    Act(Action),
    /// Roll the die (the face is the app's to draw).
    Roll,
}

/// How a level handles the doubling marker.
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum Cube {
    /// By its chance of winning alone: doubles from `double_at`, takes a double from
    /// `take_at`, never surrenders, always matches a full row it can pay for.
    Rash {
        /// The chance of winning from which it doubles.
        double_at: f64,
        /// The chance of winning from which it accepts a double.
        take_at: f64,
    },
    /// By the chips each choice is worth: doubles when that gains at least `margin` of its
    /// bet over rolling (the marker it gives away is worth something: 0.4, a chance of about
    /// 70%, is where backgammon players double), takes, surrenders and matches when that
    /// loses least.
    Odds {
        /// What a double must gain, a share of the bet.
        margin: f64,
    },
}

/// How a level plays.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Style {
    /// Turns looked ahead.
    pub depth: u8,
    /// To the end of the game once this many squares or fewer are empty.
    pub exact: u8,
    /// How often (per thousand placements) it places anywhere in the row.
    pub loose: u32,
    /// Its doubling.
    pub cube: Cube,
}

/// The style of `level`.
#[must_use]
pub const fn style(level: Level) -> Style {
    const fn rash(depth: u8, exact: u8, loose: u32, double_at: f64, take_at: f64) -> Style {
        Style {
            depth,
            exact,
            loose,
            cube: Cube::Rash { double_at, take_at },
        }
    }
    const fn odds(depth: u8, exact: u8, loose: u32, margin: f64) -> Style {
        Style {
            depth,
            exact,
            loose,
            cube: Cube::Odds { margin },
        }
    }
    match level.get() {
        1 => rash(1, 0, 700, 0.3, 0.0),
        2 => rash(1, 0, 550, 0.4, 0.0),
        3 => rash(1, 0, 420, 0.5, 0.05),
        4 => rash(1, 2, 320, 0.55, 0.1),
        5 => odds(2, 3, 240, 0.6),
        6 => odds(2, 4, 170, 0.5),
        7 => odds(2, 5, 110, 0.45),
        8 => odds(3, 6, 60, 0.4),
        9 => odds(3, 7, 25, 0.4),
        _ => odds(4, 8, 0, 0.4),
    }
}

/// A decision and the chance of winning behind it.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Advice {
    /// What to do.
    pub choice: Choice,
    /// The chance, as the player sees it, that the one deciding wins this game.
    pub chance: f64,
}

/// What the player deciding now in `game` (its [`Game::actor`]) does, playing in `style`
/// (`None` once the game is over). `seed` draws a loose level's placements.
#[must_use]
pub fn choose(game: &Game, style: Style, seed: u64) -> Option<Advice> {
    let mover = game.to_move();
    let stones = Stones::of(game.board());
    let worth = Player::BOTH.map(|p| f64::from(game.holdings(p)) + f64::from(game.bet(p)));
    let mut judge = Judge::new(worth);
    let horizon = Judge::horizon(stones, style.depth, style.exact);
    let bets = Bets {
        mine: f64::from(game.bet(mover)),
        theirs: f64::from(game.bet(!mover)),
    };
    let legal = game.legal_actions();
    let allowed = |action| legal.contains(&action);
    // The mover's chance, about to roll: the value at even bets of one, rescaled.
    let even = Bets {
        mine: 1.0,
        theirs: 1.0,
    };
    let mover_chance = |judge: &mut Judge| {
        ((judge.before_roll(stones, mover, even, horizon, false) + 1.0) / 2.0).clamp(0.0, 1.0)
    };
    let advice = match game.phase() {
        Phase::Over(_) => return None,
        Phase::BeforeRoll => {
            let p = mover_chance(&mut judge);
            let rolled = judge.before_roll(stones, mover, bets, horizon, false);
            let doubled = Bets {
                mine: 2.0 * bets.mine,
                theirs: 2.0 * bets.theirs,
            };
            let choice = match style.cube {
                Cube::Rash { double_at, .. } if allowed(Action::Double) && p >= double_at => {
                    Choice::Act(Action::Double)
                }
                Cube::Rash { .. } => Choice::Roll,
                Cube::Odds { margin } => {
                    let surrender = -bets.mine / 2.0;
                    let stay = if allowed(Action::Surrender) {
                        rolled.max(surrender)
                    } else {
                        rolled
                    };
                    let accepted = judge.before_roll(stones, mover, doubled, horizon, false);
                    let taken = worth[(!mover).index()] >= doubled.theirs;
                    let doubles = allowed(Action::Double)
                        && if !taken || bets.theirs <= accepted {
                            // The other should forfeit: nothing is lost, and more is won if
                            // they take.
                            bets.theirs >= stay
                        } else {
                            accepted >= stay + margin * bets.mine
                        };
                    if doubles {
                        Choice::Act(Action::Double)
                    } else if allowed(Action::Surrender) && surrender > rolled {
                        Choice::Act(Action::Surrender)
                    } else {
                        Choice::Roll
                    }
                }
            };
            Advice { choice, chance: p }
        }
        Phase::DoubleOffered => {
            // The answerer decides; the doubler rolls next at doubled bets.
            let answerer = !mover;
            let p = 1.0 - mover_chance(&mut judge);
            let doubled = Bets {
                mine: 2.0 * bets.mine,
                theirs: 2.0 * bets.theirs,
            };
            let takes = allowed(Action::Accept)
                && match style.cube {
                    Cube::Rash { take_at, .. } => p >= take_at,
                    Cube::Odds { .. } => {
                        let accepted = -judge.before_roll(stones, mover, doubled, horizon, false);
                        accepted >= -f64::from(game.bet(answerer))
                    }
                };
            let action = if takes {
                Action::Accept
            } else {
                Action::Forfeit
            };
            Advice {
                choice: Choice::Act(action),
                chance: p,
            }
        }
        Phase::Place(face) => {
            let open = stones.open_in_row(mover, face);
            let squares: Vec<u32> = (0..16).filter(|i| open & (1 << i) != 0).collect();
            let values: Vec<f64> = squares
                .iter()
                .map(|&i| judge.placed(stones, mover, i, bets, horizon))
                .collect();
            let roll = crate::engine::rng::mix(seed);
            let pick = if roll % 1000 < u64::from(style.loose) {
                (crate::engine::rng::mix(roll) % squares.len() as u64) as usize
            } else {
                // The first best: the same position always gets the same stone.
                let best = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
                values.iter().position(|&v| v >= best).unwrap_or(0)
            };
            let index = squares[pick];
            let square = super::Square::new((index % 4) as u8, (index / 4) as u8);
            let p =
                ((judge.placed(stones, mover, index, even, horizon) + 1.0) / 2.0).clamp(0.0, 1.0);
            Advice {
                choice: Choice::Act(Action::Place(square)),
                chance: p,
            }
        }
        Phase::FullRow(_) => {
            let matched = allowed(Action::Match)
                .then(|| judge.matched(stones, mover, bets, horizon))
                .flatten();
            let p = 1.0 - chance(stones, !mover);
            let action = match (style.cube, matched) {
                (_, None) => Action::Forfeit,
                (Cube::Rash { .. }, Some(_)) => Action::Match,
                (Cube::Odds { .. }, Some(value)) if value > -bets.mine => Action::Match,
                (Cube::Odds { .. }, Some(_)) => Action::Forfeit,
            };
            Advice {
                choice: Choice::Act(action),
                chance: p,
            }
        }
    };
    Some(advice)
}
