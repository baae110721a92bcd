//! `tak check`: read PTN files, replay every game by the rules, and compare results.
//!
//! One line per game (or one JSON object with `--json`) on standard output, and a summary of
//! how many games each file holds, how many read and how many were refused. Errors about a
//! file itself (missing, unreadable, too big, not a file) go to standard error.

mod rulebook;

use std::path::{Path, PathBuf};

use clap::Args;
use serde::Serialize;

use super::perft::parse_size;
use crate::notation::to_tps;
use crate::record::{
    ReadGame, ReadOptions, not_a_file, read_ptn_of_file, read_text_file, shown_path,
};
use crate::rules::{BoardSize, GameResult, WinReason};
use crate::words::count;

/// Arguments of `tak check`.
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// One JSON object per game per line instead of plain text.
    #[arg(long)]
    pub json: bool,
    /// Also fail when a recorded result disagrees with the rules. A game the board has not
    /// ended may be recorded as won (a resignation, a loss on time) or drawn (by agreement):
    /// that is no disagreement.
    #[arg(long)]
    pub strict: bool,
    /// The board size of games with no Size tag (else the smallest board on which the moves
    /// are legal, with a warning); it overrides a Size tag that says otherwise. Games with a
    /// TPS tag keep the TPS position's size.
    #[arg(long, value_parser = parse_size)]
    pub size: Option<BoardSize>,
    /// PTN files, or folders to search for `*.ptn` files.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
}

/// What `tak check` found, for the exit status.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct CheckSummary {
    /// Files named or found.
    pub files: usize,
    /// Files that could not be read at all (or held no game).
    pub unreadable: usize,
    /// Games the files hold.
    pub games: usize,
    /// Games with an error (each keeps the plies before it).
    pub refused: usize,
    /// Games whose recorded result the rules do not support.
    pub mismatches: usize,
}

impl CheckSummary {
    /// Whether the run should exit with failure.
    #[must_use]
    pub fn failed(&self, strict: bool) -> bool {
        self.unreadable > 0 || self.refused > 0 || (strict && self.mismatches > 0)
    }
}

/// Runs `tak check`: one line per game and a summary to `out`, errors about files and
/// warnings about skipped entries to `err`.
pub fn run(
    args: &CheckArgs,
    out: &mut impl std::io::Write,
    err: &mut impl std::io::Write,
) -> anyhow::Result<CheckSummary> {
    let mut summary = CheckSummary::default();
    let mut found = Found::default();
    for path in &args.files {
        let before = found.files.len() + found.problems.len();
        found.collect(path, true);
        if path.is_dir() && found.files.len() + found.problems.len() == before {
            found
                .warnings
                .push(format!("{}: no .ptn file in this folder", shown_path(path)));
        }
    }
    for warning in &found.warnings {
        writeln!(err, "warning: {warning}")?;
    }
    for problem in &found.problems {
        summary.files += 1;
        summary.unreadable += 1;
        file_error(out, err, args.json, problem, problem)?;
    }
    let options = ReadOptions { size: args.size };
    for file in &found.files {
        summary.files += 1;
        let name = shown_path(file);
        let games = match read_text_file(file) {
            Ok(text) => {
                // Kaen and Locke records are read by their own rules.
                if let Some(report) = rulebook::report(&text, &name) {
                    summary.games += 1;
                    summary.refused += usize::from(report.error.is_some());
                    summary.mismatches += usize::from(report.mismatch);
                    report.write(out, args.json)?;
                    continue;
                }
                read_ptn_of_file(&text, &name, &options)
            }
            Err(error) => Err(error),
        };
        let games = match games {
            Ok(games) if games.is_empty() => {
                summary.unreadable += 1;
                file_error(
                    out,
                    err,
                    args.json,
                    &name,
                    &format!("{name}: no game in the file"),
                )?;
                continue;
            }
            Ok(games) => games,
            Err(error) => {
                summary.unreadable += 1;
                file_error(out, err, args.json, &name, &error.to_string())?;
                continue;
            }
        };
        let mut refused = 0;
        for (index, game) in games.iter().enumerate() {
            let report = Report::of(&name, index + 1, game);
            refused += usize::from(report.error.is_some());
            summary.mismatches += usize::from(report.mismatch);
            report.write(out, args.json)?;
        }
        summary.games += games.len();
        summary.refused += refused;
        if games.len() > 1 && !args.json {
            let read = games.len() - refused;
            writeln!(
                out,
                "{name}: {} games: {read} read, {refused} refused",
                games.len()
            )?;
        }
    }
    if !args.json {
        let not_read = if summary.unreadable > 0 {
            format!(" ({} not read)", summary.unreadable)
        } else {
            String::new()
        };
        writeln!(
            out,
            "{}{not_read}, {}: {} read, {} refused, {}",
            count(summary.files, "file", "files"),
            count(summary.games, "game", "games"),
            summary.games - summary.refused,
            summary.refused,
            count(summary.mismatches, "result mismatch", "result mismatches")
        )?;
    }
    Ok(summary)
}

