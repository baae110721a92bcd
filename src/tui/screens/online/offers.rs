//! Our side's word in an online game: draws and takebacks offered, answered and withdrawn
//! (one key each, doing what the moment calls for), a rematch, resigning, and leaving the
//! board for the lobby.

use std::time::Instant;

use super::OnlineBoard;
use crate::online::game::OnlineError;
use crate::online::protocol::Command;
use crate::tui::context::Context;
use crate::tui::dialogs::{Dialog, Effect, LeaveGameDialog};
use crate::tui::screens::Outcome;

impl OnlineBoard {
    /// `D`: accept the draw offered, withdraw ours, or offer one.
    pub(super) fn draw(&mut self, now: Instant) -> Result<(), OnlineError> {
        let us = self.us().ok_or(OnlineError::Watching)?;
        if self.game.driver().draw_offered() == Some(us) {
            self.game.withdraw_draw()
        } else {
            self.game.offer_draw(now)
        }
    }

    /// `u`: grant the takeback asked, withdraw ours, or ask for one.
    pub(super) fn takeback(&mut self, now: Instant) -> Result<(), OnlineError> {
        let us = self.us().ok_or(OnlineError::Watching)?;
        match self.game.driver().takeback_asked() {
            Some((by, _)) if by == us => self.game.withdraw_takeback(),
            Some(_) => self.game.answer_takeback(true, now),
            None => self.game.ask_takeback(now),
        }
    }

    /// `x`: decline what the other player asks.
    pub(super) fn decline(&mut self, now: Instant, ctx: &mut Context) -> Result<(), OnlineError> {
        let us = self.us().ok_or(OnlineError::Watching)?;
        if self.game.driver().draw_offered() == Some(!us) {
            return self.game.answer_draw(false, now);
        }
        if self
            .game
            .driver()
            .takeback_asked()
            .is_some_and(|(by, _)| by != us)
        {
            return self.game.answer_takeback(false, now);
        }
        ctx.info("nothing to decline: no draw offered, no takeback asked");
        Ok(())
    }

    /// After the game: asks the other player for a rematch (the same game, the colours the
    /// other way round), or accepts theirs.
    pub(super) fn rematch(&mut self, ctx: &mut Context) {
        let Some(us) = self.us() else {
            ctx.info("a rematch is for a game of yours");
            return;
        };
        if self.game.rematch_asked() {
            ctx.info("rematch asked already: waiting for the other player");
            return;
        }
        match self.game.ask_rematch() {
            Ok(()) => ctx.info(format!(
                "rematch asked of {}: the same game, you play {}",
                self.game.name(!us),
                !us
            )),
            Err(why) => ctx.error(format!("no rematch: {why}")),
        }
    }

    /// `q`: back to the lobby, asking first during our game.
    pub(super) fn leave(&mut self, ctx: &mut Context) -> Outcome {
        if self.us().is_some() && !self.game.is_over() {
            return Outcome::Open(Dialog::LeaveGame(LeaveGameDialog));
        }
        if self.us().is_none() && !self.game.is_over() {
            ctx.outbox.push(Command::Unobserve(self.game.id()));
        }
        Outcome::Quit
    }

    /// Carries out what a dialog asked: a resignation, leaving the game.
    pub fn apply(&mut self, effect: &Effect, ctx: &mut Context) -> Outcome {
        let outcome = match effect {
            Effect::Resign(_) => {
                if let Err(why) = self.game.resign(ctx.now) {
                    ctx.error(why.to_string());
                }
                Outcome::Stay
            }
            Effect::LeaveGame { resign } => {
                if *resign && let Err(why) = self.game.resign(ctx.now) {
                    ctx.error(why.to_string());
                    return Outcome::Refused;
                }
                Outcome::Quit
            }
            _ => Outcome::Stay,
        };
        self.after(ctx);
        outcome
    }
}
