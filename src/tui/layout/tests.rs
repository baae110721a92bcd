use super::*;

fn size(n: u8) -> BoardSize {
    BoardSize::new(n).unwrap()
}

fn game(columns: u16, rows: u16, n: u8) -> GameLayout {
    match layout(columns, rows, size(n)) {
        Layout::Game(game) => game,
        Layout::TooSmall(..) => panic!("{n}x{n} fits {columns}x{rows}"),
    }
}

/// Terminal sizes from tiny to huge, for the checks that must hold everywhere.
fn terminal_sizes() -> impl Iterator<Item = (u16, u16)> {
    (0..=230)
        .step_by(7)
        .flat_map(|columns| (0..=75).step_by(3).map(move |rows| (columns, rows)))
}

#[test]
fn the_roomiest_style_that_fits_is_chosen_for_each_terminal() {
    use CellStyle::{Giant, Huge, Large, Larger, Stacked};
    let expected = [
        ((80, 24), [Larger, Large, Large, Large, Stacked, Stacked]),
        ((100, 30), [Giant, Giant, Larger, Larger, Large, Large]),
        ((120, 40), [Giant, Giant, Giant, Huge, Larger, Larger]),
        ((200, 60), [Giant, Giant, Giant, Giant, Giant, Giant]),
    ];
    for ((columns, rows), styles) in expected {
        for (n, cells) in (3..=8).zip(styles) {
            assert_eq!(
                game(columns, rows, n).cells,
                cells,
                "{n}x{n} at {columns}x{rows}"
            );
        }
    }
}

#[test]
fn squares_beyond_large_leave_the_panel_room_for_its_lines() {
    for n in 3..=8 {
        for (columns, rows) in terminal_sizes() {
            if let Layout::Game(game) = layout(columns, rows, size(n))
                && game.cells.roomier_than(CellStyle::Large)
            {
                assert!(game.panel.width >= PANEL_COMFORTABLE_WIDTH, "{game:?}");
            }
        }
    }
}

#[test]
fn eight_by_eight_at_80x24_keeps_two_lines_a_square() {
    // Eight ranks of two lines and two label lines are 18 rows: they fit the 21 above the
    // bottom lines, where a grid (8 x 3 + 1 + 2 = 27 rows) cannot.
    let eight = game(80, 24, 8);
    assert_eq!(eight.cells, CellStyle::Stacked);
    assert_eq!(eight.cells.lines(), 2);
    assert_eq!(eight.board.height, 18);
}

#[test]
fn a_terminal_too_small_for_the_compact_board_says_what_it_needs() {
    assert_eq!(layout(40, 10, size(5)), Layout::TooSmall(61, 15));
    assert_eq!(layout(75, 24, size(8)), Layout::TooSmall(76, 15));
    assert_eq!(layout(0, 0, size(3)), Layout::TooSmall(51, 15));
    assert!(matches!(layout(76, 15, size(8)), Layout::Game(_)));
}

#[test]
fn an_80x24_terminal_is_filled_from_the_top_left() {
    for n in 3..=8 {
        let game = game(80, 24, n);
        assert_eq!((game.board.x, game.board.y), (0, 0), "{n}x{n}");
        assert_eq!(game.keys, Rect::new(0, 23, 80, 1), "{n}x{n}");
    }
}

#[test]
fn a_big_terminal_centres_the_game() {
    for n in 3..=8 {
        let game = game(200, 60, n);
        let left = game.board.x;
        let right = 200 - (game.panel.x + game.panel.width);
        assert!(left.abs_diff(right) <= 1, "{n}x{n}: {left} and {right}");
        let above = game.board.y;
        let below = 60 - (game.keys.y + 1);
        assert!(above.abs_diff(below) <= 1, "{n}x{n}: {above} and {below}");
        assert!(game.panel.width > 48, "the panel uses the width too");
    }
}

#[test]
fn regions_lie_inside_the_terminal_and_apart() {
    for n in 3..=8 {
        for (columns, rows) in terminal_sizes() {
            let Layout::Game(game) = layout(columns, rows, size(n)) else {
                continue;
            };
            let screen = Rect::new(0, 0, columns, rows);
            let regions = [game.board, game.panel, game.status, game.input, game.keys];
            for (i, region) in regions.iter().enumerate() {
                assert_eq!(screen.intersection(*region), *region, "{columns}x{rows}");
                for other in &regions[i + 1..] {
                    assert!(!region.intersects(*other), "{columns}x{rows}: {regions:?}");
                }
            }
            assert!(game.panel.width >= PANEL_MIN_WIDTH);
            assert!(game.panel.height >= PANEL_MIN_HEIGHT.max(game.board.height));
        }
    }
}

