//! The rules of Tak, pure: board, stacks, moves, move generation, roads, flat wins, perft.
//!
//! Nothing here touches a terminal, a file, a clock or randomness, so everything above it (the
//! record reader, the terminal game, the benchmarks) can trust it and test it in isolation.
//! The rules implemented are those of `docs/RULINGS.md` (the community standard): see [`Position`].

mod bitboard;
mod board;
mod color;
mod config;
mod drops;
mod error;
mod legality;
mod movegen;
mod moves;
mod outcome;
mod perft;
mod piece;
mod position;
mod preview;
mod square;
mod stack;

pub use bitboard::Bitboard;
pub use board::Board;
pub use color::{ByColor, Color};
pub use config::{ConfigError, GameConfig, Komi, MAX_PIECES_PER_PLAYER, Reserves};
pub use drops::Drops;
pub use error::{IllegalMove, SetupError};
pub use moves::{Move, MoveKind};
pub use outcome::{FlatCount, GameResult, WinReason};
pub use perft::{perft, perft_divide};
pub use piece::{Piece, Role};
pub use position::{MAX_MOVE_NUMBER, Position, Undo};
pub use preview::SpreadPreview;
pub use square::{BoardSize, Direction, ParseSquareError, Square};
pub use stack::Stack;
