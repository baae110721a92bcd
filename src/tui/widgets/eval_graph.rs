//! A game's evaluation over its plies, as a small chart of text lines for the panel: bars up
//! for White's advantage, down for Black's, one column for a ply (or a few, on long games),
//! the ply shown marked under it. Drawn in block characters, or `#` and `:` in ASCII.

use ratatui::style::Style;
use ratatui::text::{Line, Span};

use crate::tui::theme::Theme;

/// The chart's narrowest width in columns: it fits the narrowest panel.
pub const WIDTH: usize = 24;
/// Rows above the middle (and as many below).
const HALF: usize = 2;
/// Where the bars reach their full height: four flats (wins and losses are beyond).
const FULL_SCALE: i32 = 400;
/// Eighths of a cell, from empty to full, growing up from the bottom.
const UP: [char; 9] = [' ', '▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];

/// The chart of `values` (centiflats from White's side after each ply, index 0 the start;
/// `None` where not yet known), with the column of ply `shown` marked: at most `width`
/// columns (never fewer than [`WIDTH`]), one a ply while they fit.
#[must_use]
pub fn lines(
    values: &[Option<i32>],
    shown: usize,
    width: usize,
    theme: Theme,
) -> Vec<Line<'static>> {
    if values.is_empty() {
        return Vec::new();
    }
    let columns = values.len().min(width.max(WIDTH));
    // Each column stands for a run of plies: the last one known in it.
    let column_of = |ply: usize| ply * columns / values.len();
    let mut heights: Vec<Option<i32>> = vec![None; columns];
    for (ply, value) in values.iter().enumerate() {
        if let Some(value) = value {
            heights[column_of(ply)] = Some(*value);
        }
    }
    // In eighths of a cell: HALF rows of 8 each side.
    let reach = i32::try_from(HALF * 8).unwrap_or(16);
    let eighths: Vec<Option<i32>> = heights
        .iter()
        .map(|h| h.map(|v| (v.clamp(-FULL_SCALE, FULL_SCALE) * reach) / FULL_SCALE))
        .collect();
    let current = column_of(shown.min(values.len() - 1));
    let style = |column: usize| {
        if column == current {
            theme.heading()
        } else {
            Style::default()
        }
    };
    let mut lines = Vec::new();
    for row in 0..HALF * 2 {
        let mut spans = vec![Span::raw("  ")];
        for (column, value) in eighths.iter().enumerate() {
            let cell = value.map_or(' ', |e| cell(e, row, theme.ascii));
            spans.push(Span::styled(cell.to_string(), style(column)));
        }
        lines.push(Line::from(spans));
    }
    let mut marker = " ".repeat(current + 2);
    marker.push(if theme.ascii { '^' } else { '▲' });
    lines.push(Line::styled(marker, theme.heading()));
    lines
}

/// The character at `row` (0 the top) of a column whose bar is `eighths` high (negative:
/// downward from the middle).
fn cell(eighths: i32, row: usize, ascii: bool) -> char {
    let half = i32::try_from(HALF).unwrap_or(2);
    let row = i32::try_from(row).unwrap_or(0);
    if row < half {
        // Above the middle: the part of an upward bar in this row, from its bottom.
        let from_middle = half - 1 - row;
        let fill = (eighths - from_middle * 8).clamp(0, 8);
        match (ascii, fill) {
            (_, 0) => ' ',
            (true, 8) => '#',
            (true, _) => ':',
            (false, fill) => UP[usize::try_from(fill).unwrap_or(0)],
        }
    } else {
        // Below: a downward bar, in halves (the blocks that hang from a cell's top).
        let from_middle = row - half;
        let fill = (-eighths - from_middle * 8).clamp(0, 8);
        match (ascii, fill) {
            (_, 0) => ' ',
            (true, 6..) => '#',
            (true, _) => ':',
            (false, 6..) => '█',
            (false, 3..) => '▀',
            (false, _) => '▔',
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn theme(ascii: bool) -> Theme {
        Theme::plain(ascii)
    }

    fn text(lines: &[Line<'_>]) -> Vec<String> {
        lines
            .iter()
            .map(|l| l.spans.iter().map(|s| s.content.as_ref()).collect())
            .collect()
    }

    #[test]
    fn white_goes_up_black_goes_down_and_the_ply_shown_is_marked() {
        let values = [Some(0), Some(400), Some(-400), None, Some(100)];
        let rows = text(&lines(&values, 1, WIDTH, theme(false)));
        assert_eq!(rows.len(), 2 * HALF + 1);
        // Column 1 (+4 flats) is full above, empty below; column 2 the other way.
        assert_eq!(rows[0].chars().nth(3), Some('█'));
        assert_eq!(rows[1].chars().nth(3), Some('█'));
        assert_eq!(rows[2].chars().nth(3), Some(' '));
        assert_eq!(rows[2].chars().nth(4), Some('█'));
        assert_eq!(rows[3].chars().nth(4), Some('█'));
        assert_eq!(rows[0].chars().nth(4), Some(' '));
        // +1 flat: a quarter of the height, in the row next to the middle.
        assert_eq!(rows[1].chars().nth(6), Some('▄'));
        assert_eq!(rows[0].chars().nth(6), Some(' '));
        // Unknown: nothing drawn.
        assert!(rows.iter().take(4).all(|r| r.chars().nth(5) == Some(' ')));
        assert_eq!(rows[4], "   ▲");
    }

    #[test]
    fn a_long_game_is_squeezed_into_the_width_and_ascii_has_its_own_marks() {
        let values: Vec<Option<i32>> = (0..100).map(|i| Some(i * 10 - 500)).collect();
        let rows = text(&lines(&values, 99, WIDTH, theme(true)));
        assert!(rows.iter().all(|r| r.chars().count() <= WIDTH + 2));
        assert!(rows.iter().all(|r| r.is_ascii()));
        assert!(rows[4].ends_with('^'));
        assert_eq!(rows[4].len(), WIDTH + 2);
        // A wider panel: a column a ply while they fit, and no wider than asked.
        let rows = text(&lines(&values[..41], 40, 50, theme(true)));
        assert_eq!(rows[4].len(), 41 + 2, "{rows:?}");
        let rows = text(&lines(&values, 99, 50, theme(true)));
        assert_eq!(rows[4].len(), 50 + 2, "{rows:?}");
        // Never narrower than the narrowest.
        let rows = text(&lines(&values, 99, 3, theme(true)));
        assert_eq!(rows[4].len(), WIDTH + 2);
    }
}
