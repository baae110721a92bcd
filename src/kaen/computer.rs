//! Kaen's computer player: a decision for each moment of a turn (double, surrender or roll;
//! accept or forfeit a double; where to place; match or forfeit a full row), judged by what
//! the game is worth in chips from here, an expectation over the die's faces (`judge`), as a
//! backgammon program judges the cube. Levels run from one that places at random, doubles
//! rashly and takes every double, to one that plays the odds (`levels`).
//!
//! Pure: the die's roll comes in (the player only says when to roll), and the weak levels'
//! loose placements are drawn from a seed given in. A flag given in stops the lookahead at
//! once: raised, the decision is made from the estimate alone (as the engine's
//! [`Control`](crate::engine::Control) plays its best move so far).
//!
//! ```
//! use std::sync::atomic::AtomicBool;
//!
//! use taktui::engine::Level;
//! use taktui::kaen::computer::{self, Choice};
//! use taktui::kaen::{Game, Player};
//!
//! let game = Game::new(Player::One, 2, [100, 100]);
//! // At the start nobody is ahead: the best level neither doubles nor surrenders.
//! let style = computer::style(Level::new(10).unwrap());
//! let stop = AtomicBool::new(false);
//! let advice = computer::choose(&game, style, 1, &stop);
//! assert_eq!(advice.map(|a| a.choice), Some(Choice::Roll));
//! ```

mod judge;
mod levels;
mod moment;
mod stones;
#[cfg(test)]
mod tests;

use std::sync::atomic::AtomicBool;

use super::{Action, Game, Phase};
pub use levels::{description, style};
use moment::Moment;

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
        /// How much better than forfeiting accepting must be, a share of the bet: above 0,
        /// the timid levels give up doubles they should take.
        timid: f64,
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

/// A decision and the chance of winning behind it.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Advice {
    /// What to do.
    pub choice: Choice,
    /// The chance, as the player sees it, that the one deciding wins this game.
    pub chance: f64,
}

/// What the player deciding now in `game` (its [`Game::actor`]) does, playing in `style`
/// (`None` once the game is over). `seed` draws a loose level's placements. Raising `stop`
/// (from another thread) cuts the lookahead short: the answer comes at once, still one the
/// rules allow, judged by the estimate alone.
#[must_use]
pub fn choose(game: &Game, style: Style, seed: u64, stop: &AtomicBool) -> Option<Advice> {
    let mut moment = Moment::new(game, style, stop);
    Some(match game.phase() {
        Phase::Over(_) => return None,
        Phase::BeforeRoll => moment.before_roll(),
        Phase::DoubleOffered => moment.answer(),
        Phase::Place(face) => moment.place(face, seed),
        Phase::FullRow(_) => moment.full_row(),
    })
}
