//! taktui: the game of Tak in a terminal.
//!
//! The crate is layered, and the arrows point one way only: [`cli`] → [`tui`] → [`game`] →
//! [`engine`] / [`tei`] / [`record`] → [`notation`] → [`rules`]. The rules and the engine import
//! nothing that touches a terminal, a file, a clock or randomness (time and seeds come in as
//! inputs); [`game`] plays games without a screen (sessions, replays, matches, clocks, the
//! computer on its thread, the store of unfinished games); [`tui`] only shows them.
//!
//! Playing a game with the rules alone:
//!
//! ```
//! use taktui::rules::{BoardSize, Color, GameConfig, GameResult, Position, WinReason};
//!
//! let mut position = Position::new(GameConfig::new(BoardSize::new(3)?));
//! // Each player's first ply places a flat of the opponent's.
//! for ply in ["c3", "a1", "b1", "c2", "c1"] {
//!     position.play(ply.parse()?)?;
//! }
//! // White's flats a1 b1 c1 join the left and right edges: a road.
//! assert!(matches!(
//!     position.result(),
//!     GameResult::Win { winner: Color::White, reason: WinReason::Road { .. } }
//! ));
//! assert_eq!(position.result().ptn(), Some("R-0"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod assets;
pub mod cli;
pub mod engine;
pub mod files;
pub mod game;
pub mod glossary;
pub mod kaen;
pub mod lessons;
pub mod locke;
pub mod notation;
pub mod online;
pub mod puzzles;
pub mod record;
pub mod rules;
pub mod tei;
pub mod tinue;
pub mod tui;
pub mod words;
