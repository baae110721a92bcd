//! The Locke board: five ranks of five squares, rank 5 at the top, the middle row marked on
//! both sides. A stack shows its owner (`W` White, `b` Black: readable without colour) and
//! its height; the squares a picked-up stack may reach are marked `+` (empty), `&` (join)
//! and `x` (capture).
//!
//! Drawn from explicit inputs ([`GridView`]).

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

/// The board's lines: the files' letters, then ranks 5 to 1.
#[must_use]
pub fn lines(view: &GridView, theme: Theme) -> Vec<Line<'static>> {
    let mut lines = vec![Line::from(Span::styled(
        "       a     b     c     d     e",
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
                spans.push(cell(view, theme, square));
            }
        }
        if middle {
            spans.push(Span::styled("=", theme.warning()));
        }
        lines.push(Line::from(spans));
        if rank > 0 {
            lines.push(Line::default());
        }
    }
    lines
}

fn cell(view: &GridView, theme: Theme, square: Square) -> Span<'static> {
    let stack = view.board.at(square);
    let inside = match stack {
        Some(stack) => {
            let letter = if stack.owner == Player::White {
                'W'
            } else {
                'b'
            };
            format!("{letter}{:<2}", stack.height)
        }
        None => " . ".to_owned(),
    };
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
