//! The input line: moves typed in PTN, checked as they are typed, played with Enter, recalled
//! with Up and Down.

use super::{Focus, P, PlayIntent, PlayScreen};
use crate::notation::parse_move;
use crate::rules::Move;
use crate::tui::context::Context;
use crate::tui::screens::Outcome;
use crate::tui::text_field::TextField;

impl PlayScreen {
    /// An intent while the input line has the focus.
    pub(super) fn typing_intent(&mut self, intent: PlayIntent, ctx: &mut Context) -> Outcome {
        match intent {
            P::Edit(edit) => self.input.edit(edit),
            P::Submit => self.submit_typed(ctx),
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
            P::ToBoard => {
                // A refused move is done with: its text and the reason go, a draft stays.
                if self.input.is_selected() {
                    self.input.clear();
                }
                self.focus = Focus::Board;
            }
            other => return self.common_intent(other, ctx),
        }
        Outcome::Stay
    }

    /// The move the input line's text would play, if it reads as one.
    #[must_use]
    pub fn typed_move(&self) -> Option<Move> {
        let text = self.input.text().trim();
        if text.is_empty() {
            return None;
        }
        parse_move(text, self.position().size()).ok()
    }

    fn submit_typed(&mut self, ctx: &mut Context) {
        let text = self.input.text().trim().to_owned();
        if text.is_empty() {
            return;
        }
        match parse_move(&text, self.position().size()) {
            Err(error) => ctx.error(error.to_string()),
            Ok(mv) => {
                if self.play(mv, ctx) {
                    self.history.push(&text);
                    self.input.clear();
                    return;
                }
            }
        }
        // Kept for correcting, but typing afresh replaces it.
        self.input.select_all();
    }
}
