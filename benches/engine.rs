//! Engine speed: nodes per second and the time to reach depth 6 on 5x5 and 6x6 mid-games.
//!
//! Each iteration searches from an empty transposition table (a new engine), so the times are
//! those of a first look at the position.

use std::hint::black_box;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use taktui::engine::{Control, Engine, Limits};
use taktui::notation::Tps;
use taktui::rules::Position;

/// 5x5, move 12: both capstones out, a few short stacks.
const MIDGAME_5X5: &str = "x,1,x,2,x/2,12,1C,1,x/x,21,2,2C,1/1,x,12,2,x/x,2,1,x,1 1 12";
/// 6x6, move 20: tall mixed stacks under both capstones, walls on the edge.
const MIDGAME_6X6: &str = "x,2,1,x,2,x/1,121,x,2212C,x,2/x,12,1,2,211,x/2,x,1122,1,x,1S/\
                           x,1,2,x,21121C,x/2,x,1,x,x,2S 1 20";

/// The node budget of the speed benchmarks.
const NODES: u64 = 200_000;

fn position(text: &str) -> Position {
    let tps: Tps = text.parse().expect("benchmark TPS reads");
    tps.to_standard_position().expect("benchmark TPS fits")
}

fn search(position: &Position, limits: &Limits) -> u64 {
    let mut engine = Engine::new(64);
    let stop = AtomicBool::new(false);
    let elapsed = || Duration::ZERO;
    let control = Control {
        stop: &stop,
        elapsed: &elapsed,
    };
    engine
        .think(position, limits, &control, &mut |_| {})
        .info
        .nodes
}

fn engine_benches(c: &mut Criterion) {
    let midgames = [
        ("5x5", position(MIDGAME_5X5)),
        ("6x6", position(MIDGAME_6X6)),
    ];
    let mut depth = c.benchmark_group("engine depth");
    depth.sample_size(10);
    let depth6 = Limits {
        depth: Some(6),
        ..Limits::default()
    };
    for (name, position) in &midgames {
        depth.bench_function(format!("{name} midgame to depth 6"), |b| {
            b.iter(|| search(black_box(position), &depth6));
        });
    }
    depth.finish();

    // A fixed node budget: criterion reports nodes per second as the throughput.
    let mut speed = c.benchmark_group("engine speed");
    speed.sample_size(10);
    speed.throughput(criterion::Throughput::Elements(NODES));
    let budget = Limits {
        nodes: Some(NODES),
        ..Limits::default()
    };
    for (name, position) in &midgames {
        speed.bench_function(format!("{name} midgame nodes"), |b| {
            b.iter(|| search(black_box(position), &budget));
        });
    }
    speed.finish();
}

criterion_group!(benches, engine_benches);
criterion_main!(benches);
