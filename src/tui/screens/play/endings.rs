//! Games the players end off the board: resigning, and draws offered and agreed. A person
//! answers a draw offered at the keyboard; a program answers by its own judgement of the
//! position (the game driver asks it, by the engine's rule, `Score::prefers_a_draw`).

use super::{Focus, PlayScreen};
use crate::game::driver::Refused;
use crate::rules::Color;
use crate::tui::context::Context;
use crate::tui::dialogs::{Dialog, GameOverDialog, ResignDialog};
use crate::tui::screens::Outcome;
use crate::tui::widgets::ending;

impl PlayScreen {
    /// Asks whether to resign: the one person's side against a program, else the side to
    /// move.
    pub(super) fn ask_resign(&self, ctx: &mut Context) -> Outcome {
        if self.driver.session().is_over() {
            ctx.error("the game is over: nothing to resign");
            return Outcome::Refused;
        }
        let loser = match self.person_alone() {
            Some(alone) => alone,
            None if self.players.iter().all(|(_, p)| p.is_program()) => {
                ctx.error("two programs play this game: only a person resigns");
                return Outcome::Refused;
            }
            None => self.position().to_move(),
        };
        Outcome::Open(Dialog::Resign(ResignDialog::new(
            loser,
            ending::named(self.driver.session().record(), loser),
            ending::named(self.driver.session().record(), !loser),
        )))
    }

    /// `loser` resigns (asked first): the game ends as after a flag fall.
    pub(super) fn resign(&mut self, loser: Color, ctx: &mut Context) -> Outcome {
        match self.driver.resign(loser, ctx.now) {
            Ok(events) => self.react(events, ctx),
            Err(_) => Outcome::Stay,
        }
    }

    /// The player to move offers a draw. Between people the other answers in a dialog;
    /// alone against a program, on the person's turn, the program thinks about the position
    /// and answers.
    pub(super) fn offer_draw(&mut self, ctx: &mut Context) -> Outcome {
        let session = self.driver.session();
        if session.is_over() {
            ctx.error("the game is over: no draw to offer");
            return Outcome::Refused;
        }
        let mover = self.position().to_move();
        if self.players.iter().all(|(_, p)| p.is_program()) {
            ctx.error("two programs play this game: only a person offers a draw");
            return Outcome::Refused;
        }
        if self.players[mover].is_program() {
            ctx.error(format!(
                "{} is to move: offer a draw on your turn",
                session.player(mover)
            ));
            return Outcome::Refused;
        }
        let program = self.players[!mover].is_program();
        if program {
            // Its answer is its own: analysis waits meanwhile.
            self.stop_opponent();
        }
        match self.driver.offer_draw(mover, ctx.now) {
            Ok(events) => {
                if program {
                    ctx.info(format!(
                        "you offer a draw: {} is thinking it over…",
                        self.driver.session().player(!mover)
                    ));
                }
                self.react(events, ctx)
            }
            Err(Refused::Paused) => {
                ctx.error(self.paused_words());
                Outcome::Refused
            }
            Err(why) => {
                ctx.error(why.to_string());
                Outcome::Refused
            }
        }
    }

    /// The players agree to the draw offered: the game ends as after a resignation,
    /// `1/2-1/2`.
    pub(super) fn agree_draw(&mut self, ctx: &mut Context) -> Outcome {
        self.answer_draw(true, ctx)
    }

    /// The player offered a draw at the board answers it.
    pub(super) fn answer_draw(&mut self, accept: bool, ctx: &mut Context) -> Outcome {
        let Some(by) = self.driver.draw_offered() else {
            return Outcome::Stay;
        };
        match self.driver.answer_draw(!by, accept, ctx.now) {
            Ok(events) => self.react(events, ctx),
            Err(_) => Outcome::Stay,
        }
    }

    /// After a game ended other than on the board (time, resignation, an agreed draw): the
    /// clocks stop, the game is kept, and it is announced (a match says it its own way).
    pub(super) fn ended_off_the_board(&mut self, ctx: &mut Context) -> Outcome {
        self.stop_opponent();
        self.picker.cancel();
        // Nothing more to type or mark: the keys for what comes next are on the board.
        self.focus = Focus::Board;
        self.input.clear();
        self.marked = None;
        self.keep(ctx);
        if !self.announce {
            return Outcome::Stay;
        }
        ctx.status = None;
        let Some(end) = self.driver.session().ending() else {
            return Outcome::Stay;
        };
        let lines = ending::off_board(self.driver.session().record(), end, ctx.theme());
        let dialog = GameOverDialog::new(lines).offering_undo(self.undo_refused().is_none());
        Outcome::Open(Dialog::GameOver(dialog))
    }
}
