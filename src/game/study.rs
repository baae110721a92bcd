//! Puzzles and lessons as the app finds them (built in, and more in the data folder's
//! `puzzles/` and `lessons/`), and the progress kept beside them: puzzles solved, the streak,
//! lessons done.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::assets::{Asset, LESSONS, PUZZLES};
use crate::lessons::Lesson;
use crate::puzzles::Puzzle;
use crate::record::read_ptn;

/// The progress kept in the data folder `data` and the file it is kept in; when it cannot be
/// read, none (nothing is written over the file) and why.
#[must_use]
pub fn load_progress(data: Option<&Path>) -> (Progress, Option<PathBuf>, Option<String>) {
    let Some(data) = data else {
        return (Progress::default(), None, None);
    };
    let path = Progress::path(data);
    match Progress::load(&path) {
        Ok(progress) => (progress, Some(path), None),
        Err(error) => {
            let said = format!("cannot read your progress, so none is kept: {error}");
            (Progress::default(), None, Some(said))
        }
    }
}

/// The lesson to open: the first not yet done, or the first again when all are.
#[must_use]
pub fn first_to_do(lessons: &[Lesson], progress: &Progress) -> usize {
    lessons
        .iter()
        .position(|lesson| !progress.lessons.contains(&lesson.id))
        .unwrap_or(0)
}

/// Every puzzle, the easiest first: the built-in ones and those of the data folder's
/// `puzzles/*.ptn`. What cannot be read is said in the warnings (file, game and why), never
/// a reason to stop.
#[must_use]
pub fn puzzles(data_dir: Option<&Path>) -> (Vec<Puzzle>, Vec<String>) {
    let mut found = Vec::new();
    let mut warnings = Vec::new();
    for asset in PUZZLES {
        read_puzzles(&stem(asset.name), asset.text, &mut found, &mut warnings);
    }
    for (path, text) in data_files(data_dir, "puzzles", "ptn", &mut warnings) {
        let name = format!("data:{}", stem(&path.display().to_string()));
        read_puzzles(&name, &text, &mut found, &mut warnings);
    }
    // The easiest first, for a newcomer who opens the list; the files' order within each.
    found.sort_by_key(|puzzle| puzzle.difficulty);
    (found, warnings)
}

fn read_puzzles(name: &str, text: &str, found: &mut Vec<Puzzle>, warnings: &mut Vec<String>) {
    let games = match read_ptn(text) {
        Ok(games) => games,
        Err(error) => {
            warnings.push(format!("{name}: {error}"));
            return;
        }
    };
    for (index, game) in games.into_iter().enumerate() {
        // Named by file and place for what is said of it; remembered by its own id.
        let id = format!("{name}/{}", index + 1);
        match (game.record, game.error) {
            (Some(record), None) => match Puzzle::from_record(record) {
                Ok(puzzle) => found.push(puzzle),
                Err(error) => warnings.push(format!("puzzle {id}: {error}")),
            },
            (_, Some(error)) => warnings.push(format!("puzzle {id}: {error}")),
            (None, None) => warnings.push(format!("puzzle {id}: no game")),
        }
    }
}

/// Every lesson: the built-in ones in order, then those of the data folder's
/// `lessons/*.toml`.
#[must_use]
pub fn lessons(data_dir: Option<&Path>) -> (Vec<Lesson>, Vec<String>) {
    let mut found = Vec::new();
    let mut warnings = Vec::new();
    let mut add =
        |id: &str, text: &str, warnings: &mut Vec<String>| match Lesson::from_toml(id, text) {
            Ok(lesson) => found.push(lesson),
            Err(error) => warnings.push(format!("lesson {id}: {error}")),
        };
    for Asset { name, text } in LESSONS {
        add(&stem(name), text, &mut warnings);
    }
    for (path, text) in data_files(data_dir, "lessons", "toml", &mut warnings) {
        let id = format!("data:{}", stem(&path.display().to_string()));
        add(&id, &text, &mut warnings);
    }
    (found, warnings)
}

/// A file name without its folder and extension.
fn stem(name: &str) -> String {
    Path::new(name)
        .file_stem()
        .map_or_else(|| name.to_owned(), |s| s.to_string_lossy().into_owned())
}

/// The texts of `data_dir/folder/*.extension`, by name; unreadable files are warned of.
fn data_files(
    data_dir: Option<&Path>,
    folder: &str,
    extension: &str,
    warnings: &mut Vec<String>,
) -> Vec<(PathBuf, String)> {
    let Some(dir) = data_dir.map(|d| d.join(folder)) else {
        return Vec::new();
    };
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return Vec::new();
    };
    let mut paths: Vec<PathBuf> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == extension))
        .collect();
    paths.sort();
    paths
        .into_iter()
        .filter_map(|path| match crate::record::read_text_file(&path) {
            Ok(text) => Some((path, text)),
            Err(error) => {
                warnings.push(format!("{}: {error}", path.display()));
                None
            }
        })
        .collect()
}

