//! Variations in a replay: the moves tried at a ply, showing another line, promoting the line
//! shown to the main line, deleting a variation, and saving the record so changed.

use std::path::Path;

use super::ReplayScreen;
use crate::record::save_ptn;
use crate::rules::{Color, Move};
use crate::tui::context::Context;
use crate::tui::dialogs::{BranchesDialog, Dialog, QuitDialog, SaveAsDialog};
use crate::tui::screens::Outcome;

impl ReplayScreen {
    /// The list of moves tried in place of the ply shown (at the start, the first), when
    /// there is more than one.
    pub(super) fn branches(&self, ctx: &mut Context) -> Outcome {
        let replay = &self.game.replay;
        let alternatives = replay.alternatives();
        if alternatives.len() < 2 {
            ctx.info(if replay.record().has_branches() {
                "no other move was tried here: ⑂ in the move list marks where one was"
            } else {
                "this game has no variations"
            });
            return Outcome::Stay;
        }
        let at = replay.branch_ply();
        let played = replay.record().plies().get(at).map(|p| p.mv);
        let shown = alternatives
            .iter()
            .position(|a| Some(a.mv) == played)
            .unwrap_or(0);
        let (number, color) = replay.record().ply_number(at);
        let dots = if color == Color::White { "." } else { "..." };
        let dialog = BranchesDialog::new(format!("{number}{dots}"), alternatives, shown);
        Outcome::Open(Dialog::Branches(dialog))
    }

    /// Shows the line that plays `mv` after the ply shown.
    pub(super) fn show_branch(&mut self, mv: Move, ctx: &mut Context) -> Outcome {
        if self.game.replay.switch(mv) {
            self.moved();
            let main = if self.game.replay.on_main_line() {
                "the main line"
            } else {
                "a variation: P makes it the main line"
            };
            ctx.info(format!("showing {mv}, {main}"));
        }
        Outcome::Stay
    }

    /// Makes the line shown the main line of the record.
    pub(super) fn promote(&mut self, ctx: &mut Context) -> Outcome {
        if self.game.replay.on_main_line() {
            ctx.info("this is the main line already");
            return Outcome::Stay;
        }
        self.game.replay.promote();
        ctx.info("this line is now the main line: w saves the record so changed");
        Outcome::Stay
    }

    /// Deletes the variation that plays `mv` after the ply shown.
    pub(super) fn delete_branch(&mut self, mv: Move, ctx: &mut Context) -> Outcome {
        if self.game.replay.delete(mv) {
            self.moved();
            ctx.info(format!(
                "deleted the variation {mv}: w saves the record so changed"
            ));
        }
        Outcome::Stay
    }

    /// Asks where to save the record with its variations as they are now. The file it came
    /// from is offered only when it holds this game alone and the game was read whole (a
    /// second Enter replaces it); else a new name beside it, so that nothing the reader left
    /// out (after an error, or text it skipped) is lost.
    pub(super) fn save_as(&self, then_quit: bool) -> Outcome {
        let file = self.library.file();
        let whole = self.game.error.is_none() && self.game.warnings.is_empty();
        let name = if self.library.len() == 1 && whole {
            file.display().to_string()
        } else {
            let stem = file.file_stem().unwrap_or_default().to_string_lossy();
            let name = format!("{stem}-game{}.ptn", self.game.index + 1);
            file.with_file_name(name).display().to_string()
        };
        let mut changes = vec!["variations as now".to_owned()];
        if !whole {
            changes.push("without what could not be read".to_owned());
        }
        let dialog = SaveAsDialog::new(&name, then_quit).from_file(file, changes);
        Outcome::Open(Dialog::SaveAs(dialog))
    }

    /// Saves the record to `path`; `false` (with the reason shown) when it cannot.
    pub(super) fn save_to(&mut self, path: &Path, ctx: &mut Context) -> bool {
        match save_ptn(path, std::slice::from_ref(self.game.replay.tree())) {
            Ok(()) => {
                ctx.info(format!("saved to {}", path.display()));
                self.game.replay.saved();
                true
            }
            Err(error) => {
                ctx.error(format!("cannot save to {}: {error}", path.display()));
                false
            }
        }
    }

    /// Quits, asking first when variations were changed and not saved.
    pub(super) fn quit(&self) -> Outcome {
        if self.game.replay.changed() {
            return Outcome::Open(Dialog::ConfirmQuit(QuitDialog::unsaved_edits()));
        }
        // A whole-game analysis running is work that quitting would throw away: asked first.
        if let Some((done, total)) = self.game_analysis_running() {
            return Outcome::Open(Dialog::ConfirmQuit(QuitDialog::analysis_running(
                done, total,
            )));
        }
        Outcome::Quit
    }
}
