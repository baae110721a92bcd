//! The lines under the board: the message line and the key bar.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};

use crate::tui::context::{Status, StatusKind};
use crate::tui::theme::Theme;

/// The message line: the message when there is one, else `otherwise` (what the screen has to
/// say at this moment). A long message wraps into the area given.
pub fn status(
    frame: &mut Frame<'_>,
    area: Rect,
    status: Option<&Status>,
    otherwise: Line<'static>,
    theme: Theme,
) {
    let line = match status {
        Some(status) => status_line(status, theme),
        None => otherwise,
    };
    frame.render_widget(Paragraph::new(line).wrap(Wrap { trim: true }), area);
}

/// A message as a line: errors marked `!`.
#[must_use]
pub fn status_line(status: &Status, theme: Theme) -> Line<'static> {
    match status.kind {
        StatusKind::Error => Line::from(vec![
            Span::styled("! ", theme.error()),
            Span::styled(status.text.clone(), theme.error()),
        ]),
        StatusKind::Info => Line::from(Span::styled(status.text.clone(), theme.good())),
    }
}

/// The key bar: `key what · key what ...`, from a key table's entries. When they do not all
/// fit, entries before the last two go (the last are help and quit, which must stay in view).
pub fn key_bar(frame: &mut Frame<'_>, area: Rect, entries: &[(&str, &str)], theme: Theme) {
    let mut entries = entries.to_vec();
    let mut line = keys_line(&entries, theme);
    while line.width() > usize::from(area.width) && entries.len() > 2 {
        entries.remove(entries.len() - 3);
        line = keys_line(&entries, theme);
    }
    frame.render_widget(Paragraph::new(line), area);
}

/// Keys and what they do, as one line.
#[must_use]
pub fn keys_line(entries: &[(&str, &str)], theme: Theme) -> Line<'static> {
    let dot = if theme.ascii { " | " } else { " · " };
    let mut spans = Vec::new();
    for (i, (key, what)) in entries.iter().enumerate() {
        if i > 0 {
            spans.push(Span::styled(dot, theme.dim()));
        }
        spans.push(Span::styled((*key).to_owned(), theme.heading()));
        if !what.is_empty() {
            spans.push(Span::raw(format!(" {what}")));
        }
    }
    Line::from(spans)
}
