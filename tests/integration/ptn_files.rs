//! Reading and writing PTN files: each syntax form, each error message, saving safely.

use taktui::notation::{Judgement, TakMark};
use taktui::record::{
    GameRecord, MAX_PLIES, PtnErrorKind, ReadGame, read_ptn, read_ptn_file, save_ptn, write_game,
};
use taktui::rules::{BoardSize, Color, GameConfig, GameResult};

fn one(text: &str) -> ReadGame {
    let mut games = read_ptn(text).expect("not refused whole");
    assert_eq!(games.len(), 1, "one game in {text:?}");
    games.remove(0)
}

fn record(text: &str) -> GameRecord {
    let game = one(text);
    assert_eq!(game.error, None, "{text}");
    game.record.expect("a record")
}

fn plies(record: &GameRecord) -> Vec<String> {
    record.plies().iter().map(|p| p.mv.to_string()).collect()
}

fn error(text: &str) -> String {
    let game = one(text);
    game.error
        .expect("an error")
        .in_file("game.ptn")
        .to_string()
}

// ---- syntax forms ----

#[test]
fn tags_keep_escapes_unknown_names_and_repeats() {
    let r = record(
        "[Size \"4\"]\n[Player1 \"Al \\\"the pal\\\" \\\\o/\"]\n[Seed \"42\"]\n[Move \"1\"]\n[Move \"2\"]\n",
    );
    assert_eq!(r.tags().get("Player1"), Some("Al \"the pal\" \\o/"));
    assert_eq!(r.tags().get("Seed"), Some("42"));
    let moves: Vec<_> = r.tags().iter().filter(|(n, _)| *n == "Move").collect();
    assert_eq!(moves.len(), 2);
    assert_eq!(r.start().size(), BoardSize::new(4).unwrap());
}

#[test]
fn moves_read_with_numbers_without_numbers_and_glued_numbers() {
    let with = record("[Size \"5\"]\n1. a1 e5\n2. d3 c3\n");
    let without = record("[Size \"5\"]\na1 e5 d3 c3");
    let glued = record("[Size \"5\"]\n1.a1 e5 2.d3 c3");
    assert_eq!(plies(&with), ["a1", "e5", "d3", "c3"]);
    assert_eq!(plies(&without), plies(&with));
    assert_eq!(plies(&glued), plies(&with));
}

#[test]
fn black_first_from_tps_reads_both_placeholder_styles() {
    let tps = "[TPS \"x4/x4/x4/1,2,x2 2 2\"]\n";
    let dashes = record(&format!("{tps}2. -- c1\n3. d1 a2"));
    let dots = record(&format!("{tps}2... c1\n3. d1 a2"));
    assert_eq!(plies(&dashes), ["c1", "d1", "a2"]);
    assert_eq!(plies(&dots), plies(&dashes));
    assert_eq!(
        dashes.start().size(),
        BoardSize::new(4).unwrap(),
        "size taken from TPS"
    );
    assert!(write_game(&dashes).contains("2. -- c1\n3. d1 a2\n"));
}

#[test]
fn comments_stay_with_the_game_or_the_ply_before_them() {
    let r = record(
        "{about the game}\n[Size \"3\"]\n{before moves}\n1. a1 {after a1} c3 {after c3\n two lines} {again}\n2. b2",
    );
    assert_eq!(r.comments(), ["about the game", "before moves"]);
    assert_eq!(r.plies()[0].comments, ["after a1"]);
    assert_eq!(r.plies()[1].comments, ["after c3\n two lines", "again"]);
    assert!(r.plies()[2].comments.is_empty());
}

#[test]
fn marks_are_kept_per_ply() {
    let r = record("[Size \"5\"]\n1. a1' e5'' 2. d3\" c3! 3. d4!! c4? 4. b2?? b3!? 5. b4?! b5*");
    let marks: Vec<String> = r.plies().iter().map(|p| p.marks.to_string()).collect();
    assert_eq!(
        marks,
        // `b5*` crushes no wall: the false mark is dropped (with a warning).
        ["'", "''", "''", "!", "!!", "?", "??", "!?", "?!", ""]
    );
    assert_eq!(r.plies()[0].marks.tak, TakMark::Tak);
    assert_eq!(r.plies()[2].marks.tak, TakMark::Tinue);
    assert_eq!(r.plies()[7].marks.judgement, Some(Judgement::Interesting));
    assert!(!r.plies()[9].marks.crush);
}

