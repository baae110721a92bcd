//! Games the players end off the board: resigning, and draws offered and agreed. A person
//! answers a draw offered at the keyboard; a program answers by its own judgement of the
//! position (the engine's rule, [`Score::prefers_a_draw`]).

use super::{Focus, PlayScreen};
use crate::engine::Score;
use crate::rules::Color;
use crate::tui::context::Context;
use crate::tui::dialogs::{Dialog, DrawDialog, GameOverDialog, ResignDialog};
use crate::tui::screens::Outcome;
use crate::tui::widgets::{ending, thinking};

impl PlayScreen {
    /// Asks whether to resign: the one person's side against a program, else the side to
    /// move.
    pub(super) fn ask_resign(&self, ctx: &mut Context) -> Outcome {
        if self.session.is_over() {
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
            ending::named(self.session.record(), loser),
            ending::named(self.session.record(), !loser),
        )))
    }

    /// `loser` resigns (asked first): the game ends as after a flag fall.
    pub(super) fn resign(&mut self, loser: Color, ctx: &mut Context) -> Outcome {
        if self.session.is_over() {
            return Outcome::Stay;
        }
        self.stop_opponent();
        self.session.resign(loser);
        self.ended_off_the_board(ctx)
    }

    /// The player to move offers a draw. Between people the other answers in a dialog;
    /// alone against a program, on the person's turn, the program thinks about the position
    /// and answers.
    pub(super) fn offer_draw(&mut self, ctx: &mut Context) -> Outcome {
        if self.session.is_over() {
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
                self.session.player(mover)
            ));
            return Outcome::Refused;
        }
        if self.draw_offered.as_ref() == Some(self.position()) {
            ctx.error("a draw was offered at this move already: offer again after your next move");
            return Outcome::Refused;
        }
        if self.players[!mover].is_program() {
            if self.paused() {
                ctx.error(self.paused_words());
                return Outcome::Refused;
            }
            // The offer counts once answered: one interrupted may be made again.
            if self.put_draw_to(!mover, ctx) {
                ctx.info(format!(
                    "you offer a draw: {} is thinking it over…",
                    self.session.player(!mover)
                ));
            }
            return Outcome::Stay;
        }
        self.draw_offered = Some(self.position().clone());
        Outcome::Open(Dialog::Draw(DrawDialog::new(
            ending::named(self.session.record(), mover),
            ending::named(self.session.record(), !mover),
        )))
    }

    /// The program playing `program` has judged the draw offered to it: `score` is the
    /// position's for the person to move. It accepts when it would rather draw.
    pub(super) fn answer_draw(
        &mut self,
        program: Color,
        score: Score,
        ctx: &mut Context,
    ) -> Outcome {
        let name = self.session.player(program);
        self.draw_offered = Some(self.position().clone());
        let own = score.flip();
        if own.prefers_a_draw() {
            let outcome = self.agree_draw(ctx);
            if matches!(outcome, Outcome::Stay) {
                ctx.info(format!("{name} accepts the draw: 1/2-1/2"));
            }
            return outcome;
        }
        let judgement = match own {
            Score::WinIn(_) => "it sees a win",
            Score::Centiflats(value) if value > 0 => "it thinks it stands better",
            _ => "it is not far enough behind to give up",
        };
        let words = thinking::score_words(score, !program);
        ctx.info(format!("{name} declines the draw: {judgement} ({words})"));
        Outcome::Stay
    }

    /// The players agree to a draw: the game ends as after a resignation, `1/2-1/2`.
    pub(super) fn agree_draw(&mut self, ctx: &mut Context) -> Outcome {
        if self.session.is_over() {
            return Outcome::Stay;
        }
        self.stop_opponent();
        self.session.agree_draw();
        self.ended_off_the_board(ctx)
    }

    /// After a game ended other than on the board (time, resignation, an agreed draw): the
    /// clocks stop, the game is kept, and it is announced (a match says it its own way).
    pub(super) fn ended_off_the_board(&mut self, ctx: &mut Context) -> Outcome {
        if let Some(clock) = &mut self.clock {
            clock.stop(ctx.now);
        }
        self.builder = None;
        // Nothing more to type or mark: the keys for what comes next are on the board.
        self.focus = Focus::Board;
        self.input.clear();
        self.marked = None;
        self.keep(ctx);
        if !self.announce {
            return Outcome::Stay;
        }
        ctx.status = None;
        let Some(end) = self.session.ending() else {
            return Outcome::Stay;
        };
        let lines = ending::off_board(self.session.record(), end, ctx.theme());
        let dialog = GameOverDialog::new(lines).offering_undo(self.undo_refused().is_none());
        Outcome::Open(Dialog::GameOver(dialog))
    }
}
