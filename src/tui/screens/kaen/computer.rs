//! The computer at the Kaen board: the players it is, its decisions made on a thread of its
//! own (the screen stays live), carried out at a pace a person can follow, and the hint for
//! a person, judged on a thread too (Esc stops it). A decision no longer wanted (the person
//! took back, began a new series, quit) is dropped, which stops its judging.

use std::time::{Duration, Instant};

use crate::engine::Level;
use crate::game::kaen::CannotTakeBack;
use crate::game::thinker::{Thinker, take_answer};
use crate::kaen::computer::{self, Advice, Choice};
use crate::kaen::{Action, Player};
use crate::tui::context::Context;
use crate::tui::screens::computer_seats::ComputerSeats;

use super::KaenScreen;

/// How long the computer waits after each of its actions, so that it can be followed.
const PAUSE: Duration = Duration::from_millis(700);

/// The level the hint key judges at.
const HINT_LEVEL: u8 = 10;

/// Which players the computer is, and what it is deciding.
pub type Seats = ComputerSeats<Option<Advice>>;

impl KaenScreen {
    /// With the computer at `level` as `player`.
    #[must_use]
    pub fn with_computer(mut self, player: Player, level: Level) -> KaenScreen {
        self.seats.levels[player.index()] = Some(level);
        self
    }

    /// With the computer on each side that `players` (as a kept game's record names them,
    /// Player 1's first) give to the computer: a game resumed goes on against it.
    #[must_use]
    pub fn seated(mut self, players: &crate::rules::ByColor<crate::game::Player>) -> KaenScreen {
        for (player, color) in Player::BOTH.into_iter().zip(crate::rules::Color::ALL) {
            if let crate::game::Player::Computer(level) = players[color] {
                self = self.with_computer(player, level);
            }
        }
        self
    }

    /// The computer's level if it is `player`.
    #[must_use]
    pub const fn computer(&self, player: Player) -> Option<Level> {
        self.seats.levels[player.index()]
    }

    /// Whether the computer decides next (the game going on, the die landed).
    #[must_use]
    pub fn computer_to_act(&self) -> bool {
        let series = self.session.record().series();
        !self.stepping
            && !self.review
            && series.end().is_none()
            && !series.game().is_over()
            && self.computer(series.game().actor()).is_some()
    }

    /// Whether a hint is being judged.
    #[must_use]
    pub const fn is_hinting(&self) -> bool {
        self.seats.hint.is_some()
    }

    /// What the message line says while nothing else is said: who is thinking.
    pub(super) fn thinking_line(&self) -> Option<String> {
        if self.is_hinting() {
            Some("hint: thinking… (Esc stops it)".to_owned())
        } else if self.computer_to_act() && self.rolling.is_none() {
            let actor = self.session.record().series().game().actor();
            Some(format!("{} is thinking…", self.name(actor)))
        } else {
            None
        }
    }

    /// How soon the screen wants a tick for the computer: `None` when it is not its turn and
    /// no hint is judged.
    pub(super) fn computer_wake(&self, now: Instant) -> Option<Duration> {
        if self.is_hinting() {
            return Some(Duration::from_millis(30));
        }
        if !self.computer_to_act() {
            return None;
        }
        let rest = self
            .computer_rests_until
            .map_or(Duration::ZERO, |until| until.saturating_duration_since(now));
        Some(rest.max(Duration::from_millis(30)))
    }

    /// Time has passed: the computer starts deciding on its turn, or does what it decided.
    pub(super) fn computer_tick(&mut self, ctx: &mut Context) {
        self.hint_tick(ctx);
        if !self.computer_to_act() {
            self.seats.thinking = None;
            return;
        }
        if self.rolling.is_some() || self.computer_rests_until.is_some_and(|t| ctx.now < t) {
            return;
        }
        let played = self.session.record().actions().len();
        if self.seats.thinking.is_none() {
            let game = self.session.record().series().game().clone();
            let level = self
                .computer(game.actor())
                .unwrap_or_else(|| unreachable!("the computer acts"));
            let seed = crate::engine::rng::mix(played as u64 ^ u64::from(level.get()) << 40);
            // The flag is the thinker's: raised (undo, a new series, the screen left), the
            // decision comes at once, and is dropped.
            self.seats.thinking = Some(Thinker::stoppable(played, move |stop| {
                computer::choose(&game, computer::style(level), seed, stop)
            }));
            return;
        }
        // A decision about a moment since left (a redo) is stopped, and made again.
        let Some(advice) = take_answer(&mut self.seats.thinking, played).flatten() else {
            return;
        };
        self.computer_rests_until = Some(ctx.now + PAUSE);
        match advice.choice {
            // A roll is the screen's die's, as a person's is: never a face chosen.
            Choice::Roll | Choice::Act(Action::Roll(_)) => self.roll(ctx),
            Choice::Act(action) => {
                if let Action::Place(square) = action {
                    self.choice = self
                        .open_squares()
                        .iter()
                        .position(|&s| s == square)
                        .unwrap_or(0);
                }
                self.act(action, ctx);
            }
        }
    }

