//! Games without a screen: the layer between the records and the terminal.
//!
//! Everything a game needs that is not drawing or keys lives here, so the terminal app, the
//! command line and the tests all build and drive games the same way: the [`Session`] being
//! played (record, undo and redo, where it is saved), the [`Replay`] cursor with its go-to and
//! autoplay, the [`Library`] of a file's games, a [`Match`] and its score, the [`store`] of
//! unfinished games, and [`setup`] for starting a game from settings or a file. A game in
//! progress is run by the [`driver`], whoever sits at each side ([`seat`]).

pub mod analysis;
pub mod clock;
pub mod computer;
pub mod driver;
mod elo;
pub mod engines;
pub mod history;
pub mod kaen;
mod library;
pub mod locke;
mod matches;
mod openings;
mod players;
pub mod referee;
mod replay;
pub mod seat;
mod session;
pub mod setup;
pub mod store;
pub mod study;
pub mod thinker;
pub mod tinue_check;
pub mod tinue_scan;

pub use elo::{Elo, Sprt, Tally, Verdict};
pub use library::{Library, OpenGameError, OpenedGame};
pub use matches::{Match, MatchGame, ResumeError, SettingsDiffer};
pub use openings::{BadOpening, Opening, OpeningsError, openings_size, read_openings};
pub use players::{DEFAULT_LEVEL, ParsePlayerError, Player, PlayerProblem, parse_player};
pub use replay::{GoTo, NotAMoveNumber, Replay, SPEEDS, goto_ply};
pub use session::{Ending, Loss, LossKind, PlayedOn, Session, player_name};
pub use setup::{NewGame, StartError};
