//! A file held by one process while it writes it: two `tak match` runs saving to one `--out`
//! at once would each replace the other's games. The hold is an operating-system lock on a
//! companion file (`.NAME.lock` beside it): the system drops it when the process ends, however
//! it ends, so a hold left by a killed process never blocks the next run. (The file itself is
//! not locked: it is replaced whole at every write, by a rename, and a lock goes with the old
//! file.)

use std::fs::{File, OpenOptions, TryLockError};
use std::io::{Read as _, Seek as _, Write as _};
use std::path::{Path, PathBuf};

/// Why a file cannot be held: another `tak` holds it, or its lock file misbehaves.
#[derive(Debug, thiserror::Error)]
pub enum HoldError {
    /// Another process holds the file (it writes it now).
    #[error(
        "{} is being written by another tak{}: wait for it to end, or choose another file",
        .path.display(),
        .process.map_or_else(String::new, |pid| format!(" (process {pid})"))
    )]
    Taken {
        /// The file.
        path: PathBuf,
        /// The holder's process id, when its lock file says it.
        process: Option<u32>,
    },
    /// The lock file cannot be opened.
    #[error("cannot open {}: {error}", .lock.display())]
    Open {
        /// The lock file.
        lock: PathBuf,
        /// What the system said.
        error: std::io::Error,
    },
    /// The lock file cannot be locked, for another reason than another holder.
    #[error("cannot lock {}: {error}", .lock.display())]
    Lock {
        /// The lock file.
        lock: PathBuf,
        /// What the system said.
        error: std::io::Error,
    },
    /// The lock file was removed or replaced each time it was locked.
    #[error("cannot hold {}: its lock file {} keeps changing", .path.display(), .lock.display())]
    Unsteady {
        /// The file.
        path: PathBuf,
        /// The lock file.
        lock: PathBuf,
    },
}

/// The hold on a file, until dropped (when the companion file is removed too).
#[derive(Debug)]
pub struct Held {
    lock: PathBuf,
    _file: File,
}

impl Drop for Held {
    fn drop(&mut self) {
        // Removed while still locked: a process that opened it meanwhile finds it gone
        // (`hold` checks) rather than locking a file no longer there.
        let _ = std::fs::remove_file(&self.lock);
    }
}

/// The companion file whose lock holds `path`.
#[must_use]
pub fn lock_path(path: &Path) -> PathBuf {
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    path.with_file_name(format!(".{name}.lock"))
}

/// Holds `path` for this process, or says which process holds it already.
pub fn hold(path: &Path) -> Result<Held, HoldError> {
    let lock = lock_path(path);
    // A few tries: the holder may remove its companion file between our opening and locking.
    for _ in 0..5 {
        let opened = OpenOptions::new()
            .create(true)
            .truncate(false)
            .read(true)
            .write(true)
            .open(&lock);
        let mut file = match opened {
            Ok(file) => file,
            Err(error) => return Err(HoldError::Open { lock, error }),
        };
        match file.try_lock() {
            Ok(()) => {}
            Err(TryLockError::WouldBlock) => {
                let mut holder = String::new();
                let _ = file.read_to_string(&mut holder);
                return Err(HoldError::Taken {
                    path: path.to_path_buf(),
                    process: holder.trim().parse().ok(),
                });
            }
            Err(TryLockError::Error(error)) => return Err(HoldError::Lock { lock, error }),
        }
        if !is_same_file(&file, &lock) {
            continue;
        }
        // Who holds it, for the message another run gives.
        let _ = file.set_len(0);
        let _ = file.rewind();
        let _ = writeln!(file, "{}", std::process::id());
        return Ok(Held { lock, _file: file });
    }
    Err(HoldError::Unsteady {
        path: path.to_path_buf(),
        lock,
    })
}

/// Whether `file` is still the one named `path` (not removed, nor replaced by another).
fn is_same_file(file: &File, path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt as _;
        match (file.metadata(), std::fs::metadata(path)) {
            (Ok(open), Ok(named)) => open.dev() == named.dev() && open.ino() == named.ino(),
            _ => false,
        }
    }
    #[cfg(not(unix))]
    {
        let _ = file;
        path.exists()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_held_file_is_refused_to_a_second_holder_until_let_go() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("match.ptn");
        let held = hold(&path).unwrap();
        assert!(lock_path(&path).exists());
        let refused = hold(&path).unwrap_err();
        let pid = std::process::id();
        assert!(
            matches!(refused, HoldError::Taken { process: Some(p), .. } if p == pid),
            "{refused}"
        );
        assert!(
            refused
                .to_string()
                .contains(&format!("being written by another tak (process {pid})")),
            "{refused}"
        );
        drop(held);
        assert!(!lock_path(&path).exists(), "the companion file goes too");
        drop(hold(&path).unwrap());
    }

    #[test]
    fn a_lock_file_left_by_a_dead_process_does_not_hold() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("match.ptn");
        // What a killed run leaves: the file, with its pid, and no lock (the system dropped it).
        std::fs::write(lock_path(&path), "999999999\n").unwrap();
        let held = hold(&path).unwrap();
        let pid = std::fs::read_to_string(lock_path(&path)).unwrap();
        assert_eq!(pid, format!("{}\n", std::process::id()));
        drop(held);
    }
}