#[test]
fn every_result_token_is_read() {
    for token in ["R-0", "0-R", "F-0", "0-F", "1-0", "0-1", "1/2-1/2", "0-0"] {
        let r = record(&format!("[Size \"3\"]\n1. a1 c3 {token}"));
        assert_eq!(r.result_token(), Some(token));
        assert_eq!(r.recorded_result(), Some(token));
        assert!(write_game(&r).ends_with(&format!("{token}\n")));
    }
}

#[test]
fn a_file_can_hold_several_games() {
    let games = read_ptn("[Size \"3\"]\n1. a1 c3\n1-0\n\n[Size \"4\"]\n1. d4 a1\n\n[Size \"5\"]\n")
        .unwrap();
    let sizes: Vec<u8> = games
        .iter()
        .map(|g| g.record.as_ref().unwrap().start().size().get())
        .collect();
    assert_eq!(sizes, [3, 4, 5]);
    assert_eq!(games[1].span.line, 5);
}

#[test]
fn komi_flats_and_caps_set_the_game() {
    let r = record("[Size \"6\"]\n[Komi \"-2.5\"]\n[Flats \"25\"]\n[Caps \"2\"]\n");
    let config = r.start().config();
    assert_eq!(config.komi().halves(), -5);
    assert_eq!(config.pieces(Color::White).stones, 25);
    assert_eq!(config.pieces(Color::Black).caps, 2);
    let r = record("[Size \"5\"]\n[Flats2 \"20\"]\n");
    assert_eq!(r.start().config().pieces(Color::White).stones, 21);
    assert_eq!(r.start().config().pieces(Color::Black).stones, 20);
}

#[test]
fn variations_after_the_main_line_are_read_beside_it() {
    let text = "[Size \"5\"]\n1. a1 e5\n2. c3 d3\n3. c4 d4\n\n{2w1}\n2. b3 b2\n3. b4 a2\n";
    let game = one(text);
    assert_eq!(game.error, None);
    assert_eq!(
        plies(game.record.as_ref().unwrap()),
        ["a1", "e5", "c3", "d3", "c4", "d4"]
    );
    assert_eq!(game.warnings, []);
    assert_eq!(game.record.as_ref().unwrap().branches().len(), 1);
    assert!(
        game.record.unwrap().plies()[5].comments.is_empty(),
        "the branch header is not a comment"
    );
}

#[test]
fn a_game_cut_short_by_an_error_keeps_its_plies() {
    let game = one("[Size \"5\"]\n1. a1 e5\n2. a1 c3\n");
    assert_eq!(plies(game.record.as_ref().unwrap()), ["a1", "e5"]);
    assert!(game.error.is_some());
}

// ---- error messages, with file, line and column ----

#[test]
fn an_illegal_ply_is_located_and_explained() {
    assert_eq!(
        error("[Size \"5\"]\n1. a1 e5\n2. a1 c3"),
        "game.ptn:3:4: 2. a1: a1 is occupied: place only on empty squares"
    );
    assert_eq!(
        error("[Size \"5\"]\n1. a1 e5\n2. c3 Sa1"),
        "game.ptn:3:7: 2... Sa1: a1 is occupied: place only on empty squares"
    );
    assert_eq!(
        error("[Size \"5\"]\n1. Sa1"),
        "game.ptn:2:4: 1. Sa1: the first turn places a flat of the opponent's on an empty square"
    );
}

#[test]
fn a_ply_that_is_not_a_move_points_at_the_character() {
    assert_eq!(
        error("[Size \"5\"]\n1. a1 e9"),
        "game.ptn:2:8: 1... e9: rank 9 is off a 5x5 board"
    );
    assert_eq!(
        error("[Size \"5\"]\n1. a1 e5\n2. 4a1>12"),
        "game.ptn:3:9: 2. 4a1>12: the drops add up to 3 but 4 pieces are picked up"
    );
    assert_eq!(
        error("[Size \"5\"]\n1. a1x"),
        "game.ptn:2:6: 1. a1x: unexpected \"x\" at character 3"
    );
}

