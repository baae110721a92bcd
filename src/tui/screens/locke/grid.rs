//! The Locke board: five ranks of five squares, rank 5 at the top, the middle row marked on
//! both sides. A stack shows its owner (`W` White, `B` Black: readable without colour), a
//! colon and its height (`W:2`, never `b2`, which would read as a square); the squares a picked-up stack may reach are marked `+` (empty), `&` (join)
//! and `x` (capture).
//!
//! Drawn from explicit inputs ([`GridView`]) at a [`Zoom`].

use std::fmt::Write as _;

use ratatui::style::Modifier;
use ratatui::text::{Line, Span};

use crate::locke::{Board, Effect, Player, Square};
use crate::tui::theme::Theme;

/// What the board shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GridView {
    /// The stacks.
    pub board: Board,
    /// The cursor.
    pub cursor: Option<Square>,
    /// The stack picked up (or whose moves are shown).
    pub from: Option<Square>,
    /// Where it may go, and what that does.
    pub reach: Vec<(Square, Effect)>,
    /// Where the last turn ended.
    pub last: Option<Square>,
}

/// How big the board is drawn: 1, the usual, up to 3 on a big terminal (wider cells, and
/// more lines between ranks).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Zoom(pub usize);

/// Columns before the first cell: the rank's number, and the middle row's mark.
const LABEL: usize = 5;

impl Zoom {
    /// What a cell holds, between its brackets: `W:1`, or ` W:1  ` zoomed.
    const fn inside(self) -> usize {
        3 * self.0
    }

    /// A cell's columns: its brackets and a space after.
    const fn cell_width(self) -> usize {
        self.inside() + 3
    }

    /// The columns the board takes.
    #[must_use]
    pub const fn width(self) -> u16 {
        (LABEL + 5 * self.cell_width() + 1) as u16
    }

    /// The lines the board takes, the files' letters included.
    #[must_use]
    pub const fn height(self) -> u16 {
        (1 + 5 + 4 * self.0) as u16
    }
}

/// The board's lines: the files' letters, then ranks 5 to 1.
#[must_use]
pub fn lines(view: &GridView, theme: Theme, zoom: Zoom) -> Vec<Line<'static>> {
    // Each letter over the middle of its cell's inside.
    let middle = 1 + (zoom.inside() - 1) / 2;
    let mut letters = " ".repeat(LABEL);
    for file in ['a', 'b', 'c', 'd', 'e'] {
        let cell = format!("{}{file}", " ".repeat(middle));
        // Writing to a String cannot fail.
        let _ = write!(letters, "{cell:<width$}", width = zoom.cell_width());
    }
    let mut lines = vec![Line::from(Span::styled(
        letters.trim_end().to_owned(),
        theme.dim(),
    ))];
    for rank in (0..5).rev() {
        let middle = rank == 2;
        let edge = if middle { "=" } else { " " };
        let mut spans = vec![Span::styled(
            format!("  {edge}{} ", rank + 1),
            if middle { theme.warning() } else { theme.dim() },
        )];
        for file in 0..5 {
            if let Some(square) = Square::new(file, rank) {
                spans.push(cell(view, theme, square, zoom));
            }
        }
        if middle {
            spans.push(Span::styled("=", theme.warning()));
        }
        lines.push(Line::from(spans));
        if rank > 0 {
            lines.extend((0..zoom.0).map(|_| Line::default()));
        }
    }
    lines
}

fn cell(view: &GridView, theme: Theme, square: Square, zoom: Zoom) -> Span<'static> {
    let stack = view.board.at(square);
    let text = match stack {
        Some(stack) => {
            // Owner, colon, height: `W:2`, `B:1`; a letter beside a digit (`b1`) would read
            // as the name of a square.
            let letter = if stack.owner == Player::White {
                'W'
            } else {
                'B'
            };
            format!("{letter}:{}", stack.height)
        }
        None => ".".to_owned(),
    };
    // Centred in the inside: `W:1` and ` . ` as usual, `  W:1   ` zoomed.
    let inside = format!("{text:^width$}", width = zoom.inside());
    let reach = view
        .reach
        .iter()
        .find(|(s, _)| *s == square)
        .map(|(_, e)| *e);
    let (open, close) = if view.cursor == Some(square) {
        ('[', ']')
    } else if view.from == Some(square) {
        ('(', ')')
    } else {
        match reach {
            Some(Effect::Step) => ('+', ' '),
            Some(Effect::Combine(_)) => ('&', ' '),
            Some(Effect::Capture(_)) => ('x', ' '),
            _ => (' ', ' '),
        }
    };
    let mut style = match stack {
        Some(stack) => theme.player(stack.owner),
        None => theme.dim(),
    };
    if reach.is_some() {
        style = style.patch(theme.mark(crate::tui::Mark::Reach));
    }
    if view.last == Some(square) {
        style = style.add_modifier(Modifier::UNDERLINED);
    }
    if view.cursor == Some(square) {
        style = style.patch(theme.cursor());
    }
    Span::styled(format!("{open}{inside}{close} "), style)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_zoom_draws_within_the_size_it_claims() {
        let view = GridView {
            board: Board::default(),
            cursor: Some(Square::new(2, 2).expect("c3")),
            from: None,
            reach: Vec::new(),
            last: None,
        };
        for zoom in [Zoom(1), Zoom(2), Zoom(3)] {
            let lines = lines(&view, Theme::plain(false), zoom);
            assert_eq!(lines.len(), usize::from(zoom.height()), "{zoom:?}");
            let widest = lines.iter().map(Line::width).max().unwrap_or(0);
            assert!(widest <= usize::from(zoom.width()), "{zoom:?}: {widest}");
        }
    }
}
