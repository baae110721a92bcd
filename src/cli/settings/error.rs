//! What can be wrong with the settings file, said in one line each (a warning: the defaults
//! are used and the game goes on).

/// Why the settings file, or one of its settings, cannot be used, or the file not written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SettingsError {
    /// The file is not TOML.
    #[error("line {line}: {message}")]
    NotToml {
        /// The line (from 1) where reading stopped.
        line: usize,
        /// What is wrong there, on one line.
        message: String,
    },
    /// The file is there but cannot be read (a folder in its place, no permission).
    #[error("{0}")]
    Unreadable(String),
    /// `theme` names no theme.
    #[error("theme = {value} is not one of {}", .names.join(", "))]
    NoSuchTheme {
        /// The value, as written.
        value: String,
        /// The themes there are.
        names: Vec<String>,
    },
    /// `online` is not a table.
    #[error("online is not a table ([online])")]
    OnlineNotTable,
    /// A setting of `[online]` that is not text.
    #[error("online.{key} = {value} is not text in quotes")]
    NotText {
        /// The key.
        key: String,
        /// The value, as written.
        value: String,
    },
    /// The file cannot be written (what the system said, on one line).
    #[error("{0}")]
    Unwritable(String),
}
