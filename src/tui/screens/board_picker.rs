//! Moves picked on a board with keys and the mouse, for every screen with a board to play on
//! (the play screen, an online game): the cursor, placing, and spreads built one key at a
//! time (pick up, steer, drop) with [`MoveBuilder`], or with clicks (a second click on a
//! square acts as Enter).
//!
//! The picker only builds a move: it hands the whole move to its screen, which plays it
//! through its own driver (the play screen's game, an online game that sends it) and tells
//! the picker it was played, so that the cursor follows the stack. Nothing here knows a
//! rule: [`MoveBuilder`] checks each step against the rules' legal moves.

use super::{BuildError, MoveBuilder, PlayIntent, Step};
use crate::rules::{Direction, Move, Position, Role, Square};
use crate::tui::context::Context;
use crate::tui::layout::{Layout, layout};
use crate::tui::widgets::board::BoardView;

/// The board cursor, the move being built, and the square clicked last.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardPicker {
    cursor: Square,
    builder: Option<MoveBuilder>,
    /// The square clicked last: a second click there acts as Enter.
    last_click: Option<Square>,
}

/// What the picker made of a key or a click.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Picked {
    /// Nothing to play yet: the cursor moved, a stack was picked up or steered, or a step was
    /// refused (and said why).
    Nothing,
    /// A whole move, no longer being built: the screen plays it, then tells
    /// [`BoardPicker::played`] if it was.
    Move(Move),
}

impl BoardPicker {
    /// The cursor on `cursor`, nothing being built.
    #[must_use]
    pub const fn new(cursor: Square) -> BoardPicker {
        BoardPicker {
            cursor,
            builder: None,
            last_click: None,
        }
    }

    /// The board cursor.
    #[must_use]
    pub const fn cursor(&self) -> Square {
        self.cursor
    }

    /// The move being built with keys, if any.
    #[must_use]
    pub const fn builder(&self) -> Option<&MoveBuilder> {
        self.builder.as_ref()
    }

    /// The square the stack inspector shows: the one a stack is being moved from, else the
    /// cursor's.
    #[must_use]
    pub fn inspected(&self) -> Square {
        self.builder.as_ref().map_or(self.cursor, MoveBuilder::from)
    }

    /// Drops the move being built (another move was played, the game changed).
    pub fn cancel(&mut self) {
        self.builder = None;
    }

    /// Starts afresh with the cursor on `cursor`: for another game, whose board may be of
    /// another size.
    pub fn reset(&mut self, cursor: Square) {
        *self = BoardPicker::new(cursor);
    }

    /// Forgets the last click: the next click on the same square only moves the cursor.
    pub fn forget_click(&mut self) {
        self.last_click = None;
    }

    /// Carries out a board intent that is the picker's (the cursor, placing, picking up,
    /// steering and dropping, taking a step back, dropping the move being built) in
    /// `position`. `None` when the intent is not the picker's, for the screen to handle:
    /// among them Esc with nothing being built.
    pub fn intent(
        &mut self,
        intent: PlayIntent,
        position: &Position,
        ctx: &mut Context,
    ) -> Option<Picked> {
        let picked = match intent {
            // On a turned or mirrored board the arrows go as the board is seen.
            PlayIntent::Cursor(direction) => {
                self.arrow(ctx.turned.on_board(direction), position, ctx)
            }
            PlayIntent::Place(role) => {
                self.builder = None;
                Picked::Move(Move::place(self.cursor, role))
            }
            PlayIntent::Confirm => self.confirm(position, ctx),
            PlayIntent::Count(n) => self.count(n, position, ctx),
            PlayIntent::StepBack => {
                if let Some(builder) = &mut self.builder
                    && !builder.back()
                {
                    self.builder = None;
                }
                Picked::Nothing
            }
            PlayIntent::CancelMove if self.builder.is_some() => {
                self.builder = None;
                Picked::Nothing
            }
            _ => return None,
        };
        Some(picked)
    }

