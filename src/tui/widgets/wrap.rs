//! Lines wrapped at word boundaries to a width, keeping each word's style: text in the panel
//! and the dialogs is never cut mid-word. A continuation line keeps the first line's indent.
//!
//! An item that must not be broken (a key and what it does, a player's name and points, "2
//! minutes ago") is written with [`GLUE`] between its words ([`item`]): lines break between
//! items, never inside one, and the glue is drawn as a plain space.

use ratatui::style::Style;
use ratatui::text::{Line, Span};

/// A space that does not break: the words either side of it stay on one line.
pub const GLUE: char = '\u{a0}';

/// `text` as one item: its spaces glued, so that wrapping never breaks it.
#[must_use]
pub fn item(text: &str) -> String {
    text.replace(' ', &GLUE.to_string())
}

/// `lines` wrapped to `width` columns, glue drawn as spaces. Words (and items) longer than a
/// whole line are cut, as nothing else can be done with them.
#[must_use]
pub fn wrap(lines: Vec<Line<'static>>, width: u16) -> Vec<Line<'static>> {
    let width = usize::from(width).max(8);
    let mut out = Vec::with_capacity(lines.len());
    for line in lines {
        if line.width() <= width {
            out.push(unglued(line));
            continue;
        }
        out.extend(wrap_line(&line, width));
    }
    out
}

/// `line` with its glue drawn as spaces: for a line drawn without [`wrap`].
#[must_use]
pub fn unglued(mut line: Line<'static>) -> Line<'static> {
    for span in &mut line.spans {
        if span.content.contains(GLUE) {
            span.content = span.content.replace(GLUE, " ").into();
        }
    }
    line
}

/// A word: its pieces (a word may change style part way, as a key and what it does), and how
/// many spaces came before it.
struct Word {
    pieces: Vec<(String, Style)>,
    spaces: usize,
}

impl Word {
    fn width(&self) -> usize {
        self.pieces
            .iter()
            .map(|(text, _)| text.chars().count())
            .sum()
    }
}

/// The words of a line: runs of text between spaces, across spans.
fn words(line: &Line<'static>) -> Vec<Word> {
    let mut words = Vec::new();
    let mut spaces = 0;
    let mut pieces: Vec<(String, Style)> = Vec::new();
    for span in &line.spans {
        let style = line.style.patch(span.style);
        let mut piece = String::new();
        for c in span.content.chars() {
            if c == ' ' {
                if !piece.is_empty() {
                    pieces.push((std::mem::take(&mut piece), style));
                }
                if !pieces.is_empty() {
                    words.push(Word {
                        pieces: std::mem::take(&mut pieces),
                        spaces,
                    });
                    spaces = 0;
                }
                spaces += 1;
            } else {
                piece.push(if c == GLUE { ' ' } else { c });
            }
        }
        if !piece.is_empty() {
            pieces.push((piece, style));
        }
    }
    if !pieces.is_empty() {
        words.push(Word { pieces, spaces });
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
    for word in words(line) {
        let len = word.width().min(width - indent);
        // The spacing as written between words on one line; none at the start of a line.
        let gap = if used > indent { word.spaces } else { 0 };
        if used + gap + len > width && used > indent {
            lines.push(Line::from(std::mem::take(&mut spans)));
            spans.push(Span::raw(" ".repeat(indent)));
            used = indent;
        } else if gap > 0 {
            spans.push(Span::raw(" ".repeat(gap)));
            used += gap;
        }
        // Cut to a whole line when it is longer.
        let mut room = width - indent;
        for (text, style) in word.pieces {
            let kept: String = text.chars().take(room).collect();
            room -= kept.chars().count();
            spans.push(Span::styled(kept, style));
        }
        used += len;
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
    fn items_wrap_whole_and_their_glue_is_drawn_as_spaces() {
        let line = Line::from(vec![
            Span::styled("w", Style::new().bold()),
            Span::raw(item(" save")),
            Span::raw("   "),
            Span::styled("W", Style::new().bold()),
            Span::raw(item(" save as")),
            Span::raw("   "),
            Span::styled("q", Style::new().bold()),
            Span::raw(item(" quit")),
        ]);
        assert_eq!(
            text(&wrap(vec![line.clone()], 16)),
            ["w save", "W save as", "q quit"],
            "words of one item may change style; glue never breaks"
        );
        let keys = Line::from(vec![
            Span::raw(item("Computer (level 3) 0 points,")),
            Span::raw(" "),
            Span::raw(item("You 1 point")),
        ]);
        assert_eq!(
            text(&wrap(vec![keys.clone()], 30)),
            ["Computer (level 3) 0 points,", "You 1 point"]
        );
        assert_eq!(
            text(&wrap(vec![keys], 60)),
            ["Computer (level 3) 0 points, You 1 point"]
        );
        // Longer than a line: cut, as a word is.
        let long = Line::from(item("a very long item indeed"));
        assert_eq!(text(&wrap(vec![long], 10)), ["a very lon"]);
    }

    #[test]
    fn short_lines_are_left_alone() {
        let line = Line::from("  fits");
        assert_eq!(text(&wrap(vec![line], 20)), ["  fits"]);
    }
}
