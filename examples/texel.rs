//! The evaluation's tuning pipeline: positions with a target for each (the result of the game
//! it came from, or a stronger engine's judgement of it), and weights fitted to them by
//! logistic regression (Texel's method: minimise the squared error between each target and
//! sigmoid(k × evaluation)).
//!
//! ```text
//! texel play --games 1000 --size 5 --komi 4 --nodes 5000 --noise 30 --seed 1 >> data.txt
//! texel ptn MATCH.ptn ... >> data.txt          # games played elsewhere (against Tiltak)
//! label data.txt --engine tiltak-tei > judged.txt  # examples/label.rs: Tiltak's judgement
//! texel fit judged.txt [--iterations 3000] [--l2 1.0] [--holdout 0.1] [--start WEIGHTS] [--out assets/engine/weights.txt]
//! ```
//!
//! `play` is self-play of the engine at a fixed node budget with noise at the root (so games
//! differ), each game from a random opening of `../shared/peers/openings`; `ptn` takes every
//! finished game of PTN files. Both write one quiet position a line (neither side threatens a
//! road by a placement): `SIZE HALFKOMI RESULT TPS`, the result White's (1, 0.5 or 0);
//! `examples/label.rs` replaces the result by a stronger engine's expected score for White.
//! `fit` starts from the hand-set weights (or the file `--start` names), finds the k that fits
//! them best, then moves every weight (early, middle and late) by Adam's gradient descent, and
//! writes the weights file the engine compiles in. See `scripts/texel.sh` for the whole run.

// The fit reads as the method is written (k, m, v, n), and its counts of positions and steps
// are far inside the exact range of f64 and i32.
#![allow(
    clippy::many_single_char_names,
    clippy::cast_precision_loss,
    clippy::cast_sign_loss,
    clippy::cast_possible_wrap,
    clippy::too_many_lines
)]

use std::fmt::Write as _;
use std::io::{BufRead, BufReader, Write};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use taktui::engine::eval::phase_shares;
use taktui::engine::features::{FEATURE_COUNT, Features, PHASE_END, features};
use taktui::engine::roads::placement_threats;
use taktui::engine::{Control, Engine, Limits, Weights};
use taktui::notation::{parse_move, to_tps};
use taktui::record::read_ptn_file;
use taktui::rules::{BoardSize, Color, GameConfig, GameResult, Komi, Position};

// Each example uses a part of what the support module offers.
#[allow(dead_code)]
#[path = "support/mod.rs"]
mod support;
use support::data::read_line;
use support::flag::flag;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("play") => play(&args[1..]),
        Some("ptn") => ptn(&args[1..]),
        Some("fit") => fit(&args[1..]),
        _ => Err("usage: texel play|ptn|fit ... (see examples/texel.rs)".to_owned()),
    };
    if let Err(why) = result {
        eprintln!("texel: {why}");
        std::process::exit(2);
    }
}

/// Whether `position` is quiet: no placement wins for either side (the evaluation is asked
/// about such positions only; others are searched on).
fn quiet(position: &Position) -> bool {
    !position.is_over()
        && !position.is_opening()
        && placement_threats(position, Color::White).is_empty()
        && placement_threats(position, Color::Black).is_empty()
}

/// White's result: 1, 0.5 or 0; `None` for a game not finished on the board.
fn white_result(position: &Position) -> Option<f64> {
    match position.result() {
        GameResult::Win { winner, .. } => Some(if winner == Color::White { 1.0 } else { 0.0 }),
        GameResult::Draw => Some(0.5),
        GameResult::Ongoing => None,
    }
}

