//! How much the engine's score swings from one ply to the next in quiet play: a stable
//! evaluation moves little when nothing much happens, whoever is to move.
//!
//! `cargo run --release --example swing -- [--depth N] [--plies N] [--hand-set] FILE.ptn ...`
//!
//! (`--hand-set`: with the weights set by hand before any were fitted, to compare.)
//!
//! Each game's first `--plies` plies (default 20) are searched to `--depth` (default 5); the
//! score is taken from White's side, and the mean absolute change between consecutive plies
//! is reported per game and over all (in centiflats), with the scores themselves on stderr.
//! Forced wins and losses end a game's measure there (they swing by design).

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use taktui::engine::{Control, Engine, Limits, Score, Weights};
use taktui::record::read_ptn_file;
use taktui::rules::Color;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut depth = 5;
    let mut plies = 20;
    let mut files = Vec::new();
    let mut weights = Weights::default();
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--depth" => {
                depth = args
                    .get(i + 1)
                    .and_then(|v| v.parse().ok())
                    .unwrap_or(depth);
                i += 1;
            }
            "--plies" => {
                plies = args
                    .get(i + 1)
                    .and_then(|v| v.parse().ok())
                    .unwrap_or(plies);
                i += 1;
            }
            "--hand-set" => weights = Weights::hand_set(),
            file => files.push(file.to_owned()),
        }
        i += 1;
    }
    let stop = AtomicBool::new(false);
    let elapsed = || Duration::ZERO;
    let control = Control {
        stop: &stop,
        elapsed: &elapsed,
    };
    let (mut total, mut steps) = (0i64, 0i64);
    for file in &files {
        let games = read_ptn_file(std::path::Path::new(file)).unwrap_or_else(|e| {
            eprintln!("swing: {e}");
            std::process::exit(2);
        });
        for (number, game) in games.into_iter().enumerate() {
            let Some(record) = game.record else { continue };
            let mut engine = Engine::with_weights(16, weights.clone());
            let mut scores = Vec::new();
            for ply in 4..=record.plies().len().min(plies) {
                let position = record.position_at(ply);
                if position.is_over() {
                    break;
                }
                let limits = Limits {
                    depth: Some(depth),
                    ..Limits::default()
                };
                let thought = engine.think(&position, &limits, &control, &mut |_| {});
                let Score::Centiflats(value) = thought.info.score else {
                    break;
                };
                scores.push(if position.to_move() == Color::White {
                    value
                } else {
                    -value
                });
            }
            let swing: i64 = scores
                .windows(2)
                .map(|w| i64::from((w[1] - w[0]).abs()))
                .sum();
            let count = i64::try_from(scores.len().saturating_sub(1)).unwrap_or(0);
            eprintln!("{file} game {}: {scores:?}", number + 1);
            if count > 0 {
                println!(
                    "{file} game {}: mean swing {} over {count} plies",
                    number + 1,
                    swing / count
                );
            }
            total += swing;
            steps += count;
        }
    }
    if steps > 0 {
        println!(
            "mean swing {} centiflats a ply over {steps} plies at depth {depth}",
            total / steps
        );
    }
}
