//! Variations while playing: the line played is the game, and a move played where plies were
//! taken back keeps them as a variation. `b` lists the moves tried at the last ply (against
//! the computer, at the person's last ply, its reply after it): another's line can be taken
//! (the line left becomes the variation), and a variation deleted.

use super::PlayScreen;
use crate::rules::{Color, Move};
use crate::tui::context::Context;
use crate::tui::dialogs::{BranchesDialog, Dialog};
use crate::tui::screens::Outcome;

impl PlayScreen {
    /// The ply whose variations `b` shows: the last, or against the computer the person's
    /// last when the computer has answered it (undo takes both back, so the person's move is
    /// where another was tried). `None` when neither had another move tried.
    fn branch_point(&self) -> Option<usize> {
        let record = self.driver.session().record();
        let last = record.plies().len().checked_sub(1)?;
        let tried = |at: usize| record.alternatives(&self.moves_before(at)).len() >= 2;
        let program = |at: usize| self.players[record.ply_number(at).1].is_program();
        if tried(last) {
            Some(last)
        } else if last > 0 && program(last) && !program(last - 1) && tried(last - 1) {
            Some(last - 1)
        } else {
            None
        }
    }

    /// The moves played before ply `at`.
    fn moves_before(&self, at: usize) -> Vec<Move> {
        let plies = self.driver.session().record().plies();
        plies[..at.min(plies.len())].iter().map(|p| p.mv).collect()
    }

    /// The moves tried at the branch point, when there is more than one.
    pub(super) fn branches(&self, ctx: &mut Context) -> Outcome {
        let record = self.driver.session().record();
        if record.plies().is_empty() {
            ctx.info("no move played yet");
            return Outcome::Stay;
        }
        let Some(at) = self.branch_point() else {
            ctx.info(if record.has_branches() {
                "no other move was tried at the last ply: ⑂ in the move list marks where one was"
            } else {
                "no variations: a move played where plies were taken back (u) keeps them as one"
            });
            return Outcome::Stay;
        };
        let alternatives = record.alternatives(&self.moves_before(at));
        let (number, color) = record.ply_number(at);
        let dots = if color == Color::White { "." } else { "..." };
        Outcome::Open(Dialog::Branches(BranchesDialog::new(
            format!("{number}{dots}"),
            alternatives,
            0,
        )))
    }

    /// Plays `mv` in place of the ply at the branch point: its line is taken, the line left
    /// is kept.
    pub(super) fn take_branch(&mut self, mv: Move, ctx: &mut Context) {
        let Some(at) = self.branch_point() else {
            return;
        };
        if self.driver.session().record().plies()[at].mv == mv {
            return;
        }
        // As undo: not over a loss on time (the game taken back would be lost again).
        if let Some(why) = self.undo_refused() {
            ctx.error(why);
            return;
        }
        self.picker.cancel();
        self.stop_opponent();
        // A resignation or an agreed draw goes first, with no ply and so no clock change.
        let plies = self
            .driver
            .session()
            .record()
            .plies()
            .len()
            .saturating_sub(at);
        if let Err(why) = self.driver.take_back_at_board(plies, ctx.now) {
            ctx.error(why.to_string());
            return;
        }
        if self.play_move(mv, true, ctx) {
            // U plays on along the line, unless a program is to move (it answers itself).
            let redo = if self.driver.session().redo_len() > 0 && !self.computer_turn() {
                " (U plays on along it)"
            } else {
                ""
            };
            ctx.info(format!(
                "{mv}: on its line now{redo}; the line left is a variation"
            ));
        }
    }

    /// Deletes the variation that plays `mv` in place of the ply at the branch point.
    pub(super) fn delete_branch(&mut self, mv: Move, ctx: &mut Context) {
        let Some(at) = self.branch_point() else {
            return;
        };
        let before = self.moves_before(at);
        let session = self.driver.session_mut();
        if session.record_mut().remove_branch(&before, mv).is_some() {
            session.mark_dirty();
            self.keep(ctx);
            ctx.info(format!("deleted the variation {mv}"));
        }
    }
}
