//! The board's keys: moves picked with the board picker (the cursor, placing, spreads built
//! one key at a time, clicks) and played through the game's driver, and the board's other
//! commands (threats, hints, analysis, learning mode ...).

use super::{Focus, P, PlayIntent, PlayScreen};
use crate::tui::context::Context;
use crate::tui::dialogs::{Dialog, NotationDialog};
use crate::tui::screens::Outcome;
use crate::tui::screens::board_picker::Picked;

impl PlayScreen {
    /// An intent while the board has the focus: the board picker's (the cursor, placing,
    /// moving a stack), else the screen's own.
    pub(super) fn board_intent(&mut self, intent: PlayIntent, ctx: &mut Context) -> Outcome {
        let position = self.position().clone();
        if let Some(picked) = self.picker.intent(intent, &position, ctx) {
            self.take(picked, ctx);
            return Outcome::Stay;
        }
        match intent {
            // Nothing being built: Esc stops a search for a forced road, if one runs.
            P::CancelMove => {
                self.stop_tinue(ctx);
            }
            P::TypeMoves if self.driver.session().is_over() => {
                ctx.info("the game is over: nothing to type (u takes back, n starts anew)");
            }
            P::TypeMoves => {
                self.picker.cancel();
                self.focus = Focus::Input;
            }
            P::ShowThreats => self.show_threats(ctx),
            P::Pause => self.toggle_pause(ctx),
            P::Hint => self.ask_hint(ctx),
            P::Tinue => self.ask_tinue(ctx),
            P::Branches => return self.branches(ctx),
            P::Notation => {
                let dialog = NotationDialog::new(self.position(), self.driver.session().record());
                return Outcome::Open(Dialog::Notation(dialog));
            }
            P::Analyse => self.toggle_analysis(ctx),
            P::PlaySuggestion => self.play_suggestion(ctx),
            P::ShowMoves => return self.show_moves(ctx),
            P::ToggleLearn => {
                self.learn = !self.learn;
                ctx.info(if self.learn {
                    "learning mode on: moves marked +, threats named, refusals explained"
                } else {
                    "learning mode off (L: on)"
                });
            }
            other => return self.common_intent(other, ctx),
        }
        Outcome::Stay
    }

    /// Plays what the picker handed over, if it is a move: the cursor follows it once played.
    fn take(&mut self, picked: Picked, ctx: &mut Context) {
        if let Picked::Move(mv) = picked {
            let position = self.position().clone();
            if self.play(mv, ctx) {
                self.picker.played(mv, &position);
            }
        }
    }

    /// A mouse click: on a square, the cursor goes there; a second click there acts as Enter.
    /// A click anywhere takes the focus back to the board.
    pub fn click(&mut self, column: u16, row: u16, ctx: &mut Context) -> Outcome {
        ctx.status = None;
        self.marked = None;
        self.focus = Focus::Board;
        let position = self.position().clone();
        let Some(Picked::Move(mv)) = self.picker.click((column, row), &position, ctx) else {
            // Off the board, the cursor moved, or a stack picked up: the game is as it was.
            return Outcome::Stay;
        };
        let was_over = self.position().is_over();
        self.take(Picked::Move(mv), ctx);
        self.refresh_threats();
        self.announce_end(was_over, Outcome::Stay, ctx)
    }
}
