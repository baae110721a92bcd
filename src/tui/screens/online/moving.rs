//! Moves picked on an online game's board, as at the board: with the board picker the play
//! screen uses (the cursor, placing, stacks moved a step at a time, clicks), and moves typed
//! in PTN. Each goes to the game, which checks it by the rules and sends it.

use super::OnlineBoard;
use crate::notation::parse_move;
use crate::rules::{Move, Position};
use crate::tui::context::Context;
use crate::tui::screens::board_picker::Picked;
use crate::tui::screens::{Focus, Outcome, PlayIntent as P};
use crate::tui::text_field::TextField;

impl OnlineBoard {
    /// An intent of the board's: the board picker's (the cursor, placing, moving a stack),
    /// or typing.
    pub(super) fn board_intent(&mut self, intent: P, ctx: &mut Context) -> Outcome {
        let position = self.game.position().clone();
        match self.picker.intent(intent, &position, ctx) {
            Some(picked) => self.take(picked, &position, ctx),
            None if intent == P::TypeMoves => {
                self.picker.cancel();
                self.focus = Focus::Input;
            }
            None => {}
        }
        self.after(ctx);
        Outcome::Stay
    }

    /// Plays what the picker handed over, if it is a move: the cursor follows it once sent.
    fn take(&mut self, picked: Picked, position: &Position, ctx: &mut Context) {
        if let Picked::Move(mv) = picked
            && self.play(mv, ctx)
        {
            self.picker.played(mv, position);
        }
    }

    /// Plays our move: the game checks it and sends it. Whether it was played.
    fn play(&mut self, mv: Move, ctx: &mut Context) -> bool {
        match self.game.play(mv, ctx.now) {
            Ok(()) => {
                self.shown = None;
                ctx.info(format!("{mv} sent"));
                true
            }
            Err(why) => {
                ctx.error(format!("{mv}: {why}"));
                false
            }
        }
    }

    /// A key while typing a move.
    pub(super) fn typing(&mut self, intent: P, ctx: &mut Context) -> Outcome {
        match intent {
            P::Edit(edit) => self.input.edit(edit),
            P::ToBoard => self.focus = Focus::Board,
            P::RecallPrevious => {
                if let Some(text) = self.history.preceding(self.input.text()) {
                    self.input = TextField::with_text(text);
                }
            }
            P::RecallNext => {
                if let Some(text) = self.history.following() {
                    self.input = TextField::with_text(text);
                }
            }
            P::Submit => self.submit(ctx),
            P::Quit => return self.leave(ctx),
            _ => ctx.info("your game is kept as it is played and saved when it ends"),
        }
        self.after(ctx);
        Outcome::Stay
    }

    /// The typed move, played.
    fn submit(&mut self, ctx: &mut Context) {
        let text = self.input.text().trim().to_owned();
        if text.is_empty() {
            return;
        }
        match parse_move(&text, self.game.position().size()) {
            Ok(mv) => {
                if self.play(mv, ctx) {
                    self.history.push(&text);
                    self.input.clear();
                    if self.game.is_over() {
                        self.focus = Focus::Board;
                    }
                }
            }
            Err(error) => ctx.error(format!("{text}: {}", error.syntax())),
        }
    }

    /// A mouse click: on a square, the cursor goes there; a second click there acts as
    /// Enter. A click anywhere takes the focus back to the board.
    pub fn click(&mut self, column: u16, row: u16, ctx: &mut Context) {
        if self.read_only() {
            return;
        }
        ctx.status = None;
        self.focus = Focus::Board;
        let position = self.game.position().clone();
        if let Some(picked) = self.picker.click((column, row), &position, ctx) {
            self.take(picked, &position, ctx);
        }
        self.after(ctx);
    }
}
