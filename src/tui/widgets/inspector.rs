//! The inspector: the whole stack on one square, top first, with the carry limit marked and
//! the stack's name in the language of Tak.

use ratatui::text::{Line, Span};

use crate::glossary;
use crate::rules::{Position, Square};
use crate::tui::theme::Theme;
use crate::words::count;

/// The most pieces listed; the rest are counted.
const SHOWN: usize = 6;

/// The inspector's lines for `square` of `position`, `width` columns wide.
#[must_use]
pub fn lines(position: &Position, square: Square, theme: Theme, width: u16) -> Vec<Line<'static>> {
    let stack = position.board().stack(square);
    let limit = u32::from(position.carry_max(square));
    let title = match stack.height() {
        0 => format!("{square}: empty"),
        1 => format!("{square}: 1 piece"),
        h => format!("{square}: {h} pieces, carry {limit}"),
    };
    let rule = if theme.ascii { "-" } else { "─" };
    let fill = (width as usize).saturating_sub(title.chars().count() + 4);
    let mut lines = vec![Line::from(vec![
        Span::styled(format!("{rule} {title} "), theme.heading()),
        Span::styled(rule.repeat(fill), theme.dim()),
    ])];
    // The language of Tak: what players call this stack, and who is held in it.
    if stack.height() > 1
        && let Some((captives, reserves)) = glossary::captives_and_reserves(stack)
    {
        let names: Vec<&str> = glossary::stack_names(stack, position.size().get())
            .iter()
            .map(|name| name.name())
            .collect();
        let mut text = format!(
            "  {}, {}",
            count(captives as usize, "captive", "captives"),
            count(reserves as usize, "reserve", "reserves")
        );
        if !names.is_empty() {
            text = format!("  {}: {}", names.join(", "), text.trim_start());
        }
        lines.push(Line::styled(text, theme.good()));
    }
    // Top first, as a stack is seen from above.
    let pieces: Vec<_> = stack.pieces().collect();
    let shown = pieces.len().min(SHOWN);
    for (depth, piece) in pieces.iter().rev().take(shown).enumerate() {
        let place = pieces.len() - depth;
        // The pieces that can be carried off together, counted from the top.
        let carry = if (depth as u32) < limit { " <" } else { "  " };
        lines.push(Line::from(vec![
            Span::raw(format!("  {place:>3} ")),
            Span::styled(
                format!("{} {:<8}", theme.glyph(*piece), piece.role.name()),
                theme.player(piece.color),
            ),
            Span::styled(carry, theme.dim()),
        ]));
    }
    if pieces.len() > shown {
        lines.push(Line::styled(
            format!("      ... {} more below", pieces.len() - shown),
            theme.dim(),
        ));
    }
    lines
}

/// What the marks mean, for learning mode: said where they appear.
#[must_use]
pub fn legend(position: &Position, square: Square, theme: Theme) -> Vec<Line<'static>> {
    let height = position.board().stack(square).height();
    let mut lines = Vec::new();
    if height > 0 {
        lines.push(Line::styled(
            "  < : the pieces that may be carried off",
            theme.dim(),
        ));
    }
    if height > 1 {
        lines.push(Line::styled(
            "  On the board, under a stack's top: its owners, bottom to top (1 White, 2 Black)",
            theme.dim(),
        ));
    }
    lines
}
