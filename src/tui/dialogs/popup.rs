//! The box every dialog is drawn in: centred over the screen, cleared, titled, its lines
//! wrapped; and the line of keys at its foot.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Padding, Paragraph, Wrap};

use crate::tui::keys::KeyTable;
use crate::tui::theme::Theme;
use crate::tui::widgets::wrap::{item, wrap};

/// Draws `lines` in a box `width` columns wide (at most the screen's) centred over `area`, and
/// returns the box.
pub fn draw(
    frame: &mut Frame<'_>,
    area: Rect,
    title: &str,
    lines: Vec<Line<'static>>,
    width: u16,
    theme: Theme,
) -> Rect {
    // Wrapped here, so the box is as tall as the wrapped lines; a column kept free inside
    // the right border, so no text runs into it.
    let mut lines = wrap(lines, width.min(area.width).saturating_sub(3));
    // Too tall for the screen: the last line (a dialog's keys) stays, the lines above it give
    // way, so that what can be pressed is always seen.
    let room = usize::from(area.height.saturating_sub(2));
    if lines.len() > room
        && room >= 2
        && let Some(last) = lines.pop()
    {
        lines.truncate(room - 1);
        lines.push(last);
    }
    let rect = centred(area, width, lines.len() as u16 + 2);
    let block = Block::bordered()
        .padding(Padding::right(1))
        .border_set(theme.border())
        .title(Span::styled(title.to_owned(), theme.heading()));
    frame.render_widget(Clear, rect);
    frame.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .block(block),
        rect,
    );
    rect
}

/// Clears `rect` and draws an empty titled box there; returns the area inside its border.
pub fn frame(frame: &mut Frame<'_>, rect: Rect, title: &str, theme: Theme) -> Rect {
    let block = Block::bordered()
        .border_set(theme.border())
        .title(Span::styled(title.to_owned(), theme.heading()));
    let inner = block.inner(rect);
    frame.render_widget(Clear, rect);
    frame.render_widget(block, rect);
    inner
}

/// A `width` by `height` box (each at most `area`'s) in the middle of `area`.
#[must_use]
pub fn centred(area: Rect, width: u16, height: u16) -> Rect {
    let width = width.min(area.width);
    let height = height.min(area.height);
    Rect::new(
        area.x + (area.width - width) / 2,
        area.y + (area.height - height) / 2,
        width,
        height,
    )
}

/// A dialog's keys, from its table's key bar entries: `key what   key what`.
#[must_use]
pub fn keys_line<I: Copy>(table: &KeyTable<I>, theme: Theme) -> Line<'static> {
    keys_line_of(table, |_| true, theme)
}

/// The keys of `table` that are `shown`, as one line.
#[must_use]
pub fn keys_line_of<I: Copy>(
    table: &KeyTable<I>,
    shown: impl Fn(&crate::tui::keys::Binding<I>) -> bool,
    theme: Theme,
) -> Line<'static> {
    let mut spans = Vec::new();
    for (i, (key, what)) in table.bar(shown).into_iter().enumerate() {
        if i > 0 {
            spans.push(Span::raw("   "));
        }
        // A key and what it does are one item: a narrow box wraps between keys, never
        // inside one ("W save" / "as").
        spans.push(Span::styled(item(key), theme.heading()));
        spans.push(Span::raw(item(&format!(" {what}"))));
    }
    Line::from(spans)
}
