//! The update: what each action does to the app.

use std::path::PathBuf;

use super::action::Action;
use super::app::{App, Focus, NewGameForm, Overlay};
use super::builder::{BuildError, MoveBuilder, Step};
use super::layout::{Layout, layout};
use super::recovery;
use super::text_field::TextField;
use crate::notation::parse_move;
use crate::record::save_ptn;
use crate::rules::{Direction, Move, Position, Role};

impl App {
    /// Carries out one action.
    ///
    /// # Panics
    ///
    /// On [`Action::TestPanic`] when the test panic is enabled: that is its purpose.
    pub fn update(&mut self, action: Action) {
        self.apply(action);
        self.refresh_threats();
        // In a match, a game that has just ended is filed (and saved) at once, then the way on
        // to the next is shown.
        let unfiled = self.matchup.as_ref().is_some_and(|m| !m.filed);
        if unfiled && self.overlay.is_none() && self.position().is_over() {
            self.file_match_game();
            self.overlay = Some(Overlay::MatchGameOver);
        }
    }

    fn apply(&mut self, action: Action) {
        match action {
            Action::Resize(columns, rows) => {
                self.area = (columns, rows);
                return;
            }
            Action::TestPanic if self.options.test_panic => panic!("test panic requested"),
            Action::Tick => {
                if let Some(replay) = self.replay.as_mut() {
                    replay.tick(self.session.record());
                    self.follow_last_move();
                }
                return;
            }
            _ => {}
        }
        // While the screen says "terminal too small", nothing can be seen: only quitting works.
        let (columns, rows) = self.area;
        if let Layout::TooSmall(..) = layout(columns, rows, self.position().size()) {
            if action == Action::Quit {
                self.quit = true;
            }
            return;
        }
        if let Some(overlay) = self.overlay.take() {
            self.overlay_action(overlay, action);
            return;
        }
        self.status = None;
        self.hint = None;
        if self.replay.is_some() {
            self.replay_action(action);
            return;
        }
        match self.focus {
            Focus::Board => self.board_action(action),
            Focus::Input => self.input_action(action),
        }
    }

    fn board_action(&mut self, action: Action) {
        match action {
            Action::Arrow(direction) => self.arrow(direction),
            Action::Place(role) => {
                self.builder = None;
                self.play(Move::place(self.cursor, role));
            }
            Action::Confirm => self.confirm(),
            Action::Digit(n) => self.digit(n),
            Action::Back => {
                if let Some(builder) = &mut self.builder
                    && !builder.back()
                {
                    self.builder = None;
                }
            }
            Action::Cancel => self.builder = None,
            Action::FocusInput => {
                self.builder = None;
                self.focus = Focus::Input;
            }
            Action::Click(column, row) => self.click(column, row),
            Action::ShowThreats => self.show_threats(),
            Action::ShowMoves => self.show_moves(),
            Action::ToggleLearn => {
                self.learn = !self.learn;
                self.info(if self.learn {
                    "learning mode on: moves marked +, threats named, refusals explained"
                } else {
                    "learning mode off (L: on)"
                });
            }
            _ => self.common_action(action),
        }
    }

    fn input_action(&mut self, action: Action) {
        match action {
            Action::Type(c) => self.input.insert(c),
            Action::Backspace => self.input.backspace(),
            Action::Delete => self.input.delete(),
            Action::Left => self.input.left(),
            Action::Right => self.input.right(),
            Action::Home => self.input.home(),
            Action::End => self.input.end(),
            Action::Submit => self.submit_typed(),
            Action::HistoryPrevious => {
                if let Some(text) = self.history.preceding(self.input.text()) {
                    self.input = TextField::with_text(text);
                }
            }
            Action::HistoryNext => {
                if let Some(text) = self.history.following() {
                    self.input = TextField::with_text(text);
                }
            }
            Action::FocusBoard | Action::Cancel => self.focus = Focus::Board,
            Action::Click(column, row) => {
                self.focus = Focus::Board;
                self.click(column, row);
            }
            _ => self.common_action(action),
        }
    }

    /// Actions that mean the same whatever has the focus.
    fn common_action(&mut self, action: Action) {
        match action {
            Action::Undo => self.undo(),
            Action::Redo => self.redo(),
            Action::Save => self.save(),
            Action::NewGame if self.matchup.is_some() => {
                self.info("in a match the games follow one another: finish this one first");
            }
            Action::NewGame => {
                let position = self.position();
                self.overlay = Some(Overlay::NewGame(NewGameForm {
                    size: position.size().get(),
                    komi: position.config().komi().halves(),
                    on_komi: false,
                }));
            }
            Action::Quit => self.quit(),
            Action::Help => self.overlay = Some(Overlay::Help),
            Action::Rules => self.overlay = Some(Overlay::Rules(0)),
            _ => {}
        }
    }

    fn arrow(&mut self, direction: Direction) {
        if let Some(builder) = self.builder.take() {
            self.build_step(builder, |b, position| b.set_direction(position, direction));
            return;
        }
        let size = self.position().size();
        if let Some(next) = self.cursor.step(direction, size) {
            self.cursor = next;
        }
    }

    fn confirm(&mut self) {
        if let Some(builder) = self.builder.take() {
            self.build_step(builder, MoveBuilder::drop_all);
            return;
        }
        let stack = self.position().board().stack(self.cursor);
        if stack.is_empty() {
            self.play(Move::place(self.cursor, Role::Flat));
        } else {
            let carry = self.position().carry_max(self.cursor);
            self.pick_up(carry);
        }
    }

