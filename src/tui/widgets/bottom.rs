//! The lines under the board: the message line and the key bar.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};

use crate::tui::context::{Context, Status, StatusKind};
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
    // On a single line a long message is cut with a mark, so it says it goes on.
    let line = if area.height <= 1 {
        one_line(line, area.width, theme)
    } else {
        line
    };
    frame.render_widget(Paragraph::new(line).wrap(Wrap { trim: true }), area);
}

/// `line` cut to `width` columns (a wide character counts two), its end marked (`…`, `~` in
/// ASCII) when it was cut.
#[must_use]
pub fn one_line(line: Line<'static>, width: u16, theme: Theme) -> Line<'static> {
    let width = usize::from(width);
    if line.width() <= width || width == 0 {
        return line;
    }
    let mut room = width - 1;
    let mut spans = Vec::new();
    let mut last_style = line.style;
    'spans: for span in line.spans {
        let mut kept = String::new();
        last_style = span.style;
        for ch in span.content.chars() {
            // Columns, not characters: a wide character takes two.
            let columns = Span::raw(ch.to_string()).width();
            if columns > room {
                spans.push(Span::styled(kept, span.style));
                break 'spans;
            }
            room -= columns;
            kept.push(ch);
        }
        spans.push(Span::styled(kept, span.style));
    }
    spans.push(Span::styled(
        if theme.ascii { "~" } else { "…" },
        last_style,
    ));
    Line::from(spans).style(line.style)
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

/// A screen's key bar ([`key_bar`]), or nothing while a dialog is open over the screen: its
/// keys do not work then, and the dialog shows its own at its foot.
pub fn screen_key_bar(frame: &mut Frame<'_>, area: Rect, entries: &[(&str, &str)], ctx: &Context) {
    if !ctx.dialog_open {
        key_bar(frame, area, entries, ctx.theme());
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

/// The key bar in up to `rows` rows of `width` columns, wrapped between entries (never inside
/// one): as many rows as it needs. When they do not all fit even so, entries before the last
/// two go, as in [`key_bar`].
#[must_use]
pub fn key_bar_rows(
    entries: &[(&str, &str)],
    width: u16,
    rows: usize,
    theme: Theme,
) -> Vec<Line<'static>> {
    let mut entries = entries.to_vec();
    let mut packed = pack(&entries, usize::from(width), theme);
    while packed.len() > rows.max(1) && entries.len() > 2 {
        entries.remove(entries.len() - 3);
        packed = pack(&entries, usize::from(width), theme);
    }
    packed
}

/// `entries` packed into rows of at most `width` columns, each row's entries as many as fit
/// (one at least).
fn pack(entries: &[(&str, &str)], width: usize, theme: Theme) -> Vec<Line<'static>> {
    let mut rows = Vec::new();
    let mut row: Vec<(&str, &str)> = Vec::new();
    for &entry in entries {
        row.push(entry);
        if row.len() > 1 && keys_line(&row, theme).width() > width {
            row.pop();
            rows.push(keys_line(&row, theme));
            row = vec![entry];
        }
    }
    if !row.is_empty() {
        rows.push(keys_line(&row, theme));
    }
    rows
}

/// The key bar's rows ([`key_bar_rows`]) drawn over `area`, one a line; nothing while a
/// dialog is open over the screen.
pub fn screen_key_bar_rows(
    frame: &mut Frame<'_>,
    area: Rect,
    rows: Vec<Line<'static>>,
    ctx: &Context,
) {
    if !ctx.dialog_open {
        frame.render_widget(Paragraph::new(rows), area);
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    fn theme(ascii: bool) -> Theme {
        Theme::plain(ascii)
    }

    fn text(line: &Line<'_>) -> String {
        line.spans.iter().map(|s| s.content.as_ref()).collect()
    }

    #[test]
    fn the_key_bar_wraps_between_entries_and_drops_only_when_out_of_rows() {
        let entries = [
            ("arrows", "move"),
            ("Enter", "pick/put"),
            ("H", "hint"),
            ("w", "save"),
            ("?", "help"),
            ("q", "quit"),
        ];
        let one = key_bar_rows(&entries, 80, 2, theme(false));
        assert_eq!(one.len(), 1);
        let two = key_bar_rows(&entries, 40, 2, theme(false));
        let texts: Vec<String> = two.iter().map(text).collect();
        assert_eq!(
            texts,
            [
                "arrows move · Enter pick/put · H hint",
                "w save · ? help · q quit"
            ]
        );
        // One row only: entries go from before help and quit, whole.
        let squeezed: Vec<String> = key_bar_rows(&entries, 40, 1, theme(false))
            .iter()
            .map(text)
            .collect();
        assert_eq!(squeezed, ["arrows move · ? help · q quit"]);
    }

    #[test]
    fn a_line_too_long_is_cut_with_a_mark_across_its_spans() {
        let line = Line::from(vec![Span::raw("! "), Span::raw("a message that goes on")]);
        let cut = one_line(line.clone(), 10, theme(false));
        assert_eq!(text(&cut), "! a messa…");
        assert_eq!(cut.width(), 10);
        assert_eq!(text(&one_line(line.clone(), 10, theme(true))), "! a messa~");
        assert_eq!(one_line(line.clone(), 24, theme(false)), line, "it fits");
        assert_eq!(text(&one_line(line, 1, theme(false))), "…");
        // Accents and marks take a column each, a wide character two.
        let wide = Line::from("né † 対局の記録");
        let cut = one_line(wide, 9, theme(false));
        assert_eq!(text(&cut), "né † 対…");
        assert!(cut.width() <= 9, "{}", cut.width());
    }
}
