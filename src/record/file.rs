//! Reading a PTN file from disk: only regular files, only up to [`MAX_FILE_BYTES`], only text.

use std::fs::{File, FileType};
use std::io::Read as _;
use std::path::Path;

use super::read::too_large;
use super::{MAX_FILE_BYTES, PtnError, PtnErrorKind, ReadGame, ReadOptions, read_ptn_with};

/// Reads the PTN file at `path`: every game in it. Errors name the file.
pub fn read_ptn_file(path: &Path) -> Result<Vec<ReadGame>, PtnError> {
    read_ptn_file_with(path, &ReadOptions::default())
}

/// [`read_ptn_file`], told what the file may not say (the board size).
///
/// Only a regular file is read (or a symbolic link to one): a FIFO would wait for a writer for
/// ever and a device such as `/dev/zero` never ends, so they are refused before opening.
pub fn read_ptn_file_with(path: &Path, options: &ReadOptions) -> Result<Vec<ReadGame>, PtnError> {
    let name = shown_path(path);
    let bytes = read_bytes(path).map_err(|e| e.in_file(&name))?;
    let text = text_of(&bytes).map_err(|e| e.in_file(&name))?;
    read_ptn_of_file(text, &name, options)
}

/// The games of `text`, read from the file called `name` (so errors name it): for a caller
/// that already holds the file's text, as [`read_text_file`] gives it.
pub fn read_ptn_of_file(
    text: &str,
    name: &str,
    options: &ReadOptions,
) -> Result<Vec<ReadGame>, PtnError> {
    let mut games = read_ptn_with(text, options).map_err(|e| e.in_file(name))?;
    for game in &mut games {
        if let Some(error) = game.error.take() {
            game.error = Some(error.in_file(name));
        }
    }
    Ok(games)
}

/// The text of the file at `path`, read with the same care as a PTN file (only a regular
/// file, at most [`MAX_FILE_BYTES`], UTF-8). Errors name the file.
pub fn read_text_file(path: &Path) -> Result<String, PtnError> {
    let name = shown_path(path);
    let bytes = read_bytes(path).map_err(|e| e.in_file(&name))?;
    let text = text_of(&bytes).map_err(|e| e.in_file(&name))?;
    Ok(text.to_owned())
}

/// A path as a message shows it: control characters escaped (`\u{1b}`, `\n`), so that a file
/// named with escape sequences cannot drive the terminal showing its name, nor a newline in
/// a name fake a line of output. Names are never cut: each must stay one file's own.
#[must_use]
pub fn shown_path(path: &Path) -> String {
    let name = path.display().to_string();
    if !name.chars().any(char::is_control) {
        return name;
    }
    let mut shown = String::with_capacity(name.len() + 8);
    for c in name.chars() {
        if c.is_control() {
            shown.extend(c.escape_debug());
        } else {
            shown.push(c);
        }
    }
    shown
}

/// What a file type is when it is not a regular file, in words ("a folder", "a FIFO (named
/// pipe)" ...); `None` for a regular file.
#[must_use]
pub fn not_a_file(file_type: FileType) -> Option<&'static str> {
    if file_type.is_file() {
        return None;
    }
    if file_type.is_dir() {
        return Some("a folder");
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt as _;
        if file_type.is_fifo() {
            return Some("a FIFO (named pipe)");
        }
        if file_type.is_socket() {
            return Some("a socket");
        }
        if file_type.is_char_device() || file_type.is_block_device() {
            return Some("a device");
        }
    }
    Some("not a regular file")
}

fn read_bytes(path: &Path) -> Result<Vec<u8>, PtnError> {
    let io = |e: std::io::Error| bare(PtnErrorKind::Io(e.to_string()));
    // Looked at before opening: opening a FIFO for reading blocks until a writer comes.
    let metadata = std::fs::metadata(path).map_err(io)?;
    if let Some(kind) = not_a_file(metadata.file_type()) {
        return Err(bare(PtnErrorKind::NotAFile { kind }));
    }
    let file = File::open(path).map_err(io)?;
    // Again on what was opened, in case the path changed in between.
    let metadata = file.metadata().map_err(io)?;
    if let Some(kind) = not_a_file(metadata.file_type()) {
        return Err(bare(PtnErrorKind::NotAFile { kind }));
    }
    if metadata.len() > MAX_FILE_BYTES {
        return Err(too_large(metadata.len()));
    }
    let mut bytes = Vec::new();
    // One byte past the limit, so a file growing under us is still caught.
    file.take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(io)?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        let bytes = std::fs::metadata(path).map_or(bytes.len() as u64, |m| m.len());
        return Err(too_large(bytes.max(MAX_FILE_BYTES + 1)));
    }
    Ok(bytes)
}

fn bare(kind: PtnErrorKind) -> PtnError {
    PtnError {
        file: None,
        span: None,
        kind,
    }
}

fn text_of(bytes: &[u8]) -> Result<&str, PtnError> {
    std::str::from_utf8(bytes).map_err(|e| {
        let line = bytes[..e.valid_up_to()].split(|&b| b == b'\n').count();
        bare(PtnErrorKind::NotText { line })
    })
}
