//! Moves played and taken back: a person's move (waiting while the computer is to move, the
//! clocks are paused or a draw offer is weighed), undo (back to the person's move against the
//! computer; only the end of a game resigned or drawn by agreement) and redo. The game driver
//! rules on each; this says what it did.

use super::{Focus, PlayScreen};
use crate::game::driver::{DriverEvent, Refused, Takeback};
use crate::rules::Move;
use crate::tui::context::Context;

/// What undo says when the person has no move to take back against a program that moved
/// first.
const NOTHING_OF_YOURS: &str =
    "nothing of yours to take back: the computer's first move stays (n starts anew)";

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
                self.driver.session().player(program)
            ));
            return false;
        }
        self.play_move(mv, false, ctx)
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

    /// Plays a move for the side to move, through the driver (`at_board`: whoever sits
    /// there, as when a variation is taken), explaining a refusal; `true` when played.
    pub(super) fn play_move(&mut self, mv: Move, at_board: bool, ctx: &mut Context) -> bool {
        let mover = self.position().to_move();
        let ahead = self.driver.session().redo_len();
        let branches = self.driver.session().record().tree().branch_count();
        let played = if at_board {
            self.driver.play_at_board(mv, ctx.now)
        } else {
            self.driver.play(mover, mv, ctx.now)
        };
        match played {
            Ok(_) => {
                self.after_move(mv, (ahead, branches), ctx);
                self.warn_road_left_open(mv, ctx);
                self.wake_opponent(ctx.now);
                true
            }
            // The flag fell before the move: the next tick ends the game on time.
            Err(Refused::TimeUp(_)) => {
                let name = self.driver.session().player(mover);
                ctx.error(format!("{mv}: {name}'s time is up"));
                false
            }
            Err(Refused::Illegal(error)) => {
                ctx.error(format!("{mv}: {error}{}", self.alternatives(mv.square)));
                false
            }
            Err(why) => {
                ctx.error(format!("{mv}: {why}"));
                false
            }
        }
    }

    /// What follows a move played, whoever played it: the variation it made said (`before`:
    /// the plies ahead and the branches there were before it), the move being built or typed
    /// dropped, the game kept, and its end said.
    pub(super) fn after_move(
        &mut self,
        mv: Move,
        (ahead, branches): (usize, usize),
        ctx: &mut Context,
    ) {
        let session = self.driver.session();
        if session.record().tree().branch_count() > branches && session.is_taken_over() {
            // Played on from a replay: the record's own line stays its main one in the file.
            ctx.info(format!(
                "{mv}: saved, the record keeps its own line as the main one and this is a \
                 variation (P in its replay swaps them)"
            ));
        } else if session.record().tree().branch_count() > branches {
            ctx.info(format!(
                // Taken back, or the rest of a record played on from: they followed.
                "{mv}: the {} that followed {} kept as a variation (⑂ in the move list)",
                crate::words::count(ahead, "ply", "plies"),
                if ahead == 1 { "is" } else { "are" }
            ));
        }
        self.picker.forget_click();
        // A move half built on the board (a stack lifted) is of the position before.
        self.picker.cancel();
        // Whatever was being typed no longer fits the position.
        self.input.clear();
        self.keep(ctx);
        if let Some(token) = self.position().result().ptn() {
            ctx.info(format!("{}: {token}", self.position().result()));
            // Nothing more to type: the keys for what comes next are on the board.
            self.focus = Focus::Board;
        }
    }

    /// Takes back the last ply.
    ///
    /// Against the computer, back to the person's last move: the computer's reply (or its
    /// thinking) goes too, so the person plays again. Refused after a loss on time (see
    /// [`PlayScreen::undo_refused`]).
    pub fn undo(&mut self, ctx: &mut Context) {
        self.picker.cancel();
        if let Some(why) = self.undo_refused() {
            ctx.error(why);
            return;
        }
        self.stop_opponent();
        let len = self.driver.session().record().plies().len();
        let chosen = self.driver.session().chosen_ending();
        // Against a program, the person's last move (its replies after it go too); between
        // people, the last ply; a game between programs, watched, the last ply too.
        let asked = match self.person_alone() {
            _ if chosen.is_some() => self.driver.take_back_at_board(0, ctx.now),
            Some(person) => self
                .driver
                .ask_takeback(person, Takeback::ToMyMove, ctx.now),
            None if self.players.iter().all(|(_, p)| p.is_program()) => {
                self.driver.take_back_at_board(1, ctx.now)
            }
            None => {
                let last = !self.position().to_move();
                self.driver.ask_takeback(last, Takeback::LastPly, ctx.now)
            }
        };
        let taken = match asked {
            Ok(events) => events.iter().find_map(|event| match event {
                DriverEvent::TookBack { plies } => Some(*plies),
                _ => None,
            }),
            Err(Refused::NothingToTakeBack) if len > 0 => {
                ctx.error(NOTHING_OF_YOURS);
                return;
            }
            Err(Refused::TimeRanOut(_) | Refused::NothingToTakeBack) => None,
            Err(why) => {
                ctx.error(why.to_string());
                return;
            }
        };
        match (taken, chosen) {
            (Some(0), Some(ended_by)) => {
                // Only the resignation (or the agreed draw) goes: the game is as it was before
                // it. The clocks stay stopped (no ply was taken back, so no increment comes
                // off) until p.
                self.keep(ctx);
                ctx.info(if self.paused() {
                    format!("{ended_by} is taken back: p starts the clocks")
                } else {
                    format!("{ended_by} is taken back: play on")
                });
            }
            (Some(taken), _) if taken > 0 => {
                self.keep(ctx);
                if ctx.status.is_none() {
                    let plies = if taken == 1 {
                        "a ply".to_owned()
                    } else {
                        format!("{taken} plies")
                    };
                    ctx.info(format!(
                        "took back {plies} ({} to redo: U)",
                        self.driver.session().redo_len()
                    ));
                }
            }
            _ => ctx.error("nothing to undo"),
        }
        self.refresh_threats();
        self.wake_opponent(ctx.now);
    }

    /// Why undo would be refused now, if it would: after a loss on time the loser's clock is
    /// at zero, so the game taken back would be lost again at once (unless it goes back to
    /// its start, where the clocks start afresh).
    #[must_use]
    pub fn undo_refused(&self) -> Option<String> {
        let last = !self.position().to_move();
        match self.driver.takeback_refused(last, Takeback::LastPly) {
            Err(Refused::TimeRanOut(loser)) => Some(format!(
                "{}'s time ran out: taking plies back gives no time back (n starts a new game)",
                self.driver.session().player(loser)
            )),
            _ => None,
        }
    }

    /// Plays again what was taken back: against the computer, its reply too, as undo took
    /// both.
    pub(super) fn redo(&mut self, ctx: &mut Context) {
        self.picker.cancel();
        let redone = self.driver.redo(ctx.now);
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
        } else if let Some(ended_by) = self.driver.session().chosen_ending()
            && self.driver.session().redo_len() > 0
        {
            ctx.error(format!("{ended_by} ended the game: u takes it back first"));
        } else {
            ctx.error("nothing to redo");
        }
    }
}
