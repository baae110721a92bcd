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
            // `:` opens the input line, and no move has one: pressed again on an empty line
            // (as people do), it is not typed.
            P::Edit(crate::tui::text_field::Edit::Insert(':')) if self.input.text().is_empty() => {}
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

    /// Text pasted: into the input line, which takes the focus (Enter plays the moves); a
    /// move half built on the board is dropped, as when `:` goes to the input line.
    pub fn paste(&mut self, text: &str) {
        self.picker.cancel();
        self.focus = Focus::Input;
        self.input.paste(text);
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
        // Several moves pasted at once (`1. a1 e5 2. c3 Sd4`): each in turn.
        let words: Vec<&str> = text
            .split_whitespace()
            .filter(|word| !is_move_number(word))
            .collect();
        if words.len() > 1 {
            self.submit_many(&words, ctx);
            return;
        }
        // One move, perhaps with its number (`2. e5-`).
        let one = words.first().copied().unwrap_or(&text);
        match parse_move(one, self.position().size()) {
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

    /// Plays `words` one by one, stopping at the first that does not read or is not legal:
    /// the message says which and why, and the line keeps it and the rest for correcting.
    fn submit_many(&mut self, words: &[&str], ctx: &mut Context) {
        for (index, word) in words.iter().enumerate() {
            let played = match parse_move(word, self.position().size()) {
                Err(error) => Err(error.to_string()),
                Ok(mv) if self.play(mv, ctx) => Ok(()),
                Ok(_) => Err(ctx
                    .status
                    .as_ref()
                    .map_or_else(String::new, |s| s.text.clone())),
            };
            if let Err(why) = played {
                ctx.error(format!(
                    "stopped at {word}, move {} of {}, after {}: {why}",
                    index + 1,
                    words.len(),
                    crate::words::count(index, "move", "moves")
                ));
                self.input = TextField::with_text(&words[index..].join(" "));
                return;
            }
            self.history.push(word);
        }
        self.input.clear();
        ctx.info(format!(
            "played {}",
            crate::words::count(words.len(), "move", "moves")
        ));
    }
}

/// Whether `word` is a move number such as `12.` (or `12...`), which pasted moves carry.
pub(super) fn is_move_number(word: &str) -> bool {
    let digits = word.trim_end_matches('.');
    digits.len() < word.len() && !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}