/// An error about a file as a whole: on standard error, and with `--json` also as an object
/// (game 0) on standard output, so that a program reading it hears of every file.
fn file_error(
    out: &mut impl std::io::Write,
    err: &mut impl std::io::Write,
    json: bool,
    file: &str,
    message: &str,
) -> std::io::Result<()> {
    writeln!(err, "error: {message}")?;
    if json {
        Report::file_error(file, message.to_owned()).write(out, true)?;
    }
    Ok(())
}

/// What a scan of the paths named found.
#[derive(Default)]
struct Found {
    /// Files to read, in order.
    files: Vec<PathBuf>,
    /// Folders that could not be listed, said as errors.
    problems: Vec<String>,
    /// Entries left out, and why.
    warnings: Vec<String>,
}

impl Found {
    /// Files named, and `*.ptn` files found (sorted) under folders named. A path named that is
    /// not a folder is kept whatever it is, so reading it says what is wrong with it; in a
    /// folder, what is not a regular file (a FIFO would block the reading) is skipped with a
    /// warning, and links to folders are not followed (they may loop).
    fn collect(&mut self, path: &Path, named: bool) {
        if named && !path.is_dir() {
            self.files.push(path.to_path_buf());
            return;
        }
        let entries = match std::fs::read_dir(path) {
            Ok(entries) => entries,
            Err(e) => {
                let problem = format!("{}: cannot read the folder: {e}", shown_path(path));
                self.problems.push(problem);
                return;
            }
        };
        let mut entries: Vec<(PathBuf, Option<std::fs::FileType>)> = entries
            .filter_map(Result::ok)
            .map(|e| (e.path(), e.file_type().ok()))
            .collect();
        entries.sort_by(|a, b| a.0.cmp(&b.0));
        for (entry, file_type) in entries {
            if file_type.is_some_and(|t| t.is_dir()) {
                self.collect(&entry, false);
                continue;
            }
            if !entry
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("ptn"))
            {
                continue;
            }
            // Through links: a link to a file is read; a broken or looping one is kept, so
            // that reading it says so.
            match std::fs::metadata(&entry).map(|m| not_a_file(m.file_type())) {
                Ok(Some(kind)) => {
                    let warning = format!("{}: skipped: it is {kind}", shown_path(&entry));
                    self.warnings.push(warning);
                }
                Ok(None) | Err(_) => self.files.push(entry),
            }
        }
    }
}

/// One line of output, or one JSON object: the fields in this order.
#[derive(Serialize)]
struct Report {
    file: String,
    game: usize,
    plies: usize,
    /// Variations beside the main line (the plies above are the main line's).
    #[serde(skip_serializing_if = "is_zero")]
    variations: usize,
    /// The result by the rules: a PTN token, or `*` while the game goes on.
    result: &'static str,
    reason: &'static str,
    recorded: Option<String>,
    mismatch: bool,
    tps: Option<String>,
    error: Option<String>,
    warnings: Vec<String>,
    /// For Kaen and Locke: the game and how it stands, in words.
    #[serde(skip_serializing_if = "Option::is_none")]
    summary: Option<String>,
}

#[allow(clippy::trivially_copy_pass_by_ref)] // serde's skip_serializing_if takes a reference
const fn is_zero(n: &usize) -> bool {
    *n == 0
}

