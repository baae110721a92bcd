//! Pages of text with small diagrams drawn in characters, a page at a time: the rules of Kaen
//! and Locke (Tak's own pages draw their boards with the board widget instead).

use ratatui::Frame;
use ratatui::crossterm::event::KeyEvent;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use super::rules::{RULES, RulesIntent};
use super::{Reply, popup};
use crate::tui::theme::Theme;

/// One page: a title and its lines (text and diagrams).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TextPage {
    /// The title.
    pub title: &'static str,
    /// The lines.
    pub lines: &'static [&'static str],
}

/// A book of pages, one shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PagesDialog {
    title: &'static str,
    pages: &'static [TextPage],
    page: usize,
}

impl PagesDialog {
    /// The pages of `title`, from the first.
    #[must_use]
    pub const fn new(title: &'static str, pages: &'static [TextPage]) -> PagesDialog {
        PagesDialog {
            title,
            pages,
            page: 0,
        }
    }

    /// The page shown (0-based).
    #[must_use]
    pub const fn page(&self) -> usize {
        self.page
    }

    /// Handles a key (the keys of Tak's rules pages).
    pub fn handle_key(&mut self, key: &KeyEvent) -> Reply {
        match RULES.intent(key) {
            Some(RulesIntent::Previous) => self.page = self.page.saturating_sub(1),
            Some(RulesIntent::Next) => {
                self.page = (self.page + 1).min(self.pages.len().saturating_sub(1));
            }
            Some(RulesIntent::Close) => return Reply::Close,
            None => {}
        }
        Reply::Stay
    }

    /// Draws the page.
    pub fn render(&self, frame: &mut Frame<'_>, area: Rect, theme: Theme) {
        let Some(page) = self.pages.get(self.page) else {
            return;
        };
        let mut lines = vec![Line::from(Span::styled(page.title, theme.heading()))];
        lines.push(Line::default());
        lines.extend(page.lines.iter().map(|l| Line::from(*l)));
        lines.push(Line::default());
        let keys: Vec<String> = RULES
            .bar(|_| true)
            .iter()
            .map(|(key, what)| format!("{key}: {what}"))
            .collect();
        lines.push(Line::from(Span::styled(
            format!(
                "page {} of {}   {}",
                self.page + 1,
                self.pages.len(),
                keys.join("   ")
            ),
            theme.dim(),
        )));
        let title = format!(" {} ", self.title);
        popup::draw(frame, area, &title, lines, 76, theme);
    }
}
