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
    let mut lines = vec![title(position, square, theme, width)];
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

/// The inspector in two lines, for a panel too short for [`lines`]: the title, then every
/// piece top first on one line (as many as `width` holds, the rest counted).
#[must_use]
pub fn compact(
    position: &Position,
    square: Square,
    theme: Theme,
    width: u16,
) -> Vec<Line<'static>> {
    let stack = position.board().stack(square);
    let mut lines = vec![title(position, square, theme, width)];
    if stack.is_empty() {
        return lines;
    }
    let mut spans = vec![Span::styled("  top ", theme.dim())];
    let pieces: Vec<_> = stack.pieces().rev().collect();
    // "  top " and a piece's two columns each, and room for "+N" should some not fit.
    let room = usize::from(width).saturating_sub(6 + 4) / 2;
    let shown = if pieces.len() * 2 + 6 <= usize::from(width) {
        pieces.len()
    } else {
        room
    };
    for piece in &pieces[..shown] {
        spans.push(Span::styled(
            format!("{} ", theme.glyph(*piece)),
            theme.player(piece.color),
        ));
    }
    if shown < pieces.len() {
        spans.push(Span::styled(
            format!("+{}", pieces.len() - shown),
            theme.dim(),
        ));
    }
    lines.push(Line::from(spans));
    lines
}

/// The inspector's first line: the square, how many pieces, how many may be carried.
fn title(position: &Position, square: Square, theme: Theme, width: u16) -> Line<'static> {
    let stack = position.board().stack(square);
    let title = match stack.height() {
        0 => format!("{square}: empty"),
        1 => format!("{square}: 1 piece"),
        h => format!("{square}: {h} pieces, carry {}", position.carry_max(square)),
    };
    let rule = if theme.ascii { "-" } else { "─" };
    let fill = (width as usize).saturating_sub(title.chars().count() + 3);
    Line::from(vec![
        Span::styled(format!("{rule} {title} "), theme.heading()),
        Span::styled(rule.repeat(fill), theme.dim()),
    ])
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
    // The words of the line above the pieces: players' words, not the rules'.
    let stack = position.board().stack(square);
    if height > 1 && glossary::captives_and_reserves(stack).is_some() {
        lines.push(Line::styled(
            "  Captives: the other side's pieces held in the stack; reserves: the \
             controller's own, under the top",
            theme.dim(),
        ));
        for name in glossary::stack_names(stack, position.size().get()) {
            lines.push(Line::styled(
                format!("  {}: {}", name.name(), name.meaning()),
                theme.dim(),
            ));
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::Tps;
    use crate::rules::{BoardSize, GameConfig};
    use crate::tui::theme::Palette;

    fn text(lines: &[Line<'_>]) -> Vec<String> {
        lines.iter().map(ToString::to_string).collect()
    }

    fn theme() -> Theme {
        Theme {
            ascii: false,
            color: false,
            palette: Palette::Dark,
        }
    }

    /// A 5x5 position whose a1 holds twelve pieces, Black's capstone on top.
    fn tall() -> Position {
        let tps: Tps = "x5/x5/x5/x5/121212121212C,x4 1 5".parse().unwrap();
        tps.to_position(GameConfig::new(BoardSize::new(5).unwrap()))
            .unwrap()
    }

    #[test]
    fn the_compact_inspector_lists_every_piece_top_first_on_one_line() {
        let lines = text(&compact(&tall(), Square::new(0, 0), theme(), 40));
        assert_eq!(lines.len(), 2);
        assert!(lines[0].contains("a1: 12 pieces, carry 5"), "{lines:?}");
        assert_eq!(lines[1].trim_end(), "  top c F f F f F f F f F f F");
    }

    #[test]
    fn the_compact_inspector_counts_the_pieces_its_width_cannot_hold() {
        let lines = text(&compact(&tall(), Square::new(0, 0), theme(), 20));
        assert_eq!(lines[1].trim_end(), "  top c F f F f +7");
        assert!(lines[1].chars().count() <= 20);
    }

    #[test]
    fn the_whole_inspector_lists_six_pieces_and_counts_the_rest() {
        let lines = text(&lines(&tall(), Square::new(0, 0), theme(), 40));
        assert!(
            lines.iter().any(|l| l.contains("6 more below")),
            "{lines:?}"
        );
    }

    #[test]
    fn the_legend_says_what_the_stacks_names_and_captives_mean() {
        let said = text(&legend(&tall(), Square::new(0, 0), theme())).join("\n");
        assert!(said.contains("Captives: the other side's pieces"), "{said}");
        assert!(
            said.contains("Tumbler: a capstone on the other colour"),
            "{said}"
        );
        assert!(
            said.contains("Hipper: a stack twice the carry limit"),
            "{said}"
        );
        // A single piece has neither names nor captives.
        let empty = Position::new(GameConfig::new(BoardSize::new(5).unwrap()));
        let said = text(&legend(&empty, Square::new(0, 0), theme())).join("\n");
        assert!(!said.contains("Captives"), "{said}");
    }
}
