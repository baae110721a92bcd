//! What can be wrong with the engines a player configured: the file, an entry of it, or the
//! engine a side names.

use std::path::PathBuf;

use super::FILE_NAME;

/// Something wrong in `engines.toml`: the file, or one entry (the others are still used).
#[derive(Debug, thiserror::Error)]
pub enum FileProblem {
    /// The file is there but cannot be read.
    #[error("{}: {error}", .path.display())]
    Unreadable {
        /// The file.
        path: PathBuf,
        /// What the system said.
        error: std::io::Error,
    },
    /// The file is not TOML.
    #[error("{}: {}{message}", .path.display(), place(*.at))]
    NotToml {
        /// The file.
        path: PathBuf,
        /// The line and column (from 1) where reading stopped, when known.
        at: Option<(usize, usize)>,
        /// What is wrong there, on one line.
        message: String,
    },
    /// An entry that cannot be used: skipped.
    #[error("{}: engine {number}: {error}", .path.display())]
    Entry {
        /// The file.
        path: PathBuf,
        /// Which `[[engine]]` (from 1).
        number: usize,
        /// What is wrong with it.
        error: EntryError,
    },
    /// An entry with the name of one above it: it could never be chosen, so it is skipped.
    #[error(
        "{}: engine {number}: the name {name} is taken by an engine above: this one is skipped",
        .path.display()
    )]
    NameTaken {
        /// The file.
        path: PathBuf,
        /// Which `[[engine]]` (from 1).
        number: usize,
        /// The name.
        name: String,
    },
    /// A key an entry cannot have (a misspelling, as `option` for `options`): what it says
    /// would be lost without a word.
    #[error(
        "{}: engine {number}: unknown key {key} (the keys are {})",
        .path.display(),
        super::KEYS.join(", ")
    )]
    UnknownKey {
        /// The file.
        path: PathBuf,
        /// Which `[[engine]]` (from 1).
        number: usize,
        /// The key.
        key: String,
    },
}

/// `line L, column C: ` when the place is known.
fn place(at: Option<(usize, usize)>) -> String {
    at.map_or_else(String::new, |(line, column)| {
        format!("line {line}, column {column}: ")
    })
}

/// Why an `[[engine]]` entry cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EntryError {
    /// It has no `name` (or not as text).
    #[error("no name")]
    NoName,
    /// It has no `command` (or not as text).
    #[error("{0} has no command")]
    NoCommand(String),
    /// Its key `key` holds something other than what it takes (`takes`, as said to the
    /// player: "is not a list").
    #[error("{name}: {key} {takes}")]
    BadValue {
        /// The engine's name.
        name: String,
        /// The key.
        key: &'static str,
        /// What the key takes, said as what is wrong.
        takes: &'static str,
    },
}

/// An engine a side names that is not configured.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("no engine named {name:?}{}", configured_ones(.configured))]
pub struct UnknownEngine {
    /// The name given.
    pub name: String,
    /// The names of the engines configured.
    pub configured: Vec<String>,
}

/// What follows "no engine named X": the engines there are, or how to configure one.
fn configured_ones(names: &[String]) -> String {
    if names.is_empty() {
        format!(
            ": no engines are configured in {FILE_NAME} (or give a command: \
             engine:cmd:/path/to/engine)"
        )
    } else {
        format!("; configured: {}", names.join(", "))
    }
}
