//! The promise of `--ascii`: nothing but ASCII reaches the terminal. Each widget draws its own
//! ASCII forms (the theme's marks, borders and ellipsis); this last pass over the finished
//! frame turns whatever else slipped through (a `·` in a message, an arrow in a help page)
//! into its nearest ASCII, so no text has to be written twice.

use ratatui::buffer::Buffer;

/// Turns every cell of `buffer` that is not ASCII into its nearest ASCII character.
pub fn fold(buffer: &mut Buffer) {
    for cell in &mut buffer.content {
        let symbol = cell.symbol();
        if symbol.is_ascii() {
            continue;
        }
        // The cell after a wide character is empty; shown narrow, it needs a space.
        let folded = if symbol.is_empty() {
            ' '
        } else {
            symbol.chars().next().map_or(' ', nearest)
        };
        cell.set_char(folded);
    }
}

/// The ASCII character nearest to `c` in look or meaning.
fn nearest(c: char) -> char {
    match c {
        // A symbol starting with a letter (a combining accent after it) keeps the letter.
        c if c.is_ascii() => c,
        // The theme's own ASCII forms: the last move's mark is `*`.
        '•' => '*',
        '·' | '∙' => '.',
        '…' => '~',
        '⑂' => '&',
        '†' => 'T',
        '×' | '✗' => 'x',
        '✓' | '✔' | '↓' | '▼' => 'v',
        '▶' | '►' | '→' | '»' => '>',
        '◀' | '◄' | '←' | '«' => '<',
        '↑' | '▲' => '^',
        '—' | '–' | '─' | '━' | '═' => '-',
        '│' | '┃' | '║' => '|',
        '┌' | '┐' | '└' | '┘' | '├' | '┤' | '┬' | '┴' | '┼' | '╭' | '╮' | '╰' | '╯' => {
            '+'
        }
        '‘' | '’' => '\'',
        '“' | '”' => '"',
        '█' | '▓' | '▒' | '░' => '#',
        _ => '?',
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::layout::Rect;

    #[test]
    fn every_cell_comes_out_ascii() {
        let mut buffer = Buffer::empty(Rect::new(0, 0, 12, 1));
        buffer.set_string(
            0,
            0,
            "a·b…c⑂▶中xe\u{301}•",
            ratatui::style::Style::default(),
        );
        fold(&mut buffer);
        let text: String = buffer
            .content
            .iter()
            .map(ratatui::buffer::Cell::symbol)
            .collect();
        assert!(text.is_ascii(), "{text}");
        assert_eq!(text, "a.b~c&>? xe*");
    }
}
