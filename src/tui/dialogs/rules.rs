//! The rules, a page at a time, each with a small board (the pages are in `rules/pages.rs`).

mod pages;

use ratatui::Frame;
use ratatui::crossterm::event::KeyEvent;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

pub use pages::PAGE_COUNT;

use super::Reply;
use crate::tui::keys::{Binding, Key, KeyTable};
use crate::tui::theme::Theme;

/// What the rules pages' keys ask for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RulesIntent {
    /// The page before.
    Previous,
    /// The page after.
    Next,
    /// Back to the game.
    Close,
}

/// The rules pages' keys.
pub const RULES: KeyTable<RulesIntent> = KeyTable {
    title: "Rules",
    bindings: &[
        Binding::new(
            &[Key::Left, Key::Char('h'), Key::PageUp],
            RulesIntent::Previous,
            "Left/Right",
            "page",
        )
        .bar("page"),
        Binding::new(
            &[Key::Right, Key::Char('l'), Key::Char(' '), Key::PageDown],
            RulesIntent::Next,
            "Left/Right",
            "page",
        ),
        Binding::new(
            &[Key::Esc, Key::Char('r'), Key::Char('q'), Key::Enter],
            RulesIntent::Close,
            "Esc or r",
            "back to the game",
        )
        .bar("back to the game"),
    ],
};

/// The page shown.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RulesDialog {
    page: usize,
}

impl RulesDialog {
    /// The page shown (0-based).
    #[must_use]
    pub const fn page(&self) -> usize {
        self.page
    }

    /// Handles a key.
    pub fn handle_key(&mut self, key: &KeyEvent) -> Reply {
        match RULES.intent(key) {
            Some(RulesIntent::Previous) => self.page = self.page.saturating_sub(1),
            Some(RulesIntent::Next) => self.page = (self.page + 1).min(PAGE_COUNT - 1),
            Some(RulesIntent::Close) => return Reply::Close,
            None => {}
        }
        Reply::Stay
    }

    /// Draws the page.
    pub fn render(&self, frame: &mut Frame<'_>, area: Rect, theme: Theme) {
        // As the pages have always said it: "Left/Right: page   Esc or r: back to the game".
        let keys: Vec<String> = RULES
            .bar(|_| true)
            .iter()
            .map(|(key, what)| format!("{key}: {what}"))
            .collect();
        let keys = Line::from(Span::styled(keys.join("   "), theme.dim()));
        pages::draw(frame, area, theme, self.page, keys);
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_key_asks_for_its_own_binding() {
        crate::tui::keys::check_table(&super::RULES).unwrap();
    }
}
