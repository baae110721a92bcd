//! A puzzle's solution and the player's wrong tries, each with what answered it: shown by `G`
//! once the puzzle is solved, or to give it up.

use super::{StudyScreen, Task};
use crate::notation::moves_text;
use crate::tui::context::Context;
use crate::tui::dialogs::{Dialog, HelpDialog};
use crate::tui::keys::HelpSection;
use crate::tui::screens::Outcome;

/// A wrong try at a puzzle and what answered it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Try {
    /// The move tried, as the player played it.
    pub(super) mv: String,
    /// What answered it: the defence that holds, the road still forced, what the better move
    /// gains; else why it was wrong.
    pub(super) answer: String,
}

impl StudyScreen {
    /// The solution and the tries, in a page; a puzzle not yet solved is given up (the streak
    /// ends, as after a hint).
    pub(super) fn solution(&mut self, ctx: &mut Context) -> Outcome {
        let Task::Puzzle { puzzles, index, .. } = &self.task else {
            ctx.info("a lesson has no solution to show: H gives a hint, i its text again");
            return Outcome::Stay;
        };
        let puzzle = &puzzles[*index];
        let mut rows = vec![
            ("Task".to_owned(), puzzle.task()),
            ("Solution".to_owned(), moves_text(&puzzle.solution())),
        ];
        let accepted = puzzle.accepted();
        if !accepted.is_empty() {
            rows.push((
                "Also right".to_owned(),
                moves_text(&accepted).replace(' ', ", "),
            ));
        }
        if self.tries.is_empty() {
            rows.push((String::new(), "no wrong tries".to_owned()));
        }
        for tried in &self.tries {
            rows.push((tried.mv.clone(), tried.answer.clone()));
        }
        let section = HelpSection {
            title: format!(
                "Puzzle {} of {}: {}",
                index + 1,
                puzzles.len(),
                puzzle.title
            ),
            rows,
        };
        let title = if self.solved {
            " Solved: the solution and your tries "
        } else {
            // Given up: the streak ends, as after a hint.
            self.clean = false;
            self.progress.broken();
            self.save_progress(ctx);
            " Given up: the solution and your tries "
        };
        Outcome::Open(Dialog::Help(HelpDialog::new(title, vec![section])))
    }
}