    /// A click at a terminal cell, the board drawn for `position` on a screen of `ctx.area`:
    /// on a square the cursor goes there, and a second click there acts as Enter. `None` when
    /// the click is off the board.
    pub fn click(
        &mut self,
        (column, row): (u16, u16),
        position: &Position,
        ctx: &mut Context,
    ) -> Option<Picked> {
        let (width, height) = ctx.area;
        let Layout::Game(game) = layout(width, height, position.size()).turned(ctx.turned) else {
            return None;
        };
        let square = game.square_at(column, row)?;
        if self.last_click == Some(square) && self.cursor == square && self.builder.is_none() {
            self.last_click = None;
            return Some(self.confirm(position, ctx));
        }
        self.cursor = square;
        self.last_click = Some(square);
        Some(Picked::Nothing)
    }

    /// The screen played `mv`, picked here: the cursor follows the stack to where it ended.
    pub fn played(&mut self, mv: Move, position: &Position) {
        if let Some(end) = mv.targets(position.size()).last() {
            self.cursor = end;
        }
    }

    /// Shows on `view` of `position` the move being built: the squares it can reach, the
    /// board as it would be, and the pieces in hand above the square they hover over.
    pub fn mark(&self, view: &mut BoardView, position: &Position) {
        let Some(builder) = &self.builder else {
            return;
        };
        view.marks.reach = builder.reachable(position);
        if let Some(preview) = builder.preview(position) {
            view.board = preview.board;
            view.marks.hand = preview.hover.map(|hover| (hover, preview.hand));
            view.marks.cursor = preview.hover.or(view.marks.cursor);
        }
    }

    fn arrow(&mut self, direction: Direction, position: &Position, ctx: &mut Context) -> Picked {
        if let Some(builder) = self.builder.take() {
            return self.build_step(builder, position, ctx, |b, position| {
                b.set_direction(position, direction)
            });
        }
        if let Some(next) = self.cursor.step(direction, position.size()) {
            self.cursor = next;
        }
        Picked::Nothing
    }

    fn confirm(&mut self, position: &Position, ctx: &mut Context) -> Picked {
        if let Some(builder) = self.builder.take() {
            return self.build_step(builder, position, ctx, MoveBuilder::drop_all);
        }
        if position.board().stack(self.cursor).is_empty() {
            return Picked::Move(Move::place(self.cursor, Role::Flat));
        }
        self.pick_up(position.carry_max(self.cursor), position, ctx);
        Picked::Nothing
    }

    fn count(&mut self, n: u8, position: &Position, ctx: &mut Context) -> Picked {
        match self.builder.take() {
            // Before a direction, a digit picks up that many instead.
            Some(builder) if builder.direction().is_none() => {
                self.cursor = builder.from();
                self.pick_up(n, position, ctx);
                if self.builder.is_none() {
                    self.builder = Some(builder);
                }
                Picked::Nothing
            }
            Some(builder) => {
                self.build_step(builder, position, ctx, |b, position| b.drop(position, n))
            }
            None => {
                self.pick_up(n, position, ctx);
                Picked::Nothing
            }
        }
    }

    fn pick_up(&mut self, count: u8, position: &Position, ctx: &mut Context) {
        // A digit on an empty square is most likely a move typed on the board (`a1`): say
        // how digits work here, and where moves are typed.
        if position.board().stack(self.cursor).is_empty() {
            ctx.error(format!(
                "{} is empty: on the board a digit picks up that many from a stack (to type a \
                 move such as a1, press : or Tab first)",
                self.cursor
            ));
            return;
        }
        match MoveBuilder::pick_up(position, self.cursor, count) {
            Ok(builder) => self.builder = Some(builder),
            Err(error) => ctx.error(error.to_string()),
        }
    }

