//! Where unfinished games are kept: the recovery file in taktui's data folder. Every change to
//! the game is written there at once, so a crash, a killed terminal or an accidental quit never
//! loses a game; the next start offers to resume it.

use std::path::{Path, PathBuf};

use crate::record::{GameRecord, read_ptn_file, save_ptn};

/// The environment variable that overrides where taktui keeps its data (used by tests).
pub const DATA_DIR_VAR: &str = "TAKTUI_DATA_DIR";

/// The folder for taktui's data: `$TAKTUI_DATA_DIR` when set, else the platform's data folder
/// (on Linux `$XDG_DATA_HOME/taktui`, by default `~/.local/share/taktui`). `None` when no home
/// folder can be found.
#[must_use]
pub fn data_dir() -> Option<PathBuf> {
    std::env::var_os(DATA_DIR_VAR)
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| project_dirs().map(|dirs| dirs.data_dir().to_path_buf()))
}

/// The folder for taktui's settings: on Linux `$XDG_CONFIG_HOME/taktui`, by default
/// `~/.config/taktui`.
#[must_use]
pub fn config_dir() -> Option<PathBuf> {
    project_dirs().map(|dirs| dirs.config_dir().to_path_buf())
}

fn project_dirs() -> Option<directories::ProjectDirs> {
    directories::ProjectDirs::from("", "", "taktui")
}

/// The recovery file's path in the data folder.
#[must_use]
pub fn recovery_path() -> Option<PathBuf> {
    data_dir().map(|dir| dir.join("recovery.ptn"))
}

/// Writes the game to the recovery file (atomically), creating the folder if needed.
pub fn write(path: &Path, record: &GameRecord) -> std::io::Result<()> {
    if let Some(folder) = path.parent() {
        std::fs::create_dir_all(folder)?;
    }
    save_ptn(path, std::slice::from_ref(record))
}

/// The game left in the recovery file, if there is one worth resuming (read without error,
/// with at least one ply, not finished).
#[must_use]
pub fn read(path: &Path) -> Option<GameRecord> {
    let mut games = read_ptn_file(path).ok()?;
    let game = games.pop()?;
    let record = game.record?;
    let worth = game.error.is_none() && !record.plies().is_empty() && !record.position().is_over();
    worth.then_some(record)
}

/// Moves the recovery file (if any) aside to `recovery-SECONDS-PID-N.ptn` beside it (a name
/// not yet taken), so another session's game is kept rather than overwritten; returns where.
pub fn set_aside(path: &Path) -> std::io::Result<Option<std::path::PathBuf>> {
    if !path.exists() {
        return Ok(None);
    }
    let seconds = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let pid = std::process::id();
    let mut n = 0u32;
    let mut aside = path.with_file_name(format!("recovery-{seconds}-{pid}-{n}.ptn"));
    while aside.exists() {
        n += 1;
        aside = path.with_file_name(format!("recovery-{seconds}-{pid}-{n}.ptn"));
    }
    std::fs::rename(path, &aside)?;
    Ok(Some(aside))
}

/// Removes the recovery file (the game was saved, finished or deliberately replaced).
pub fn clear(path: &Path) {
    let _ = std::fs::remove_file(path);
}

/// One app's hold on the recovery file: a game another session left there is moved aside (never
/// overwritten) before this one first writes, and from then on every change is kept.
#[derive(Clone, Debug, Default)]
pub struct Recovery {
    path: Option<PathBuf>,
    /// Whether the file is this app's to write.
    claimed: bool,
}

impl Recovery {
    /// Keeping games at `path` (none: games are not kept, as in tests).
    #[must_use]
    pub const fn at(path: Option<PathBuf>) -> Recovery {
        Recovery {
            path,
            claimed: false,
        }
    }

    /// The recovery file, if games are kept.
    #[must_use]
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// Takes the file as this app's without moving anything aside: the game in it is the one
    /// being played (it was resumed).
    pub fn adopt(&mut self) {
        self.claimed = true;
    }

    /// Makes the file this app's: a game another session left there is moved aside under a
    /// name of its own. Returns where it went, if anywhere.
    pub fn claim(&mut self) -> std::io::Result<Option<PathBuf>> {
        if std::mem::replace(&mut self.claimed, true) {
            return Ok(None);
        }
        match &self.path {
            Some(path) => set_aside(path),
            None => Ok(None),
        }
    }

    /// Keeps `record` in step: written while it has plies and goes on, removed once it is
    /// empty or over. Returns where an earlier session's game was moved aside, if it was.
    pub fn keep(&mut self, record: &GameRecord) -> Result<Option<PathBuf>, String> {
        let aside = self
            .claim()
            .map_err(|e| format!("cannot move the old recovery file aside: {e}"))?;
        let Some(path) = &self.path else {
            return Ok(aside);
        };
        if record.plies().is_empty() || record.position().is_over() {
            clear(path);
        } else {
            write(path, record)
                .map_err(|e| format!("cannot write the recovery file {}: {e}", path.display()))?;
        }
        Ok(aside)
    }

    /// Removes the kept game (it was saved, or filed in a match).
    pub fn clear(&self) {
        if let Some(path) = &self.path {
            clear(path);
        }
    }
}
