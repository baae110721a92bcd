//! The tinue solver on the public puzzles of Taktician's test data (positions and their
//! recorded good moves are facts; the files are in `tests/data/taktician/puzzles`), every
//! winning line checked by the rules, and `tak tinue` as scripts use it: the line first and
//! status 0, status 1 without a forced road, status 2 for bad input, `--json`.

use crate::common::{self, scratch, tak, text};
use taktui::record::{ReadGame, read_ptn_file};
use taktui::rules::{GameResult, Position, WinReason};
use taktui::tinue::{Verdict, solve};

/// Each puzzle with recorded good moves: the position to solve and those moves.
fn puzzles() -> Vec<(String, Position, Vec<String>)> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir("tests/data/taktician/puzzles")
        .unwrap()
        .flatten()
    {
        let games: Vec<ReadGame> = read_ptn_file(&entry.path()).unwrap();
        let Some(record) = games[0].record.as_ref() else {
            continue;
        };
        let good: Vec<String> = record
            .tags()
            .iter()
            .filter(|(name, _)| *name == "GoodMove")
            .map(|(_, value)| value.to_owned())
            .collect();
        if !good.is_empty() {
            let name = entry.file_name().to_string_lossy().into_owned();
            found.push((name, record.position().clone(), good));
        }
    }
    found.sort_by(|a, b| a.0.cmp(&b.0));
    found
}

/// Plays `line` from `position`: it must be legal and end with a road for the side that
/// began it.
fn check_line(name: &str, position: &Position, line: &[taktui::rules::Move]) {
    let attacker = position.to_move();
    let mut position = position.clone();
    for mv in line {
        position
            .play(*mv)
            .unwrap_or_else(|e| panic!("{name}: {mv} is not legal: {e}"));
    }
    assert!(
        matches!(position.result(), GameResult::Win { winner, reason: WinReason::Road { .. } } if winner == attacker),
        "{name}: the line does not end in {attacker}'s road"
    );
}

#[test]
fn every_public_puzzle_is_solved_with_a_recorded_good_move() {
    let puzzles = puzzles();
    assert!(puzzles.len() >= 5, "{} puzzles", puzzles.len());
    for (name, position, good) in &puzzles {
        let solution = solve(position, 9, 1, 20_000_000);
        let Verdict::Win(line) = &solution.verdict else {
            panic!("{name}: {:?}", solution.verdict)
        };
        check_line(name, position, line);
        let first = line[0].to_string();
        // The recorded moves name counts in full or not: compare the moves themselves.
        let goods: Vec<taktui::rules::Move> = good.iter().map(|g| g.parse().unwrap()).collect();
        assert!(
            goods.contains(&line[0]),
            "{name}: {first} is not one of {good:?}"
        );
    }
}

#[test]
fn tak_tinue_takes_the_position_with_tps_as_play_and_perft_do() {
    let dir = scratch("tinue-tps-flag");
    let position = "x3,2,2/1,x4/1,x4/1,x4/x,1,1,1,x 1 5";
    let won = tak(&dir, &["tinue", "--tps", position]);
    assert_eq!(won.status.code(), Some(0), "{}", text(&won.stderr));
    assert_eq!(text(&won.stdout).lines().next(), Some("a1 e1 a5"));
    let both = tak(&dir, &["tinue", "--tps", position, position]);
    assert_eq!(
        both.status.code(),
        Some(2),
        "a position given twice is refused"
    );
    let neither = tak(&dir, &["tinue"]);
    assert_eq!(neither.status.code(), Some(2));
    assert!(
        text(&neither.stderr).contains("TPS"),
        "{}",
        text(&neither.stderr)
    );
}

