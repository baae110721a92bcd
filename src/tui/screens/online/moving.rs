//! Moves picked on an online game's board, as at the board: the cursor, placing, stacks
//! moved a step at a time with the play screen's move builder, and moves typed in PTN. Each
//! goes to the game, which checks it by the rules and sends it.

use super::OnlineBoard;
use crate::notation::parse_move;
use crate::rules::{Direction, Move, Position, Role};
use crate::tui::context::Context;
use crate::tui::layout::{Layout, layout};
use crate::tui::screens::{BuildError, Focus, MoveBuilder, Outcome, PlayIntent as P, Step};
use crate::tui::text_field::TextField;

impl OnlineBoard {
    /// An intent of the board's: the cursor, placing, moving a stack, typing.
    pub(super) fn board_intent(&mut self, intent: P, ctx: &mut Context) -> Outcome {
        match intent {
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
            P::CancelMove => self.builder = None,
            P::TypeMoves => {
                self.builder = None;
                self.focus = Focus::Input;
            }
            _ => {}
        }
        self.after(ctx);
        Outcome::Stay
    }

    /// Plays our move: the game checks it and sends it. Whether it was played.
    fn play(&mut self, mv: Move, ctx: &mut Context) -> bool {
        match self.game.play(mv, ctx.now) {
            Ok(()) => {
                self.shown = None;
                ctx.info(format!("{mv} sent"));
                true
            }
            Err(why) => {
                ctx.error(format!("{mv}: {why}"));
                false
            }
        }
    }

    fn arrow(&mut self, direction: Direction, ctx: &mut Context) {
        if let Some(builder) = self.builder.take() {
            self.build_step(builder, ctx, |b, position| {
                b.set_direction(position, direction)
            });
            return;
        }
        if let Some(next) = self.cursor.step(direction, self.game.position().size()) {
            self.cursor = next;
        }
    }

    fn confirm(&mut self, ctx: &mut Context) {
        if let Some(builder) = self.builder.take() {
            self.build_step(builder, ctx, MoveBuilder::drop_all);
            return;
        }
        let position = self.game.position();
        if position.board().stack(self.cursor).is_empty() {
            self.play(Move::place(self.cursor, Role::Flat), ctx);
        } else {
            let carry = position.carry_max(self.cursor);
            self.pick_up(carry, ctx);
        }
    }

    fn count(&mut self, n: u8, ctx: &mut Context) {
        match self.builder.take() {
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
        match MoveBuilder::pick_up(self.game.position(), self.cursor, count) {
            Ok(builder) => self.builder = Some(builder),
            Err(error) => ctx.error(error.to_string()),
        }
    }

    /// One step of the move being built: a finished move is played.
    fn build_step(
        &mut self,
        mut builder: MoveBuilder,
        ctx: &mut Context,
        step: impl FnOnce(&mut MoveBuilder, &Position) -> Result<Step, BuildError>,
    ) {
        let position = self.game.position().clone();
        match step(&mut builder, &position) {
            Ok(Step::Building) => self.builder = Some(builder),
            Ok(Step::Done(mv)) => {
                if self.play(mv, ctx)
                    && let Some(end) = mv.targets(position.size()).last()
                {
                    self.cursor = end;
                }
            }
            Err(error) => {
                ctx.error(error.to_string());
                self.builder = Some(builder);
            }
        }
    }

    /// A key while typing a move.
    pub(super) fn typing(&mut self, intent: P, ctx: &mut Context) -> Outcome {
        match intent {
            P::Edit(edit) => self.input.edit(edit),
            P::ToBoard => self.focus = Focus::Board,
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
            P::Submit => self.submit(ctx),
            P::Quit => return self.leave(ctx),
            _ => ctx.info("your game is kept as it is played and saved when it ends"),
        }
        self.after(ctx);
        Outcome::Stay
    }

    /// The typed move, played.
    fn submit(&mut self, ctx: &mut Context) {
        let text = self.input.text().trim().to_owned();
        if text.is_empty() {
            return;
        }
        match parse_move(&text, self.game.position().size()) {
            Ok(mv) => {
                if self.play(mv, ctx) {
                    self.history.push(&text);
                    self.input.clear();
                    if self.game.is_over() {
                        self.focus = Focus::Board;
                    }
                }
            }
            Err(error) => ctx.error(format!("{text}: {}", error.syntax())),
        }
    }

    /// A mouse click: on a square, the cursor goes there; a second click there acts as
    /// Enter. A click anywhere takes the focus back to the board.
    pub fn click(&mut self, column: u16, row: u16, ctx: &mut Context) {
        if self.read_only() {
            return;
        }
        ctx.status = None;
        self.focus = Focus::Board;
        let (width, height) = ctx.area;
        let size = self.game.position().size();
        let Layout::Game(game) = layout(width, height, size).turned(ctx.turned) else {
            return;
        };
        let Some(square) = game.square_at(column, row) else {
            return;
        };
        if self.last_click == Some(square) && self.cursor == square && self.builder.is_none() {
            self.last_click = None;
            self.confirm(ctx);
        } else {
            self.cursor = square;
            self.last_click = Some(square);
        }
        self.after(ctx);
    }
}
