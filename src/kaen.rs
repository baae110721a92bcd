//! Kaen, "From the Earth to the Sky": the rulebook's betting game of bridges, played on a 4x4
//! board turned into a diamond, with a four-sided die and a doubling marker.
//!
//! Pure rules: no terminal, file, clock or randomness. The die's roll is an input
//! ([`Action::Roll`]), so the app decides where randomness comes from and a record replays
//! exactly. A refused action leaves the state untouched and says which rule refused it and
//! where ([`KaenError`]).
//!
//! The layers: a [`Board`] of stones and the [`Face`]s of the die that name its rows; a
//! [`Game`] (one pot: bets, the doubling marker, the turn's phase); a [`Series`] of games with
//! the players' holdings carried from one to the next.
//!
//! ```
//! use taktui::kaen::{Action, Face, Game, Player, Square};
//!
//! let mut game = Game::new(Player::One, 2, [100, 100]);
//! game.apply(Action::Roll(Face::Dog))?;           // Player 1's row 2
//! game.apply(Action::Place(Square::new(2, 1)))?;  // c2 is in it
//! assert_eq!(game.to_move(), Player::Two);
//! assert!(game.apply(Action::Place(Square::new(0, 0))).is_err(), "roll first");
//! # Ok::<(), taktui::kaen::KaenError>(())
//! ```

mod board;
pub mod computer;
mod error;
mod game;
mod money;
mod notation;
mod player;
mod series;

pub use board::{Board, Face, SIZE, Square};
pub use error::KaenError;
pub use game::{Action, Ending, Game, Marker, Phase};
pub use money::Chips;
pub use notation::ParseActionError;
pub use player::Player;
pub use series::{ConfigError, GameSummary, Series, SeriesConfig, SeriesEnd};
