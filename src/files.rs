//! Files written so that no crash or power cut ever leaves half of one: the bytes go to a
//! temporary file beside it, synced, then renamed over it, and the folder is synced so the
//! new name lasts too. And names for new files that are not taken, so that a new file never
//! replaces one; and a hold on a file while one process writes it (`hold.rs`).

mod hold;

pub use hold::{Held, HoldError, hold, lock_path};

use std::io::Write as _;
use std::path::{Path, PathBuf};

/// `wanted` if no file has that name, else the first of `STEM-2.EXT`, `STEM-3.EXT`... beside
/// it that is free; `None` only if ten thousand are taken.
#[must_use]
pub fn unused_name(wanted: &Path) -> Option<PathBuf> {
    if !wanted.exists() {
        return Some(wanted.to_owned());
    }
    let stem = wanted.file_stem().unwrap_or_default().to_string_lossy();
    let extension = wanted
        .extension()
        .map(|e| format!(".{}", e.to_string_lossy()))
        .unwrap_or_default();
    (2..10_000)
        .map(|n| wanted.with_file_name(format!("{stem}-{n}{extension}")))
        .find(|path| !path.exists())
}

/// A new game's file name in the current folder: `STEM-YYYY-MM-DD-HHMM.ptn` for the minute of
/// `stamp`, numbered (`...-2.ptn`) when a game saved in the same minute took it.
#[must_use]
pub fn dated_name(stem: &str, stamp: crate::record::Stamp) -> String {
    let wanted = format!("{stem}-{}.ptn", stamp.file_stem());
    unused_name(Path::new(&wanted)).map_or(wanted, |path| path.display().to_string())
}

/// Writes `bytes` to `path` atomically: afterwards the file holds either all of them or what
/// it held before, whatever happens meanwhile.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let folder = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    let name = path
        .file_name()
        .ok_or_else(|| std::io::Error::other("the path names no file"))?;
    let temp = folder.join(format!(
        ".{}.{}.tmp",
        name.to_string_lossy(),
        std::process::id()
    ));
    let result = (|| {
        let mut file = std::fs::File::create(&temp)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        std::fs::rename(&temp, path)?;
        sync_folder(folder);
        Ok(())
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&temp);
    }
    result
}

/// Makes a rename in `folder` durable: without it a power cut can lose the new name. Only Unix
/// can open a folder to sync it; elsewhere (and if the file system refuses) this is skipped.
fn sync_folder(folder: &Path) {
    if cfg!(unix)
        && let Ok(dir) = std::fs::File::open(folder)
    {
        let _ = dir.sync_all();
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn an_unused_name_is_the_one_wanted_or_the_first_numbered_one_free() {
        let folder = tempfile::tempdir().unwrap();
        let wanted = folder.path().join("match.ptn");
        assert_eq!(super::unused_name(&wanted), Some(wanted.clone()));
        std::fs::write(&wanted, "").unwrap();
        std::fs::write(folder.path().join("match-2.ptn"), "").unwrap();
        assert_eq!(
            super::unused_name(&wanted),
            Some(folder.path().join("match-3.ptn"))
        );
    }

    use super::write_atomically;

    #[test]
    fn a_file_is_replaced_whole_and_no_temporary_file_is_left() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("x.txt");
        write_atomically(&path, b"one").unwrap();
        write_atomically(&path, b"two").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "two");
        assert_eq!(std::fs::read_dir(folder.path()).unwrap().count(), 1);
        assert!(write_atomically(&folder.path().join("no/such/x"), b"x").is_err());
        assert_eq!(std::fs::read_dir(folder.path()).unwrap().count(), 1);
    }
}