    /// Takes one step of the move being built: a finished move is handed over, a refused
    /// step keeps the move as it was and says why.
    fn build_step(
        &mut self,
        mut builder: MoveBuilder,
        position: &Position,
        ctx: &mut Context,
        step: impl FnOnce(&mut MoveBuilder, &Position) -> Result<Step, BuildError>,
    ) -> Picked {
        match step(&mut builder, position) {
            Ok(Step::Building) => {
                self.builder = Some(builder);
                Picked::Nothing
            }
            Ok(Step::Done(mv)) => Picked::Move(mv),
            Err(error) => {
                ctx.error(error.to_string());
                self.builder = Some(builder);
                Picked::Nothing
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::store::Keeper;
    use crate::notation::{Tps, parse_move};
    use crate::tui::context::Options;
    use crate::tui::theme::Theme;

    fn ctx() -> Context {
        let options = Options {
            theme: Theme::plain(true),
            mouse: true,
            test_panic: false,
        };
        Context::new(options, Keeper::default())
    }

    /// A 4x4 position, White to move, with White's 2-stack on b2.
    fn position() -> Position {
        let tps: Tps = "x4/x4/x,21,x2/2,x2,1 1 4".parse().unwrap();
        tps.to_standard_position().unwrap()
    }

    fn mv(text: &str) -> Move {
        parse_move(text, position().size()).unwrap()
    }

    fn picker_on(square: &str) -> BoardPicker {
        BoardPicker::new(mv(square).square)
    }

    #[test]
    fn a_spread_built_with_keys_is_handed_over_whole_and_the_cursor_follows_it() {
        let (position, mut ctx) = (position(), ctx());
        let mut picker = picker_on("b2");
        let up = PlayIntent::Cursor(Direction::Up);
        assert_eq!(
            picker.intent(PlayIntent::Confirm, &position, &mut ctx),
            Some(Picked::Nothing)
        );
        assert!(picker.builder().is_some(), "b2 picked up");
        assert_eq!(
            picker.intent(up, &position, &mut ctx),
            Some(Picked::Nothing)
        );
        assert_eq!(
            picker.intent(PlayIntent::Count(1), &position, &mut ctx),
            Some(Picked::Nothing)
        );
        let handed = picker.intent(PlayIntent::Count(1), &position, &mut ctx);
        assert_eq!(handed, Some(Picked::Move(mv("2b2+11"))));
        assert!(picker.builder().is_none());
        // Played by the screen, the cursor goes where the stack ended.
        picker.played(mv("2b2+11"), &position);
        assert_eq!(picker.cursor(), mv("b4").square);
    }

    #[test]
    fn a_digit_on_an_empty_square_says_where_moves_are_typed() {
        let (position, mut ctx) = (position(), ctx());
        let mut picker = picker_on("c3");
        let answer = picker.intent(PlayIntent::Count(1), &position, &mut ctx);
        assert_eq!(answer, Some(Picked::Nothing));
        let said = ctx.status.map(|s| s.text).unwrap_or_default();
        assert!(
            said.starts_with("c3 is empty: on the board a digit"),
            "{said}"
        );
    }

    #[test]
    fn esc_with_nothing_built_and_other_keys_are_the_screens() {
        let (position, mut ctx) = (position(), ctx());
        let mut picker = picker_on("b2");
        assert_eq!(
            picker.intent(PlayIntent::CancelMove, &position, &mut ctx),
            None
        );
        assert_eq!(
            picker.intent(PlayIntent::TypeMoves, &position, &mut ctx),
            None
        );
        picker.intent(PlayIntent::Confirm, &position, &mut ctx);
        let dropped = picker.intent(PlayIntent::CancelMove, &position, &mut ctx);
        assert_eq!(dropped, Some(Picked::Nothing));
        assert!(picker.builder().is_none(), "Esc drops the move being built");
    }

    #[test]
    fn a_second_click_on_a_square_acts_as_enter() {
        let (position, mut ctx) = (position(), ctx());
        ctx.area = (100, 30);
        let Layout::Game(game) = layout(100, 30, position.size()) else {
            panic!("a game layout at 100x30");
        };
        // The cell at the middle of c3's square, wherever the layout draws it.
        let target = mv("c3").square;
        let cell = (0..100)
            .flat_map(|column| (0..30).map(move |row| (column, row)))
            .find(|&(column, row)| game.square_at(column, row) == Some(target))
            .expect("c3 is drawn");
        let mut picker = picker_on("a1");
        assert_eq!(
            picker.click(cell, &position, &mut ctx),
            Some(Picked::Nothing)
        );
        assert_eq!(picker.cursor(), target, "one click moves the cursor");
        let placed = picker.click(cell, &position, &mut ctx);
        assert_eq!(placed, Some(Picked::Move(Move::place(target, Role::Flat))));
        assert_eq!(
            picker.click((0, 0), &position, &mut ctx),
            None,
            "off the board"
        );
    }
}