impl Report {
    fn of(file: &str, game: usize, read: &ReadGame) -> Report {
        let record = read.record.as_ref();
        let result = record.map_or(GameResult::Ongoing, |r| r.position().result());
        let recorded = record.and_then(|r| r.recorded_result().map(str::to_owned));
        let mismatch = read.error.is_none()
            && recorded
                .as_deref()
                .is_some_and(|token| !result.supports(token));
        Report {
            file: file.to_owned(),
            game,
            plies: record.map_or(0, |r| r.plies().len()),
            variations: record.map_or(0, |r| r.tree().all_branches().len()),
            result: result.ptn().unwrap_or("*"),
            reason: reason(result),
            recorded,
            mismatch,
            tps: record.map(|r| to_tps(r.position())),
            error: read.error.as_ref().map(ToString::to_string),
            warnings: read.warnings.iter().map(ToString::to_string).collect(),
            summary: None,
        }
    }

    fn file_error(file: &str, error: String) -> Report {
        Report {
            file: file.to_owned(),
            game: 0,
            plies: 0,
            variations: 0,
            result: "*",
            reason: reason(GameResult::Ongoing),
            recorded: None,
            mismatch: false,
            tps: None,
            error: Some(error),
            warnings: Vec::new(),
            summary: None,
        }
    }

    fn write(&self, out: &mut impl std::io::Write, json: bool) -> std::io::Result<()> {
        if json {
            serde_json::to_writer(&mut *out, self)?;
            return writeln!(out);
        }
        let (token, reason) = (self.result, self.reason);
        let plies = crate::words::count(self.plies, "ply", "plies");
        write!(out, "{} game {}: {plies}", self.file, self.game)?;
        if self.variations > 0 {
            let variations = crate::words::count(self.variations, "variation", "variations");
            write!(out, " and {variations}")?;
        }
        write!(out, ", {token} ({reason})")?;
        match (&self.recorded, self.mismatch) {
            (Some(recorded), true) => write!(
                out,
                ", recorded {recorded}: MISMATCH, the rules do not support it"
            )?,
            (Some(recorded), false) => write!(out, ", recorded {recorded}")?,
            (None, _) => write!(out, ", no result recorded")?,
        }
        if let Some(tps) = &self.tps {
            write!(out, ", final [{tps}]")?;
        }
        if let Some(summary) = &self.summary {
            write!(out, "; {summary}")?;
        }
        if let Some(error) = &self.error {
            write!(out, "\n  error: {error}")?;
        }
        for warning in &self.warnings {
            write!(out, "\n  warning: {warning}")?;
        }
        writeln!(out)
    }
}

/// The reason field: `road`, `flats`, `draw` or `ongoing`.
fn reason(result: GameResult) -> &'static str {
    match result {
        GameResult::Ongoing => "ongoing",
        GameResult::Draw => "draw",
        GameResult::Win {
            reason: WinReason::Road { .. },
            ..
        } => "road",
        GameResult::Win {
            reason: WinReason::Flats,
            ..
        } => "flats",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_escapes_quotes_backslashes_and_controls() {
        let report = Report::file_error("a\"b\\c\nd\u{1}", "é".into());
        let mut out = Vec::new();
        report.write(&mut out, true).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(
            text.starts_with("{\"file\":\"a\\\"b\\\\c\\nd\\u0001\",\"game\":0,"),
            "{text}"
        );
        assert!(
            text.ends_with("\"error\":\"é\",\"warnings\":[]}\n"),
            "{text}"
        );
    }

    #[test]
    fn resignations_and_agreed_draws_never_mismatch_but_wrong_roads_do() {
        assert!(GameResult::Ongoing.supports("1-0"));
        assert!(GameResult::Ongoing.supports("0-1"));
        assert!(GameResult::Ongoing.supports("1/2-1/2"));
        assert!(GameResult::Ongoing.supports("0-0"));
        assert!(!GameResult::Ongoing.supports("R-0"));
        assert!(!GameResult::Draw.supports("F-0"));
        assert!(GameResult::Draw.supports("1/2-1/2"));
    }
}
