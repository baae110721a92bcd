//! Helpers shared by the integration tests: how random games pick their moves, and the app's
//! usual options. Each test file uses only some of them.
#![allow(dead_code)]

use taktui::rules::{Color, Move, MoveKind, Position, Role};
use taktui::tui::{Options, Theme};

/// The default look (Unicode, colour), mouse on, no test panic.
#[must_use]
pub fn options() -> Options {
    Options {
        theme: Theme {
            ascii: false,
            color: true,
        },
        mouse: true,
        test_panic: false,
    }
}

/// How a random game picks its moves.
#[derive(Clone, Copy, Debug)]
pub enum Style {
    /// A placement `place_eighths` times in 8 (when there are both placements and spreads),
    /// else a spread: boards fill up and games end.
    Random { place_eighths: u64 },
    /// Half the time a flat on the mover's line (White's file, Black's rank) when there is an
    /// empty square on it, else as `Random` with 7 in 8: roads, even on 8x8.
    Builder { white_file: u8, black_rank: u8 },
}

impl Style {
    /// The move `choice` picks among `moves`, the legal moves of `position`.
    #[must_use]
    pub fn pick(self, position: &Position, moves: &[Move], choice: u64) -> Move {
        let place_eighths = match self {
            Style::Random { place_eighths } => place_eighths,
            Style::Builder {
                white_file,
                black_rank,
            } => {
                let on_line = |mv: &&Move| {
                    mv.kind == MoveKind::Place(Role::Flat)
                        && match position.to_move() {
                            Color::White => mv.square.file() == white_file,
                            Color::Black => mv.square.rank() == black_rank,
                        }
                };
                let line: Vec<&Move> = moves.iter().filter(on_line).collect();
                if choice & 1 == 0 && !line.is_empty() {
                    return *line[(choice >> 1) as usize % line.len()];
                }
                7
            }
        };
        let choice = choice >> 1;
        let (places, spreads): (Vec<Move>, Vec<Move>) = moves.iter().partition(|mv| mv.is_place());
        let pool = if spreads.is_empty() || (choice & 7 < place_eighths && !places.is_empty()) {
            places
        } else {
            spreads
        };
        pool[(choice >> 3) as usize % pool.len()]
    }
}
