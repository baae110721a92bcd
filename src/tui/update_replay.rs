//! What actions do while replaying a record.

use super::action::Action;
use super::app::{App, Overlay};
use super::layout::{Layout, layout};
use super::replay::goto_ply;
use super::text_field::TextField;
use super::view::ply_at;

impl App {
    /// An action while replaying. Any key stops autoplay (and does nothing else), except the
    /// speed keys.
    pub(super) fn replay_action(&mut self, action: Action) {
        let Some(replay) = self.replay.as_mut() else {
            return;
        };
        let record = self.session.record();
        if replay.autoplay().is_some() && !matches!(action, Action::Faster | Action::Slower) {
            replay.stop();
            return;
        }
        match action {
            Action::NextPly => replay.step(record, 1),
            Action::PreviousPly => replay.step(record, -1),
            // A full move: to the same player's next (or previous) ply.
            Action::NextMove => replay.step(record, 2),
            Action::PreviousMove => replay.step(record, -2),
            Action::First => replay.go(record, 0),
            Action::Last => replay.go(record, record.plies().len()),
            Action::Autoplay => replay.toggle_autoplay(record),
            Action::Faster => replay.faster(1),
            Action::Slower => replay.faster(-1),
            Action::Goto => self.overlay = Some(Overlay::Goto(TextField::default())),
            Action::PlayFromHere => {
                self.play_from_here();
                return;
            }
            Action::Click(column, row) => {
                self.replay_click(column, row);
                return;
            }
            Action::Quit => self.quit = true,
            Action::Help => self.overlay = Some(Overlay::Help),
            _ => {}
        }
        self.follow_last_move();
    }

    /// Puts the cursor (and so the inspector) on the last square the last move shown reached.
    pub(super) fn follow_last_move(&mut self) {
        if self.replay.is_none() {
            return;
        }
        let size = self.position().size();
        if let Some(square) = self.last_move().and_then(|mv| mv.targets(size).last()) {
            self.cursor = square;
        }
    }

    /// Turns the position shown into a hotseat game: the plies after it are dropped from the
    /// new game (the file is not changed).
    fn play_from_here(&mut self) {
        let Some(replay) = self.replay.take() else {
            return;
        };
        self.session.take_over(replay.ply());
        self.after_change();
        if self.position().is_over() {
            self.info("this position is already decided: undo (u) to play on from earlier");
        } else {
            self.info(format!(
                "playing on from ply {}: w saves to a new file, the original is unchanged",
                replay.ply()
            ));
        }
    }

    fn replay_click(&mut self, column: u16, row: u16) {
        let (width, height) = self.area;
        let Layout::Game(game) = layout(width, height, self.position().size()) else {
            return;
        };
        if let Some(square) = game.square_at(column, row) {
            self.cursor = square;
        } else if let Some(ply) = ply_at(self, game.panel, column, row)
            && let Some(replay) = self.replay.as_mut()
        {
            replay.go(self.session.record(), ply);
        }
    }

    /// Enter in the go-to field: go there, or keep the field open with the reason.
    pub(super) fn goto_submit(&mut self, field: TextField) {
        let start = self.session.record().start();
        if let Some(ply) = goto_ply(field.text(), start) {
            let total = self.session.record().plies().len();
            if ply > total {
                self.info(format!("the game has {total} plies: this is its end"));
            }
            if let Some(replay) = self.replay.as_mut() {
                replay.go(self.session.record(), ply);
            }
        } else {
            self.error(format!(
                "{:?} is not a move number: try 12 (after White's ply) or 12b",
                field.text()
            ));
            let mut field = field;
            field.select_all();
            self.overlay = Some(Overlay::Goto(field));
        }
    }
}