    fn digit(&mut self, n: u8) {
        match self.builder.take() {
            Some(builder) if builder.direction().is_none() => {
                let from = builder.from();
                self.cursor = from;
                self.pick_up(n);
                if self.builder.is_none() {
                    self.builder = Some(builder);
                }
            }
            Some(builder) => self.build_step(builder, |b, position| b.drop(position, n)),
            None => self.pick_up(n),
        }
    }

    fn pick_up(&mut self, count: u8) {
        match MoveBuilder::pick_up(self.position(), self.cursor, count) {
            Ok(builder) => self.builder = Some(builder),
            Err(error) => self.error(error.to_string()),
        }
    }

    /// Takes one step of the move being built: a finished move is played, a refused step keeps
    /// the move as it was and says why.
    fn build_step(
        &mut self,
        mut builder: MoveBuilder,
        step: impl FnOnce(&mut MoveBuilder, &Position) -> Result<Step, BuildError>,
    ) {
        let position = self.position().clone();
        match step(&mut builder, &position) {
            Ok(step) => self.built(builder, step),
            Err(error) => {
                self.error(error.to_string());
                self.builder = Some(builder);
            }
        }
    }

    fn built(&mut self, builder: MoveBuilder, step: Step) {
        match step {
            Step::Building => self.builder = Some(builder),
            Step::Done(mv) => {
                self.builder = None;
                if self.play(mv) {
                    // The cursor follows the stack to where it ended.
                    let size = self.position().size();
                    if let Some(end) = mv.targets(size).last() {
                        self.cursor = end;
                    }
                }
            }
        }
    }

    fn click(&mut self, column: u16, row: u16) {
        let (width, height) = self.area;
        let Layout::Game(game) = layout(width, height, self.position().size()) else {
            return;
        };
        let Some(square) = game.square_at(column, row) else {
            return;
        };
        if self.last_click == Some(square) && self.cursor == square && self.builder.is_none() {
            self.last_click = None;
            self.confirm();
        } else {
            self.cursor = square;
            self.last_click = Some(square);
        }
    }

    fn submit_typed(&mut self) {
        let text = self.input.text().trim().to_owned();
        if text.is_empty() {
            return;
        }
        match parse_move(&text, self.position().size()) {
            Err(error) => self.error(error.to_string()),
            Ok(mv) => {
                if self.play(mv) {
                    self.history.push(&text);
                    self.input.clear();
                    return;
                }
            }
        }
        // Kept for correcting, but typing afresh replaces it.
        self.input.select_all();
    }

    /// Plays a move, explaining a refusal; `true` when played.
    pub(super) fn play(&mut self, mv: Move) -> bool {
        match self.session.play(mv) {
            Ok(()) => {
                self.last_click = None;
                // Whatever was being typed no longer fits the position.
                self.input.clear();
                self.after_change();
                if let Some(token) = self.position().result().ptn() {
                    self.info(format!("{}: {token}", self.position().result()));
                }
                true
            }
            Err(error) => {
                self.error(format!("{mv}: {error}{}", self.alternatives(mv.square)));
                false
            }
        }
    }

    pub(super) fn undo(&mut self) {
        self.builder = None;
        if self.session.undo() {
            self.after_change();
            if self.status.is_none() {
                self.info(format!(
                    "took back a ply ({} to redo: U)",
                    self.session.redo_len()
                ));
            }
        } else {
            self.error("nothing to undo");
        }
    }

    fn redo(&mut self) {
        self.builder = None;
        if self.session.redo() {
            self.after_change();
            if self.status.is_none() {
                self.info("played the ply again");
            }
        } else {
            self.error("nothing to redo");
        }
    }

    /// Makes the recovery file this app's: a game another session left there is moved aside
    /// under a name of its own, so nothing ever overwrites it.
    pub(super) fn claim_recovery(&mut self) {
        if self.recovery_claimed {
            return;
        }
        self.recovery_claimed = true;
        if let Some(path) = &self.recovery {
            match recovery::set_aside(path) {
                Ok(Some(aside)) => self.info(format!(
                    "an unfinished game left earlier is kept in {}",
                    aside.display()
                )),
                Ok(None) => {}
                Err(error) => {
                    self.error(format!("cannot move the old recovery file aside: {error}"));
                }
            }
        }
    }

    /// Keeps the recovery file in step with the game.
    pub(super) fn after_change(&mut self) {
        self.claim_recovery();
        let Some(path) = &self.recovery else {
            return;
        };
        let record = self.session.record();
        let result = if record.plies().is_empty() || record.position().is_over() {
            recovery::clear(path);
            Ok(())
        } else {
            recovery::write(path, record)
        };
        if let Err(error) = result {
            self.error(format!(
                "cannot write the recovery file {}: {error}",
                path.display()
            ));
        }
    }

    pub(super) fn save(&mut self) {
        match self.session.path() {
            Some(path) => {
                let path = path.to_path_buf();
                self.save_to(path);
            }
            None => {
                self.overlay = Some(Overlay::SaveAs(TextField::with_text(
                    &super::update_overlay::default_file_name(),
                )));
            }
        }
    }

    /// Saves to `path`; `false` (with the reason shown) when it cannot.
    pub(super) fn save_to(&mut self, path: PathBuf) -> bool {
        match save_ptn(&path, std::slice::from_ref(self.session.record())) {
            Ok(()) => {
                let shown = std::fs::canonicalize(&path).unwrap_or_else(|_| path.clone());
                self.info(format!("saved to {}", shown.display()));
                self.session.saved_at(path);
                if let Some(recovery) = &self.recovery {
                    recovery::clear(recovery);
                }
                true
            }
            Err(error) => {
                self.error(format!("cannot save to {}: {error}", path.display()));
                false
            }
        }
    }

    fn quit(&mut self) {
        if self.session.has_unsaved_game() {
            self.overlay = Some(Overlay::ConfirmQuit);
        } else {
            self.quit = true;
        }
    }
}