#[test]
fn tak_tinue_speaks_to_scripts_by_its_first_line_and_status() {
    let dir = scratch("tinue-cli");
    let won = tak(&dir, &["tinue", "x3,2,2/1,x4/1,x4/1,x4/x,1,1,1,x 1 5"]);
    assert_eq!(won.status.code(), Some(0));
    let stdout = text(&won.stdout);
    assert_eq!(stdout.lines().next(), Some("a1 e1 a5"), "{stdout}");

    let none = tak(
        &dir,
        &["tinue", "--max-depth", "3", "x3,2,2/x5/x5/x5/x,1,1,1,x 1 5"],
    );
    assert_eq!(none.status.code(), Some(1));
    assert!(text(&none.stdout).starts_with("no forced road for White within 3 plies"));

    let lost = tak(&dir, &["tinue", "x3,2,2/1,x4/1,x4/1,x4/1,1,1,1,x 2 5"]);
    assert_eq!(lost.status.code(), Some(1));
    assert!(
        text(&lost.stdout).contains("Black is in tinue"),
        "{}",
        text(&lost.stdout)
    );

    let bad = tak(&dir, &["tinue", "x5/x5 1 1"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(
        text(&bad.stderr).contains("is not a TPS"),
        "{}",
        text(&bad.stderr)
    );
    let over = tak(&dir, &["tinue", "x5/x5/x5/x5/1,1,1,1,1 2 6"]);
    assert_eq!(over.status.code(), Some(2));
    assert!(
        text(&over.stderr).contains("already over"),
        "{}",
        text(&over.stderr)
    );

    let json = tak(
        &dir,
        &["tinue", "--json", "x3,2,2/1,x4/1,x4/1,x4/x,1,1,1,x 1 5"],
    );
    let value: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(value["win"], true);
    assert_eq!(value["line"], serde_json::json!(["a1", "e1", "a5"]));
    assert_eq!(value["to_move"], "white");
    assert_eq!(
        value["in_tinue"],
        serde_json::Value::Null,
        "White wins: not asked"
    );
    // Black to move after a1 is in tinue: the line White forces comes too.
    let json = tak(
        &dir,
        &["tinue", "--json", "x3,2,2/1,x4/1,x4/1,x4/1,1,1,1,x 2 5"],
    );
    let value: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(value["win"], false);
    assert_eq!(value["in_tinue"], true);
    assert_eq!(
        value["tinue_line"].as_array().map(Vec::len),
        Some(2),
        "{value}"
    );
    let said = text(&tak(&dir, &["tinue", "x3,2,2/1,x4/1,x4/1,x4/1,1,1,1,x 2 5"]).stdout);
    assert!(
        said.contains(&format!("({} positions searched)", value["nodes"])),
        "the same count in text and JSON: {said} {value}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Ticks (in real time: the solver runs on its thread) until the message line answers.
fn answered(app: &mut taktui::tui::App) -> String {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    loop {
        app.tick();
        let said = app.status().map(|s| s.text.clone()).unwrap_or_default();
        if !said.contains("looking for") {
            return said;
        }
        assert!(std::time::Instant::now() < deadline, "no answer");
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
}

#[test]
fn t_at_the_board_and_in_a_replay_asks_is_this_tinue() {
    use taktui::record::{GameRecord, Tags};
    let text = "x3,2,2/1,x4/1,x4/1,x4/x,1,1,1,x 1 5";
    let tps: taktui::notation::Tps = text.parse().unwrap();
    let start = tps.to_standard_position().unwrap();
    let mut tags = Tags::for_config(start.config());
    tags.set("TPS", text.to_owned());
    let mut app = common::playing(GameRecord::new(start.clone(), tags.clone()));
    common::press(&mut app, "T");
    assert!(
        app.status()
            .unwrap()
            .text
            .contains("looking for a forced road")
    );
    let said = answered(&mut app);
    assert!(said == "White forces a road in 3 plies: a1 e1 a5", "{said}");

    // In a replay, after White's a1, Black is in tinue.
    let mut record = GameRecord::new(start, tags);
    record.play("a1".parse().unwrap()).unwrap();
    let text = taktui::record::write_game(&record);
    let library =
        taktui::game::Library::new("t.ptn".into(), taktui::record::read_ptn(&text).unwrap());
    let screen = taktui::tui::Screen::for_file(library, None, 1).unwrap();
    let mut app = taktui::tui::App::new(
        screen,
        common::options(),
        taktui::game::store::Keeper::default(),
    );
    common::press(&mut app, "T");
    let said = answered(&mut app);
    assert!(
        said.starts_with("Black is in tinue: White forces a road, as in "),
        "{said}"
    );
    // The whole answer fits a message line of 80 columns.
    assert!(said.chars().count() <= 80, "{said}");
}

#[test]
fn tak_tinue_shows_defences_that_block_what_they_can() {
    // After 22. a1>, a stone on a1 blocks nothing; the line shown answers as a person would.
    let tps = "2,x,2,x2/x3,2,x/x3,2,x/1,12,1,111112C,x/1,2,1,2221C,121 1 22";
    let output = tak(&scratch("tinue-natural"), &["tinue", tps]);
    let shown = text(&output.stdout);
    let line: Vec<&str> = shown.lines().next().unwrap().split_whitespace().collect();
    let mut position = tps
        .parse::<taktui::notation::Tps>()
        .unwrap()
        .to_standard_position()
        .unwrap();
    let attacker = position.to_move();
    let size = position.size();
    position
        .play(taktui::notation::parse_move(line[0], size).unwrap())
        .unwrap();
    let roads_after = |defence| {
        let mut after = position.clone();
        after.play(defence).unwrap();
        if after.is_over() {
            usize::MAX
        } else {
            after.threats(attacker).len()
        }
    };
    let fewest = position
        .legal_moves()
        .into_iter()
        .map(roads_after)
        .min()
        .unwrap();
    let defence = taktui::notation::parse_move(line[1], size).unwrap();
    assert_eq!(roads_after(defence), fewest, "{shown}");
    assert!(
        fewest < roads_after(position.legal_moves()[0]),
        "the first move generated blocks less"
    );
}
