use std::collections::HashSet;

use super::*;

/// The step one cell in `direction` on screen: (columns right, rows down).
const fn screen_step(direction: Direction) -> (i8, i8) {
    match direction {
        Direction::Up => (0, -1),
        Direction::Down => (0, 1),
        Direction::Left => (-1, 0),
        Direction::Right => (1, 0),
    }
}

fn sizes() -> impl Iterator<Item = BoardSize> {
    (BoardSize::MIN..=BoardSize::MAX).map(|n| BoardSize::new(n).unwrap())
}

/// All eight views: four turns, each mirrored or not.
fn all() -> impl Iterator<Item = Orientation> {
    (0..4).flat_map(|turns| [false, true].map(|mirrored| Orientation::new(turns, mirrored)))
}

/// The whole mapping of a view on a board: each square's cell, rank 1 first.
fn mapping(orientation: Orientation, size: BoardSize) -> Vec<(u8, u8)> {
    size.squares().map(|s| orientation.cell(s, size)).collect()
}

#[test]
fn every_view_draws_each_square_in_a_cell_of_its_own_and_finds_it_there() {
    for size in sizes() {
        let n = size.get();
        for view in all() {
            let cells: HashSet<_> = mapping(view, size).into_iter().collect();
            assert_eq!(cells.len(), size.area() as usize, "{view:?} {n}x{n}");
            for square in size.squares() {
                let (column, row) = view.cell(square, size);
                assert!(column < n && row < n, "{view:?} {n}x{n} {square}");
                assert_eq!(view.square(column, row, size), Some(square), "{view:?}");
            }
            for column in 0..n {
                for row in 0..n {
                    let square = view.square(column, row, size).unwrap();
                    assert_eq!(view.cell(square, size), (column, row), "{view:?}");
                }
            }
            assert_eq!(view.square(n, 0, size), None);
            assert_eq!(view.square(0, n, size), None);
            assert_eq!(view.column_label(n, size), None);
            assert_eq!(view.row_label(n, size), None);
        }
    }
}

#[test]
fn the_eight_views_all_differ() {
    for size in sizes() {
        let mappings: HashSet<_> = all().map(|view| mapping(view, size)).collect();
        assert_eq!(mappings.len(), 8, "{size:?}");
    }
}

#[test]
fn four_quarter_turns_and_two_flips_are_no_change() {
    for view in all() {
        let whole = view
            .turned_quarter()
            .turned_quarter()
            .turned_quarter()
            .turned_quarter();
        assert_eq!(whole, view);
        assert_eq!(view.flipped().flipped(), view);
        assert_eq!(view.turned_half().turned_half(), view);
        assert_eq!(view.turned_half(), view.turned_quarter().turned_quarter());
    }
}

#[test]
fn turning_and_flipping_move_the_picture_as_it_is_seen() {
    for size in sizes() {
        let last = size.get() - 1;
        for view in all() {
            for square in size.squares() {
                let (column, row) = view.cell(square, size);
                // Clockwise: the left column goes to the top row.
                assert_eq!(
                    view.turned_quarter().cell(square, size),
                    (last - row, column),
                    "{view:?} {square}"
                );
                assert_eq!(
                    view.flipped().cell(square, size),
                    (last - column, row),
                    "{view:?} {square}"
                );
            }
        }
    }
}

#[test]
fn the_usual_view_and_the_half_turn_are_as_before() {
    for size in sizes() {
        let last = size.get() - 1;
        let half = Orientation::USUAL.turned_half();
        for square in size.squares() {
            let (file, rank) = (square.file(), square.rank());
            assert_eq!(Orientation::USUAL.cell(square, size), (file, last - rank));
            // Rank 1 at the top, the a-file on the right: what Ctrl+T has always done.
            assert_eq!(half.cell(square, size), (last - file, rank));
        }
        for direction in Direction::ALL {
            assert_eq!(Orientation::USUAL.on_board(direction), direction);
            assert_eq!(half.on_board(direction), direction.reverse());
        }
    }
}

#[test]
fn an_arrow_steps_to_the_square_drawn_next_to_the_cursor_that_way() {
    for size in sizes() {
        let n = size.get();
        for view in all() {
            for square in size.squares() {
                let (column, row) = view.cell(square, size);
                for arrow in Direction::ALL {
                    let (dx, dy) = screen_step(arrow);
                    let next = (column.wrapping_add_signed(dx), row.wrapping_add_signed(dy));
                    let drawn = view.square(next.0, next.1, size);
                    let stepped = square.step(view.on_board(arrow), size);
                    assert_eq!(stepped, drawn, "{view:?} {n}x{n} {square} {arrow:?}");
                }
            }
        }
    }
}

#[test]
fn labels_name_the_files_and_ranks_where_they_are_drawn() {
    for size in sizes() {
        let n = size.get();
        for view in all() {
            for i in 0..n {
                // Every square of a column shares the column's label, and so for rows.
                for j in 0..n {
                    let down = view.square(i, j, size).unwrap();
                    let across = view.square(j, i, size).unwrap();
                    let (file, rank) = (down.file_char(), rank_char(down));
                    let label = view.column_label(i, size).unwrap();
                    assert_eq!(label, if view.files_across() { file } else { rank });
                    let (file, rank) = (across.file_char(), rank_char(across));
                    let label = view.row_label(i, size).unwrap();
                    assert_eq!(label, if view.files_across() { rank } else { file });
                }
            }
        }
    }
    let five = BoardSize::new(5).unwrap();
    let quarter = Orientation::USUAL.turned_quarter();
    let across: Option<String> = (0..5).map(|c| quarter.column_label(c, five)).collect();
    let down: Option<String> = (0..5).map(|r| quarter.row_label(r, five)).collect();
    assert_eq!(
        (across.unwrap(), down.unwrap()),
        ("12345".into(), "abcde".into())
    );
    let usual: Option<String> = (0..5)
        .map(|r| Orientation::USUAL.row_label(r, five))
        .collect();
    assert_eq!(usual.unwrap(), "54321");
}

#[test]
fn each_view_is_described_by_where_rank_1_and_the_a_file_lie() {
    let usual = Orientation::USUAL;
    let said = |view: Orientation| view.describe();
    assert_eq!(
        said(usual),
        "as White sees it: rank 1 at the bottom, the a-file on the left"
    );
    assert_eq!(
        said(usual.turned_quarter()),
        "turned a quarter clockwise: rank 1 on the left, the a-file at the top"
    );
    assert_eq!(
        said(usual.turned_half()),
        "turned, as Black sees it: rank 1 at the top, the a-file on the right"
    );
    assert_eq!(
        said(usual.turned_half().turned_quarter()),
        "turned three quarters: rank 1 on the right, the a-file at the bottom"
    );
    assert_eq!(
        said(usual.flipped()),
        "mirrored: rank 1 at the bottom, the a-file on the right"
    );
    assert_eq!(
        said(usual.turned_quarter().flipped()),
        "mirrored: rank 1 on the right, the a-file at the top"
    );
    // Eight views, eight descriptions, each for one line of the message line at 80 columns
    // ("board " before it, a column either side).
    let all: HashSet<_> = all().map(said).collect();
    assert_eq!(all.len(), 8);
    for text in all {
        assert!(text.chars().count() + "board ".len() + 2 <= 80, "{text}");
    }
}
