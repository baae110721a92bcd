//! Reading and replaying real game records: games per second on one core.
//!
//! Every record in `tests/data/taktician` (73 games, about 2,000 plies) is read from memory,
//! tokenised, checked and replayed by the rules engine, as `tak check` and the replayer do.

use std::hint::black_box;
use std::path::Path;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use taktui::record::read_ptn;

fn corpus_texts() -> Vec<String> {
    fn walk(dir: &Path, texts: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).expect("tests/data/taktician is there") {
            let path = entry.expect("a folder entry").path();
            if path.is_dir() {
                walk(&path, texts);
            } else if path.extension().is_some_and(|e| e == "ptn") {
                texts.push(std::fs::read_to_string(&path).expect("a PTN file"));
            }
        }
    }
    let mut texts = Vec::new();
    walk(Path::new("tests/data/taktician"), &mut texts);
    texts
}

fn replay(c: &mut Criterion) {
    let texts = corpus_texts();
    let mut group = c.benchmark_group("replay");
    group.throughput(Throughput::Elements(texts.len() as u64));
    group.bench_function("read and replay the corpus", |b| {
        b.iter(|| {
            let mut plies = 0;
            for text in &texts {
                for game in read_ptn(black_box(text)).expect("corpus files are small") {
                    plies += game.record.map_or(0, |r| r.plies().len());
                }
            }
            plies
        });
    });
    group.finish();
}

criterion_group!(benches, replay);
criterion_main!(benches);
