//! Locke, "Centerline": the rulebook's quick game on a 5x5 board, where stacks move as far as
//! they are tall and capture stacks exactly one smaller, and three stacks on the middle row
//! win.
//!
//! Pure rules: no terminal, file, clock or randomness. A refused turn leaves the position
//! untouched and says which rule refused it and where ([`LockeError`]).
//!
//! ```
//! use taktui::locke::{Config, Player, Position, Turn};
//!
//! let mut position = Position::new(Config::classic(), Player::White);
//! position.play("c2+".parse()?)?;           // c2 to c3, the middle row
//! assert_eq!(position.to_move(), Player::Black);
//! assert!(position.play("c4-".parse()?).is_err(), "c3 is taken, and a 1 never captures");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod arranged;
mod board;
pub mod computer;
mod config;
mod error;
mod moves;
mod position;
mod turn;

pub use arranged::ArrangeError;
pub use board::{Board, Direction, Square, Stack};
pub use config::{Config, ConfigError, Variant};
pub use error::LockeError;
pub use moves::Effect;
pub use position::{EndReason, Ending, Position, next_first};
pub use turn::{ParseTurnError, Turn};

/// A player: White sits at rank 1, Black at rank 5. Tak's colours, since Locke's two sides
/// are the same two players with the same names and the same numbers.
pub use crate::rules::Color as Player;

/// The rank `player`'s pieces enter on: 0 (rank 1) for White, 4 (rank 5) for Black.
#[must_use]
pub const fn back_rank(player: Player) -> u8 {
    match player {
        Player::White => 0,
        Player::Black => board::SIZE - 1,
    }
}
