//! `tak analyse` as a person runs it: a game file analysed by taktui's engine and by `tak tei`
//! as an external engine (a real subprocess), a new file written with a comment a ply and the
//! marks, the original untouched; an engine that fails says why, and what it analysed before
//! is written.

use std::path::Path;
use std::process::Output;

use crate::common::{scratch, tak, text};

use taktui::notation::Judgement;
use taktui::record::read_ptn;

const TAK: &str = env!("CARGO_BIN_EXE_tak");

/// White builds file b while Black wanders: 4... c1 lets b4 make the road.
const GAME: &str = "[Size \"4\"]\n[Player1 \"Ann\"]\n\n1. a1 d4 2. b1 d3 3. b2 d2 4. b3 c1 5. b4\n";

fn analyse(dir: &Path, args: &[&str]) -> Output {
    tak(dir, &[&["analyse"], args].concat())
}

#[test]
fn taktuis_engine_marks_the_blunder_and_comments_every_ply_in_a_new_file() {
    let dir = scratch("analyse-own");
    let file = dir.join("game.ptn");
    std::fs::write(&file, GAME).unwrap();
    let output = analyse(&dir, &[file.to_str().unwrap(), "--movetime", "100"]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let written = dir.join("game-analysed.ptn");
    assert!(text(&output.stdout).contains("game-analysed.ptn"));
    assert!(
        text(&output.stderr).contains("9 plies analysed"),
        "{}",
        text(&output.stderr)
    );
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        GAME,
        "the original is untouched"
    );
    let games = read_ptn(&std::fs::read_to_string(&written).unwrap()).unwrap();
    let record = games[0].record.as_ref().unwrap();
    assert_eq!(record.plies().len(), 9);
    assert!(record.plies().iter().all(|ply| ply.comments.len() == 1));
    assert_eq!(
        record.plies()[7].marks.judgement,
        Some(Judgement::Blunder),
        "4... c1??"
    );
    assert!(
        record.plies()[7].comments[0].starts_with("#1"),
        "{:?}",
        record.plies()[7].comments
    );
    assert_eq!(record.plies()[8].comments[0], "White wins by road");
    assert_eq!(record.tags().get("Player1"), Some("Ann"));
    // A second run never replaces the first's file.
    let again = analyse(&dir, &[file.to_str().unwrap(), "--movetime", "20"]);
    assert!(again.status.success());
    assert!(dir.join("game-analysed-2.ptn").exists());
    // The analysed file analysed in turn: afresh, each ply's evaluation said once.
    let twice = analyse(&dir, &[written.to_str().unwrap(), "--movetime", "20"]);
    assert!(twice.status.success(), "{}", text(&twice.stderr));
    let again = std::fs::read_to_string(dir.join("game-analysed-3.ptn")).unwrap();
    let games = read_ptn(&again).unwrap();
    let record = games[0].record.as_ref().unwrap();
    assert_eq!(record.comments().len(), 2, "one legend, one start: {again}");
    assert!(
        record.plies().iter().all(|ply| ply.comments.len() == 1),
        "{again}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn tak_tei_as_an_external_engine_analyses_the_game() {
    let dir = scratch("analyse-tei");
    let file = dir.join("game.ptn");
    std::fs::write(&file, GAME).unwrap();
    let out = dir.join("by-tei.ptn");
    let engine = format!("cmd:{TAK} tei --hash 4");
    let output = analyse(
        &dir,
        &[
            file.to_str().unwrap(),
            "--engine",
            &engine,
            "--movetime",
            "100",
            "--out",
            out.to_str().unwrap(),
        ],
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    let games = read_ptn(&std::fs::read_to_string(&out).unwrap()).unwrap();
    let record = games[0].record.as_ref().unwrap();
    assert!(
        record.comments()[0].contains("Analysed by"),
        "{:?}",
        record.comments()
    );
    assert_eq!(
        record.plies()[7].marks.judgement,
        Some(taktui::notation::Judgement::Blunder)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_engine_that_dies_says_why_and_what_it_analysed_is_kept() {
    let dir = scratch("analyse-dies");
    let file = dir.join("game.ptn");
    std::fs::write(&file, GAME).unwrap();
    // It answers c3 (legal in every position of the game) twice, then dies.
    let engine = "cmd:sh -c \"n=0; while read l; do case $l in tei) echo teiok;; isready) echo readyok;; \
                  go*) n=$((n+1)); if [ $n -ge 3 ]; then echo 'no more memory' >&2; exit 2; fi; \
                  echo 'info depth 1 score cp 0 pv c3'; echo 'bestmove c3';; esac; done\"";
    let output = analyse(&dir, &[file.to_str().unwrap(), "--engine", engine]);
    assert!(!output.status.success());
    let stderr = text(&output.stderr);
    assert!(
        stderr.contains("the engine failed") && stderr.contains("no more memory"),
        "{stderr}"
    );
    assert!(
        stderr.contains("what was analysed so far is in"),
        "{stderr}"
    );
    let written = std::fs::read_to_string(dir.join("game-analysed.ptn")).unwrap();
    let games = read_ptn(&written).unwrap();
    let record = games[0].record.as_ref().unwrap();
    assert_eq!(record.plies().len(), 9, "the whole game, as played");
    assert!(
        record
            .comments()
            .iter()
            // Two answers, and the final position, decided without a search.
            .any(|c| c.starts_with("The analysis stopped with 3 of 10 positions done")),
        "{:?}",
        record.comments()
    );
    let missing = analyse(&dir, &[file.to_str().unwrap(), "--game", "3"]);
    assert!(
        text(&missing.stderr).contains("there is no game 3"),
        "{}",
        text(&missing.stderr)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_game_cut_short_by_an_error_is_analysed_up_to_it_and_that_is_said() {
    let dir = scratch("analyse-broken");
    let file = dir.join("broken.ptn");
    // 3. a1 is on a taken square: the record stops after four plies.
    std::fs::write(&file, "[Size \"4\"]\n\n1. a1 d4 2. b1 d3 3. a1 d2\n").unwrap();
    let output = analyse(&dir, &[file.to_str().unwrap(), "--movetime", "20"]);
    let stderr = text(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert!(
        stderr.contains("game 1: ") && stderr.contains("analysed up to there"),
        "{stderr}"
    );
    assert!(stderr.contains("4 plies analysed"), "{stderr}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn ctrl_c_keeps_the_games_analysed_and_the_one_in_progress_up_to_where_it_got() {
    use std::io::BufRead as _;
    let dir = scratch("analyse-interrupted");
    let file = dir.join("three.ptn");
    // A short game, then two long ones: Ctrl+C comes during the second.
    let long = "[Size \"5\"]\n\n1. a1 e5 2. b2 d4 3. c3 b4 4. d2 c4 5. e2 a4 6. Sa3 a2 \
                7. b1 d1 8. c1 e1 9. c2 b3 10. d3 e3\n";
    std::fs::write(&file, format!("{GAME}\n{long}\n{long}")).unwrap();
    let mut child = std::process::Command::new(TAK)
        .args(["analyse", file.to_str().unwrap(), "--movetime", "100"])
        .env("TAKTUI_DATA_DIR", &dir)
        .env("TAKTUI_CONFIG_DIR", &dir)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stderr = std::io::BufReader::new(child.stderr.take().unwrap());
    let mut said = String::new();
    // The first game's line: it is done, and the second has begun.
    while !said.contains("game 1 (1 of 3)") {
        assert_ne!(
            stderr.read_line(&mut said).unwrap(),
            0,
            "ended early: {said}"
        );
    }
    std::thread::sleep(std::time::Duration::from_millis(600));
    let sent = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let status = child.wait().unwrap();
    std::io::Read::read_to_string(&mut stderr, &mut said).unwrap();
    assert!(!status.success(), "{said}");
    assert!(
        said.contains("interrupted (Ctrl+C); what was analysed so far is in"),
        "{said}"
    );
    let written = std::fs::read_to_string(dir.join("three-analysed.ptn")).unwrap();
    let games = read_ptn(&written).unwrap();
    assert_eq!(games.len(), 2, "the game analysed, and the one in progress");
    let first = games[0].record.as_ref().unwrap();
    assert!(first.plies().iter().all(|ply| ply.comments.len() == 1));
    let second = games[1].record.as_ref().unwrap();
    assert_eq!(second.plies().len(), 20, "the whole game, as played");
    let note = second
        .comments()
        .iter()
        .find(|c| c.starts_with("The analysis stopped with "))
        .unwrap_or_else(|| panic!("{:?}", second.comments()));
    assert!(
        note.ends_with("positions done: interrupted (Ctrl+C)"),
        "{note}"
    );
    let commented = second
        .plies()
        .iter()
        .filter(|ply| !ply.comments.is_empty())
        .count();
    assert!(
        (1..20).contains(&commented),
        "some plies analysed, not all: {commented}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
