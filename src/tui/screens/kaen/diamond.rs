//! The Kaen board drawn as a diamond: the grid turned 45 degrees, `a1` at the bottom corner and
//! `d4` at the top, Earth along the two lower edges and Sky along the two upper ones. Each
//! player's rows are labelled on their side: Player 2's (the columns) on the left, Player 1's
//! (the rows) on the right, each label beside the row's Sky end.
//!
//! Drawn from explicit inputs ([`DiamondView`]) at a [`Zoom`], so that the same view always
//! draws the same.

use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};

use crate::kaen::{Board, Face, Player, Square};
use crate::tui::theme::Theme;

/// What the diamond shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiamondView {
    /// The stones.
    pub board: Board,
    /// The row the die allows, and whose.
    pub rolled: Option<(Player, Face)>,
    /// The square chosen to place on.
    pub cursor: Option<Square>,
    /// The squares of a bridge completed.
    pub bridge: Vec<Square>,
}

/// Columns left of the diamond, for Player 2's labels.
const MARGIN: usize = 10;

/// How big the diamond is drawn: 1, the usual, up to 3 on a big terminal (cells wider and
/// further apart, and lines between the diamond's rows).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Zoom(pub usize);

impl Zoom {
    /// Columns between neighbouring cells' starts on one line.
    const fn step(self) -> usize {
        3 * self.0
    }

    /// A cell's width: `[ ]`, or `[ 1 ]` zoomed.
    const fn cell_width(self) -> usize {
        1 + 2 * self.0
    }

    /// The columns the diamond takes, its labels included.
    #[must_use]
    pub const fn width(self) -> u16 {
        (MARGIN + 6 * self.step() + self.cell_width() + 8) as u16
    }

    /// The lines the diamond takes, Sky and Earth included.
    #[must_use]
    pub const fn height(self) -> u16 {
        (2 + 7 + 6 * (self.0 - 1)) as u16
    }
}

/// The diamond's lines, Sky first: at zoom 1, 9 lines of at most 44 columns.
#[must_use]
pub fn lines(view: &DiamondView, theme: Theme, zoom: Zoom) -> Vec<Line<'static>> {
    let mut lines = vec![centred("S K Y", theme.heading(), zoom)];
    for i in 0u8..7 {
        if i > 0 {
            lines.extend((1..zoom.0).map(|_| Line::default()));
        }
        lines.push(row_line(view, theme, i, zoom));
    }
    lines.push(centred("E A R T H", theme.heading(), zoom));
    lines
}

fn centred(text: &str, style: Style, zoom: Zoom) -> Line<'static> {
    let middle = MARGIN + 3 * zoom.step() + zoom.cell_width() / 2;
    let pad = middle.saturating_sub(text.len() / 2);
    Line::from(vec![
        Span::raw(" ".repeat(pad)),
        Span::styled(text.to_owned(), style),
    ])
}

/// Line `i` from the top: the squares whose column and row add up to `6 - i`.
fn row_line(view: &DiamondView, theme: Theme, i: u8, zoom: Zoom) -> Line<'static> {
    let sum = 6 - i;
    let mut spans: Vec<Span<'static>> = Vec::new();
    let mut used = 0;
    // The top four lines end rows: Player 2's row 4 - i on the left, Player 1's on the right.
    let label_row = (i < 4).then(|| 4 - i);
    if let Some(row) = label_row {
        let face = Face::from_number(row).unwrap_or(Face::Arex);
        let text = format!("{:>5} {row}", face.name());
        let style = label_style(view, theme, Player::Two, face);
        let start = cell_start(row - 1, 3, zoom).saturating_sub(text.len() + 1);
        spans.push(Span::raw(" ".repeat(start)));
        spans.push(Span::styled(text.clone(), style));
        used = start + text.len();
    }
    let first = sum.saturating_sub(3);
    let last = sum.min(3);
    for column in first..=last {
        let square = Square::new(column, sum - column);
        let start = cell_start(column, sum - column, zoom);
        spans.push(Span::raw(" ".repeat(start.saturating_sub(used))));
        spans.push(cell(view, theme, square, zoom));
        used = start + zoom.cell_width();
    }
    if let Some(row) = label_row {
        let face = Face::from_number(row).unwrap_or(Face::Arex);
        let style = label_style(view, theme, Player::One, face);
        spans.push(Span::styled(format!(" {row} {}", face.name()), style));
    }
    Line::from(spans)
}

/// Where the cell of (`column`, `row`) starts on its line.
fn cell_start(column: u8, row: u8, zoom: Zoom) -> usize {
    MARGIN + usize::from(column + 3 - row) * zoom.step()
}

fn label_style(view: &DiamondView, theme: Theme, player: Player, face: Face) -> Style {
    if view.rolled == Some((player, face)) {
        theme.warning().add_modifier(Modifier::BOLD)
    } else {
        theme.player(color(player)).add_modifier(Modifier::DIM)
    }
}

/// A player's stones take the colour of Tak's White (Player 1) or Black (Player 2).
const fn color(player: Player) -> crate::rules::Color {
    match player {
        Player::One => crate::rules::Color::White,
        Player::Two => crate::rules::Color::Black,
    }
}

fn cell(view: &DiamondView, theme: Theme, square: Square, zoom: Zoom) -> Span<'static> {
    let stone = view.board.at(square);
    let inside = match stone {
        Some(player) => char::from(b'0' + player.number()),
        None => ' ',
    };
    let in_row = view
        .rolled
        .is_some_and(|(player, face)| square.row_of(player) == face.number());
    let (open, close) = if view.cursor == Some(square) {
        ('>', '<')
    } else if view.bridge.contains(&square) {
        ('#', '#')
    } else if in_row {
        ('{', '}')
    } else {
        ('[', ']')
    };
    let mut style = match stone {
        Some(player) => theme.player(color(player)),
        None => theme.dim(),
    };
    if in_row {
        style = style.patch(theme.warning());
    }
    if view.cursor == Some(square) {
        style = theme.cursor();
    }
    if view.bridge.contains(&square) {
        style = style.patch(theme.good()).add_modifier(Modifier::BOLD);
    }
    let pad = " ".repeat(zoom.0 - 1);
    Span::styled(format!("{open}{pad}{inside}{pad}{close}"), style)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_zoom_draws_within_the_size_it_claims() {
        let view = DiamondView {
            board: Board::default(),
            rolled: None,
            cursor: None,
            bridge: Vec::new(),
        };
        for zoom in [Zoom(1), Zoom(2), Zoom(3)] {
            let lines = lines(&view, Theme::plain(false), zoom);
            assert_eq!(lines.len(), usize::from(zoom.height()), "{zoom:?}");
            let widest = lines.iter().map(Line::width).max().unwrap_or(0);
            assert!(widest <= usize::from(zoom.width()), "{zoom:?}: {widest}");
        }
    }
}
