//! A draw offered between two people at one keyboard: the other player answers it here.
//! (Against a program, the program answers: the play screen asks it.)

use ratatui::Frame;
use ratatui::crossterm::event::KeyEvent;
use ratatui::layout::Rect;
use ratatui::text::Line;

use super::{Effect, Reply, popup};
use crate::tui::keys::{Binding, Key, KeyTable};
use crate::tui::theme::Theme;

/// The draw offer's keys: the other player accepts or declines.
pub const ANSWER_DRAW: KeyTable<bool> = KeyTable {
    title: "A draw offered",
    bindings: &[
        Binding::new(&[Key::Char('y')], true, "y", "accept the draw").bar("accept"),
        Binding::new(
            &[Key::Char('n'), Key::Esc],
            false,
            "n/Esc",
            "decline: play on",
        )
        .bar("decline"),
    ],
};

/// Who offers a draw, and who answers: each named as the game names them ("Ann (White)").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DrawDialog {
    offerer: String,
    answerer: String,
}

impl DrawDialog {
    /// `offerer` offers a draw to `answerer`.
    #[must_use]
    pub fn new(offerer: String, answerer: String) -> DrawDialog {
        DrawDialog { offerer, answerer }
    }

    /// Handles a key: the answer.
    #[must_use]
    pub fn handle_key(&self, key: &KeyEvent) -> Reply {
        match ANSWER_DRAW.intent(key) {
            Some(true) => Reply::Then(Effect::AgreeDraw),
            Some(false) => Reply::Then(Effect::DeclineDraw),
            None => Reply::Stay,
        }
    }

    /// Draws the dialog.
    pub fn render(&self, frame: &mut Frame<'_>, area: Rect, theme: Theme) {
        let lines = vec![
            Line::from(format!("{} offers a draw.", self.offerer)),
            Line::from(format!("{}: accept? The game ends 1/2-1/2.", self.answerer)),
            Line::styled("(u takes an agreed draw back, as any move.)", theme.dim()),
            Line::default(),
            popup::keys_line(&ANSWER_DRAW, theme),
        ];
        popup::draw(frame, area, " A draw? ", lines, 50, theme);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::keys::plain as key;
    use ratatui::crossterm::event::KeyCode;

    #[test]
    fn every_key_asks_for_its_own_binding() {
        crate::tui::keys::check_table(&ANSWER_DRAW).unwrap();
    }

    #[test]
    fn y_accepts_and_n_or_esc_declines() {
        let dialog = DrawDialog::new("Ann (White)".into(), "Bo (Black)".into());
        let answer = |code| dialog.handle_key(&key(code));
        assert_eq!(answer(KeyCode::Char('y')), Reply::Then(Effect::AgreeDraw));
        assert_eq!(answer(KeyCode::Char('n')), Reply::Then(Effect::DeclineDraw));
        assert_eq!(answer(KeyCode::Esc), Reply::Then(Effect::DeclineDraw));
        assert_eq!(answer(KeyCode::Char('x')), Reply::Stay);
    }
}
