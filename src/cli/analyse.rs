//! `tak analyse FILE`: every ply of a game (or of every game in the file) analysed by an
//! engine, marked `?`, `??` or `!`, and written with the evaluation and best line in each
//! ply's comment to a new PTN file. The original file is never changed.

use std::io::{IsTerminal as _, Write};
use std::path::PathBuf;
use std::time::Duration;

use anyhow::{Context as _, bail};
use clap::Args;

use crate::engine::{Engine, Limits};
use crate::game::analysis::{Analyser, Step, analysed_path, without_analysis};
use crate::game::computer::{Computer, HASH_MIB};
use crate::record::{GameRecord, ReadOptions, read_ptn_file_with, save_ptn};

/// Arguments of `tak analyse`.
#[derive(Debug, Args)]
pub struct AnalyseArgs {
    /// The PTN file.
    pub file: PathBuf,
    /// The engine: a name from engines.toml, or cmd:PROGRAM ARGS (default: taktui's own,
    /// the only one that marks only moves with !).
    #[arg(long)]
    pub engine: Option<String>,
    /// Thinking time for each position, in milliseconds.
    #[arg(long, default_value_t = 1000, value_parser = super::numbers::between(10_u64, 600_000))]
    pub movetime: u64,
    /// Which game of the file (1 for the first); without it, every game.
    #[arg(long)]
    pub game: Option<usize>,
    /// The board size, for records without a Size tag (or with a wrong one).
    #[arg(long, value_parser = super::perft::parse_size)]
    pub size: Option<crate::rules::BoardSize>,
    /// Where to write the analysed games (default: FILE's name with -analysed, beside it).
    #[arg(long)]
    pub out: Option<PathBuf>,
}

/// Analyses the games and writes them; progress on stderr, where they went on `out`.
pub fn run(args: &AnalyseArgs, out: &mut impl Write) -> anyhow::Result<()> {
    let chosen = chosen_games(args)?;
    let path = match &args.out {
        Some(path) if path.exists() => {
            bail!(
                "{} exists: choose another --out, or move it away",
                path.display()
            )
        }
        Some(path) => path.clone(),
        None => analysed_path(&args.file),
    };
    let engine = super::play::AnalysisArgs {
        engine: args.engine.clone(),
    }
    .entry()?;
    let name = engine
        .as_ref()
        .map_or("taktui", |e| e.name.as_str())
        .to_owned();
    let limits = Limits {
        movetime: Some(Duration::from_millis(args.movetime)),
        ..Limits::default()
    };
    // Ctrl+C (or a SIGTERM) stops the analysis, keeping what is done: noted here, acted on
    // between two looks at the analyser.
    let interrupted = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    for signal in [signal_hook::consts::SIGINT, signal_hook::consts::SIGTERM] {
        signal_hook::flag::register(signal, std::sync::Arc::clone(&interrupted))
            .context("listening for Ctrl+C")?;
    }
    let mut written = Vec::new();
    let mut stderr = std::io::stderr();
    let live = stderr.is_terminal();
    let count = chosen.len();
    for (number, (index, record)) in chosen.into_iter().enumerate() {
        let computer = match &engine {
            Some(entry) => Computer::external(entry.clone()),
            None => Computer::new(Engine::new(HASH_MIB)),
        };
        // A file analysed before is analysed afresh, not annotated twice.
        let record = without_analysis(&record);
        let mut analyser = Analyser::new(record, computer, limits.clone(), engine.is_none());
        let label = format!("game {} ({} of {count})", index + 1, number + 1);
        loop {
            let stopped = match analyser.wait(Duration::from_millis(200)) {
                Step::Working { done, total } => {
                    if live {
                        write!(stderr, "\r{label}: {} ", bar(done, total))?;
                        stderr.flush()?;
                    }
                    if !interrupted.load(std::sync::atomic::Ordering::Relaxed) {
                        continue;
                    }
                    analyser.stop();
                    "interrupted (Ctrl+C)".to_owned()
                }
                Step::Finished => break,
                Step::Failed(why) => format!("the engine failed: {why}"),
            };
            if live {
                writeln!(stderr)?;
            }
            // What was analysed is kept: the games before, and this one so far.
            let analysis = analyser.analysis();
            let mut record = analysis.annotate(analyser.record(), &name);
            record.add_game_comment(analysis.stopped_note(Some(stopped.as_str())));
            written.push(record);
            let path = free_at_the_end(args, path)?;
            save_ptn(&path, &written).with_context(|| format!("writing {}", path.display()))?;
            bail!(
                "{label}: {stopped}; what was analysed so far is in {}",
                path.display()
            );
        }
        let record = analyser.analysis().annotate(analyser.record(), &name);
        let marked = record
            .plies()
            .iter()
            .filter(|ply| ply.marks.judgement.is_some())
            .count();
        if live {
            write!(stderr, "\r\x1b[K")?;
        }
        writeln!(
            stderr,
            "{label}: {} analysed, {} marked",
            crate::words::count(record.plies().len(), "ply", "plies"),
            marked
        )?;
        written.push(record);
    }
    let path = free_at_the_end(args, path)?;
    save_ptn(&path, &written).with_context(|| format!("writing {}", path.display()))?;
    writeln!(
        out,
        "The analysis of {} is in {}.",
        args.file.display(),
        path.display()
    )?;
    Ok(())
}

