//! Files written so that no crash or power cut ever leaves half of one: the bytes go to a
//! temporary file beside it, synced, then renamed over it, and the folder is synced so the
//! new name lasts too.

use std::io::Write as _;
use std::path::Path;

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
