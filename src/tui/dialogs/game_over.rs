//! The end of a game, hard to miss: who won and how, the flats and the score, and what next.

use ratatui::Frame;
use ratatui::crossterm::event::KeyEvent;
use ratatui::layout::Rect;
use ratatui::text::Line;

use super::{Effect, Reply, popup};
use crate::tui::keys::{Binding, Key, KeyTable};
use crate::tui::theme::Theme;

/// What the keys at the end of a game ask for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum GameOverIntent {
    /// Close, to look at the board.
    Close,
    /// Take the last ply back.
    Undo,
    /// A new game.
    NewGame,
    /// Save the game.
    Save,
    /// Save the game under a name asked for.
    SaveAs,
    /// Quit.
    Quit,
}

use GameOverIntent as G;

/// The keys at the end of a game.
pub const GAME_OVER: KeyTable<GameOverIntent> = KeyTable {
    title: "Game over",
    bindings: &[
        Binding::new(
            &[Key::Enter, Key::Esc, Key::Char(' ')],
            G::Close,
            "Enter",
            "see the board",
        )
        .bar("see the board"),
        Binding::new(&[Key::Char('u')], G::Undo, "u", "undo").bar("undo"),
        Binding::new(&[Key::Char('n')], G::NewGame, "n", "new game").bar("new game"),
        Binding::new(&[Key::Char('w'), Key::Ctrl('s')], G::Save, "w", "save").bar("save"),
        Binding::new(&[Key::Char('W')], G::SaveAs, "W", "save as").bar("save as"),
        Binding::new(&[Key::Char('q'), Key::Ctrl('c')], G::Quit, "q", "quit").bar("quit"),
    ],
};

/// How the game ended, as the panel says it.
#[derive(Clone, Debug, PartialEq)]
pub struct GameOverDialog {
    lines: Vec<Line<'static>>,
    /// Whether undo is offered (not after a loss on time, when it is refused).
    undo: bool,
}

impl GameOverDialog {
    /// Showing `lines` (from the ending widget).
    #[must_use]
    pub const fn new(lines: Vec<Line<'static>>) -> GameOverDialog {
        GameOverDialog { lines, undo: true }
    }

    /// Without undo among its keys (`u` then says why not).
    #[must_use]
    pub const fn offering_undo(mut self, offered: bool) -> GameOverDialog {
        self.undo = offered;
        self
    }

    /// Handles a key.
    pub fn handle_key(&mut self, key: &KeyEvent) -> Reply {
        match GAME_OVER.intent(key) {
            Some(G::Close) => Reply::Close,
            Some(G::Undo) => Reply::Then(Effect::Undo),
            Some(G::NewGame) => Reply::Then(Effect::AskNewGame),
            Some(G::Save) => Reply::Then(Effect::Save),
            Some(G::SaveAs) => Reply::Then(Effect::SaveAs),
            Some(G::Quit) => Reply::Then(Effect::AskQuit),
            None => Reply::Stay,
        }
    }

    /// Draws the dialog.
    pub fn render(&self, frame: &mut Frame<'_>, area: Rect, theme: Theme) {
        let mut lines = self.lines.clone();
        lines.push(Line::default());
        let shown = |binding: &Binding<GameOverIntent>| {
            self.undo || !matches!(binding.does, crate::tui::keys::Does::Intent(G::Undo))
        };
        lines.push(popup::keys_line_of(&GAME_OVER, shown, theme));
        popup::draw(frame, area, " Game over ", lines, 64, theme);
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_key_asks_for_its_own_binding() {
        crate::tui::keys::check_table(&super::GAME_OVER).unwrap();
    }
}
