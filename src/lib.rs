//! taktui: the game of Tak in a terminal.
//!
//! The crate is layered, and the arrows point one way only:
//! [`notation`] (PTN moves, TPS) stands on [`rules`], which imports nothing of the project and
//! nothing that touches a terminal, a file, a clock or randomness.

pub mod cli;
pub mod glossary;
pub mod notation;
pub mod record;
pub mod rules;
pub mod tui;
