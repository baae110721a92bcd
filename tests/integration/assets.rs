//! The `assets/` folder as built into the binary: every file is registered (so none is left
//! out of an installed `tak`), every notable game reads cleanly with its comments and its
//! recorded result, and `tak games` lists and writes them.

use std::collections::BTreeSet;

use crate::common::{scratch, tak, text};
use taktui::assets::{Asset, GAMES, LESSONS, PUZZLES};
use taktui::record::read_ptn;

fn registered(folder: &str, assets: &[Asset]) {
    let on_disk: BTreeSet<String> = std::fs::read_dir(format!("assets/{folder}"))
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    let built_in: BTreeSet<String> = assets.iter().map(|a| a.name.to_owned()).collect();
    assert_eq!(on_disk, built_in, "assets/{folder}");
    for asset in assets {
        let file = std::fs::read_to_string(format!("assets/{folder}/{}", asset.name)).unwrap();
        assert_eq!(
            file, asset.text,
            "{} is built in as it is on disk",
            asset.name
        );
    }
}

#[test]
fn every_asset_file_is_built_in() {
    registered("puzzles", PUZZLES);
    registered("lessons", LESSONS);
    registered("games", GAMES);
}

#[test]
fn every_notable_game_reads_with_comments_and_its_result() {
    assert!(GAMES.len() >= 4);
    for asset in GAMES {
        let mut games = read_ptn(asset.text).unwrap();
        assert_eq!(games.len(), 1, "{}", asset.name);
        let game = games.remove(0);
        assert_eq!(game.error, None, "{}", asset.name);
        assert_eq!(game.warnings, [], "{}", asset.name);
        let record = game.record.unwrap();
        assert!(
            !record.comments().is_empty(),
            "{}: a word on the game",
            asset.name
        );
        let commented = record
            .plies()
            .iter()
            .filter(|p| !p.comments.is_empty())
            .count();
        assert!(
            commented >= 5,
            "{}: {commented} plies commented",
            asset.name
        );
        let recorded = record.recorded_result().unwrap();
        assert!(
            record.position().result().supports(recorded),
            "{}: {recorded} agrees with the rules",
            asset.name
        );
        assert!(record.tags().get("Source").is_some(), "{}", asset.name);
    }
}

#[test]
fn every_notable_game_is_dated_in_one_form_as_ptn_writes_it() {
    for asset in GAMES {
        let record = read_ptn(asset.text).unwrap().remove(0).record.unwrap();
        let date = record.tags().get("Date").unwrap_or_default();
        let shape: String = date
            .chars()
            .map(|c| if c.is_ascii_digit() { '9' } else { c })
            .collect();
        assert_eq!(shape, "9999.99.99", "{}: {date}", asset.name);
    }
}

#[test]
fn tak_games_lists_and_writes_the_games_but_never_over_a_file() {
    let dir = scratch("assets-games");
    let out = tak(&dir, &["games", "--list"]);
    assert!(out.status.success());
    let listed = text(&out.stdout);
    assert_eq!(listed.lines().count(), GAMES.len(), "{listed}");
    assert!(listed.contains("2016-missed-tinue.ptn"), "{listed}");
    // Each line says what the game is about.
    assert!(
        listed.lines().any(|l| l.contains("2016-missed-tinue.ptn")
            && l.contains("White had a forced road and let it go")),
        "{listed}"
    );
    let path = dir.join("notable.ptn");
    let path_text = path.display().to_string();
    let out = tak(&dir, &["games", "--save", &path_text]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let written = read_ptn(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(written.len(), GAMES.len());
    let out = tak(&dir, &["games", "--save", &path_text]);
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("exists"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn tak_puzzles_list_says_when_no_puzzle_fits() {
    let dir = scratch("assets-puzzles-none");
    let out = tak(
        &dir,
        &["puzzles", "--list", "--size", "8", "--difficulty", "1"],
    );
    assert!(out.status.success());
    assert_eq!(text(&out.stdout), "", "the list, empty");
    // What was asked for, and what there is.
    let said = text(&out.stderr);
    assert!(
        said.contains("puzzles is 8x8 at difficulty 1: there are "),
        "{said}"
    );
    assert!(said.contains(" puzzles, of difficulty "), "{said}");
    let out = tak(&dir, &["puzzles", "--list", "--size", "3"]);
    let said = text(&out.stderr);
    assert!(said.contains("puzzles is 3x3: there are "), "{said}");
    assert!(
        !said.contains("3x3 at"),
        "no difficulty was asked for: {said}"
    );
    let out = tak(&dir, &["puzzles", "--list"]);
    assert!(text(&out.stderr).is_empty(), "{}", text(&out.stderr));
}

#[test]
fn tak_puzzles_list_numbers_the_puzzles_that_puzzle_opens() {
    let dir = scratch("assets-puzzles-numbers");
    let out = tak(&dir, &["puzzles", "--list"]);
    let list = text(&out.stdout);
    let rows: Vec<Vec<&str>> = list.lines().map(|l| l.split('\t').collect()).collect();
    assert!(rows.len() > 10, "{list}");
    for (number, row) in (1..).zip(&rows) {
        assert_eq!(row.len(), 7, "{row:?}");
        assert_eq!(row[0], number.to_string(), "numbered in order: {row:?}");
    }
    // The easiest first: 4x4, difficulty 1.
    assert_eq!((rows[0][1], rows[0][2]), ("4x4", "1"), "{:?}", rows[0]);
    let count = rows.len();
    let out = tak(&dir, &["puzzles", "--puzzle", &(count + 1).to_string()]);
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains(&format!(
            "there are {count} puzzles: --puzzle 1 to {count} (tak puzzles --list numbers them)"
        )),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn numbers_out_of_range_are_refused_in_words_as_everywhere() {
    let dir = scratch("assets-puzzles-range");
    for (args, said) in [
        (
            &["puzzles", "--list", "--size", "9"][..],
            "board sizes are 3 to 8, not 9",
        ),
        (
            &["puzzles", "--list", "--difficulty", "7"][..],
            "difficulties are 1 (easiest) to 5, not 7",
        ),
        (
            &["learn", "--lesson", "0"][..],
            "a whole number from 1 on, not 0",
        ),
        (
            &["match", "--games", "0"][..],
            "a whole number from 1 to 10000, not 0",
        ),
    ] {
        let out = tak(&dir, args);
        assert!(!out.status.success(), "{args:?}");
        assert!(
            text(&out.stderr).contains(said),
            "{args:?}: {}",
            text(&out.stderr)
        );
    }
}
