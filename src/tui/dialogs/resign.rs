//! Resign? Asked before the game is given up, since one key would otherwise end it.

use ratatui::Frame;
use ratatui::crossterm::event::KeyEvent;
use ratatui::layout::Rect;
use ratatui::text::Line;

use super::{Effect, Reply, popup};
use crate::rules::Color;
use crate::tui::keys::{Binding, Key, KeyTable};
use crate::tui::theme::Theme;

/// The resign dialog's keys: yes or no.
pub const CONFIRM_RESIGN: KeyTable<bool> = KeyTable {
    title: "Resign?",
    bindings: &[
        Binding::new(&[Key::Char('y')], true, "y", "resign").bar("resign"),
        Binding::new(&[Key::Char('n'), Key::Esc], false, "n/Esc", "play on").bar("play on"),
    ],
};

/// Who would resign, and what the record would say.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResignDialog {
    loser: Color,
    /// The loser as the game names them: "Ann (White)", or the colour alone.
    name: String,
    /// The winner, named the same way.
    winner: String,
    /// A game on a server: the resignation is sent, and cannot be taken back.
    online: bool,
}

impl ResignDialog {
    /// `loser` (named `name`) would resign.
    #[must_use]
    pub fn new(loser: Color, name: String, winner: String) -> ResignDialog {
        ResignDialog {
            loser,
            name,
            winner,
            online: false,
        }
    }

    /// For a game on a server: the resignation is sent there, and cannot be taken back.
    #[must_use]
    pub const fn online(mut self) -> ResignDialog {
        self.online = true;
        self
    }

    /// Who would resign.
    #[must_use]
    pub const fn loser(&self) -> Color {
        self.loser
    }

    /// Handles a key.
    #[must_use]
    pub fn handle_key(&self, key: &KeyEvent) -> Reply {
        match CONFIRM_RESIGN.intent(key) {
            Some(true) => Reply::Then(Effect::Resign(self.loser)),
            Some(false) => Reply::Close,
            None => Reply::Stay,
        }
    }

    /// Draws the dialog.
    pub fn render(&self, frame: &mut Frame<'_>, area: Rect, theme: Theme) {
        let token = match self.loser {
            Color::White => "0-1",
            Color::Black => "1-0",
        };
        let lines = vec![
            Line::from(format!(
                "{} resigns: {} wins, {token}.",
                self.name, self.winner
            )),
            Line::styled(
                if self.online {
                    "(sent to the server: it cannot be taken back.)"
                } else {
                    "(u takes it back, as any move.)"
                },
                theme.dim(),
            ),
            Line::default(),
            popup::keys_line(&CONFIRM_RESIGN, theme),
        ];
        popup::draw(frame, area, " Resign? ", lines, 50, theme);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::keys::plain as key;
    use ratatui::crossterm::event::KeyCode;

    #[test]
    fn every_key_asks_for_its_own_binding() {
        crate::tui::keys::check_table(&CONFIRM_RESIGN).unwrap();
    }

    #[test]
    fn y_resigns_and_n_or_esc_play_on() {
        let dialog = ResignDialog::new(Color::Black, "Bo (Black)".into(), "Ann (White)".into());
        assert_eq!(
            dialog.handle_key(&key(KeyCode::Char('y'))),
            Reply::Then(Effect::Resign(Color::Black))
        );
        assert_eq!(dialog.handle_key(&key(KeyCode::Char('n'))), Reply::Close);
        assert_eq!(dialog.handle_key(&key(KeyCode::Esc)), Reply::Close);
        assert_eq!(dialog.handle_key(&key(KeyCode::Char('x'))), Reply::Stay);
    }
}