/// The games of the file to analyse (the one `--game` names, or all), each up to its first
/// error, which is said on stderr.
fn chosen_games(args: &AnalyseArgs) -> anyhow::Result<Vec<(usize, GameRecord)>> {
    let games = read_ptn_file_with(&args.file, &ReadOptions { size: args.size })?;
    if let Some(n) = args.game
        && !(1..=games.len()).contains(&n)
    {
        bail!(
            "{}: there is no game {n} to analyse (the file holds {})",
            args.file.display(),
            crate::words::count(games.len(), "game", "games")
        );
    }
    let mut chosen: Vec<(usize, GameRecord)> = Vec::new();
    for (index, game) in games.into_iter().enumerate() {
        if args.game.is_some_and(|n| n != index + 1) {
            continue;
        }
        // A game cut short by an error is analysed up to it, and that is said.
        match (game.record, game.error) {
            (Some(record), None) => chosen.push((index, record)),
            (Some(record), Some(error)) => {
                eprintln!("game {}: {error}; analysed up to there", index + 1);
                chosen.push((index, record));
            }
            (None, Some(error)) => eprintln!("game {}: {error}; left out", index + 1),
            (None, None) => {}
        }
    }
    if chosen.is_empty() {
        bail!("{}: no game to analyse", args.file.display());
    }
    Ok(chosen)
}

/// Where to write, looked at again once the analysis is done (it took a while): never a file
/// that exists by now.
fn free_at_the_end(args: &AnalyseArgs, planned: PathBuf) -> anyhow::Result<PathBuf> {
    // Looked at again now: the analysis took a while, and a file is never replaced.
    let path = match &args.out {
        Some(path) if path.exists() => bail!(
            "{} appeared while the games were analysed: nothing was written",
            path.display()
        ),
        Some(path) => path.clone(),
        None if planned.exists() => analysed_path(&args.file),
        None => planned,
    };
    if path.exists() {
        bail!(
            "no free name beside {} for the analysis",
            args.file.display()
        );
    }
    Ok(path)
}

/// A progress bar: `[#######.............] 12/60`.
fn bar(done: usize, total: usize) -> String {
    const WIDTH: usize = 30;
    let filled = (done * WIDTH).checked_div(total).unwrap_or(0).min(WIDTH);
    format!(
        "[{}{}] {done}/{total} positions",
        "#".repeat(filled),
        ".".repeat(WIDTH - filled)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bar_fills_with_the_work_done() {
        assert!(bar(0, 10).starts_with("[......"));
        assert!(bar(10, 10).starts_with(&format!("[{}]", "#".repeat(30))));
        assert!(bar(5, 0).contains("5/0"), "no division by nothing");
    }
}