#[test]
fn bad_tags_are_named_with_their_value() {
    assert_eq!(
        error("[Event \"x\"]\n[Size \"9\"]\n1. a1"),
        "game.ptn:2:1: Size \"9\": board sizes are 3 to 8, not 9"
    );
    assert_eq!(
        error("[Size \"five\"]"),
        "game.ptn:1:1: Size \"five\": not a board size: board sizes are 3 to 8"
    );
    assert!(
        error("[Size \"5\"]\n[Komi \"1.3\"]")
            .starts_with("game.ptn:2:1: Komi \"1.3\": komi \"1.3\" is not a whole or half number")
    );
    assert_eq!(
        error("[Size \"5\"]\n[Flats \"lots\"]"),
        "game.ptn:2:1: Flats \"lots\": not a piece count (0 to 64)"
    );
    assert_eq!(
        error("[Size \"5\"]\n[Caps \"70\"]"),
        "game.ptn:2:1: Caps \"70\": 21 stones and 70 capstones: a player needs at least 1 stone and at most 64 pieces"
    );
    assert_eq!(
        error("[Size \"5\"]\n[Flats2 \"0\"]"),
        "game.ptn:2:1: Flats2 \"0\": 0 stones and 1 capstone: a player needs at least 1 stone and at most 64 pieces"
    );
    assert_eq!(
        error("[Size \"5\"]\n[Opening \"no-swap\"]"),
        "game.ptn:2:1: Opening \"no-swap\": only the swap opening (each player first places the other's flat) is supported"
    );
    assert_eq!(
        error("[Event \"x\"]\n1-0"),
        "game.ptn:1:1: no Size tag, no TPS tag and no moves to take the board size from (give it with --size N)"
    );
}

#[test]
fn a_bad_tps_tag_says_what_is_wrong() {
    assert_eq!(
        error("[TPS \"x5/x5 1 1\"]"),
        "game.ptn:1:1: TPS \"x5/x5 1 1\": the board has 2 rows separated by '/'; board sizes are 3 to 8"
    );
    assert_eq!(
        error("[Size \"4\"]\n[TPS \"x3/x3/x3 1 1\"]"),
        "game.ptn:2:1: TPS \"x3/x3/x3 1 1\": the TPS is for a 3x3 board but the game is on a 4x4 board"
    );
}

#[test]
fn structure_errors_are_located() {
    assert_eq!(
        error("[Size \"3\"]\n1. a1 c3 R-0 2. b2"),
        "game.ptn:2:17: 2. b2: a ply after the result R-0"
    );
    assert_eq!(
        error("[Size \"3\"]\n1. -- a1"),
        "game.ptn:2:4: -- stands for White's ply only before Black's first ply of a game from a position"
    );
    assert_eq!(
        error("[Size \"3\"]\n1. a1 {never closed"),
        "game.ptn:2:7: a comment opened here is never closed with '}'"
    );
    assert_eq!(
        error("[Size \"3\"]\n[Event \"never closed"),
        "game.ptn:2:1: a tag opened here is never closed with ']' on its line"
    );
    assert_eq!(
        error("[Size 3]"),
        "game.ptn:1:1: a tag is written [Name \"value\"]: the value must be in double quotes"
    );
}

#[test]
fn hostile_input_is_refused_with_a_clear_error() {
    let long_tag = format!("[Event \"{}\"]", "x".repeat(5000));
    assert_eq!(
        error(&long_tag),
        "game.ptn:1:1: the Event tag is 5000 bytes long; tags over 4 KiB are refused"
    );

    let huge = " ".repeat(16 * 1024 * 1024 + 1);
    let whole = read_ptn(&huge).unwrap_err();
    assert!(matches!(whole.kind, PtnErrorKind::TooLarge { .. }));
    assert_eq!(
        whole.to_string(),
        "the file is 16777217 bytes; PTN files over 16 MiB are refused"
    );

    // Two flats shuffled back and forth for ever: a legal game that never ends.
    let mut text = String::from("[Size \"8\"]\na1 h8");
    for _ in 0..=MAX_PLIES / 4 {
        text.push_str(" h8< a1+ g8> a2-");
    }
    let game = one(&text);
    assert_eq!(game.record.unwrap().plies().len(), MAX_PLIES);
    assert_eq!(game.error.unwrap().kind, PtnErrorKind::TooManyPlies);
}