/// Why the progress cannot be read or kept: which file, and what is wrong.
#[derive(Debug, thiserror::Error)]
pub enum ProgressError {
    /// The file is there but cannot be read.
    #[error("{}: {error}", .path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// What the system said.
        error: std::io::Error,
    },
    /// The file is not progress as taktui writes it: it is never written over.
    #[error("{}: {error} (the file is left as it is)", .path.display())]
    Broken {
        /// The file.
        path: PathBuf,
        /// Where the JSON goes wrong, and how.
        error: serde_json::Error,
    },
    /// The folder the file goes in cannot be made.
    #[error("{}: {error}", .dir.display())]
    Folder {
        /// The folder.
        dir: PathBuf,
        /// What the system said.
        error: std::io::Error,
    },
    /// The progress cannot be written as JSON.
    #[error("cannot write the progress as JSON: {0}")]
    Encode(serde_json::Error),
    /// The file cannot be written.
    #[error("{}: {error}", .path.display())]
    Write {
        /// The file.
        path: PathBuf,
        /// What the system said.
        error: std::io::Error,
    },
}

/// What was solved and learnt, kept in the data folder's `study.json`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Progress {
    /// The puzzles solved, by id.
    pub solved: BTreeSet<String>,
    /// Puzzles solved in a row without a wrong move or a hint.
    pub streak: u32,
    /// The longest such run.
    pub best_streak: u32,
    /// The lessons done, by id.
    pub lessons: BTreeSet<String>,
}

impl Progress {
    /// The file it is kept in.
    #[must_use]
    pub fn path(data_dir: &Path) -> PathBuf {
        data_dir.join("study.json")
    }

    /// The progress kept at `path`: none yet when there is no file. A file that cannot be
    /// read is an error, so that it is never written over.
    pub fn load(path: &Path) -> Result<Progress, ProgressError> {
        let path_buf = || path.to_path_buf();
        match std::fs::read_to_string(path) {
            Ok(text) => serde_json::from_str(&text).map_err(|error| ProgressError::Broken {
                path: path_buf(),
                error,
            }),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Progress::default()),
            Err(error) => Err(ProgressError::Read {
                path: path_buf(),
                error,
            }),
        }
    }

    /// Writes the progress to `path` (atomically: a crash never leaves half a file).
    pub fn save(&self, path: &Path) -> Result<(), ProgressError> {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(|error| ProgressError::Folder {
                dir: dir.to_path_buf(),
                error,
            })?;
        }
        let text = serde_json::to_string_pretty(self).map_err(ProgressError::Encode)?;
        crate::files::write_atomically(path, text.as_bytes()).map_err(|error| {
            ProgressError::Write {
                path: path.to_path_buf(),
                error,
            }
        })
    }

    /// Writes the progress to `path` together with what is kept there now: another session
    /// may have kept puzzles solved and lessons done since this one read the file, and they
    /// stay (the streak is this session's; the best streak the longer). Afterwards `self` is
    /// what was written. A file that cannot be read is left as it is, and nothing is written.
    pub fn save_merged(&mut self, path: &Path) -> Result<(), ProgressError> {
        let kept = Progress::load(path)?;
        self.solved.extend(kept.solved);
        self.lessons.extend(kept.lessons);
        self.best_streak = self.best_streak.max(kept.best_streak);
        self.save(path)
    }

    /// A puzzle solved: cleanly (no wrong move, no hint) it lengthens the streak.
    pub fn solved(&mut self, id: &str, cleanly: bool) {
        self.solved.insert(id.to_owned());
        if cleanly {
            self.streak += 1;
            self.best_streak = self.best_streak.max(self.streak);
        } else {
            self.streak = 0;
        }
    }

    /// A wrong move or a hint: the streak starts again.
    pub fn broken(&mut self) {
        self.streak = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_built_in_puzzle_and_lesson_reads() {
        let (puzzles, warnings) = puzzles(None);
        assert!(warnings.is_empty(), "{warnings:?}");
        assert!(puzzles.len() >= 20);
        let ids: BTreeSet<&str> = puzzles.iter().map(|p| p.id.as_str()).collect();
        assert_eq!(ids.len(), puzzles.len(), "ids are unique");
        let (_, warnings) = lessons(None);
        assert!(warnings.is_empty(), "{warnings:?}");
    }

    #[test]
    fn progress_is_kept_and_a_broken_file_is_never_written_over() {
        let dir = std::env::temp_dir().join(format!("taktui-study-{}", std::process::id()));
        let path = Progress::path(&dir);
        let _ = std::fs::remove_file(&path);
        let mut progress = Progress::load(&path).unwrap();
        progress.solved("a/1", true);
        progress.solved("a/2", true);
        progress.solved("a/3", false);
        assert_eq!((progress.streak, progress.best_streak), (0, 2));
        progress.save(&path).unwrap();
        assert_eq!(Progress::load(&path).unwrap(), progress);
        std::fs::write(&path, "{ not json").unwrap();
        let error = Progress::load(&path).unwrap_err();
        assert!(matches!(error, ProgressError::Broken { .. }), "{error}");
        assert!(error.to_string().contains("left as it is"), "{error}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
