//! How big a board square is drawn: from one line a square on a small terminal to a grid of
//! roomy squares that show a tall stack's owners, on a big one.

use crate::rules::BoardSize;

/// How big a board square is drawn.
///
/// Grid styles keep squares square on screen: a terminal cell is about twice as tall as it is
/// wide, so each is twice as many columns as rows. The first line of a square shows the top
/// piece, a mark and the height; the lines below it show the owners of the pieces, bottom to
/// top as TPS writes them.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum CellStyle {
    /// One line a square, no grid: top piece and height; the inspector shows the rest.
    Compact,
    /// Two lines a square, no grid: top piece and height, then up to four owners. For 7x7
    /// and 8x8 boards on an 80x24 terminal, where a grid does not fit.
    Stacked,
    /// Grid lines, two lines a square (6x3): top piece and height, then up to five owners.
    Large,
    /// Grid lines, three lines a square (8x4): up to fourteen owners on two lines.
    Larger,
    /// Grid lines, four lines a square (10x5): up to twenty-seven owners on three lines.
    Huge,
    /// Grid lines, five lines a square (12x6): up to forty-four owners on four lines.
    Giant,
}

impl CellStyle {
    /// Every style, the roomiest first: the layout takes the first one that fits.
    pub const ROOMIEST_FIRST: [CellStyle; 6] = [
        CellStyle::Giant,
        CellStyle::Huge,
        CellStyle::Larger,
        CellStyle::Large,
        CellStyle::Stacked,
        CellStyle::Compact,
    ];

    /// Columns and rows one square takes (a shared grid line included).
    #[must_use]
    pub const fn pitch(self) -> (u16, u16) {
        match self {
            CellStyle::Compact => (5, 1),
            CellStyle::Stacked => (5, 2),
            CellStyle::Large => (6, 3),
            CellStyle::Larger => (8, 4),
            CellStyle::Huge => (10, 5),
            CellStyle::Giant => (12, 6),
        }
    }

    /// Whether this style's squares are bigger than `other`'s.
    #[must_use]
    pub const fn roomier_than(self, other: CellStyle) -> bool {
        self.pitch().1 > other.pitch().1
    }

    /// Whether grid lines are drawn between the squares.
    #[must_use]
    pub const fn grid(self) -> bool {
        !matches!(self, CellStyle::Compact | CellStyle::Stacked)
    }

    /// Lines of text in one square: the top piece's line, then the owners' lines.
    #[must_use]
    pub const fn lines(self) -> u16 {
        let (_, rows) = self.pitch();
        if self.grid() { rows - 1 } else { rows }
    }

    /// The board's width and height for `size`, rank and file labels included.
    #[must_use]
    pub const fn board_extent(self, size: BoardSize) -> (u16, u16) {
        let n = size.get() as u16;
        let (w, h) = self.pitch();
        // Rank labels (two columns each side) around the squares and the closing grid line
        // (or the cursor's closing bracket); file labels above and below.
        let width = 2 + w * n + 1 + 2;
        let height = if self.grid() {
            h * n + 1 + 2
        } else {
            h * n + 2
        };
        (width, height)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grid_squares_are_square_on_screen() {
        for cells in CellStyle::ROOMIEST_FIRST.into_iter().filter(|c| c.grid()) {
            let (w, h) = cells.pitch();
            assert_eq!(w, 2 * h, "{cells:?}");
        }
    }

    #[test]
    fn styles_are_listed_from_the_roomiest_down() {
        let size = BoardSize::new(8).unwrap();
        let extents: Vec<_> = CellStyle::ROOMIEST_FIRST
            .iter()
            .map(|c| c.board_extent(size))
            .collect();
        for pair in extents.windows(2) {
            assert!(
                pair[0].0 >= pair[1].0 && pair[0].1 > pair[1].1,
                "{extents:?}"
            );
        }
    }

    #[test]
    fn extents_of_the_classic_styles() {
        let five = BoardSize::new(5).unwrap();
        assert_eq!(CellStyle::Compact.board_extent(five), (30, 7));
        assert_eq!(CellStyle::Stacked.board_extent(five), (30, 12));
        assert_eq!(CellStyle::Large.board_extent(five), (35, 18));
    }
}
