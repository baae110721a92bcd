//! The computer at the Locke board: the sides it plays, its thinking on a thread of its own
//! (the screen stays live), its turn played when the answer comes, and the hint for a person,
//! thought on a thread too (Esc stops it). A thought no longer wanted (the person took back,
//! began the next game, quit) is dropped, which stops its search.

use crate::engine::Level;
use crate::game::thinker::{Thinker, take_answer};
use crate::locke::computer::{self, Thought};
use crate::locke::{Player, Turn};
use crate::tui::context::Context;
use crate::tui::screens::Outcome;
use crate::tui::screens::computer_seats::ComputerSeats;

use super::{LockeScreen, describe};

/// The level the hint key thinks at.
const HINT_LEVEL: u8 = 8;

/// Which of the two players the computer is, and what it is thinking.
pub type Seats = ComputerSeats<Thought>;

impl LockeScreen {
    /// With the computer at `level` playing `player`.
    #[must_use]
    pub fn with_computer(mut self, player: Player, level: Level) -> LockeScreen {
        self.seats.levels[player.index()] = Some(level);
        self
    }

    /// With the computer on each side that `players` (as a kept game's record names them,
    /// Player 1's first) give to the computer: a game resumed goes on against it.
    #[must_use]
    pub fn seated(mut self, players: &crate::rules::ByColor<crate::game::Player>) -> LockeScreen {
        for (player, color) in Player::ALL.into_iter().zip(crate::rules::Color::ALL) {
            if let crate::game::Player::Computer(level) = players[color] {
                self = self.with_computer(player, level);
            }
        }
        self
    }

    /// The computer's level if it plays `player`.
    #[must_use]
    pub const fn computer(&self, player: Player) -> Option<Level> {
        self.seats.levels[player.index()]
    }

    /// Whether the computer is to move now (the game going on).
    #[must_use]
    pub fn computer_to_move(&self) -> bool {
        !self.stepping
            && self.position().ending().is_none()
            && self.computer(self.position().to_move()).is_some()
    }

    /// Whether the computer is thinking.
    #[must_use]
    pub const fn is_thinking(&self) -> bool {
        self.seats.thinking.is_some()
    }

    /// Whether a hint is being thought.
    #[must_use]
    pub const fn is_hinting(&self) -> bool {
        self.seats.hint.is_some()
    }

    /// How soon the screen wants a tick: while the computer thinks, or is about to, and while
    /// a hint is thought.
    #[must_use]
    pub fn wake_after(&self) -> Option<std::time::Duration> {
        (self.computer_to_move() || self.is_hinting())
            .then_some(std::time::Duration::from_millis(30))
    }

    /// What the message line says while nothing else is said: who is thinking.
    pub(super) fn thinking_line(&self) -> Option<String> {
        if self.is_hinting() {
            Some("hint: thinking… (Esc stops it)".to_owned())
        } else if self.computer_to_move() {
            Some(format!(
                "{} is thinking…",
                self.name(self.position().to_move())
            ))
        } else {
            None
        }
    }

    /// Time has passed: the computer starts thinking on its turn, or plays what it thought;
    /// a hint thought is said.
    pub fn tick(&mut self, ctx: &mut Context) -> Outcome {
        self.hint_tick(ctx);
        if !self.computer_to_move() {
            self.seats.thinking = None;
            return Outcome::Stay;
        }
        let played = self.session.record().turns().len();
        if self.seats.thinking.is_none() {
            let position = self.position().clone();
            let level = self
                .computer(position.to_move())
                .unwrap_or_else(|| unreachable!("the computer is to move"));
            // Each turn's noise its own, the same for the same game and turn.
            let seed =
                crate::engine::rng::mix(u64::from(position.turns()) ^ u64::from(level.get()) << 32);
            self.seats.thinking = Some(Thinker::stoppable(played, move |stop| {
                computer::think(&position, computer::limits(level, seed), stop)
            }));
            return Outcome::Stay;
        }
        // A thought about a position since left (a redo) is stopped, and thought again.
        match take_answer(&mut self.seats.thinking, played).and_then(|thought| thought.turn) {
            Some(turn) => {
                self.carried = None;
                self.play(turn, ctx)
            }
            None => Outcome::Stay,
        }
    }

    /// Refuses a turn of the person's when the computer is to move; says so.
    pub(super) fn refuse_on_computers_turn(&self, ctx: &mut Context) -> bool {
        if self.computer_to_move() {
            ctx.error(format!(
                "{} is the computer's to move: it is thinking",
                self.name(self.position().to_move())
            ));
            return true;
        }
        false
    }

    /// Takes back turns to the last one of a person (the computer's reply with it).
    pub(super) fn undo_to_person(&mut self) -> Option<Turn> {
        self.seats.thinking = None;
        self.seats.hint = None;
        let mut last = self.session.undo()?;
        while self.computer_to_move() {
            match self.session.undo() {
                Some(turn) => last = turn,
                None => break,
            }
        }
        Some(last)
    }

    /// Stops the computer's thinking and the hint's (a new game, or the screen left).
    pub(super) fn stop_thinking(&mut self) {
        self.seats.stop_all();
    }

    /// Esc while a hint is thought: it stops. Whether there was one to stop.
    pub(super) fn stop_hint(&mut self, ctx: &mut Context) -> bool {
        self.seats.stop_hint(ctx)
    }

    /// The hint key: the computer starts thinking, on its own thread, of the turn it would
    /// play for the person; [`hint_tick`](Self::hint_tick) says it.
    pub(super) fn hint(&mut self, ctx: &mut Context) {
        if self.position().ending().is_some() {
            ctx.error("the game is over: no turn to hint at");
            return;
        }
        if self.computer_to_move() {
            ctx.error("it is the computer's turn");
            return;
        }
        if self.is_hinting() {
            ctx.info("hint: still thinking… (Esc stops it)");
            return;
        }
        let level = Level::new(HINT_LEVEL).unwrap_or(Level::MAX);
        let position = self.position().clone();
        let played = self.session.record().turns().len();
        self.seats.hint = Some(Thinker::stoppable(played, move |stop| {
            computer::think(&position, computer::limits(level, 0), stop)
        }));
        ctx.info("hint: thinking… (Esc stops it)");
    }

    /// A hint thought is said, the cursor on its square; one about a position since left is
    /// dropped.
    fn hint_tick(&mut self, ctx: &mut Context) {
        let played = self.session.record().turns().len();
        if let Some(thought) = take_answer(&mut self.seats.hint, played) {
            self.say_hint(thought, ctx);
        }
    }

    /// The hint: the turn the computer would play for the person, said and under the cursor.
    fn say_hint(&mut self, thought: Thought, ctx: &mut Context) {
        let Some(turn) = thought.turn else {
            ctx.error("no turn is legal");
            return;
        };
        let effect = self.position().check(turn);
        // Not while a stack is carried: the cursor is where it would be put down.
        if self.carried.is_none() {
            self.cursor = match turn {
                Turn::Move { from, .. } => from,
                Turn::Enter(square) => square,
            };
        }
        let outlook = match thought.win_in() {
            Some(plies) if plies > 0 => format!(
                ": it wins in {}",
                crate::words::count(
                    usize::try_from(plies).unwrap_or(0).div_ceil(2),
                    "turn",
                    "turns"
                )
            ),
            Some(_) => ": every turn loses against best play".to_owned(),
            None => String::new(),
        };
        match effect {
            Ok(effect) => ctx.info(format!("hint: {}{outlook}", describe(turn, effect))),
            Err(_) => ctx.info(format!("hint: {turn}{outlook}")),
        }
    }
}
