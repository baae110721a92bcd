//! The tinue solver: time to solve positions whose shortest forced road is longer and longer
//! (3, 5, 7 and 9 plies, the last three public puzzles from Taktician's test data), each from
//! scratch.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use taktui::notation::Tps;
use taktui::rules::Position;
use taktui::tinue::{Verdict, solve};

/// (name, TPS, the length of the shortest forced road in plies).
const POSITIONS: [(&str, &str, u32); 4] = [
    (
        "double threat, 3 plies",
        "x3,2,2/1,x4/1,x4/1,x4/x,1,1,1,x 1 5",
        3,
    ),
    (
        "puzzle 2016-06-22, 5 plies (a quiet move)",
        "1,1,x3/1,1,x,2,1/x,1,x3/x,2,x2,2/2,1C,2S,2,2 1 3",
        5,
    ),
    (
        "puzzle1, 7 plies",
        "2,x2,121C,1/x2,2,12,1/x2,2,12S,2/x3,1,1/x4,1 1 2",
        7,
    ),
    (
        "puzzle 2016-06-10, 9 plies",
        "1,1,x,1,x/2,x,1,x,1/2,1,x,1,x/1,2,2,1,212S/2,2,2,2C,1C 2 2",
        9,
    ),
];

fn position(text: &str) -> Position {
    let tps: Tps = text.parse().expect("benchmark TPS reads");
    tps.to_standard_position().expect("benchmark TPS fits")
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("tinue");
    for (name, tps, plies) in POSITIONS {
        let position = position(tps);
        group.bench_function(name, |b| {
            b.iter(|| {
                let solution = solve(black_box(&position), 9, 1, 50_000_000);
                assert!(
                    matches!(&solution.verdict, Verdict::Win(line) if line.len() == plies as usize),
                    "{name}"
                );
                solution.nodes
            });
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
