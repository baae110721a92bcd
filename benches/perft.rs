//! Perft speed, side by side with the public `fast-tak` crate on the same positions.
//!
//! Both engines count at the last ply without playing the moves. The counts agree from the start
//! positions; in mid-game positions they may differ slightly, because `fast-tak` counts a
//! finished game as one leaf at every depth and adds a 50-ply draw that is not a Tak rule. The
//! work done is the same tree either way, so the times compare.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use fast_tak::takparse::Tps as FastTps;
use fast_tak::{Game, perf_count};
use taktui::notation::Tps;
use taktui::rules::{BoardSize, GameConfig, Position, perft};

/// 6x6, move 20: tall mixed stacks under both capstones, walls on the edge.
const MIDGAME_6X6: &str = "x,2,1,x,2,x/1,121,x,2212C,x,2/x,12,1,2,211,x/2,x,1122,1,x,1S/\
                           x,1,2,x,21121C,x/2,x,1,x,x,2S 1 20";
/// 7x7, move 22, Black to move: four capstones out, two on stacks of four and five.
const MIDGAME_7X7: &str = "x,2,x,1,x2,2/1,21,x,212,x,1,x/x,1212C,2,x,1,2S,x/2,x,1,21121,x,2,1/\
                           x,12,2,x,2121C,x,x/1,x,x,2,1,x,2/x,2,x,1S,x,1,x 2 22";

fn ours_start(size: u8) -> Position {
    Position::new(GameConfig::new(BoardSize::new(size).expect("a board size")))
}

fn ours_tps(text: &str) -> Position {
    let tps: Tps = text.parse().expect("benchmark TPS reads");
    tps.to_standard_position().expect("benchmark TPS fits")
}

fn theirs<const N: usize>(text: &str) -> Game<N, 0>
where
    fast_tak::Reserves<N>: Default,
{
    text.parse::<FastTps>()
        .expect("fast-tak reads the TPS")
        .into()
}

fn perft_benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);

    let start5 = ours_start(5);
    group.bench_function("taktui 5x5 start depth 5", |b| {
        b.iter(|| perft(black_box(&start5), 5));
    });
    let game5 = Game::<5, 0>::default();
    group.bench_function("fast-tak 5x5 start depth 5", |b| {
        b.iter(|| perf_count(black_box(&game5), 5));
    });

    let start6 = ours_start(6);
    group.bench_function("taktui 6x6 start depth 4", |b| {
        b.iter(|| perft(black_box(&start6), 4));
    });
    let game6 = Game::<6, 0>::default();
    group.bench_function("fast-tak 6x6 start depth 4", |b| {
        b.iter(|| perf_count(black_box(&game6), 4));
    });

    let mid6 = ours_tps(MIDGAME_6X6);
    group.bench_function("taktui 6x6 midgame depth 3", |b| {
        b.iter(|| perft(black_box(&mid6), 3));
    });
    let game_mid6 = theirs::<6>(MIDGAME_6X6);
    group.bench_function("fast-tak 6x6 midgame depth 3", |b| {
        b.iter(|| perf_count(black_box(&game_mid6), 3));
    });

    let mid7 = ours_tps(MIDGAME_7X7);
    group.bench_function("taktui 7x7 midgame depth 3", |b| {
        b.iter(|| perft(black_box(&mid7), 3));
    });
    let game_mid7 = theirs::<7>(MIDGAME_7X7);
    group.bench_function("fast-tak 7x7 midgame depth 3", |b| {
        b.iter(|| perf_count(black_box(&game_mid7), 3));
    });

    group.finish();
}

criterion_group!(benches, perft_benches);
criterion_main!(benches);
