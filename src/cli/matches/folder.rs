//! Where a match of Locke or Kaen keeps its games: a folder of its own, one record a game (a
//! series, for Kaen) as the screens save them (`game-001.ptn`, `series-001.ptn`...), each
//! written as it ends, so that `tak replay`, `tak locke FILE` or `tak kaen FILE` open any of
//! them and `--continue` takes the match up after the last one written. The folder is held
//! while the match runs: a second match on it refuses.

use std::path::{Path, PathBuf};

use anyhow::{Context as _, bail};

use crate::files::Held;
use crate::record::Stamp;

/// A match's folder, held by this process.
#[derive(Debug)]
pub struct Folder {
    path: PathBuf,
    /// What each file is of, and its plural: `game`, `games`; `series`, `series`.
    each: (&'static str, &'static str),
    _held: Held,
}

impl Folder {
    /// The folder `out` (new, unless `resume`), or a new dated one here named after `game`
    /// (`locke-match-DATE-TIME`); each file holds one `each` (`game`, `series`, with its
    /// plural).
    pub fn open(
        out: Option<&Path>,
        game: &str,
        each: (&'static str, &'static str),
        resume: bool,
    ) -> anyhow::Result<Folder> {
        let path = if let Some(path) = out {
            path.to_path_buf()
        } else {
            let wanted = PathBuf::from(format!(
                "{}-match-{}",
                game.to_ascii_lowercase(),
                Stamp::now().file_stem()
            ));
            crate::files::unused_name(&wanted).with_context(|| {
                format!(
                    "no free name for a match folder here ({})",
                    wanted.display()
                )
            })?
        };
        let held = crate::files::hold(&path).map_err(anyhow::Error::msg)?;
        if resume {
            if !path.is_dir() {
                bail!(
                    "{}: no such folder, so no match to continue",
                    path.display()
                );
            }
        } else if path.exists() {
            bail!(
                "{} exists: choose another --out, move it away, or take the match up where it \
                 stopped with --continue",
                path.display()
            );
        } else {
            std::fs::create_dir(&path)
                .with_context(|| format!("cannot make the match's folder {}", path.display()))?;
        }
        Ok(Folder {
            path,
            each,
            _held: held,
        })
    }

    /// The folder.
    #[must_use]
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// What each file holds: `game` or `series`.
    #[must_use]
    pub const fn each(&self) -> &'static str {
        self.each.0
    }

    /// What the files hold: `games` or `series`.
    #[must_use]
    pub const fn many(&self) -> &'static str {
        self.each.1
    }

    /// `n` of what each file holds: `1 game`, `3 series`.
    #[must_use]
    pub fn count(&self, n: usize) -> String {
        crate::words::count(n, self.each.0, self.each.1)
    }

    /// The file of the game (or series) number `index` (from 0).
    #[must_use]
    pub fn file(&self, index: usize) -> PathBuf {
        self.path
            .join(format!("{}-{:03}.ptn", self.each.0, index + 1))
    }

    /// The texts of the games kept so far, in order: the files from the first on, up to the
    /// first missing.
    pub fn kept(&self) -> anyhow::Result<Vec<String>> {
        let mut texts = Vec::new();
        loop {
            let file = self.file(texts.len());
            if !file.exists() {
                return Ok(texts);
            }
            texts.push(
                crate::record::read_text_file(&file)
                    .with_context(|| format!("reading {}", file.display()))?,
            );
        }
    }
}