    /// Refuses a person's action when the computer decides now; says so.
    pub(super) fn refuse_on_computers_turn(&self, ctx: &mut Context) -> bool {
        if self.computer_to_act() {
            let actor = self.session.record().series().game().actor();
            ctx.error(format!(
                "it is {}'s turn: the computer is deciding",
                self.name(actor)
            ));
            return true;
        }
        false
    }

    /// Takes back actions to the last one of a person's (the computer's since with it), as
    /// far as a player may take back: never past a roll, nor into a finished game.
    pub(super) fn undo_to_person(&mut self) -> Result<Action, CannotTakeBack> {
        let mut last = self.session.take_back()?;
        self.seats.thinking = None;
        self.seats.hint = None;
        self.rolling = None;
        while self.computer_to_act() {
            // A roll of the computer's stands, as a person's does: it decides again from there.
            match self.session.take_back() {
                Ok(action) => last = action,
                Err(_) => break,
            }
        }
        Ok(last)
    }

    /// Stops the computer's deciding and the hint's (a new series).
    pub(super) fn stop_thinking(&mut self) {
        self.seats.stop_all();
    }

    /// Esc while a hint is judged: it stops. Whether there was one to stop.
    pub(super) fn stop_hint(&mut self, ctx: &mut Context) -> bool {
        self.seats.stop_hint(ctx)
    }

    /// The hint key: the best level starts judging, on its own thread, what it would do now
    /// for the person; [`hint_tick`](Self::hint_tick) says it.
    pub(super) fn hint(&mut self, ctx: &mut Context) {
        if self.review || self.session.record().series().game().is_over() {
            ctx.error("this game is over: no decision to hint at");
            return;
        }
        if self.computer_to_act() {
            ctx.error("it is the computer's turn");
            return;
        }
        if self.is_hinting() {
            ctx.info("hint: still thinking… (Esc stops it)");
            return;
        }
        let game = self.session.record().series().game().clone();
        let level = Level::new(HINT_LEVEL).unwrap_or(Level::MAX);
        let played = self.session.record().actions().len();
        self.seats.hint = Some(Thinker::stoppable(played, move |stop| {
            computer::choose(&game, computer::style(level), 0, stop)
        }));
        ctx.info("hint: thinking… (Esc stops it)");
    }

    /// A hint judged is said; one about a moment since left is dropped.
    fn hint_tick(&mut self, ctx: &mut Context) {
        let played = self.session.record().actions().len();
        if let Some(advice) = take_answer(&mut self.seats.hint, played).flatten() {
            self.say_hint(advice, ctx);
        }
    }

    /// The hint: what the best level would do now for the person, and its chances.
    fn say_hint(&mut self, advice: Advice, ctx: &mut Context) {
        let game = self.session.record().series().game();
        let what = match advice.choice {
            Choice::Roll if game.check(Action::Double).is_ok() => {
                "roll: it is too soon to double".to_owned()
            }
            Choice::Roll | Choice::Act(Action::Roll(_)) => "roll".to_owned(),
            Choice::Act(Action::Place(square)) => {
                // The square marked as the choice: Enter places there.
                self.choice = self
                    .open_squares()
                    .iter()
                    .position(|&s| s == square)
                    .unwrap_or(0);
                "place on the square now chosen, Enter places".to_owned()
            }
            Choice::Act(Action::Double) => "double".to_owned(),
            Choice::Act(Action::Accept) => "accept the double".to_owned(),
            Choice::Act(Action::Surrender) => "surrender: take back half your bet".to_owned(),
            Choice::Act(Action::Match) => "match your bet".to_owned(),
            Choice::Act(Action::Forfeit) => "forfeit".to_owned(),
        };
        // Short enough for the message line at 80 columns.
        ctx.info(format!(
            "hint: {what} (chance of winning this game: {:.0}%)",
            100.0 * advice.chance
        ));
    }
}
