//! Analyses a position with taktui's engine and prints each completed depth.
//!
//! `cargo run --release --example analyse -- 'TPS' [depth] [komi]`
//! (the start of a 6x6 game without a TPS: `x6/x6/x6/x6/x6/x6 1 1`).

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use taktui::engine::{Control, Engine, Limits};
use taktui::notation::Tps;
use taktui::rules::{GameConfig, Komi};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let tps: Tps = args
        .next()
        .unwrap_or_else(|| "x6/x6/x6/x6/x6/x6 1 1".to_owned())
        .parse()?;
    let depth: u32 = args.next().map_or(Ok(6), |d| d.parse())?;
    let komi: Komi = args.next().map_or(Ok(Komi::default()), |k| k.parse())?;
    let position = tps.to_position(GameConfig::new(tps.size()).with_komi(komi))?;
    let mut engine = Engine::new(64);
    let stop = AtomicBool::new(false);
    let start = Instant::now();
    let elapsed = move || start.elapsed();
    let control = Control {
        stop: &stop,
        elapsed: &elapsed,
    };
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let thought = engine.think(&position, &limits, &control, &mut |info| {
        let seconds = start.elapsed().as_secs_f64();
        // Node counts stay far below 2^52: exact in an f64.
        #[allow(clippy::cast_precision_loss)]
        let rate = info.nodes as f64 / seconds.max(1e-9);
        let line: Vec<String> = info.pv.iter().map(ToString::to_string).collect();
        println!(
            "depth {:2}  score {:?}  nodes {:10}  {:7.3}s  {:8.0} n/s  pv {}",
            info.depth,
            info.score,
            info.nodes,
            seconds,
            rate,
            line.join(" ")
        );
    });
    match thought.best {
        Some(mv) => println!("bestmove {mv}"),
        None => println!("the game is over"),
    }
    Ok(())
}
