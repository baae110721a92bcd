//! `tak check`: read PTN files, replay every game by the rules, and compare results.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use clap::Args;

use crate::notation::to_tps;
use crate::record::{GameRecord, ReadGame, read_ptn_file};
use crate::rules::{GameResult, WinReason};

/// Arguments of `tak check`.
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// One JSON object per game per line instead of plain text.
    #[arg(long)]
    pub json: bool,
    /// Also fail when a recorded result disagrees with the rules.
    #[arg(long)]
    pub strict: bool,
    /// PTN files, or folders to search for `*.ptn` files.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
}

/// What `tak check` found, for the exit status.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct CheckSummary {
    /// Files read.
    pub files: usize,
    /// Games read.
    pub games: usize,
    /// Games (or files) with an error.
    pub errors: usize,
    /// Games whose recorded result the rules do not support.
    pub mismatches: usize,
}

impl CheckSummary {
    /// Whether the run should exit with failure.
    #[must_use]
    pub fn failed(&self, strict: bool) -> bool {
        self.errors > 0 || (strict && self.mismatches > 0)
    }
}

/// Runs `tak check`, writing one line per game and a summary to `out`.
pub fn run(args: &CheckArgs, out: &mut impl std::io::Write) -> anyhow::Result<CheckSummary> {
    let mut summary = CheckSummary::default();
    let mut files = Vec::new();
    for path in &args.files {
        collect(path, &mut files);
    }
    for file in files {
        summary.files += 1;
        let name = file.display().to_string();
        match read_ptn_file(&file) {
            Ok(games) if games.is_empty() => {
                summary.errors += 1;
                let report = Report::file_error(&name, format!("{name}: no game in the file"));
                report.write(out, args.json)?;
            }
            Ok(games) => {
                for (index, game) in games.iter().enumerate() {
                    let report = Report::of(&name, index + 1, game);
                    summary.games += 1;
                    summary.errors += usize::from(report.error.is_some());
                    summary.mismatches += usize::from(report.mismatch);
                    report.write(out, args.json)?;
                }
            }
            Err(error) => {
                summary.errors += 1;
                Report::file_error(&name, error.to_string()).write(out, args.json)?;
            }
        }
    }
    if !args.json {
        writeln!(
            out,
            "{} file(s), {} game(s): {} with errors, {} result mismatch(es)",
            summary.files, summary.games, summary.errors, summary.mismatches
        )?;
    }
    Ok(summary)
}

/// Files named, and `*.ptn` files found (sorted) under folders named. A path that does not
/// exist is kept, so reading it reports the error.
fn collect(path: &Path, files: &mut Vec<PathBuf>) {
    if !path.is_dir() {
        files.push(path.to_path_buf());
        return;
    }
    let Ok(entries) = std::fs::read_dir(path) else {
        files.push(path.to_path_buf());
        return;
    };
    let mut entries: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    for entry in entries {
        if entry.is_dir() {
            collect(&entry, files);
        } else if entry
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("ptn"))
        {
            files.push(entry);
        }
    }
}

/// One line of output.
struct Report {
    file: String,
    game: usize,
    plies: usize,
    result: GameResult,
    recorded: Option<String>,
    tps: Option<String>,
    error: Option<String>,
    warnings: Vec<String>,
    mismatch: bool,
}

impl Report {
    fn of(file: &str, game: usize, read: &ReadGame) -> Report {
        let record: Option<&GameRecord> = read.record.as_ref();
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
            result,
            recorded,
            tps: record.map(|r| to_tps(r.position())),
            error: read.error.as_ref().map(ToString::to_string),
            warnings: read.warnings.iter().map(ToString::to_string).collect(),
            mismatch,
        }
    }

    fn file_error(file: &str, error: String) -> Report {
        Report {
            file: file.to_owned(),
            game: 0,
            plies: 0,
            result: GameResult::Ongoing,
            recorded: None,
            tps: None,
            error: Some(error),
            warnings: Vec::new(),
            mismatch: false,
        }
    }

    fn write(&self, out: &mut impl std::io::Write, json: bool) -> std::io::Result<()> {
        let token = self.result.ptn().unwrap_or("*");
        let reason = reason(self.result);
        if json {
            let opt = |v: Option<&str>| v.map_or_else(|| "null".to_owned(), json_string);
            return writeln!(
                out,
                "{{\"file\":{},\"game\":{},\"plies\":{},\"result\":{},\"reason\":{},\
                 \"recorded\":{},\"mismatch\":{},\"tps\":{},\"error\":{},\"warnings\":[{}]}}",
                json_string(&self.file),
                self.game,
                self.plies,
                json_string(token),
                json_string(reason),
                opt(self.recorded.as_deref()),
                self.mismatch,
                opt(self.tps.as_deref()),
                opt(self.error.as_deref()),
                self.warnings
                    .iter()
                    .map(|w| json_string(w))
                    .collect::<Vec<_>>()
                    .join(","),
            );
        }
        if self.game == 0 {
            // The message names the file already.
            return writeln!(out, "error: {}", self.error.as_deref().unwrap_or_default());
        }
        write!(
            out,
            "{} game {}: {} plies, {token} ({reason})",
            self.file, self.game, self.plies
        )?;
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

/// A JSON string literal.
fn json_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if u32::from(c) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_strings_escape_quotes_backslashes_and_controls() {
        assert_eq!(json_string("a\"b\\c\nd\u{1}"), "\"a\\\"b\\\\c\\nd\\u0001\"");
    }

    #[test]
    fn resignations_never_mismatch_but_wrong_roads_do() {
        assert!(GameResult::Ongoing.supports("1-0"));
        assert!(GameResult::Ongoing.supports("0-1"));
        assert!(!GameResult::Ongoing.supports("R-0"));
        assert!(!GameResult::Draw.supports("F-0"));
        assert!(GameResult::Draw.supports("1/2-1/2"));
    }
}
