//! Every real game record in `tests/data` reads, replays and writes back exactly.
//!
//! The records are Taktician's test data (see `tests/data/README.md`).

use std::path::{Path, PathBuf};

use taktui::record::{GameRecord, read_ptn, read_ptn_file, write_game};
use taktui::rules::GameResult;

fn corpus() -> Vec<PathBuf> {
    fn walk(dir: &Path, files: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).expect("test data folder") {
            let path = entry.expect("folder entry").path();
            if path.is_dir() {
                walk(&path, files);
            } else if path.extension().is_some_and(|e| e == "ptn") {
                files.push(path);
            }
        }
    }
    let mut files = Vec::new();
    walk(Path::new("tests/data/taktician"), &mut files);
    files.sort();
    files
}

fn records() -> Vec<(PathBuf, GameRecord)> {
    let mut all = Vec::new();
    for file in corpus() {
        let games = read_ptn_file(&file).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(games.len(), 1, "{}: one game per file", file.display());
        for game in games {
            assert_eq!(game.error, None, "{}", file.display());
            let record = game.record.expect("a game without error has a record");
            all.push((file.clone(), record));
        }
    }
    all
}

#[test]
fn every_corpus_record_reads_without_error() {
    let records = records();
    assert_eq!(records.len(), 73);
    let plies: usize = records.iter().map(|(_, r)| r.plies().len()).sum();
    assert!(plies > 1500, "the corpus has {plies} plies");
}

/// Puzzles keep only the position and a few plies; their `Result` tag is that of the whole
/// game they were taken from, played on past what the file holds.
const PUZZLES_CUT_SHORT: [&str; 6] = [
    "ai/puzzle2.ptn",
    "puzzles/puzzle-2016-05-26-6x6.ptn",
    "puzzles/puzzle-2017-06-21.ptn",
    "puzzles/puzzle2.ptn",
    "puzzles/puzzle3.ptn",
    "zoo/puzzle-2016-05-26-6x6.ptn",
];

#[test]
fn every_recorded_road_or_flat_result_agrees_with_the_rules() {
    let mut checked = 0;
    let mut cut_short = Vec::new();
    for (file, record) in records() {
        let Some(recorded) = record.recorded_result() else {
            continue;
        };
        if !matches!(recorded, "R-0" | "0-R" | "F-0" | "0-F" | "1/2-1/2") {
            continue;
        }
        let result = record.position().result();
        if result == GameResult::Ongoing {
            cut_short.push(
                file.strip_prefix("tests/data/taktician")
                    .unwrap()
                    .display()
                    .to_string(),
            );
            continue;
        }
        assert_eq!(result.ptn(), Some(recorded), "{}", file.display());
        checked += 1;
    }
    cut_short.sort();
    assert_eq!(
        cut_short, PUZZLES_CUT_SHORT,
        "only the puzzles stop before their result"
    );
    // 34 records carry a result: 6 puzzles cut short, 2 copies of a game lost on time (0-1).
    assert_eq!(checked, 26, "finished games whose result was checked");
}

#[test]
fn writing_then_reading_gives_the_same_record() {
    for (file, record) in records() {
        let text = write_game(&record);
        let again = read_ptn(&text).unwrap();
        assert_eq!(again.len(), 1);
        assert_eq!(again[0].error, None, "{}:\n{text}", file.display());
        assert_eq!(
            again[0].record.as_ref(),
            Some(&record),
            "{}",
            file.display()
        );
    }
}

#[test]
fn writing_keeps_every_tag_move_and_comment() {
    for (file, record) in records() {
        let text = write_game(&record);
        for (name, value) in record.tags().iter() {
            assert!(
                text.contains(&format!("[{name} \"{value}\"]")),
                "{}: {name}",
                file.display()
            );
        }
        for ply in record.plies() {
            assert!(text.contains(&ply.mv.to_string()), "{}", file.display());
            for comment in &ply.comments {
                assert!(text.contains(comment.as_str()), "{}", file.display());
            }
        }
    }
}

#[test]
fn openings_without_move_numbers_read_every_ply() {
    let games = read_ptn_file(Path::new("tests/data/taktician/openings/5/1.ptn")).unwrap();
    let record = games[0].record.as_ref().unwrap();
    let plies: Vec<String> = record.plies().iter().map(|p| p.mv.to_string()).collect();
    assert_eq!(plies, ["a1", "e5", "d3"]);
}

#[test]
fn a_multi_line_comment_stays_with_the_ply_before_it() {
    let file = Path::new("tests/data/taktician/zoo/2016-round7-game2.ptn");
    let record = read_ptn_file(file).unwrap().remove(0).record.unwrap();
    // The comment follows "11. e3 Se5": ply 22.
    let ply = &record.plies()[21];
    assert_eq!(ply.mv.to_string(), "Se5");
    assert_eq!(ply.comments.len(), 1);
    assert_eq!(ply.comments[0].lines().count(), 3);
    assert!(
        record
            .plies()
            .iter()
            .enumerate()
            .all(|(i, p)| i == 21 || p.comments.is_empty())
    );
}

#[test]
fn puzzles_start_from_their_tps() {
    let file = Path::new("tests/data/taktician/puzzles/puzzle1.ptn");
    let record = read_ptn_file(file).unwrap().remove(0).record.unwrap();
    assert!(record.plies().is_empty());
    assert_eq!(
        taktui::notation::to_tps(record.start()),
        "2,x2,121C,1/x2,2,12,1/x2,2,12S,2/x3,1,1/x4,1 1 2"
    );
    assert_eq!(
        record.tags().get("GoodMove"),
        Some("2d5-11"),
        "custom tags are kept"
    );
}
