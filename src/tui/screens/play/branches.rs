//! Variations while playing: the line played is the game, and a move played where plies were
//! taken back keeps them as a variation. `b` lists the moves tried at the last ply: another's
//! line can be taken (the line left becomes the variation), and a variation deleted.

use super::PlayScreen;
use crate::rules::{Color, Move};
use crate::tui::context::Context;
use crate::tui::dialogs::{BranchesDialog, Dialog};
use crate::tui::screens::Outcome;

impl PlayScreen {
    /// The moves tried at the last ply, when there is more than one.
    pub(super) fn branches(&self, ctx: &mut Context) -> Outcome {
        let record = self.session.record();
        let Some(last) = record.plies().len().checked_sub(1) else {
            ctx.info("no move played yet");
            return Outcome::Stay;
        };
        let before: Vec<Move> = record.plies()[..last].iter().map(|p| p.mv).collect();
        let alternatives = record.alternatives(&before);
        if alternatives.len() < 2 {
            ctx.info(if record.has_branches() {
                "no other move was tried at the last ply: ⑂ in the move list marks where one was"
            } else {
                "no variations: a move played where plies were taken back (u) keeps them as one"
            });
            return Outcome::Stay;
        }
        let (number, color) = record.ply_number(last);
        let dots = if color == Color::White { "." } else { "..." };
        Outcome::Open(Dialog::Branches(BranchesDialog::new(
            format!("{number}{dots}"),
            alternatives,
            0,
        )))
    }

    /// Plays `mv` in place of the last ply: its line is taken, the line left is kept.
    pub(super) fn take_branch(&mut self, mv: Move, ctx: &mut Context) {
        if self
            .session
            .record()
            .plies()
            .last()
            .is_some_and(|p| p.mv == mv)
        {
            return;
        }
        self.builder = None;
        self.stop_opponent();
        if self.session.undo() {
            self.clock_after_undo(self.position().to_move(), ctx.now);
            if self.play_move(mv, ctx) {
                ctx.info(format!(
                    "{mv}: on its line now (U redoes it); the line left is a variation"
                ));
            }
        }
    }

    /// Deletes the variation that plays `mv` in place of the last ply.
    pub(super) fn delete_branch(&mut self, mv: Move, ctx: &mut Context) {
        let record = self.session.record();
        let last = record.plies().len().saturating_sub(1);
        let before: Vec<Move> = record.plies()[..last].iter().map(|p| p.mv).collect();
        if self
            .session
            .record_mut()
            .remove_branch(&before, mv)
            .is_some()
        {
            self.session.mark_dirty();
            self.keep(ctx);
            ctx.info(format!("deleted the variation {mv}"));
        }
    }
}
