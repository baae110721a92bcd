//! The line where moves and turns are typed: a prompt (`:` while idle, `>` while typing), the
//! text with the cursor in it, and what the text would do.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use crate::tui::text_field::TextField;
use crate::tui::theme::Theme;

/// Draws `field` in `area`: while it is empty and not `focused`, the prompt and `idle` (how
/// to start typing; nothing at all when `None`); otherwise the text and `preview` of it.
pub fn draw(
    frame: &mut Frame<'_>,
    area: Rect,
    field: &TextField,
    focused: bool,
    idle: Option<&str>,
    preview: impl FnOnce(&str) -> Span<'static>,
    theme: Theme,
) {
    let (prompt, prompt_style) = if focused {
        ("> ", theme.heading())
    } else {
        (": ", theme.dim())
    };
    let text = field.text();
    let mut spans = vec![Span::styled(prompt, prompt_style)];
    if text.is_empty() && !focused {
        let Some(idle) = idle else {
            return;
        };
        spans.push(Span::styled(idle.to_owned(), theme.dim()));
    } else {
        spans.push(Span::raw(text.to_owned()));
        spans.push(Span::raw("  "));
        spans.push(preview(text));
    }
    // A preview longer than the line is cut with a mark, so it says it goes on.
    let line = super::bottom::one_line(Line::from(spans), area.width, theme);
    frame.render_widget(Paragraph::new(line), area);
    if focused {
        let typed = u16::try_from(field.cursor()).unwrap_or(u16::MAX);
        let x = area.x.saturating_add(2).saturating_add(typed);
        frame.set_cursor_position((x.min(area.x + area.width.saturating_sub(1)), area.y));
    }
}
