//! What every screen and dialog shares: the options chosen on the command line, the message
//! line, the terminal's size, and where the game being played is kept.

use super::clipboard::Clipboard;
use super::layout::Orientation;
use super::theme::Theme;
use crate::game::store::Keeper;

/// Display and input settings chosen on the command line.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Options {
    /// Characters and colours.
    pub theme: Theme,
    /// Whether mouse clicks are read.
    pub mouse: bool,
    /// Test builds of the binary only: a key that panics, to prove the terminal is restored.
    pub test_panic: bool,
}

/// How a status message should look.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum StatusKind {
    /// News: saved, undone, the game ended.
    Info,
    /// A refused move or a failed save: what is wrong.
    Error,
}

/// A one-line message under the board.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Status {
    /// How it looks.
    pub kind: StatusKind,
    /// What it says.
    pub text: String,
}

/// The app's shared state, lent to the screen and the dialog that handle a key.
#[derive(Clone, Debug)]
pub struct Context {
    /// Display and input settings.
    pub options: Options,
    /// The message under the board, if any.
    pub status: Option<Status>,
    /// The terminal's size (columns, rows), for laying out the screen and reading clicks.
    pub area: (u16, u16),
    /// Where the game being played is kept until it is saved or over.
    pub keeper: Keeper,
    /// The folder a file name typed without one is saved in (none: the current folder).
    pub save_dir: Option<std::path::PathBuf>,
    /// The time now, as the terminal loop (or a test) last said: clocks and autoplay count
    /// from it, so nothing in the app reads the time itself.
    pub now: std::time::Instant,
    /// The engine that analyses and gives hints: an external one, or (none) taktui's own.
    pub analysis_engine: Option<crate::game::engines::EngineEntry>,
    /// The engines configured in engines.toml, offered in the new-game dialog.
    pub engines: Vec<crate::game::engines::EngineEntry>,
    /// Which way round the board is drawn: turned, mirrored (Ctrl+T, Ctrl+O, Ctrl+F). Named
    /// from when it could only be turned half round; clicks and arrows follow it.
    pub turned: Orientation,
    /// Where chance comes from (Kaen's die, who starts Locke): given at the start, since the
    /// app reads no clock; [`next_seed`](Self::next_seed) draws from it.
    pub seed: u64,
    /// What stands between the game and a clipboard, as the terminal loop was told at start
    /// (the app reads no environment).
    pub clipboard: Clipboard,
    /// Escape sequences for the terminal loop to write after it draws (an OSC 52 copy): only
    /// the loop holds the terminal, and tests see here what would have been written.
    pub output: String,
    /// Whether a dialog is open over the screen: the screen's keys do not work under it, so
    /// its key bar is not shown (the dialog's keys are at its foot).
    pub dialog_open: bool,
    /// Commands for the server, in order, for the terminal loop to send (only the loop holds
    /// the connection): tests see here what would have been sent.
    pub outbox: Vec<crate::online::protocol::Command>,
}

impl Context {
    /// A context with these options, no message, an 80x24 terminal until told otherwise.
    #[must_use]
    pub fn new(options: Options, keeper: Keeper) -> Context {
        Context {
            options,
            status: None,
            area: (80, 24),
            keeper,
            save_dir: None,
            now: std::time::Instant::now(),
            analysis_engine: None,
            engines: Vec::new(),
            seed: 0,
            turned: Orientation::USUAL,
            clipboard: Clipboard::default(),
            output: String::new(),
            dialog_open: false,
            outbox: Vec::new(),
        }
    }

    /// A new seed for a game of chance.
    pub fn next_seed(&mut self) -> u64 {
        self.seed = crate::engine::rng::mix(self.seed.wrapping_add(0x9e37_79b9_7f4a_7c15));
        self.seed
    }

    /// A computer for analysis and hints: the engine chosen for them (taktui's own unless
    /// another was given).
    #[must_use]
    pub fn analyst(&self) -> crate::game::computer::Computer {
        self.analysis_engine.clone().map_or_else(
            crate::game::computer::Computer::default,
            crate::game::computer::Computer::external,
        )
    }

    /// The name of the engine that analyses.
    #[must_use]
    pub fn analyst_name(&self) -> &str {
        self.analysis_engine
            .as_ref()
            .map_or("taktui", |e| e.name.as_str())
    }

    /// The look.
    #[must_use]
    pub const fn theme(&self) -> Theme {
        self.options.theme
    }

    /// Copies `text`, called `what` (`the TPS`), to the terminal's clipboard as far as it can,
    /// and says so in the message line; returns what it said.
    pub fn copy(&mut self, what: &str, text: &str) -> String {
        let copy = self.clipboard.copy(what, text);
        if let Some(sequence) = copy.sequence {
            self.output.push_str(&sequence);
        }
        self.info(copy.note.clone());
        copy.note
    }

    /// Shows news.
    pub fn info(&mut self, text: impl Into<String>) {
        self.status = Some(Status {
            kind: StatusKind::Info,
            text: text.into(),
        });
    }

    /// Adds `note` to the message shown (after a ` · `), or shows it when there is none: for
    /// news that comes with something else just said.
    pub fn also(&mut self, note: &str) {
        match &mut self.status {
            Some(status) => status.text = format!("{} · {note}", status.text),
            None => self.info(note),
        }
    }

    /// Shows what went wrong.
    pub fn error(&mut self, text: impl Into<String>) {
        self.status = Some(Status {
            kind: StatusKind::Error,
            text: text.into(),
        });
    }

    /// Takes back the message `text`, if it is still the one shown (a warning about a
    /// dialog's field, once the field is changed or the dialog closed).
    pub fn withdraw(&mut self, text: &str) {
        if self
            .status
            .as_ref()
            .is_some_and(|status| status.text == text)
        {
            self.status = None;
        }
    }
}
