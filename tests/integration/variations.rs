//! Variations: ptn.ninja's two ways of writing them read into one tree, written back in its
//! current form, and every branch kept through a round trip.

use std::fmt::Write as _;

use taktui::record::{GameRecord, read_ptn, read_ptn_file, write_game};

fn read(path: &str) -> GameRecord {
    let games = read_ptn_file(std::path::Path::new(path)).unwrap();
    assert_eq!(games.len(), 1, "{path}");
    let game = games.into_iter().next().unwrap();
    assert_eq!(game.error, None, "{path}");
    game.record.unwrap()
}

fn names(record: &GameRecord) -> Vec<String> {
    record
        .tree()
        .all_branches()
        .into_iter()
        .map(|(name, _, _)| name)
        .collect()
}

fn moves(plies: &[taktui::record::Ply]) -> String {
    plies
        .iter()
        .map(|p| p.mv.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn the_current_form_reads_into_a_tree() {
    let record = read("tests/data/branches/current.ptn");
    assert_eq!(moves(record.plies()), "a1 e5 c3 c4 d3 b4 d2");
    assert_eq!(names(&record), ["2w1", "2w1/3b1", "2w2", "3b1"]);
    let first = &record.branches()[0];
    assert_eq!(
        (first.at, moves(&first.line.plies).as_str()),
        (2, "b2 c4 b3 a4 b4")
    );
    assert_eq!(first.line.plies[2].comments, ["a note in a branch"]);
    let nested = &first.line.branches[0];
    assert_eq!(
        (nested.at, moves(&nested.line.plies).as_str()),
        (3, "d4 b4 d5")
    );
    assert_eq!(nested.line.result_token.as_deref(), Some("1/2-1/2"));
    assert_eq!(record.result_token(), Some("1-0"), "the main line's result");
    assert_eq!(record.tree().ply_count(), 7 + 5 + 3 + 1 + 1);
}

#[test]
fn the_older_form_reads_into_the_same_tree() {
    let current = read("tests/data/branches/current.ptn");
    let older = read("tests/data/branches/older.ptn");
    let shape = |record: &GameRecord| {
        record
            .tree()
            .all_branches()
            .into_iter()
            .map(|(name, at, b)| (name, at, moves(&b.line.plies)))
            .collect::<Vec<_>>()
    };
    assert_eq!(shape(&older), shape(&current));
}

#[test]
fn the_older_form_with_names_of_digits_alone_reads_every_variation() {
    let current = read("tests/data/branches/current.ptn");
    let games =
        read_ptn_file(std::path::Path::new("tests/data/branches/older-digits.ptn")).unwrap();
    assert_eq!(games[0].warnings, [], "nothing skipped");
    let older = read("tests/data/branches/older-digits.ptn");
    let shape = |record: &GameRecord| {
        record
            .tree()
            .all_branches()
            .into_iter()
            .map(|(name, at, b)| (name, at, moves(&b.line.plies)))
            .collect::<Vec<_>>()
    };
    assert_eq!(shape(&older), shape(&current));
}

#[test]
fn writing_keeps_every_branch_and_reads_back_the_same() {
    for path in [
        "tests/data/branches/current.ptn",
        "tests/data/branches/older.ptn",
        "tests/data/branches/older-digits.ptn",
        "tests/data/branches/pluto-boris-2025.ptn",
        "tests/data/branches/from-tps.ptn",
    ] {
        let record = read(path);
        let text = write_game(&record);
        let again = read_ptn(&text).unwrap().remove(0);
        assert_eq!(again.error, None, "{path}:\n{text}");
        assert_eq!(again.warnings, [], "{path}:\n{text}");
        let again = again.record.unwrap();
        assert_eq!(again, record, "{path}:\n{text}");
        assert_eq!(write_game(&again), text, "{path}: a fixed point");
    }
}

#[test]
fn a_real_analysis_keeps_its_thirty_variations_and_their_names() {
    let record = read("tests/data/branches/pluto-boris-2025.ptn");
    let names = names(&record);
    assert_eq!(names.len(), 30);
    for name in ["5b1", "9w3/11w1", "9w1/9b1/10b1", "14b1/15b1/18w1", "14w5"] {
        assert!(names.iter().any(|n| n == name), "{name} in {names:?}");
    }
    let text = write_game(&record);
    assert!(text.contains("{14w2}\n14. c4> d6-\n0-R\n"), "{text}");
    assert!(text.contains("{9b1}\n9. -- f4\n"), "{text}");
}

#[test]
fn a_stale_name_is_placed_where_its_first_ply_fits_with_a_warning() {
    let games = read_ptn_file(std::path::Path::new("tests/data/branches/from-tps.ptn")).unwrap();
    let game = &games[0];
    assert_eq!(game.error, None);
    assert_eq!(game.warnings.len(), 1, "{:?}", game.warnings);
    let warning = game.warnings[0].to_string();
    assert!(
        warning.contains("variation 16w1/19w1 is read as leaving variation 16w1/17w1"),
        "{warning}"
    );
    let names = names(game.record.as_ref().unwrap());
    assert!(names.contains(&"16w1/17w1/19w1".to_owned()), "{names:?}");
}

#[test]
fn a_variation_with_an_illegal_ply_is_an_error_at_it() {
    let text = "[Size \"5\"]\n1. a1 e5\n2. c3 d3\n\n{2w1}\n2. b3 b3\n";
    let game = read_ptn(text).unwrap().remove(0);
    let error = game.error.unwrap().to_string();
    assert!(error.starts_with("6:7: 2... b3:"), "{error}");
    let record = game.record.unwrap();
    assert_eq!(record.plies().len(), 4, "the main line is kept");
    assert_eq!(names(&record), ["2w1"], "and the variation up to the error");
}

#[test]
fn a_variation_refused_where_it_starts_is_not_also_said_to_have_no_moves() {
    let text = "[Size \"5\"]\n\n1. a1 e1\n2. e2 e3\n\n{3w1}\n3. c3\n";
    let game = read_ptn(text).unwrap().remove(0);
    let error = game.error.unwrap().to_string();
    assert!(error.contains("has no ply for it to replace"), "{error}");
    assert!(game.warnings.is_empty(), "{:?}", game.warnings);
}

#[test]
fn a_comment_after_a_ply_that_looks_like_a_name_stays_a_comment() {
    // Found by the fuzzer: written back, the comment came before a move number, and was read
    // as a variation's name. A name stands on a line of its own, after some ply.
    let text = "[Size \"5\"]\n\n1. a1 e5\n2. c3 {2w1} c4 {3b1}\n3. d3\n";
    let game = read_ptn(text).unwrap().remove(0);
    assert_eq!(game.error, None);
    let record = game.record.unwrap();
    assert!(!record.has_branches());
    assert_eq!(record.plies()[3].comments, ["3b1"]);
    let again = read_ptn(&write_game(&record))
        .unwrap()
        .remove(0)
        .record
        .unwrap();
    assert_eq!(again, record);
    // And a game comment before the first move is the game's.
    let text = "[Size \"5\"]\n\n{1w1}\n1. a1 e5\n";
    let record = read_ptn(text).unwrap().remove(0).record.unwrap();
    assert_eq!(record.comments(), ["1w1"]);
}

#[test]
fn a_name_used_twice_is_read_without_looping() {
    // Once a stack overflow: the second 2w1 took itself for the line it leaves.
    let text = "[Size \"5\"]\n\n1. a1 e5\n2. c3 c4\n\n{2w1}\n2. b2 c4\n3. b3\n\n{2w1}\n3. d3\n";
    let game = read_ptn(text).unwrap().remove(0);
    assert_eq!(game.error, None);
    assert_eq!(game.record.unwrap().tree().all_branches().len(), 2);
}

#[test]
fn comments_between_a_name_and_its_moves_go_with_its_first_ply() {
    let text = "[Size \"5\"]\n\n1. a1 e5\n2. c3 c4\n\n{2w1}\n{See 2w1/3b1.}\n2. {why} b2 c4\n";
    let game = read_ptn(text).unwrap().remove(0);
    assert_eq!(game.error, None);
    let record = game.record.unwrap();
    assert_eq!(names(&record), ["2w1"]);
    assert!(
        record.plies()[3].comments.is_empty(),
        "nothing on the main line"
    );
    let first = &record.branches()[0].line.plies[0];
    assert_eq!(first.comments, ["See 2w1/3b1.", "why"]);
}

#[test]
fn games_run_together_are_not_read_as_a_variation() {
    let text = "[Size \"5\"]\n\n1. a1 e5 2. c3 0-1\n\n{Game two}\n1. a1 e5 2. c3 c4 3. d3 R-0\n";
    let game = read_ptn(text).unwrap().remove(0);
    let record = game.record.unwrap();
    assert_eq!(record.plies().len(), 3);
    assert_eq!(record.result_token(), Some("0-1"));
    assert!(!record.has_branches());
    assert!(
        game.warnings[0].message.contains("go back"),
        "{:?}",
        game.warnings
    );
    // A variation that plays the line's own move is refused, at its name.
    let text = "[Size \"5\"]\n\n1. a1 e5\n2. c3 c4\n\n{2w1}\n2. c3 d4\n";
    let error = read_ptn(text).unwrap().remove(0).error.unwrap().to_string();
    assert!(
        error.starts_with("6:1: variation 2w1: it starts with c3"),
        "{error}"
    );
}

#[test]
fn names_nested_past_the_limit_are_read_quickly_with_their_names_clipped() {
    // Each name nests one deeper, 70 in all; each plays its own move at move 2, so in the
    // tree they are variations side by side. Past 64 deep a name's line is not looked for:
    // the variation is read as leaving another line, with a warning whose name is clipped.
    let mut text = String::from("[Size \"6\"]\n\n1. a1 f6\n2. a2 f5\n");
    let mut name = String::new();
    let squares = ["b", "c", "d", "e"];
    for depth in 0..70 {
        let part = format!("2w{}", depth + 1);
        name = if name.is_empty() {
            part
        } else {
            format!("{name}/{part}")
        };
        let file = squares[depth % 4];
        let rank = depth / 4 % 6 + 1;
        let _ = write!(text, "\n{{{name}}}\n2. {file}{rank} f5\n");
    }
    let started = std::time::Instant::now();
    let game = read_ptn(&text).unwrap().remove(0);
    assert!(started.elapsed().as_secs() < 5);
    assert_eq!(game.error, None);
    assert!(!game.warnings.is_empty(), "names past 64 deep are said");
    assert!(
        game.warnings.iter().all(|w| w.message.len() < 300),
        "{:?}",
        game.warnings
    );
    let record = game.record.unwrap();
    // 24 squares for 70 names: the later ones repeat a move, and are the same line.
    assert_eq!(names(&record).len(), 24);
}

#[test]
fn an_empty_variation_is_said() {
    let text = "[Size \"5\"]\n\n1. a1 e5\n2. c3 c4\n\n{2w1}\n\n{2b1}\n2. -- d4\n";
    let game = read_ptn(text).unwrap().remove(0);
    assert_eq!(game.error, None);
    assert!(
        game.warnings
            .iter()
            .any(|w| w.message.contains("variation 2w1 has no moves")),
        "{:?}",
        game.warnings
    );
}
