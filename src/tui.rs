//! The terminal game: a ratatui app in the Elm style (model, actions, update, view).

mod builder;

pub use builder::{BuildError, MoveBuilder, Step};
