//! Leaving a game on the server for the lobby: resign it, or leave it to the server's clock
//! (the server keeps it a while for a player who comes back, and the game stays kept here).

use ratatui::Frame;
use ratatui::crossterm::event::KeyEvent;
use ratatui::layout::Rect;
use ratatui::text::Line;

use super::{Effect, Reply, popup};
use crate::tui::keys::{Binding, Key, KeyTable};
use crate::tui::theme::Theme;

/// The keys: resign and leave, leave, or stay.
pub const LEAVE_GAME: KeyTable<Option<bool>> = KeyTable {
    title: "Leave the game?",
    bindings: &[
        Binding::new(&[Key::Char('r')], Some(true), "r", "resign, then the lobby").bar("resign"),
        Binding::new(
            &[Key::Char('l')],
            Some(false),
            "l",
            "the lobby: the game goes on by the server's clock",
        )
        .bar("leave"),
        Binding::new(&[Key::Esc, Key::Char('n')], None, "Esc", "back to the game").bar("stay"),
    ],
};

/// Leave the game being played online? Asked on `q` during it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LeaveGameDialog;

impl LeaveGameDialog {
    /// Handles a key.
    #[must_use]
    pub fn handle_key(self, key: &KeyEvent) -> Reply {
        match LEAVE_GAME.intent(key) {
            Some(Some(resign)) => Reply::Then(Effect::LeaveGame { resign }),
            Some(None) => Reply::Close,
            None => Reply::Stay,
        }
    }

    /// Draws the dialog.
    pub fn render(self, frame: &mut Frame<'_>, area: Rect, theme: Theme) {
        let lines = vec![
            Line::from("The game goes on: resign it, or leave it?"),
            Line::styled(
                "Left, your clock runs on; the game stays kept, and `tak online` offers to go \
                 back to it while the server holds it.",
                theme.dim(),
            ),
            Line::default(),
            popup::keys_line(&LEAVE_GAME, theme),
        ];
        popup::draw(frame, area, " Leave the game? ", lines, 60, theme);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::keys::plain as key;
    use ratatui::crossterm::event::KeyCode;

    #[test]
    fn every_key_asks_for_its_own_binding() {
        crate::tui::keys::check_table(&LEAVE_GAME).unwrap();
    }

    #[test]
    fn r_resigns_l_leaves_and_esc_stays() {
        let dialog = LeaveGameDialog;
        assert_eq!(
            dialog.handle_key(&key(KeyCode::Char('r'))),
            Reply::Then(Effect::LeaveGame { resign: true })
        );
        assert_eq!(
            dialog.handle_key(&key(KeyCode::Char('l'))),
            Reply::Then(Effect::LeaveGame { resign: false })
        );
        assert_eq!(dialog.handle_key(&key(KeyCode::Esc)), Reply::Close);
    }
}
