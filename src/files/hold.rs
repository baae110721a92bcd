//! A file held by one process while it writes it: two `tak match` runs saving to one `--out`
//! at once would each replace the other's games. The hold is an operating-system lock on a
//! companion file (`.NAME.lock` beside it): the system drops it when the process ends, however
//! it ends, so a hold left by a killed process never blocks the next run. (The file itself is
//! not locked: it is replaced whole at every write, by a rename, and a lock goes with the old
//! file.)

use std::fs::{File, OpenOptions, TryLockError};
use std::io::{Read as _, Seek as _, Write as _};
use std::path::{Path, PathBuf};

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
pub fn hold(path: &Path) -> Result<Held, String> {
    let lock = lock_path(path);
    // A few tries: the holder may remove its companion file between our opening and locking.
    for _ in 0..5 {
        let mut file = OpenOptions::new()
            .create(true)
            .truncate(false)
            .read(true)
            .write(true)
            .open(&lock)
            .map_err(|e| format!("cannot open {}: {e}", lock.display()))?;
        match file.try_lock() {
            Ok(()) => {}
            Err(TryLockError::WouldBlock) => {
                let mut holder = String::new();
                let _ = file.read_to_string(&mut holder);
                let process = holder
                    .trim()
                    .parse::<u32>()
                    .map_or_else(|_| String::new(), |pid| format!(" (process {pid})"));
                return Err(format!(
                    "{} is being written by another tak{process}: wait for it to end, or \
                     choose another file",
                    path.display()
                ));
            }
            Err(TryLockError::Error(e)) => {
                return Err(format!("cannot lock {}: {e}", lock.display()));
            }
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
    Err(format!(
        "cannot hold {}: its lock file {} keeps changing",
        path.display(),
        lock.display()
    ))
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
            refused.contains(&format!("being written by another tak (process {pid})")),
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
