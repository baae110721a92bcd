//! The terminal game: a ratatui app in the Elm style.
//!
//! The shape, and why:
//! - [`App`] holds one [`Screen`] and at most one [`Dialog`] over it, and a [`Context`] they
//!   share (options, the message line, the terminal's size, where games are kept). The mode is
//!   a value: each screen variant owns its state, as in ratatui's demo apps.
//! - `screens/` and `dialogs/` hold one file (or folder) per screen and per dialog, each with
//!   its state, its key tables, its update and its view, the way chess-tui gives every page and
//!   popup a handler of its own. A dialog's update replies stay, close, or an [`Effect`] for the
//!   screen below; a screen's update returns an [`Outcome`] (a dialog to open, a screen to
//!   switch to, quit).
//! - [`keys`] keeps key bindings as data, as gitui does: one table per screen and moment feeds
//!   key handling, the key bar and the help page, and a check run by the tests proves that no
//!   binding is shadowed.
//! - `widgets/` draws from explicit inputs (a [`BoardView`], a [`PanelView`]): no widget sees
//!   the app, so each can be built and checked without drawing.
//! - [`run`] owns the terminal; it asks the app when it next needs waking (autoplay) and
//!   otherwise sleeps until a key arrives.
//!
//! The game itself (sessions, replays, matches, the store of unfinished games) is in [`crate::game`]; this layer
//! only shows it and turns keys into intents.

mod app;
mod clipboard;
mod context;
pub mod dialogs;
pub mod keys;
mod layout;
pub mod screens;
mod terminal;
mod text_field;
mod theme;
mod widgets;

pub use app::App;
pub use clipboard::Clipboard;
pub use context::{Context, Options, Status, StatusKind};
pub use dialogs::{Dialog, Effect, Reply};
pub use layout::{CellStyle, GameLayout, Layout, Orientation, layout};
pub use screens::{Focus, Outcome, Screen};
pub use terminal::{run, run_online};
pub use text_field::{Edit, History, TextField};
pub use theme::{Mark, Palette, Theme};
pub use widgets::board::{BoardView, Marks};
pub use widgets::panel::PanelView;