/// A small generator for choosing openings (the tool's own randomness, not the engine's).
fn next_random(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

fn play(args: &[String]) -> Result<(), String> {
    let games: u32 = flag(args, "--games", 100)?;
    let size: u8 = flag(args, "--size", 5)?;
    let halves: i16 = flag(args, "--komi", 4)?;
    let nodes: u64 = flag(args, "--nodes", 5_000)?;
    let noise: u32 = flag(args, "--noise", 30)?;
    let mut state: u64 = flag(args, "--seed", 1)?;
    state = state.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    let book_path = format!(
        "{}/../shared/peers/openings/{size}s_4ply_balanced_openings.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    let book_path = flag(args, "--openings", book_path)?;
    let book = std::fs::read_to_string(&book_path).map_err(|e| format!("{book_path}: {e}"))?;
    let book: Vec<&str> = book.lines().filter(|l| !l.trim().is_empty()).collect();
    if book.is_empty() {
        return Err(format!("{book_path} holds no opening"));
    }
    let board = BoardSize::new(size).map_err(|e| e.to_string())?;
    let komi = Komi::from_halves(halves).map_err(|e| e.to_string())?;
    let config = GameConfig::new(board).with_komi(komi);
    let mut engine = Engine::new(16);
    let stop = AtomicBool::new(false);
    let elapsed = || Duration::ZERO;
    let control = Control {
        stop: &stop,
        elapsed: &elapsed,
    };
    let mut out = std::io::stdout().lock();
    let mut tally = [0u32; 3];
    for game in 0..games {
        let line = book[(next_random(&mut state) % book.len() as u64) as usize];
        let mut position = Position::new(config);
        for text in line.split_whitespace() {
            let mv = parse_move(text, board).map_err(|e| format!("opening {line:?}: {e}"))?;
            position
                .play(mv)
                .map_err(|e| format!("opening {line:?}: {e}"))?;
        }
        engine.new_game();
        let mut seen = Vec::new();
        while !position.is_over() && seen.len() < 300 {
            if quiet(&position) {
                seen.push(to_tps(&position));
            }
            let limits = Limits {
                nodes: Some(nodes),
                noise,
                seed: next_random(&mut state),
                ..Limits::default()
            };
            let thought = engine.think(&position, &limits, &control, &mut |_| {});
            let Some(mv) = thought.best else { break };
            position.play(mv).map_err(|e| e.to_string())?;
        }
        let Some(result) = white_result(&position) else {
            continue;
        };
        tally[(result * 2.0) as usize] += 1;
        for tps in seen {
            writeln!(out, "{size} {halves} {result} {tps}").map_err(|e| e.to_string())?;
        }
        if (game + 1) % 50 == 0 {
            eprintln!(
                "{} games: White won {}, drew {}, lost {}",
                game + 1,
                tally[2],
                tally[1],
                tally[0]
            );
        }
    }
    Ok(())
}

fn ptn(files: &[String]) -> Result<(), String> {
    let mut out = std::io::stdout().lock();
    for file in files {
        let games = read_ptn_file(std::path::Path::new(file)).map_err(|e| e.to_string())?;
        let mut kept = 0;
        for game in games {
            let Some(record) = game.record else { continue };
            let Some(result) = white_result(record.position()) else {
                continue;
            };
            let config = record.start().config();
            let size = config.size().get();
            let halves = config.komi().halves();
            for ply in 0..record.plies().len() {
                let position = record.position_at(ply);
                if quiet(&position) {
                    writeln!(out, "{size} {halves} {result} {}", to_tps(&position))
                        .map_err(|e| e.to_string())?;
                }
            }
            kept += 1;
        }
        eprintln!("{file}: {kept} finished games");
    }
    Ok(())
}

/// One training position: its features and White's result.
struct Sample {
    features: Features,
    result: f64,
}

fn read_samples(path: &str) -> Result<Vec<Sample>, String> {
    let file = std::fs::File::open(path).map_err(|e| format!("{path}: {e}"))?;
    let mut samples = Vec::new();
    for (number, line) in BufReader::new(file).lines().enumerate() {
        let line = line.map_err(|e| e.to_string())?;
        let at = || format!("{path}:{}", number + 1);
        let read = read_line(&line, &at())?;
        let (halves, result, tps) = (read.halves, read.result, read.tps);
        let komi = Komi::from_halves(halves).map_err(|e| format!("{}: {e}", at()))?;
        let position = tps
            .to_position(GameConfig::new(tps.size()).with_komi(komi))
            .map_err(|e| format!("{}: {e}", at()))?;
        samples.push(Sample {
            features: features(&position),
            result,
        });
    }
    Ok(samples)
}

/// The parameters as one vector: the early weights, then the middle ones, then the late.
fn flatten(weights: &Weights) -> Vec<f64> {
    weights
        .early
        .iter()
        .chain(&weights.middle)
        .chain(&weights.late)
        .map(|&w| f64::from(w))
        .collect()
}

/// The shares of the early, middle and late weights in a sample's evaluation.
fn shares(sample: &Sample) -> [f64; 3] {
    phase_shares(sample.features.phase).map(|s| f64::from(s) / f64::from(PHASE_END))
}

/// White's evaluation of a sample under `params`, in centiflats (as the engine computes it,
/// without rounding).
fn evaluate(sample: &Sample, params: &[f64]) -> f64 {
    let shares = shares(sample);
    let mut sum = 0.0;
    for (i, &value) in sample.features.values.iter().enumerate() {
        if value != 0 {
            let weight = (0..3)
                .map(|phase| params[phase * FEATURE_COUNT + i] * shares[phase])
                .sum::<f64>();
            sum += weight * f64::from(value);
        }
    }
    sum
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The mean squared error of the predictions sigmoid(k × eval / 100) against the results.
fn loss(samples: &[Sample], params: &[f64], k: f64) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|s| (s.result - sigmoid(k * evaluate(s, params) / 100.0)).powi(2))
        .sum();
    total / samples.len() as f64
}

fn fit(args: &[String]) -> Result<(), String> {
    let path = args
        .first()
        .filter(|a| !a.starts_with("--"))
        .ok_or("fit needs the data file")?;
    let iterations: u32 = flag(args, "--iterations", 3000)?;
    let rate: f64 = flag(args, "--rate", 1.0)?;
    let out: String = flag(args, "--out", String::new())?;
    // A pull back towards the hand-set weights (per flat of difference, squared): positions of
    // one game are alike, so a few hundred games fit many weights loosely.
    let l2: f64 = flag(args, "--l2", 0.0)?;
    let holdout: f64 = flag(args, "--holdout", 0.1)?;
    let started = std::time::Instant::now();
    let mut samples = read_samples(path)?;
    // The last part of the file (whole games, as written) is kept out of the fit, to check it.
    let kept = samples.len() - (samples.len() as f64 * holdout.clamp(0.0, 0.5)) as usize;
    let check = samples.split_off(kept);
    if samples.is_empty() {
        return Err(format!("{path} holds no position"));
    }
    // The start, and what the l2 term pulls towards: the hand-set weights, or a weights file.
    let start: String = flag(args, "--start", String::new())?;
    let mut hand = Weights::hand_set();
    if !start.is_empty() {
        let text = std::fs::read_to_string(&start).map_err(|e| format!("{start}: {e}"))?;
        hand.set(&text).map_err(|e| format!("{start}: {e}"))?;
    }
    let anchor = flatten(&hand);
    let mut params = anchor.clone();
    // k first: the scale at which the hand-set evaluation best predicts results.
    let mut k = 1.0;
    let mut step = 0.5;
    for _ in 0..40 {
        let here = loss(&samples, &params, k);
        let (up, down) = (
            loss(&samples, &params, k + step),
            loss(&samples, &params, (k - step).max(0.01)),
        );
        if up < here {
            k += step;
        } else if down < here {
            k = (k - step).max(0.01);
        } else {
            step /= 2.0;
        }
    }
    let before = loss(&samples, &params, k);
    eprintln!(
        "{} positions; k {k:.3}; hand-set weights' loss {before:.5}",
        samples.len()
    );
    // Adam, on the whole set each step.
    let n = params.len();
    let (mut m, mut v) = (vec![0.0; n], vec![0.0; n]);
    let (beta1, beta2) = (0.9, 0.999);
    for step in 1..=iterations {
        let mut gradient = vec![0.0; n];
        for sample in &samples {
            let p = sigmoid(k * evaluate(sample, &params) / 100.0);
            // d(loss)/d(eval) for this sample.
            let d = -2.0 * (sample.result - p) * p * (1.0 - p) * k / 100.0;
            let shares = shares(sample);
            for (i, &value) in sample.features.values.iter().enumerate() {
                if value != 0 {
                    let x = d * f64::from(value);
                    for (phase, share) in shares.iter().enumerate() {
                        gradient[phase * FEATURE_COUNT + i] += x * share;
                    }
                }
            }
        }
        for i in 0..n {
            let g = gradient[i] / samples.len() as f64 + 2.0 * l2 * (params[i] - anchor[i]) / 1e4;
            m[i] = beta1 * m[i] + (1.0 - beta1) * g;
            v[i] = beta2 * v[i] + (1.0 - beta2) * g * g;
            let m_hat = m[i] / (1.0 - beta1.powi(step as i32));
            let v_hat = v[i] / (1.0 - beta2.powi(step as i32));
            params[i] -= rate * m_hat / (v_hat.sqrt() + 1e-9);
        }
        if step % 500 == 0 {
            eprintln!("step {step}: loss {:.5}", loss(&samples, &params, k));
        }
    }
    let rounded: Vec<i32> = params.iter().map(|p| p.round() as i32).collect();
    let mut fitted = Weights::hand_set();
    fitted.early.copy_from_slice(&rounded[..FEATURE_COUNT]);
    fitted
        .middle
        .copy_from_slice(&rounded[FEATURE_COUNT..2 * FEATURE_COUNT]);
    fitted.late.copy_from_slice(&rounded[2 * FEATURE_COUNT..]);
    let after = loss(&samples, &flatten(&fitted), k);
    let seconds = started.elapsed().as_secs_f64();
    eprintln!("fitted weights' loss {after:.5} ({seconds:.0} s)");
    let checked = if check.is_empty() {
        String::new()
    } else {
        let (old, new) = (loss(&check, &anchor, k), loss(&check, &flatten(&fitted), k));
        eprintln!(
            "held out: {} positions, loss {old:.5} (hand-set) -> {new:.5}",
            check.len()
        );
        // Where the evaluation is weakest: the loss by the phase of the game.
        let params = flatten(&fitted);
        for (name, range) in [("early", 0..86), ("middle", 86..171), ("late", 171..257)] {
            let part: Vec<&Sample> = check
                .iter()
                .filter(|s| range.contains(&s.features.phase))
                .collect();
            let total: f64 = part
                .iter()
                .map(|s| (s.result - sigmoid(k * evaluate(s, &params) / 100.0)).powi(2))
                .sum();
            eprintln!(
                "  {name}: {} positions, loss {:.5}",
                part.len(),
                total / part.len().max(1) as f64
            );
        }
        format!("; held out {} positions: {old:.5} -> {new:.5}", check.len())
    };
    let mut text = String::new();
    text.push_str(
        "# The evaluation's weights (src/engine/weights.rs reads this file, compiled in). One weight a\n\
         # line: name=EARLY,MIDDLE,LATE (a table: its early entries, then its middle ones, then its\n\
         # late ones), in centiflats. Written by examples/texel.rs (scripts/texel.sh).\n",
    );
    let _ = writeln!(
        text,
        "# Fitted to {} positions of {path}: k {k:.3}, loss {before:.5} (hand-set) -> {after:.5}{checked}; l2 {l2}, {iterations} steps, {seconds:.0} s.",
        samples.len()
    );
    text.push_str(&fitted.to_text());
    if out.is_empty() {
        print!("{text}");
    } else {
        std::fs::write(&out, text).map_err(|e| format!("{out}: {e}"))?;
        eprintln!("written to {out}");
    }
    Ok(())
}
