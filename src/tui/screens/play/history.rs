//! Moves played and taken back: a person's move (waiting while the computer is to move, the
//! clocks are paused or a draw offer is weighed), any move, undo (back to the person's move
//! against the computer; only the end of a game resigned or drawn by agreement) and redo.

use super::{Focus, PlayScreen};
use crate::rules::Move;
use crate::tui::context::Context;

impl PlayScreen {
    /// Plays a person's move, explaining a refusal; `true` when played. While the computer is
    /// to move, the clocks are paused or a program weighs a draw offered to it, a person's
    /// moves wait.
    pub(super) fn play(&mut self, mv: Move, ctx: &mut Context) -> bool {
        if self.computer_turn() {
            ctx.error("the computer is to move: wait for it (u takes your last move back)");
            return false;
        }
        if self.paused() {
            ctx.error(self.paused_words());
            return false;
        }
        if let Some(program) = self.weighing_draw() {
            ctx.error(format!(
                "{} is weighing your draw offer: a moment",
                self.session.player(program)
            ));
            return false;
        }
        self.play_move(mv, ctx)
    }

    /// What a move refused while the clocks are paused says: how to start them from where the
    /// keys are (`p` typed while typing a move is notation).
    pub(super) const fn paused_words(&self) -> &'static str {
        match self.focus {
            Focus::Board => "the clocks are paused: p starts them again",
            Focus::Input => "the clocks are paused: Esc, then p, starts them again",
        }
    }

    /// Plays a move given from elsewhere (an analysis's suggestion), as a person's move.
    pub fn play_given(&mut self, mv: Move, ctx: &mut Context) -> bool {
        self.play(mv, ctx)
    }

    /// Plays a move, whoever makes it, explaining a refusal; `true` when played.
    pub(super) fn play_move(&mut self, mv: Move, ctx: &mut Context) -> bool {
        let mover = self.position().to_move();
        if self
            .clock
            .as_ref()
            .is_some_and(|c| c.flagged(ctx.now).is_some())
        {
            // The flag fell before the move: the next tick ends the game on time.
            ctx.error(format!("{mv}: {}'s time is up", self.session.player(mover)));
            return false;
        }
        let ahead = self.session.redo_len();
        let branches = self.session.record().tree().branch_count();
        match self.session.play(mv) {
            Ok(()) => {
                if self.session.record().tree().branch_count() > branches {
                    ctx.info(format!(
                        // Taken back, or the rest of a record played on from: they followed.
                        "{mv}: the {} that followed {} kept as a variation (⑂ in the move list)",
                        crate::words::count(ahead, "ply", "plies"),
                        if ahead == 1 { "is" } else { "are" }
                    ));
                }
                self.clock_after_ply(mover, ctx.now);
                self.last_click = None;
                // A move half built on the board (a stack lifted) is of the position before.
                self.builder = None;
                // Whatever was being typed no longer fits the position.
                self.input.clear();
                self.keep(ctx);
                if let Some(token) = self.position().result().ptn() {
                    ctx.info(format!("{}: {token}", self.position().result()));
                    // Nothing more to type: the keys for what comes next are on the board.
                    self.focus = Focus::Board;
                }
                self.wake_opponent(ctx.now);
                true
            }
            Err(error) => {
                ctx.error(format!("{mv}: {error}{}", self.alternatives(mv.square)));
                false
            }
        }
    }

    /// Takes back the last ply.
    ///
    /// Against the computer, back to the person's last move: the computer's reply (or its
    /// thinking) goes too, so the person plays again. Refused after a loss on time (see
    /// [`PlayScreen::undo_refused`]).
    pub fn undo(&mut self, ctx: &mut Context) {
        self.builder = None;
        if let Some(why) = self.undo_refused() {
            ctx.error(why);
            return;
        }
        self.stop_opponent();
        if let Some(ended_by) = self.session.chosen_ending()
            && self.session.undo()
        {
            // Only the resignation (or the agreed draw) goes: the game is as it was before it.
            // The clocks stay stopped (no ply was taken back, so no increment comes off)
            // until p.
            self.keep(ctx);
            ctx.info(if self.paused() {
                format!("{ended_by} is taken back: p starts the clocks")
            } else {
                format!("{ended_by} is taken back: play on")
            });
            self.refresh_threats();
            self.wake_opponent(ctx.now);
            return;
        }
        let record = self.session.record();
        let len = record.plies().len();
        // Back to the ply of a person's: against a program, the person's last move (its
        // replies after it go too); between people, the last ply.
        let person_plays = self.players.iter().any(|(_, p)| !p.is_program());
        let target = (0..len)
            .rev()
            .find(|&i| !person_plays || !self.players[record.ply_number(i).1].is_program());
        let Some(target) = target else {
            ctx.error(if len == 0 {
                "nothing to undo"
            } else {
                "nothing of yours to take back: the computer's first move stays (n starts anew)"
            });
            return;
        };
        let mut taken = 0;
        while self.session.record().plies().len() > target && self.session.undo() {
            taken += 1;
            self.clock_after_undo(self.position().to_move(), ctx.now);
        }
        if taken == 0 {
            ctx.error("nothing to undo");
        } else {
            self.keep(ctx);
            if ctx.status.is_none() {
                let plies = if taken == 1 {
                    "a ply".to_owned()
                } else {
                    format!("{taken} plies")
                };
                ctx.info(format!(
                    "took back {plies} ({} to redo: U)",
                    self.session.redo_len()
                ));
            }
        }
        self.refresh_threats();
        self.wake_opponent(ctx.now);
    }

    /// Why undo would be refused now, if it would: after a loss on time the loser's clock is
    /// at zero, so the game taken back would be lost again at once (unless it goes back to
    /// its start, where the clocks start afresh).
    #[must_use]
    pub fn undo_refused(&self) -> Option<String> {
        let loser = self.session.lost_on_time()?;
        (self.session.record().plies().len() > 1).then(|| {
            format!(
                "{}'s time ran out: taking plies back gives no time back (n starts a new game)",
                self.session.player(loser)
            )
        })
    }

    /// Plays again what was taken back: against the computer, its reply too, as undo took
    /// both.
    pub(super) fn redo(&mut self, ctx: &mut Context) {
        self.builder = None;
        let person_plays = self.players.iter().any(|(_, p)| !p.is_program());
        let mut redone = 0;
        loop {
            let mover = self.position().to_move();
            if !self.session.redo() {
                break;
            }
            redone += 1;
            self.clock_after_ply(mover, ctx.now);
            if !(person_plays && self.computer_turn() && self.session.redo_len() > 0) {
                break;
            }
        }
        if redone > 0 {
            self.stop_opponent();
            self.keep(ctx);
            if ctx.status.is_none() {
                ctx.info(if redone == 1 {
                    "played the ply again".to_owned()
                } else {
                    format!("played {redone} plies again")
                });
            }
            // A search about the position before is stale now; the computer may be to move.
            self.wake_opponent(ctx.now);
        } else if let Some(ended_by) = self.session.chosen_ending()
            && self.session.redo_len() > 0
        {
            ctx.error(format!("{ended_by} ended the game: u takes it back first"));
        } else {
            ctx.error("nothing to redo");
        }
    }
}