#[test]
fn files_that_cannot_be_read_say_so_with_their_name() {
    let folder = tempfile::tempdir().unwrap();
    let missing = folder.path().join("missing.ptn");
    let error = read_ptn_file(&missing).unwrap_err().to_string();
    assert!(
        error.starts_with(&format!("{}: cannot read the file:", missing.display())),
        "{error}"
    );

    let binary = folder.path().join("binary.ptn");
    std::fs::write(&binary, b"[Size \"5\"]\n1. a1 \xff\xfe").unwrap();
    let error = read_ptn_file(&binary).unwrap_err().to_string();
    assert_eq!(
        error,
        format!(
            "{}: the file is not UTF-8 text (a bad byte on line 2)",
            binary.display()
        )
    );
}

// ---- writing ----

#[test]
fn the_writer_orders_tags_and_writes_two_plies_a_line() {
    let r = record(
        "[Size \"3\"]\n[Zeta \"z\"]\n[Player2 \"b\"]\n[Site \"s\"]\n{game}\na1 c3 {c3!} b2' b1 R-0",
    );
    let text = write_game(&r);
    assert_eq!(
        text,
        "[Site \"s\"]\n[Player2 \"b\"]\n[Size \"3\"]\n[Zeta \"z\"]\n\n{game}\n1. a1 c3 {c3!}\n2. b2' b1\nR-0\n"
    );
}

#[test]
fn a_played_game_is_written_with_its_result() {
    let mut r = GameRecord::for_config(GameConfig::new(BoardSize::new(3).unwrap()));
    // White's road along rank 1: a1 (placed by Black on ply 2), b1, c1.
    for text in ["c3", "a1", "b1", "c2", "c1"] {
        r.play(text.parse().unwrap()).unwrap();
    }
    let result = r.position().result();
    assert!(
        matches!(
            result,
            GameResult::Win {
                winner: Color::White,
                ..
            }
        ),
        "{result:?}"
    );
    r.set_result_token(result.ptn().map(str::to_owned));
    assert_eq!(
        write_game(&r),
        "[Size \"3\"]\n\n1. c3 a1\n2. b1 c2\n3. c1\nR-0\n"
    );
}

#[test]
fn saving_is_atomic_and_reads_back() {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("saved.ptn");
    let r = record("[Size \"4\"]\n[Player1 \"a\"]\n1. a1 d4 {hm} 2. b2 c3 0-0");
    save_ptn(&path, std::slice::from_ref(&r)).unwrap();
    save_ptn(&path, &[r.clone(), r.clone()]).unwrap();
    let games = read_ptn_file(&path).unwrap();
    assert_eq!(games.len(), 2);
    assert_eq!(games[1].record.as_ref(), Some(&r));
    let left: Vec<_> = std::fs::read_dir(folder.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(left, ["saved.ptn"], "no temporary file is left behind");

    let nowhere = folder.path().join("no-such-folder").join("x.ptn");
    assert!(save_ptn(&nowhere, &[r]).is_err());
}

#[test]
fn move_numbers_out_of_step_are_warned_about_but_read() {
    let game = one("[Size \"5\"]\n1. a1 e5\n3. c3 d3\n");
    assert_eq!(game.error, None);
    assert_eq!(
        plies(game.record.as_ref().unwrap()),
        ["a1", "e5", "c3", "d3"]
    );
    let warnings: Vec<String> = game.warnings.iter().map(ToString::to_string).collect();
    assert_eq!(warnings, ["3:1: move number 3 where 2 was expected"]);
    // A bare number with no ply after it (puzzles end that way) is no cause for a warning.
    let game = one("[TPS \"x5/x5/x5/x5/x5 1 4\"]\n1.\n");
    assert!(game.warnings.is_empty());
}
