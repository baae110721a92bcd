//! Perft against published counts: the standard check that move generation is exactly right.
//!
//! Start-position counts are those published for the two public Rust Tak engines (see
//! DESIGN.md §5); the mid-game 5x5 counts are the ones quoted in the project's issue tracker
//! from the same public sources.

use taktui::notation::parse_move;
use taktui::rules::{BoardSize, GameConfig, Position, perft};

fn start(size: u8) -> Position {
    Position::new(GameConfig::new(BoardSize::new(size).unwrap()))
}

fn after(size: u8, moves: &str) -> Position {
    let mut position = start(size);
    for text in moves.split_whitespace() {
        let mv = parse_move(text, position.size()).unwrap();
        position.play(mv).unwrap_or_else(|e| panic!("{text}: {e}"));
    }
    position
}

fn assert_perft(position: &Position, expected: &[u64]) {
    for (depth, &count) in (1..).zip(expected) {
        assert_eq!(perft(position, depth), count, "depth {depth}");
    }
}

#[test]
fn perft_3x3_start() {
    assert_perft(&start(3), &[9, 72, 1200, 17792]);
}

#[test]
fn perft_4x4_start() {
    assert_perft(&start(4), &[16, 240, 7440, 216_464]);
}

#[test]
fn perft_5x5_start() {
    assert_perft(&start(5), &[25, 600, 43320, 2_999_784]);
}

#[test]
fn perft_6x6_start() {
    assert_perft(&start(6), &[36, 1260, 132_720]);
}

#[test]
fn perft_7x7_and_8x8_start_match_the_simple_formula() {
    // Two plies of flat placements: n² × (n² − 1); the third ply adds every placement and
    // spread. No published table for these sizes, so the first two depths are counted by hand.
    for size in [7u64, 8] {
        let area = size * size;
        let position = start(size as u8);
        assert_eq!(perft(&position, 1), area);
        assert_eq!(perft(&position, 2), area * (area - 1));
    }
}

#[test]
fn perft_5x5_midgame_after_a_capture() {
    let position = after(5, "d3 c3 c4 1d3< 1c4- Sc4");
    assert_perft(&position, &[87, 6155, 461_800]);
}

#[test]
fn perft_5x5_midgame_with_a_capstone_stack() {
    let position = after(5, "c2 c3 d3 b3 c4 1c2+ 1d3< 1b3> 1c4- Cc2 a1 1c2+ a2");
    assert_perft(&position, &[104, 7743, 592_645]);
}
