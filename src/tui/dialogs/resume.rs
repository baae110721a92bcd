//! Resume the unfinished game left in the recovery file?

use ratatui::Frame;
use ratatui::crossterm::event::KeyEvent;
use ratatui::layout::Rect;
use ratatui::text::Line;

use super::{Effect, Reply, popup};
use crate::record::GameRecord;
use crate::tui::keys::{Binding, Key, KeyTable};
use crate::tui::theme::Theme;

/// What the resume dialog's keys ask for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ResumeIntent {
    /// Play the game on.
    Resume,
    /// Start a new game; the old one is kept aside.
    Decline,
}

/// The resume dialog's keys. Only `y` resumes: Enter, typed blindly, must not choose.
pub const RESUME: KeyTable<ResumeIntent> = KeyTable {
    title: "Resume?",
    bindings: &[
        Binding::new(&[Key::Char('y')], ResumeIntent::Resume, "y", "resume it").bar("resume it"),
        Binding::new(
            &[Key::Char('n'), Key::Esc],
            ResumeIntent::Decline,
            "n",
            "start a new game",
        )
        .bar("start a new game"),
    ],
};

/// The game offered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResumeDialog {
    record: Box<GameRecord>,
}

impl ResumeDialog {
    /// Offers `record`.
    #[must_use]
    pub fn new(record: GameRecord) -> ResumeDialog {
        ResumeDialog {
            record: Box::new(record),
        }
    }

    /// Handles a key.
    pub fn handle_key(&mut self, key: &KeyEvent) -> Reply {
        match RESUME.intent(key) {
            Some(ResumeIntent::Resume) => Reply::Then(Effect::Resume(self.record.clone())),
            Some(ResumeIntent::Decline) => Reply::Then(Effect::DeclineResume),
            None => Reply::Stay,
        }
    }

    /// Draws the dialog.
    pub fn render(&self, frame: &mut Frame<'_>, area: Rect, theme: Theme) {
        let position = self.record.position();
        let n = position.size().get();
        let lines = vec![
            Line::from("An unfinished game was left when tak last stopped:"),
            Line::from(format!(
                "  {n} x {n}, {} plies, {} to move",
                self.record.plies().len(),
                position.to_move()
            )),
            Line::default(),
            popup::keys_line(&RESUME, theme),
        ];
        popup::draw(frame, area, " Resume? ", lines, 60, theme);
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_key_asks_for_its_own_binding() {
        crate::tui::keys::check_table(&super::RESUME).unwrap();
    }
}
