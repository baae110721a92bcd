//! The recovery file: every change to the game is written here at once, so a crash, a killed
//! terminal or an accidental quit never loses a game. The next start offers to resume it.

use std::path::{Path, PathBuf};

use crate::record::{GameRecord, read_ptn_file, save_ptn};

/// The environment variable that overrides where taktui keeps its data (used by tests).
pub const DATA_DIR_VAR: &str = "TAKTUI_DATA_DIR";

/// The folder for taktui's data: `$TAKTUI_DATA_DIR`, else `$XDG_DATA_HOME/taktui`, else
/// `~/.local/share/taktui`. `None` when none of these can be found.
#[must_use]
pub fn data_dir() -> Option<PathBuf> {
    let var = |name: &str| {
        std::env::var_os(name)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    var(DATA_DIR_VAR)
        .or_else(|| var("XDG_DATA_HOME").map(|d| d.join("taktui")))
        .or_else(|| var("HOME").map(|h| h.join(".local").join("share").join("taktui")))
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
