//! One decision of the Kaen player: the game as the judge sees it (stones, bets, the turns to
//! look ahead) and the choice for each moment of a turn.

use std::sync::atomic::AtomicBool;

use super::super::{Action, Face, Game, Player, Square};
use super::judge::{Bets, Judge, chance};
use super::stones::Stones;
use super::{Advice, Choice, Cube, Style};

/// Even bets of one chip: the value at them, rescaled, is a chance of winning.
const EVEN: Bets = Bets {
    mine: 1.0,
    theirs: 1.0,
};

/// A value at even bets as a chance of winning.
fn as_chance(value: f64) -> f64 {
    f64::midpoint(value, 1.0).clamp(0.0, 1.0)
}

/// The game at the moment of a decision.
pub(super) struct Moment<'a> {
    game: &'a Game,
    style: Style,
    stones: Stones,
    /// The player to move (the doubler, while a double waits).
    mover: Player,
    bets: Bets,
    horizon: u8,
    judge: Judge<'a>,
    legal: Vec<Action>,
}

impl<'a> Moment<'a> {
    pub fn new(game: &'a Game, style: Style, stop: &'a AtomicBool) -> Moment<'a> {
        let mover = game.to_move();
        let stones = Stones::of(game.board());
        let worth = Player::BOTH.map(|p| f64::from(game.holdings(p)) + f64::from(game.bet(p)));
        Moment {
            game,
            style,
            stones,
            mover,
            bets: Bets {
                mine: f64::from(game.bet(mover)),
                theirs: f64::from(game.bet(!mover)),
            },
            horizon: Judge::horizon(stones, style.depth, style.exact),
            judge: Judge::new(worth, stop),
            legal: game.legal_actions(),
        }
    }

    fn allowed(&self, action: Action) -> bool {
        self.legal.contains(&action)
    }

    /// The bets once doubled.
    const fn doubled(&self) -> Bets {
        Bets {
            mine: 2.0 * self.bets.mine,
            theirs: 2.0 * self.bets.theirs,
        }
    }

    /// The mover's value about to roll at `bets` (no surrender).
    fn rolling(&mut self, bets: Bets) -> f64 {
        self.judge
            .before_roll(self.stones, self.mover, bets, self.horizon, false)
    }

    /// Before the roll: double, surrender or roll.
    pub fn before_roll(&mut self) -> Advice {
        let p = as_chance(self.rolling(EVEN));
        let choice = match self.style.cube {
            Cube::Rash { double_at, .. } if self.allowed(Action::Double) && p >= double_at => {
                Choice::Act(Action::Double)
            }
            Cube::Rash { .. } => Choice::Roll,
            Cube::Odds { margin, .. } => self.by_the_odds(margin),
        };
        Advice { choice, chance: p }
    }

    fn by_the_odds(&mut self, margin: f64) -> Choice {
        let bets = self.bets;
        let rolled = self.rolling(bets);
        let surrender = -bets.mine / 2.0;
        let stay = if self.allowed(Action::Surrender) {
            rolled.max(surrender)
        } else {
            rolled
        };
        let doubled = self.doubled();
        let accepted = self.rolling(doubled);
        let taken = self.game.holdings(!self.mover) >= self.game.bet(!self.mover);
        let offer = self.allowed(Action::Double)
            && if !taken || bets.theirs <= accepted {
                // The other should forfeit: nothing is lost, and more is won if they take.
                bets.theirs >= stay
            } else {
                accepted >= stay + margin * bets.mine
            };
        if offer {
            Choice::Act(Action::Double)
        } else if self.allowed(Action::Surrender) && surrender > rolled {
            Choice::Act(Action::Surrender)
        } else {
            Choice::Roll
        }
    }

    /// Offered a double: accept or forfeit. The doubler rolls next at doubled bets.
    pub fn answer(&mut self) -> Advice {
        let answerer = !self.mover;
        let p = 1.0 - as_chance(self.rolling(EVEN));
        let takes = self.allowed(Action::Accept)
            && match self.style.cube {
                Cube::Rash { take_at, .. } => p >= take_at,
                Cube::Odds { timid, .. } => {
                    let doubled = self.doubled();
                    let bet = f64::from(self.game.bet(answerer));
                    -self.rolling(doubled) >= -bet + timid * bet
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

    /// The die showed `face`: the stone's square (a loose level's now and then anywhere in
    /// the row, by `seed`).
    pub fn place(&mut self, face: Face, seed: u64) -> Advice {
        let (stones, mover, bets, horizon) = (self.stones, self.mover, self.bets, self.horizon);
        let open = stones.open_in_row(mover, face);
        let squares: Vec<u32> = (0..16).filter(|i| open & (1 << i) != 0).collect();
        let values: Vec<f64> = squares
            .iter()
            .map(|&i| self.judge.placed(stones, mover, i, bets, horizon))
            .collect();
        let roll = crate::engine::rng::mix(seed);
        let pick = if roll % 1000 < u64::from(self.style.loose) {
            usize::try_from(crate::engine::rng::mix(roll) % squares.len() as u64).unwrap_or(0)
        } else {
            // The first best: the same position always gets the same stone.
            let best = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            values.iter().position(|&v| v >= best).unwrap_or(0)
        };
        let index = squares[pick];
        let square = Square::new((index % 4) as u8, (index / 4) as u8);
        let p = as_chance(self.judge.placed(stones, mover, index, EVEN, horizon));
        Advice {
            choice: Choice::Act(Action::Place(square)),
            chance: p,
        }
    }

    /// The rolled row is full: match or forfeit.
    pub fn full_row(&mut self) -> Advice {
        let (stones, mover, bets, horizon) = (self.stones, self.mover, self.bets, self.horizon);
        let matched = if self.allowed(Action::Match) {
            self.judge.matched(stones, mover, bets, horizon)
        } else {
            None
        };
        let action = match (self.style.cube, matched) {
            (Cube::Rash { .. }, Some(_)) => Action::Match,
            (Cube::Odds { .. }, Some(value)) if value > -bets.mine => Action::Match,
            _ => Action::Forfeit,
        };
        Advice {
            choice: Choice::Act(action),
            chance: 1.0 - chance(stones, !mover),
        }
    }
}
