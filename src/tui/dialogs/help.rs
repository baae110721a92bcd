//! The help page: the keys of the screen below, made from its key tables, and notes. Longer
//! than the screen, it scrolls.

use ratatui::Frame;
use ratatui::crossterm::event::KeyEvent;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use super::{Reply, popup};
use crate::tui::keys::{Binding, HelpSection, Key, KeyTable};
use crate::tui::theme::Theme;
use crate::tui::widgets::wrap::wrap;

/// What the help page's keys ask for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum HelpIntent {
    /// Close the page.
    Close,
    /// Scroll by this many lines.
    Scroll(i16),
}

/// The help page's keys.
pub const HELP: KeyTable<HelpIntent> = KeyTable {
    title: "Help",
    bindings: &[
        Binding::new(
            &[
                Key::Char('?'),
                Key::F(1),
                Key::Char('q'),
                Key::Esc,
                Key::Enter,
            ],
            HelpIntent::Close,
            "? Esc",
            "close",
        )
        .bar("close"),
        Binding::new(
            &[Key::Down, Key::Char('j')],
            HelpIntent::Scroll(1),
            "Up Down",
            "scroll",
        )
        .bar("scroll"),
        Binding::new(
            &[Key::Up, Key::Char('k')],
            HelpIntent::Scroll(-1),
            "Up Down",
            "scroll",
        ),
        Binding::new(
            &[Key::PageDown, Key::Char(' ')],
            HelpIntent::Scroll(10),
            "PgUp PgDn",
            "scroll a page",
        ),
        Binding::new(
            &[Key::PageUp],
            HelpIntent::Scroll(-10),
            "PgUp PgDn",
            "scroll a page",
        ),
    ],
};

/// A help page: its title, sections, and how far it is scrolled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HelpDialog {
    title: String,
    sections: Vec<HelpSection>,
    scroll: u16,
}

impl HelpDialog {
    /// A page titled `title` with these sections.
    #[must_use]
    pub fn new(title: impl Into<String>, sections: Vec<HelpSection>) -> HelpDialog {
        HelpDialog {
            title: title.into(),
            sections,
            scroll: 0,
        }
    }

    /// The sections shown.
    #[must_use]
    pub fn sections(&self) -> &[HelpSection] {
        &self.sections
    }

    /// Handles a key.
    pub fn handle_key(&mut self, key: &KeyEvent) -> Reply {
        match HELP.intent(key) {
            Some(HelpIntent::Close) => Reply::Close,
            Some(HelpIntent::Scroll(by)) => {
                let last = self
                    .sections
                    .iter()
                    .map(|s| s.rows.len() + 1)
                    .sum::<usize>();
                let last = u16::try_from(last).unwrap_or(u16::MAX);
                self.scroll = self.scroll.saturating_add_signed(by).min(last);
                Reply::Stay
            }
            None => Reply::Stay,
        }
    }

    /// The page's lines for a box `width` columns wide: a long row wraps under its text; a
    /// row without keys is a paragraph, as wide as the box.
    fn lines(&self, theme: Theme, width: u16) -> Vec<Line<'static>> {
        let mut lines = Vec::new();
        for section in &self.sections {
            lines.push(Line::styled(section.title.clone(), theme.heading()));
            for (keys, what) in &section.rows {
                let keys = if keys.is_empty() {
                    "  ".to_owned()
                } else {
                    // A space after the keys however long they are.
                    format!("  {keys:<16} ")
                };
                let room = width.saturating_sub(keys.chars().count() as u16);
                let text = wrap(vec![Line::from(what.clone())], room);
                for (i, line) in text.into_iter().enumerate() {
                    let lead = if i == 0 {
                        keys.clone()
                    } else {
                        " ".repeat(keys.chars().count())
                    };
                    let mut spans = vec![Span::styled(lead, theme.heading())];
                    spans.extend(line.spans);
                    lines.push(Line::from(spans));
                }
            }
        }
        lines
    }

    /// Draws the page: as much as fits, from the scrolled line, with the keys at its foot.
    pub fn render(&self, frame: &mut Frame<'_>, area: Rect, theme: Theme) {
        let width = area.width.min(80);
        let all = self.lines(theme, width.saturating_sub(2));
        let rect = popup::centred(area, width, all.len() as u16 + 3);
        // Room for the lines inside the border, less the keys' line.
        let room = usize::from(rect.height.saturating_sub(3));
        let last_start = all.len().saturating_sub(room);
        let start = usize::from(self.scroll).min(last_start);
        let lines: Vec<Line<'static>> = all.into_iter().skip(start).take(room).collect();
        let mut keys = popup::keys_line(&HELP, theme);
        if start < last_start {
            keys.spans.push(Span::styled(
                format!("   {} more lines", last_start - start),
                theme.dim(),
            ));
        }
        let inner = popup::frame(frame, rect, &self.title, theme);
        let text = Rect::new(
            inner.x,
            inner.y,
            inner.width,
            inner.height.saturating_sub(1),
        );
        frame.render_widget(Paragraph::new(lines), text);
        let foot = Rect::new(inner.x, inner.y + text.height, inner.width, 1);
        frame.render_widget(
            Paragraph::new(crate::tui::widgets::wrap::unglued(keys)),
            foot,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::keys::HelpSection;

    #[test]
    fn every_key_asks_for_its_own_binding() {
        crate::tui::keys::check_table(&super::HELP).unwrap();
    }

    #[test]
    fn a_row_without_keys_is_a_paragraph_as_wide_as_the_box() {
        let section = HelpSection {
            title: "Lesson".to_owned(),
            rows: vec![
                (String::new(), "word ".repeat(20)),
                ("H".to_owned(), "a hint".to_owned()),
            ],
        };
        let dialog = HelpDialog::new(" Help ", vec![section]);
        let text: Vec<String> = dialog
            .lines(Theme::plain(false), 40)
            .iter()
            .map(|line| line.spans.iter().map(|s| s.content.as_ref()).collect())
            .collect();
        assert!(text[1].starts_with("  word word"), "{text:?}");
        assert!(text[2].starts_with("  word"), "wrapped under it: {text:?}");
        let keyed = format!("  {:<17}a hint", "H");
        assert_eq!(text.last(), Some(&keyed), "a key keeps its column");
    }

    #[test]
    fn keys_wider_than_their_column_are_still_followed_by_a_space() {
        let section = HelpSection {
            title: "The notation".to_owned(),
            rows: vec![(
                "c2+  c2-  c2<  c2>".to_owned(),
                "the stack moves".to_owned(),
            )],
        };
        let dialog = HelpDialog::new(" Help ", vec![section]);
        let line: String = dialog.lines(Theme::plain(false), 60)[1]
            .spans
            .iter()
            .map(|s| s.content.as_ref())
            .collect();
        assert_eq!(line, "  c2+  c2-  c2<  c2> the stack moves");
    }
}