/// Every terminal cell of every square's content maps back to that square.
fn check_squares(game: &GameLayout) -> usize {
    let mut found = 0;
    for square in game.size.squares() {
        let (x, y, width) = game.cell(square);
        for row in y..y + game.cells.lines() {
            for column in x..x + width {
                assert_eq!(game.square_at(column, row), Some(square), "{game:?}");
                found += 1;
            }
        }
    }
    found
}

/// Every terminal cell of every square's content maps back to that square, and nothing else
/// (labels, grid lines, the gaps between squares) maps to any.
fn check_clicks(game: &GameLayout) {
    let found = check_squares(game);
    let mut clickable = 0;
    let board = game.board;
    for row in board.y..board.y + board.height {
        for column in board.x..board.x + board.width {
            clickable += usize::from(game.square_at(column, row).is_some());
        }
    }
    assert_eq!(clickable, found, "{game:?}");
    assert_eq!(game.square_at(board.x, board.y), None);
}

#[test]
fn every_square_is_found_where_it_is_drawn_at_every_size() {
    for n in 3..=8 {
        for (columns, rows) in terminal_sizes() {
            if let Layout::Game(game) = layout(columns, rows, size(n)) {
                check_squares(&game);
            }
        }
    }
}

#[test]
fn every_square_is_found_where_it_is_drawn_in_every_style() {
    for n in 3..=8 {
        for cells in CellStyle::ROOMIEST_FIRST {
            let game = place(300, 100, size(n), cells);
            check_clicks(&game);
            // Squares lie inside the board, clear of the labels.
            for square in size(n).squares() {
                let (x, y, width) = game.cell(square);
                assert!(x >= game.board.x + 3 && y > game.board.y, "{cells:?}");
                assert!(
                    x + width + 3 <= game.board.x + game.board.width,
                    "{cells:?}"
                );
                assert!(y + cells.lines() < game.board.y + game.board.height);
            }
        }
    }
}

#[test]
fn a_turned_board_puts_each_square_opposite_and_clicks_find_it_there() {
    for n in 3..=8 {
        let usual = game(100, 30, n);
        let half = Orientation::USUAL.turned_half();
        let Layout::Game(turned) = layout(100, 30, size(n)).turned(half) else {
            panic!("{n}x{n} fits")
        };
        let last = n - 1;
        for square in size(n).squares() {
            let opposite = Square::new(last - square.file(), last - square.rank());
            assert_eq!(
                turned.cell(square),
                usual.cell(opposite),
                "{n}x{n} {square}"
            );
            let (x, y, _) = turned.cell(square);
            assert_eq!(turned.square_at(x, y), Some(square), "{n}x{n} {square}");
        }
        // a1 at the top right.
        let (x, y, _) = turned.cell(Square::new(0, 0));
        let (top_right_x, top_y, _) = usual.cell(Square::new(last, last));
        assert_eq!((x, y), (top_right_x, top_y));
    }
}

#[test]
fn every_view_takes_the_same_room_and_clicks_find_every_square_where_it_is_drawn() {
    let views = (0..4).flat_map(|turns| [false, true].map(|m| Orientation::new(turns, m)));
    for view in views {
        for n in 3..=8 {
            for cells in CellStyle::ROOMIEST_FIRST {
                let usual = place(300, 100, size(n), cells);
                let Layout::Game(game) = Layout::Game(usual).turned(view) else {
                    unreachable!()
                };
                assert_eq!((game.board, game.panel), (usual.board, usual.panel));
                check_clicks(&game);
                // The same cells are used, only by other squares.
                let mut drawn: Vec<_> = size(n).squares().map(|s| game.cell(s)).collect();
                let mut before: Vec<_> = size(n).squares().map(|s| usual.cell(s)).collect();
                drawn.sort_unstable();
                before.sort_unstable();
                assert_eq!(drawn, before, "{view:?} {n}x{n} {cells:?}");
            }
        }
    }
}
