//! The moves tried at a ply: the line's own and each variation's. Enter shows the chosen one;
//! d deletes a variation, asking first.

use ratatui::Frame;
use ratatui::crossterm::event::KeyEvent;
use ratatui::layout::Rect;
use ratatui::text::Line;

use super::{Effect, Reply, popup};
use crate::record::Alternative;
use crate::tui::keys::{Binding, Key, KeyTable};
use crate::tui::theme::Theme;
use crate::tui::widgets::choice_list::chosen_lines;
use crate::words::count;

/// What the list's keys ask for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum BranchesIntent {
    /// The move above.
    Up,
    /// The move below.
    Down,
    /// Show the chosen move's line.
    Show,
    /// Delete the chosen variation (asking first).
    Delete,
    /// Close the list.
    Close,
}

use BranchesIntent as B;

/// The list's keys.
pub const BRANCHES: KeyTable<BranchesIntent> = KeyTable {
    title: "Variations here",
    bindings: &[
        Binding::new(&[Key::Up, Key::Char('k')], B::Up, "Up/Down", "choose").bar("choose"),
        Binding::new(&[Key::Down, Key::Char('j')], B::Down, "Up/Down", "choose"),
        Binding::new(&[Key::Enter], B::Show, "Enter", "show its line").bar("show"),
        Binding::new(
            &[Key::Char('d'), Key::Delete],
            B::Delete,
            "d",
            "delete the variation (asks first)",
        )
        .bar("delete"),
        Binding::new(
            &[Key::Esc, Key::Char('b'), Key::Char('q')],
            B::Close,
            "Esc",
            "close",
        )
        .bar("close"),
    ],
};

/// The keys while a deletion waits to be confirmed.
const CONFIRM_DELETE: KeyTable<bool> = KeyTable {
    title: "Delete?",
    bindings: &[
        Binding::new(&[Key::Char('y')], true, "y", "delete it").bar("delete it"),
        Binding::new(
            &[Key::Char('n'), Key::Esc, Key::Char('q')],
            false,
            "n/Esc",
            "keep it",
        )
        .bar("keep it"),
    ],
};

/// The moves tried after the ply shown, one chosen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BranchesDialog {
    /// Where they are played: `12.` or `12...`.
    at: String,
    alternatives: Vec<Alternative>,
    /// The one of the line shown.
    shown: usize,
    selected: usize,
    /// A deletion of the chosen variation waits to be confirmed.
    confirming: bool,
}

impl BranchesDialog {
    /// The `alternatives` played at `at` (`12...`), `shown` the one the line shown plays.
    #[must_use]
    pub fn new(at: String, alternatives: Vec<Alternative>, shown: usize) -> BranchesDialog {
        BranchesDialog {
            at,
            alternatives,
            shown,
            selected: shown,
            confirming: false,
        }
    }

    /// Handles a key.
    pub fn handle_key(&mut self, key: &KeyEvent) -> Reply {
        if self.confirming {
            match CONFIRM_DELETE.intent(key) {
                Some(true) => {
                    let mv = self.alternatives[self.selected].mv;
                    return Reply::Then(Effect::DeleteBranch(mv));
                }
                Some(false) => self.confirming = false,
                None => {}
            }
            return Reply::Stay;
        }
        let last = self.alternatives.len().saturating_sub(1);
        match BRANCHES.intent(key) {
            Some(B::Up) => self.selected = self.selected.saturating_sub(1),
            Some(B::Down) => self.selected = (self.selected + 1).min(last),
            Some(B::Show) => {
                if let Some(chosen) = self.alternatives.get(self.selected) {
                    return Reply::Then(Effect::ShowBranch(chosen.mv));
                }
            }
            Some(B::Delete) => {
                self.confirming = self
                    .alternatives
                    .get(self.selected)
                    .is_some_and(|a| a.name.is_some());
            }
            Some(B::Close) => return Reply::Close,
            None => {}
        }
        Reply::Stay
    }

    /// One line for a move: the move, whose it is, and how long its line runs.
    fn line(&self, index: usize) -> String {
        let alternative = &self.alternatives[index];
        let whose = match (&alternative.name, &alternative.line) {
            (Some(name), _) => format!("variation {name}"),
            (None, Some(line)) => format!("in variation {line}"),
            (None, None) => "main line".to_owned(),
        };
        let shown = if index == self.shown { " (shown)" } else { "" };
        format!(
            "{} {:<8} {whose}, {}{shown}",
            self.at,
            alternative.mv.to_string(),
            count(alternative.length, "ply", "plies")
        )
    }

    /// Draws the dialog.
    pub fn render(&self, frame: &mut Frame<'_>, area: Rect, theme: Theme) {
        let mut lines = vec![
            Line::from(format!("Moves tried at {}", self.at)),
            Line::default(),
        ];
        let room = usize::from(area.height.saturating_sub(8));
        let len = self.alternatives.len();
        lines.extend(chosen_lines(
            len,
            self.selected,
            room,
            |i| self.line(i),
            theme,
        ));
        lines.push(Line::default());
        if self.confirming {
            let name = self.alternatives[self.selected]
                .name
                .clone()
                .unwrap_or_default();
            lines.push(Line::styled(
                format!("Delete variation {name} and every variation off it?"),
                theme.warning(),
            ));
            lines.push(popup::keys_line(&CONFIRM_DELETE, theme));
        } else {
            lines.push(popup::keys_line(&BRANCHES, theme));
        }
        popup::draw(frame, area, " Variations ", lines, 64, theme);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_move;
    use crate::rules::BoardSize;
    use crate::tui::keys::plain as key;
    use ratatui::crossterm::event::KeyCode;

    fn dialog() -> BranchesDialog {
        let mv = |t| parse_move(t, BoardSize::new(5).unwrap()).unwrap();
        let alternatives = vec![
            Alternative {
                mv: mv("c3"),
                name: None,
                line: None,
                length: 3,
            },
            Alternative {
                mv: mv("b2"),
                name: Some("2w1".into()),
                line: None,
                length: 4,
            },
        ];
        BranchesDialog::new("2.".into(), alternatives, 0)
    }

    #[test]
    fn every_key_asks_for_its_own_binding() {
        crate::tui::keys::check_table(&BRANCHES).unwrap();
        crate::tui::keys::check_table(&CONFIRM_DELETE).unwrap();
    }

    #[test]
    fn deleting_asks_first_and_only_variations_can_go() {
        let mut dialog = dialog();
        assert_eq!(dialog.handle_key(&key(KeyCode::Char('d'))), Reply::Stay);
        assert!(!dialog.confirming, "the line's own move is not a variation");
        dialog.handle_key(&key(KeyCode::Down));
        dialog.handle_key(&key(KeyCode::Char('d')));
        assert!(dialog.confirming);
        assert_eq!(dialog.handle_key(&key(KeyCode::Char('n'))), Reply::Stay);
        dialog.handle_key(&key(KeyCode::Char('d')));
        let Reply::Then(Effect::DeleteBranch(mv)) = dialog.handle_key(&key(KeyCode::Char('y')))
        else {
            panic!("y deletes");
        };
        assert_eq!(mv.to_string(), "b2");
    }

    #[test]
    fn enter_shows_the_chosen_line() {
        let mut dialog = dialog();
        dialog.handle_key(&key(KeyCode::Down));
        let Reply::Then(Effect::ShowBranch(mv)) = dialog.handle_key(&key(KeyCode::Enter)) else {
            panic!("Enter shows");
        };
        assert_eq!(mv.to_string(), "b2");
    }
}
