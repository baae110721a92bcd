//! Moves picked on the board: the cursor, placing, and spreads built one key at a time (pick
//! up, steer, drop), or with the mouse (a second click on a square acts as Enter).

use super::{Focus, MoveBuilder, P, PlayIntent, PlayScreen, Step};
use crate::rules::{Direction, Move, Position, Role};
use crate::tui::context::Context;
use crate::tui::dialogs::{Dialog, NotationDialog};
use crate::tui::layout::{Layout, layout};
use crate::tui::screens::Outcome;

impl PlayScreen {
    /// An intent while the board has the focus.
    pub(super) fn board_intent(&mut self, intent: PlayIntent, ctx: &mut Context) -> Outcome {
        match intent {
            // On a turned or mirrored board the arrows go as the board is seen.
            P::Cursor(direction) => self.arrow(ctx.turned.on_board(direction), ctx),
            P::Place(role) => {
                self.builder = None;
                self.play(Move::place(self.cursor, role), ctx);
            }
            P::Confirm => self.confirm(ctx),
            P::Count(n) => self.count(n, ctx),
            P::StepBack => {
                if let Some(builder) = &mut self.builder
                    && !builder.back()
                {
                    self.builder = None;
                }
            }
            // Nothing being built: Esc stops a search for a forced road, if one runs.
            P::CancelMove if self.builder.is_none() => {
                self.stop_tinue(ctx);
            }
            P::CancelMove => self.builder = None,
            P::TypeMoves if self.driver.session().is_over() => {
                ctx.info("the game is over: nothing to type (u takes back, n starts anew)");
            }
            P::TypeMoves => {
                self.builder = None;
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

    fn arrow(&mut self, direction: Direction, ctx: &mut Context) {
        if let Some(builder) = self.builder.take() {
            self.build_step(builder, ctx, |b, position| {
                b.set_direction(position, direction)
            });
            return;
        }
        let size = self.position().size();
        if let Some(next) = self.cursor.step(direction, size) {
            self.cursor = next;
        }
    }

    fn confirm(&mut self, ctx: &mut Context) {
        if let Some(builder) = self.builder.take() {
            self.build_step(builder, ctx, MoveBuilder::drop_all);
            return;
        }
        let stack = self.position().board().stack(self.cursor);
        if stack.is_empty() {
            self.play(Move::place(self.cursor, Role::Flat), ctx);
        } else {
            let carry = self.position().carry_max(self.cursor);
            self.pick_up(carry, ctx);
        }
    }

    fn count(&mut self, n: u8, ctx: &mut Context) {
        match self.builder.take() {
            // Before a direction, a digit picks up that many instead.
            Some(builder) if builder.direction().is_none() => {
                self.cursor = builder.from();
                self.pick_up(n, ctx);
                if self.builder.is_none() {
                    self.builder = Some(builder);
                }
            }
            Some(builder) => self.build_step(builder, ctx, |b, position| b.drop(position, n)),
            None => self.pick_up(n, ctx),
        }
    }

    fn pick_up(&mut self, count: u8, ctx: &mut Context) {
        // A digit on an empty square is most likely a move typed on the board (`a1`): say
        // how digits work here, and where moves are typed.
        if self.position().board().stack(self.cursor).is_empty() {
            ctx.error(format!(
                "{} is empty: on the board a digit picks up that many from a stack (to type a \
                 move such as a1, press : or Tab first)",
                self.cursor
            ));
            return;
        }
        match MoveBuilder::pick_up(self.position(), self.cursor, count) {
            Ok(builder) => self.builder = Some(builder),
            Err(error) => ctx.error(error.to_string()),
        }
    }

    /// Takes one step of the move being built: a finished move is played, a refused step keeps
    /// the move as it was and says why.
    fn build_step(
        &mut self,
        mut builder: MoveBuilder,
        ctx: &mut Context,
        step: impl FnOnce(&mut MoveBuilder, &Position) -> Result<Step, super::BuildError>,
    ) {
        let position = self.position().clone();
        match step(&mut builder, &position) {
            Ok(Step::Building) => self.builder = Some(builder),
            Ok(Step::Done(mv)) => {
                self.builder = None;
                if self.play(mv, ctx) {
                    // The cursor follows the stack to where it ended.
                    if let Some(end) = mv.targets(position.size()).last() {
                        self.cursor = end;
                    }
                }
            }
            Err(error) => {
                ctx.error(error.to_string());
                self.builder = Some(builder);
            }
        }
    }

    /// A mouse click: on a square, the cursor goes there; a second click there acts as Enter.
    /// A click anywhere takes the focus back to the board.
    pub fn click(&mut self, column: u16, row: u16, ctx: &mut Context) -> Outcome {
        ctx.status = None;
        self.marked = None;
        self.focus = Focus::Board;
        let (width, height) = ctx.area;
        let Layout::Game(game) = layout(width, height, self.position().size()).turned(ctx.turned)
        else {
            return Outcome::Stay;
        };
        let Some(square) = game.square_at(column, row) else {
            return Outcome::Stay;
        };
        if self.last_click == Some(square) && self.cursor == square && self.builder.is_none() {
            self.last_click = None;
            let was_over = self.position().is_over();
            self.confirm(ctx);
            self.refresh_threats();
            return self.announce_end(was_over, Outcome::Stay, ctx);
        }
        self.cursor = square;
        self.last_click = Some(square);
        Outcome::Stay
    }
}
