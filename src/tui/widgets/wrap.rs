//! Lines wrapped at word boundaries to a width, keeping each word's style: text in the panel
//! and the dialogs is never cut mid-word. A continuation line keeps the first line's indent.

use ratatui::style::Style;
use ratatui::text::{Line, Span};

/// `lines` wrapped to `width` columns. Words longer than a whole line are cut, as nothing
/// else can be done with them.
#[must_use]
pub fn wrap(lines: Vec<Line<'static>>, width: u16) -> Vec<Line<'static>> {
    let width = usize::from(width).max(8);
    let mut out = Vec::with_capacity(lines.len());
    for line in lines {
        if line.width() <= width {
            out.push(line);
            continue;
        }
        out.extend(wrap_line(&line, width));
    }
    out
}

/// The words of a line, each with its style and whether a space came before it.
fn words(line: &Line<'static>) -> Vec<(String, Style, bool)> {
    let mut words = Vec::new();
    let mut space_before = false;
    for span in &line.spans {
        let style = line.style.patch(span.style);
        let mut word = String::new();
        for c in span.content.chars() {
            if c == ' ' {
                if !word.is_empty() {
                    words.push((std::mem::take(&mut word), style, space_before));
                }
                space_before = true;
            } else {
                word.push(c);
            }
        }
        if !word.is_empty() {
            words.push((word, style, space_before));
            space_before = false;
        }
    }
    words
}

fn wrap_line(line: &Line<'static>, width: usize) -> Vec<Line<'static>> {
    let text: String = line.spans.iter().map(|s| s.content.as_ref()).collect();
    let indent = text.len() - text.trim_start_matches(' ').len();
    let indent = indent.min(width / 2);
    let mut lines = Vec::new();
    let mut spans: Vec<Span<'static>> = vec![Span::raw(" ".repeat(indent))];
    let mut used = indent;
    for (word, style, space_before) in words(line) {
        let word: String = word.chars().take(width - indent).collect();
        let len = word.chars().count();
        let gap = usize::from(space_before && used > indent);
        if used + gap + len > width && used > indent {
            lines.push(Line::from(std::mem::take(&mut spans)));
            spans.push(Span::raw(" ".repeat(indent)));
            used = indent;
        } else if gap == 1 {
            spans.push(Span::raw(" "));
            used += 1;
        }
        used += len;
        spans.push(Span::styled(word, style));
    }
    lines.push(Line::from(spans));
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(lines: &[Line<'static>]) -> Vec<String> {
        lines
            .iter()
            .map(|l| l.spans.iter().map(|s| s.content.as_ref()).collect())
            .collect()
    }

    #[test]
    fn words_wrap_whole_with_the_indent_kept() {
        let line = Line::from(vec![
            Span::raw("  score 40 (25 for the board"),
            Span::styled(" + 15 left) to White", Style::new().bold()),
        ]);
        let wrapped = wrap(vec![line], 20);
        assert_eq!(
            text(&wrapped),
            ["  score 40 (25 for", "  the board + 15", "  left) to White"]
        );
        assert!(wrapped[2].spans.iter().any(|s| {
            s.content == "White"
                && s.style
                    .add_modifier
                    .contains(ratatui::style::Modifier::BOLD)
        }));
    }

    #[test]
    fn short_lines_are_left_alone() {
        let line = Line::from("  fits");
        assert_eq!(text(&wrap(vec![line], 20)), ["  fits"]);
    }
}
