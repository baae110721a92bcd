//! A transcript of an engine's exchange: every line sent (`>`) and received (`<`), and what
//! taktui saw happen (`!`: the engine gone, no answer in time, killed), with the seconds since
//! the engine started, appended to a file. For engine authors who want to see
//! exactly what taktui says and hears (`transcript = true` in `engines.toml`).

use std::fs::File;
use std::io::Write as _;
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// A transcript being written, shared by the threads that talk to one engine.
#[derive(Clone, Debug)]
pub struct Transcript {
    file: Arc<Mutex<File>>,
    start: Instant,
}

impl Transcript {
    /// Appends to `path` (its folder made if need be), under a line naming the engine's
    /// `command`; `None` if the file cannot be opened (a transcript is never the reason an
    /// engine cannot play).
    #[must_use]
    pub fn open(path: &Path, command: &str) -> Option<Transcript> {
        if let Some(folder) = path.parent() {
            std::fs::create_dir_all(folder).ok()?;
        }
        let mut file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .ok()?;
        let stamp = crate::record::Stamp::now();
        writeln!(file, "# {} {} {command}", stamp.date(), stamp.time()).ok()?;
        Some(Transcript {
            file: Arc::new(Mutex::new(file)),
            start: Instant::now(),
        })
    }

    /// Notes a line sent to the engine.
    pub fn sent(&self, line: &str) {
        self.write('>', line);
    }

    /// Notes a line received from the engine.
    pub fn heard(&self, line: &str) {
        self.write('<', line);
    }

    /// Notes what taktui saw happen, not a line of the exchange: the engine gone, an answer
    /// that did not come in time, the engine killed.
    pub fn noted(&self, what: &str) {
        self.write('!', what);
    }

    fn write(&self, way: char, line: &str) {
        let at = self.start.elapsed().as_secs_f64();
        if let Ok(mut file) = self.file.lock() {
            // A line that cannot be written is lost from the transcript, not from the game.
            let _ = writeln!(file, "{at:9.3} {way} {line}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_written_with_their_way_and_time() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("logs").join("e.tei.log");
        let transcript = Transcript::open(&path, "/bin/engine tei").unwrap();
        transcript.sent("tei");
        transcript.heard("teiok");
        transcript.noted("killed");
        let text = std::fs::read_to_string(&path).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines[0].starts_with("# ") && lines[0].ends_with(" /bin/engine tei"));
        assert!(lines[1].ends_with(" > tei"), "{text}");
        assert!(lines[2].ends_with(" < teiok"), "{text}");
        assert!(lines[3].ends_with(" ! killed"), "{text}");
    }
}
