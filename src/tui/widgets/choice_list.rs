//! A list with one item chosen: as many lines as there is room for, scrolled so that the
//! chosen one shows, drawn highlighted. Dialogs and list screens share it.

use ratatui::style::Style;
use ratatui::text::Line;

use crate::tui::theme::Theme;

/// The lines of items `0..len` (`text` gives each), `chosen` highlighted, at most `room` of
/// them (at least one).
pub fn chosen_lines(
    len: usize,
    chosen: usize,
    room: usize,
    text: impl Fn(usize) -> String,
    theme: Theme,
) -> Vec<Line<'static>> {
    let room = room.max(1);
    let skip = chosen.saturating_sub(room - 1);
    (skip..len)
        .take(room)
        .map(|index| {
            let style = if index == chosen {
                theme.cursor()
            } else {
                Style::new()
            };
            Line::styled(text(index), style)
        })
        .collect()
}

/// `text` cut to `width` columns, its end marked (`…`, `~` in ASCII) when it was cut, so
/// that a long line says it goes on rather than ending mid-word.
#[must_use]
pub fn fit(text: String, width: u16, theme: Theme) -> String {
    let width = usize::from(width);
    if text.chars().count() <= width || width == 0 {
        return text;
    }
    let mut cut: String = text.chars().take(width - 1).collect();
    cut.push(if theme.ascii { '~' } else { '…' });
    cut
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_chosen_item_is_always_in_view() {
        let theme = Theme::plain(false);
        for chosen in 0..20 {
            let lines = chosen_lines(20, chosen, 5, |i| i.to_string(), theme);
            assert_eq!(lines.len(), 5);
            let shown: Vec<String> = lines.iter().map(ToString::to_string).collect();
            assert!(shown.contains(&chosen.to_string()), "{chosen}: {shown:?}");
        }
        assert_eq!(chosen_lines(3, 0, 0, |i| i.to_string(), theme).len(), 1);
    }

    #[test]
    fn a_long_line_is_cut_with_a_mark() {
        let theme = Theme::plain(true);
        assert_eq!(fit("a road in 3".into(), 8, theme), "a road ~");
        assert_eq!(fit("short".into(), 8, theme), "short");
    }
}
