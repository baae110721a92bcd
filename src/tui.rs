//! The terminal game: a ratatui app in the Elm style. The model is [`App`]; [`Action`]s come
//! from the keymap (the only code that sees terminal events); [`App::update`] carries them out;
//! the view draws the screen from the model alone.

mod action;
mod app;
mod builder;
mod clock;
mod keymap;
mod layout;
mod match_play;
pub mod recovery;
mod replay;
mod session;
mod terminal;
mod text_field;
mod theme;
mod update;
mod update_learn;
mod update_overlay;
mod update_replay;
mod view;

pub use action::Action;
pub use app::{App, Focus, NewGameForm, Options, Overlay, Status, StatusKind};
pub use builder::{BuildError, MoveBuilder, Step};
pub use clock::{format_utc, now_utc};
pub use keymap::action_for;
pub use layout::{CellStyle, GameLayout, Layout, layout};
pub use match_play::{Match, MatchGame};
pub use replay::{Replay, SPEEDS, goto_ply};
pub use session::Session;
pub use terminal::run;
pub use text_field::{History, TextField};
pub use theme::{Mark, Theme};
pub use view::render;
