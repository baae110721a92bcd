//! A fixed-size board and a panel beside it, for the rulebook's other games: the biggest
//! drawing of the board that leaves the panel room, the two centred together across a wide
//! terminal.

use ratatui::layout::Rect;

/// Where a board drawn at one of several sizes goes, and its panel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Beside {
    /// Which of the sizes offered fits (the last, the smallest, when none does).
    pub choice: usize,
    /// The board's area: as wide as the chosen size, as tall as `body`.
    pub board: Rect,
    /// The panel's area: the rest of the width, right of the board.
    pub panel: Rect,
}

/// Lays out in `body` a board drawn at one of `sizes` (columns and lines, biggest first) and
/// a panel needing `panel_width` columns beside it.
#[must_use]
pub(super) fn beside(body: Rect, sizes: &[(u16, u16)], panel_width: u16) -> Beside {
    let fits = |&(width, height): &(u16, u16)| {
        body.width >= width.saturating_add(panel_width) && body.height >= height
    };
    let choice = sizes
        .iter()
        .position(fits)
        .unwrap_or(sizes.len().saturating_sub(1));
    let width = sizes.get(choice).map_or(0, |&(width, _)| width);
    // Whatever the pair leaves over is shared on both sides.
    let spare = body.width.saturating_sub(width.saturating_add(panel_width));
    let left = body.x + spare / 2;
    let board = Rect::new(left, body.y, width.min(body.width), body.height);
    let panel_x = left.saturating_add(width).min(body.right());
    let panel = Rect::new(panel_x, body.y, body.right() - panel_x, body.height);
    Beside {
        choice,
        board,
        panel,
    }
}

/// As `beside` lays out a board and its panel, for a board drawn at one of three zooms (biggest first), `size` saying the
/// columns and lines each takes: the zoom that fits, the board's area (a line below the
/// body's top, as the rulebook games' screens leave one) and the panel's.
pub fn zoomed<Z: Copy>(
    body: Rect,
    zooms: [Z; 3],
    size: impl Fn(Z) -> (u16, u16),
    panel_width: u16,
) -> (Z, Rect, Rect) {
    let place = beside(body, &zooms.map(size), panel_width);
    let board = Rect {
        y: body.y.saturating_add(1),
        height: body.height.saturating_sub(1),
        ..place.board
    };
    // `beside` chooses among the three sizes given.
    (zooms[place.choice.min(2)], board, place.panel)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SIZES: [(u16, u16); 2] = [(60, 20), (40, 10)];

    #[test]
    fn the_biggest_board_that_leaves_the_panel_room_is_chosen_and_centred() {
        let wide = beside(Rect::new(0, 1, 200, 50), &SIZES, 50);
        assert_eq!(wide.choice, 0);
        assert_eq!(
            wide.board,
            Rect::new(45, 1, 60, 50),
            "(200 - 110) / 2 on the left"
        );
        assert_eq!(wide.panel, Rect::new(105, 1, 95, 50));
        let narrow = beside(Rect::new(0, 1, 100, 50), &SIZES, 50);
        assert_eq!(narrow.choice, 1);
        assert_eq!(narrow.board.x, 5);
        let short = beside(Rect::new(0, 1, 200, 15), &SIZES, 50);
        assert_eq!(short.choice, 1, "20 lines do not fit in 15");
    }

    #[test]
    fn a_tiny_body_still_gives_areas_inside_it() {
        let tiny = beside(Rect::new(0, 0, 10, 3), &SIZES, 50);
        assert_eq!(tiny.choice, 1);
        assert!(tiny.board.right() <= 10 && tiny.panel.right() <= 10);
    }
}
