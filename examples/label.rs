//! Labels training positions with a stronger engine's judgement: each position of a data file
//! of `texel` (`SIZE HALFKOMI RESULT TPS` a line) is searched by a TEI engine to a fixed
//! number of nodes, and written back with its RESULT replaced by a blend of the game's result
//! and the engine's expected score for White.
//!
//! ```text
//! cargo run --release --example label -- DATA --engine '/path/tiltak-tei' \
//!     [--nodes 2000] [--blend 0.25] [--skip N] [--every K] > LABELLED
//! ```
//!
//! `--blend` is the weight of the game's result (0: the engine's score alone). The engine's
//! `score cp` is read as an MCTS engine's win chance (Tiltak writes cp = 200 × chance - 100,
//! for the side to move). `--skip N --every K` takes every Kth line from the Nth (0-based),
//! so K runs side by side split one file. Why: a game's result says little of each of its
//! positions (one bad move late decides it), while a search of the position itself says much;
//! fitting to a stronger engine's judgement (as chess engines learn from a stronger search)
//! needs far fewer positions. See `scripts/texel.sh`.

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::time::{Duration, Instant};

use taktui::rules::{Color, Komi};
use taktui::tei::{EngineCommand, EngineProcess, Said};

/// How long the engine may take over a handshake or one search before it counts as hung.
const PATIENCE: Duration = Duration::from_secs(60);

// Each example uses a part of what the support module offers.
#[allow(dead_code)]
#[path = "support/mod.rs"]
mod support;
use support::data::read_line;
use support::flag::flag;

fn main() {
    if let Err(why) = run() {
        eprintln!("label: {why}");
        std::process::exit(2);
    }
}

fn run() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let path = args
        .first()
        .filter(|a| !a.starts_with("--"))
        .ok_or("usage: label DATA --engine CMD [--nodes N] [--blend B] [--skip N --every K]")?;
    let engine: String = flag(&args, "--engine", String::new())?;
    let nodes: u64 = flag(&args, "--nodes", 2_000)?;
    let blend: f64 = flag(&args, "--blend", 0.25)?;
    let skip: usize = flag(&args, "--skip", 0)?;
    let every: usize = flag(&args, "--every", 1)?;
    let words = shlex::split(&engine).filter(|w| !w.is_empty());
    let Some(words) = words else {
        return Err("--engine needs the engine's command line".to_owned());
    };
    let command = EngineCommand {
        program: PathBuf::from(&words[0]),
        args: words[1..].to_vec(),
        dir: None,
    };
    let mut process = EngineProcess::start(&command, PATIENCE).map_err(|e| e.to_string())?;
    let file = std::fs::File::open(path).map_err(|e| format!("{path}: {e}"))?;
    let mut out = std::io::stdout().lock();
    let started = Instant::now();
    let mut game: Option<(u8, i16)> = None;
    let mut done = 0u64;
    for (number, line) in BufReader::new(file).lines().enumerate() {
        let line = line.map_err(|e| format!("{path}: {e}"))?;
        if number < skip || !(number - skip).is_multiple_of(every.max(1)) {
            continue;
        }
        let at = || format!("{path}:{}", number + 1);
        let read = read_line(&line, &at())?;
        let (halves, result, tps, parsed) = (read.halves, read.result, read.text, read.tps);
        let board = parsed.size();
        // The engine is told of a new game only when the size or komi changes.
        if game != Some((board.get(), halves)) {
            let komi = Komi::from_halves(halves).map_err(|e| format!("{}: {e}", at()))?;
            process
                .new_game(board, komi, PATIENCE)
                .map_err(|e| format!("{}: {e}", at()))?;
            game = Some((board.get(), halves));
        }
        let Some(chance) =
            search(&mut process, tps, nodes).map_err(|e| format!("{}: {e}", at()))?
        else {
            continue;
        };
        let to_move = parsed.to_move();
        let white = if to_move == Color::White {
            chance
        } else {
            1.0 - chance
        };
        let target = blend * result + (1.0 - blend) * white;
        writeln!(out, "{} {halves} {target:.4} {tps}", board.get()).map_err(|e| e.to_string())?;
        done += 1;
        if done.is_multiple_of(1000) {
            eprintln!(
                "{done} positions labelled ({:.0} s)",
                started.elapsed().as_secs_f64()
            );
        }
    }
    Ok(())
}

/// The engine's expected score for the side to move after searching `tps` to `nodes` nodes,
/// from the last score it gave; `None` if it gave none (or a mate score, which a quiet
/// position of a data file should not have, and which says nothing of degree).
fn search(process: &mut EngineProcess, tps: &str, nodes: u64) -> Result<Option<f64>, String> {
    process
        .go(&format!("tps {tps}"), &format!("nodes {nodes}"))
        .map_err(|e| e.to_string())?;
    let deadline = Instant::now() + PATIENCE;
    let mut centiflats = None;
    loop {
        for said in process.listen(deadline).map_err(|e| e.to_string())? {
            match said {
                Said::Thinking(thinking) => {
                    if thinking.centiflats.is_some() {
                        centiflats = thinking.centiflats;
                    }
                }
                Said::Move(_) => {
                    return Ok(
                        centiflats.map(|cp| ((f64::from(cp) + 100.0) / 200.0).clamp(0.0, 1.0))
                    );
                }
            }
        }
    }
}
