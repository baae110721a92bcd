//! What real exporters write (issue 12): every game accounted for when one is broken, `--`
//! for a ply that never came, files without a `Size` tag or with a wrong one, lowercase piece
//! letters, move numbers going back, and the small variations of form real files show.

use taktui::record::{
    GameRecord, PtnErrorKind, ReadGame, ReadOptions, read_ptn, read_ptn_with, write_game,
};
use taktui::rules::{BoardSize, Role};

fn games(text: &str) -> Vec<ReadGame> {
    read_ptn(text).expect("not refused whole")
}

fn one(text: &str) -> ReadGame {
    let mut games = games(text);
    assert_eq!(games.len(), 1, "one game in {text:?}");
    games.remove(0)
}

fn clean(text: &str) -> GameRecord {
    let game = one(text);
    assert_eq!(game.error, None, "{text:?}");
    game.record.expect("a record")
}

fn plies(record: &GameRecord) -> Vec<String> {
    record.plies().iter().map(|p| p.mv.to_string()).collect()
}

fn warnings(game: &ReadGame) -> Vec<String> {
    game.warnings.iter().map(ToString::to_string).collect()
}

fn error(game: &ReadGame) -> String {
    game.error.as_ref().expect("an error").to_string()
}

fn size(n: u8) -> BoardSize {
    BoardSize::new(n).unwrap()
}

const GAME: &str = "[Size \"5\"]\n[Result \"0-1\"]\n\n1. a1 e5\n2. c3 d3\n0-1\n";

// ---- 1. every game accounted for ----

#[test]
fn a_stray_bracket_in_the_moves_fails_that_game_only() {
    let text = format!("{GAME}\n[Size \"5\"]\n\n1. a1 e5\n2. c3 [ d3\n3. b1 b2\n\n{GAME}");
    let games = games(&text);
    assert_eq!(games.len(), 3, "every game is counted");
    assert_eq!(games[0].error, None);
    assert_eq!(
        error(&games[1]),
        "11:7: a tag opened here is never closed with ']' on its line"
    );
    assert_eq!(plies(games[1].record.as_ref().unwrap()), ["a1", "e5", "c3"]);
    assert_eq!(games[2].error, None);
    assert_eq!(games[2].span.line, 14);
    assert_eq!(plies(games[2].record.as_ref().unwrap()).len(), 4);
}

#[test]
fn an_unquoted_tag_value_fails_that_game_only() {
    for broken in [
        "[Event Foo Bar]\n[Size \"5\"]\n\n1. a1 e5\n",
        "[Size \"5\"]\n[Event Foo Bar]\n\n1. a1 e5\n",
        "[Size \"5\"]\n[Event \"never closed]\n\n1. a1 e5\n",
    ] {
        let text = format!("{GAME}\n{broken}\n{GAME}");
        let games = games(&text);
        assert_eq!(games.len(), 3, "{text}");
        assert_eq!(games[0].error, None);
        let refused = &games[1];
        assert!(
            refused.record.is_none(),
            "a game with a broken tag is refused"
        );
        let message = error(refused);
        assert!(
            message.starts_with("8:1: a tag ") || message.starts_with("9:1: a tag "),
            "{message}"
        );
        assert_eq!(games[2].error, None, "{text}");
        assert_eq!(plies(games[2].record.as_ref().unwrap()).len(), 4);
    }
}

#[test]
fn a_broken_tag_right_after_move_text_starts_the_next_game() {
    let text = format!("{GAME}[Event Foo]\n[Size \"5\"]\n1. a1 e5\n\n{GAME}");
    let games = games(&text);
    assert_eq!(games.len(), 3);
    assert_eq!(games[0].error, None, "the game before keeps all its moves");
    assert_eq!(plies(games[0].record.as_ref().unwrap()).len(), 4);
    assert!(error(&games[1]).starts_with("7:1: a tag is written"));
    assert_eq!(games[2].error, None);
}

#[test]
fn an_unclosed_comment_stops_at_the_next_game() {
    let text = format!("[Size \"5\"]\n\n1. a1 {{never closed\n2. c3 d3\n\n{GAME}\n{GAME}");
    let games = games(&text);
    assert_eq!(games.len(), 3);
    assert_eq!(
        error(&games[0]),
        "3:7: a comment opened here runs into the tags on line 6: is a '}' missing?"
    );
    assert_eq!(plies(games[0].record.as_ref().unwrap()), ["a1"]);
    assert_eq!(games[1].error, None);
    assert_eq!(games[2].error, None);
}

#[test]
fn a_comment_line_that_reads_as_a_tag_only_once_written_still_reads_back() {
    // Found by fuzzing: the comment ends on the `[Date` line, which the writer follows with
    // the next comment, making `[Date "... taktu} {GoodMove 3<"]` look like a whole tag.
    let text = "[Size \"5\"]\n1. a1 e5 {one\r[Date \"x taktu}\n{GoodMove 3<\"]\n}\n";
    let record = clean(text);
    let written = write_game(&record);
    assert!(
        written.contains("[Date \"x taktu} {GoodMove 3<\"]\n"),
        "{written}"
    );
    assert_eq!(clean(&written), record);
}

// ---- 2. `--` for a ply that never came ----

#[test]
fn a_trailing_skip_is_read_with_a_warning() {
    for (text, line) in [
        ("[Size \"5\"]\n1. a1 e5\n2. c4 -- 0-R", "3:7"),
        ("[Size \"5\"]\n1. a1 e5\n2. c4 0-R --", "3:11"),
        ("[Size \"5\"]\n1. a1 e5\n2. c4 d4\nR-0 --\n", "4:5"),
    ] {
        let game = one(text);
        assert_eq!(game.error, None, "{text}");
        let record = game.record.as_ref().unwrap();
        assert_eq!(record.result_token().map(str::len), Some(3));
        assert_eq!(
            warnings(&game),
            [format!(
                "{line}: -- after the last ply stands for a ply that never came; read past"
            )]
        );
    }
}

#[test]
fn a_skip_before_a_ply_is_still_an_error() {
    let game = one("[Size \"5\"]\n1. a1 e5\n2. -- c3\n");
    assert_eq!(
        game.error.unwrap().kind,
        PtnErrorKind::MisplacedSkip,
        "Tak has no passing"
    );
}

// ---- 3. the board size ----

#[test]
fn without_a_size_tag_the_size_is_the_smallest_the_moves_allow() {
    let game = one("[Event \"old export\"]\n1. a1 f6\n2. c3 d3\n");
    assert_eq!(game.error, None);
    let record = game.record.as_ref().unwrap();
    assert_eq!(record.start().size(), size(6));
    assert_eq!(
        record.tags().get("Size"),
        Some("6"),
        "written with its size"
    );
    assert_eq!(
        warnings(&game),
        [
            "1:1: no Size tag: read on a 6x6 board, the smallest on which the moves are legal (--size N reads it on another)"
        ]
    );
    // Written, the game reads back alone, the same.
    assert_eq!(one(&write_game(record)).record.as_ref(), Some(record));
}

#[test]
fn the_inferred_size_is_where_the_moves_are_legal_not_just_named() {
    // On 3x3, c3 a1 b1 c2 c1 is White's road and the game is over; b2 then needs a 4x4 board.
    let game = one("c3 a1 b1 c2 c1 b2");
    assert_eq!(game.error, None);
    assert_eq!(game.record.unwrap().start().size(), size(4));
}

#[test]
fn a_size_can_be_given_for_files_that_say_none() {
    let options = ReadOptions {
        size: Some(size(7)),
    };
    let games = read_ptn_with("1. a1 f6\n", &options).unwrap();
    assert_eq!(games[0].error, None);
    assert!(games[0].warnings.is_empty(), "{:?}", games[0].warnings);
    let record = games[0].record.as_ref().unwrap();
    assert_eq!(record.start().size(), size(7));
    assert_eq!(record.tags().get("Size"), Some("7"));
}

#[test]
fn a_size_tag_the_moves_contradict_is_named_with_the_way_out() {
    let text = "[Size \"5\"]\n1. a1 e5\n2. f6 c3\n";
    let game = one(text);
    assert_eq!(
        error(&game),
        "3:4: 2. f6: the Size tag says 5, but the moves need a 6x6 board: the tag looks wrong (read the file with --size 6)"
    );
    assert_eq!(plies(game.record.as_ref().unwrap()), ["a1", "e5"]);

    let options = ReadOptions {
        size: Some(size(6)),
    };
    let game = read_ptn_with(text, &options).unwrap().remove(0);
    assert_eq!(game.error, None);
    assert_eq!(
        warnings(&game),
        ["1:1: the Size tag says 5; read on a 6x6 board, as --size 6 asks"]
    );
    let record = game.record.unwrap();
    assert_eq!(plies(&record), ["a1", "e5", "f6", "c3"]);
    assert_eq!(
        record.tags().get("Size"),
        Some("6"),
        "the tag now says the truth"
    );

    // Off every board: the plain error, no advice.
    let game = one("[Size \"5\"]\n1. a1 i9\n");
    assert_eq!(error(&game), "2:7: 1... i9: file i is off a 5x5 board");
}

#[test]
fn a_tps_position_keeps_its_size_over_the_option() {
    let options = ReadOptions {
        size: Some(size(6)),
    };
    let game = read_ptn_with("[TPS \"x4/x4/x4/1,2,x2 2 2\"]\n2... c1\n", &options)
        .unwrap()
        .remove(0);
    assert_eq!(game.error, None);
    assert_eq!(game.record.as_ref().unwrap().start().size(), size(4));
    assert_eq!(
        warnings(&game),
        ["1:1: --size 6 is not used: the TPS tag gives a 4x4 position"]
    );
}

#[test]
fn without_a_size_tag_a_game_legal_on_no_board_is_read_where_most_moves_are() {
    let game = one("a1 e5 d3 d3");
    assert_eq!(game.record.as_ref().unwrap().start().size(), size(5));
    assert_eq!(
        error(&game),
        "1:10: 2... d3: d3 is occupied: place only on empty squares"
    );
    assert_eq!(
        warnings(&game),
        [
            "1:1: no Size tag, and no board takes every move: read on a 5x5 board, where the most do (--size N reads it on another)"
        ]
    );
}

#[test]
fn a_game_with_no_size_and_no_moves_says_how_to_give_one() {
    assert_eq!(
        error(&one("[Player1 \"a\"]\n0-1\n")),
        "1:1: no Size tag, no TPS tag and no moves to take the board size from (give it with --size N)"
    );
}

// ---- 4. lowercase piece letters ----

#[test]
fn lowercase_piece_letters_are_read_with_a_warning() {
    let game = one("[Size \"5\"]\n1. a1 e5\n2. cc3 sd3\n3. fb2 Se4\n");
    assert_eq!(game.error, None);
    let record = game.record.as_ref().unwrap();
    assert_eq!(plies(record), ["a1", "e5", "Cc3", "Sd3", "b2", "Se4"]);
    assert!(matches!(
        record.plies()[2].mv.kind,
        taktui::rules::MoveKind::Place(Role::Cap)
    ));
    assert_eq!(
        warnings(&game),
        [
            "3:4: cc3: piece letters are capitals; read as Cc3",
            "3:8: sd3: piece letters are capitals; read as Sd3",
            "4:4: fb2: piece letters are capitals; read as Fb2",
        ]
    );
    // Still wrong once capitalised: the error is about what is wrong then.
    assert_eq!(
        error(&one("[Size \"5\"]\n1. a1 e5\n2. cc9\n")),
        "3:6: 2. cc9: rank 9 is off a 5x5 board"
    );
}

// ---- 6. move numbers going back ----

#[test]
fn move_numbers_going_back_are_said_as_such() {
    let game = one("[Size \"5\"]\n1. a1 e5\n2. c3 d3\n3. b3 b4\n2. c2 c1\n");
    assert_eq!(game.error, None);
    assert_eq!(plies(game.record.as_ref().unwrap()).len(), 6);
    assert_eq!(
        warnings(&game),
        [
            "5:1: move numbers go back from 3 to 2 at line 5 with no variation before them; the rest of the game is skipped"
        ]
    );
}

// ---- 7. forms seen in real files ----

fn same_as_plain(text: &str) {
    let plain = clean("[Size \"5\"]\n[Player1 \"Al\"]\n\n1. a1 e5\n2. c3 d3\nR-0\n");
    let read = clean(text);
    assert_eq!(plies(&read), plies(&plain), "{text:?}");
    assert_eq!(read.tags().get("Player1"), Some("Al"), "{text:?}");
    assert_eq!(read.start().size(), size(5), "{text:?}");
    assert_eq!(read.result_token(), Some("R-0"), "{text:?}");
}

#[test]
fn carriage_returns_are_line_ends() {
    same_as_plain("[Size \"5\"]\r\n[Player1 \"Al\"]\r\n\r\n1. a1 e5\r\n2. c3 d3\r\nR-0\r\n");
    same_as_plain("[Size \"5\"]\r[Player1 \"Al\"]\r\r1. a1 e5\r2. c3 d3\rR-0\r");
    let games = games("[Size \"3\"]\r\n\r\n[Size \"4\"]\r\n1. a1 d4\r\n");
    assert_eq!(
        games.len(),
        2,
        "a blank line of CRLFs parts games of tags only"
    );
    let game = one("[Size \"5\"]\r\n1. a1 e5\r\n2. a1 c3\r\n");
    assert_eq!(
        error(&game),
        "3:4: 2. a1: a1 is occupied: place only on empty squares"
    );
}

#[test]
fn byte_order_marks_are_skipped_also_between_joined_files() {
    same_as_plain("\u{feff}[Size \"5\"]\n[Player1 \"Al\"]\n1. a1 e5\n2. c3 d3\nR-0\n");
    let joined = format!("\u{feff}{GAME}\n\u{feff}{GAME}");
    let games = games(&joined);
    assert_eq!(games.len(), 2);
    assert!(games.iter().all(|g| g.error.is_none()));
}

#[test]
fn tabs_are_blanks() {
    same_as_plain("[Size\t\"5\"]\n[Player1\t\"Al\"]\n1.\ta1\te5\n2.\tc3\td3\tR-0\n");
}

#[test]
fn spaces_inside_and_around_tags_are_read_past() {
    same_as_plain("[Size \"5 \"]  \n[ Player1  \"Al\" ]\t\n1. a1 e5\n2. c3 d3\nR-0\n");
    let record = clean("[Size \" 5\"]\n[Komi \"2 \"]\n[Flats \" 20 \"]\n[Result \"R-0 \"]\n");
    assert_eq!(record.start().config().komi().halves(), 4);
    assert_eq!(record.recorded_result(), Some("R-0 "));
}

#[test]
fn empty_tags_say_nothing() {
    let record = clean(
        "[Size \"5\"]\n[Clock \"\"]\n[Komi \"\"]\n[Flats \"\"]\n[Caps \"\"]\n[TPS \"\"]\n[Result \"\"]\n1. a1 e5\n",
    );
    assert_eq!(record.tags().get("Clock"), Some(""), "kept as written");
    assert_eq!(record.start().config().komi().halves(), 0);
    assert_eq!(record.recorded_result(), None);
    // An empty Size tag is no Size tag: the size comes from the moves.
    let record = clean("[Size \"\"]\n1. a1 d4\n");
    assert_eq!(record.start().size(), size(4));
}

#[test]
fn lowercase_tag_names_are_read() {
    same_as_plain("[size \"5\"]\n[player1 \"Al\"]\n1. a1 e5\n2. c3 d3\nR-0\n");
    let record = clean("[tps \"x4/x4/x4/1,2,x2 2 2\"]\n[komi \"1\"]\n2. -- c1\n");
    assert_eq!(record.start().size(), size(4));
    assert_eq!(record.start().config().komi().halves(), 2);
}

#[test]
fn results_inside_the_move_text_are_read() {
    same_as_plain("[Size \"5\"]\n[Player1 \"Al\"]\n1. a1 e5\n2. c3 d3 R-0\n");
    same_as_plain("[Size \"5\"]\n[Player1 \"Al\"]\n1. a1 e5 2. c3 d3 R-0 {White resigned}\n");
    let record = clean("[Size \"5\"]\n1. a1 e5\n2. c3 1-0 {on time}\n");
    assert_eq!(record.result_token(), Some("1-0"));
    assert_eq!(record.plies()[2].comments, ["on time"]);
}

#[test]
fn zero_zero_is_read_as_no_result() {
    let record = clean("[Size \"5\"]\n[Result \"0-0\"]\n1. a1 e5\n0-0\n");
    assert_eq!(record.result_token(), Some("0-0"));
    assert_eq!(record.recorded_result(), Some("0-0"));
    assert!(record.position().result().supports("0-0"));
}

#[test]
fn an_agreed_draw_on_an_unfinished_board_agrees_with_the_rules() {
    let record = clean("[Size \"5\"]\n1. a1 e5\n1/2-1/2\n");
    assert!(record.position().result().supports("1/2-1/2"));
    assert!(record.position().result().supports("0-1"));
    assert!(!record.position().result().supports("R-0"));
}

#[test]
fn a_crush_mark_says_what_happened_whatever_the_file_says() {
    // `3. b1+*` flattens nothing, though marked; `5. c3-` takes White's capstone onto Black's
    // wall at c2, unmarked.
    let text = "[Size \"5\"]\n1. a1 e5 2. b1 Sc2 3. b1+* d4 4. Cc3 d5 5. c3- e4\n";
    let game = one(text);
    assert_eq!(game.error, None);
    let said = warnings(&game);
    assert_eq!(said.len(), 1, "{said:?}");
    assert!(
        said[0].contains("b1+*: `*` marks a wall flattened, but no wall is"),
        "{said:?}"
    );
    let record = game.record.unwrap();
    let crushes: Vec<bool> = record.plies().iter().map(|p| p.marks.crush).collect();
    assert_eq!(
        crushes,
        [
            false, false, false, false, false, false, false, false, true, false
        ],
        "the unmarked crush is marked, the false mark dropped"
    );
    let written = write_game(&record);
    assert!(written.contains("b1+ d4"), "{written}");
    assert!(written.contains("c3-*"), "{written}");
}

#[test]
fn a_setting_tag_given_twice_reads_the_first_that_says_something() {
    // An empty Size tag then a real one: the real one, with no word of a missing tag.
    let game = one("[size \"\"]\n[Size \"5\"]\n1. a1 e5\n");
    assert_eq!(game.record.as_ref().unwrap().start().size(), size(5));
    assert_eq!(warnings(&game), Vec::<String>::new());
    // Two sizes: the first is read, and the second named where it is.
    let game = one("[Size \"5\"]\n[Size \"6\"]\n1. a1 e5\n");
    assert_eq!(game.record.as_ref().unwrap().start().size(), size(5));
    assert_eq!(
        warnings(&game),
        ["2:1: the Size tag is given again, as \"6\" after \"5\": the first is read"]
    );
    // The same value twice says nothing new.
    assert_eq!(
        warnings(&one("[Size \"5\"]\n[Size \"5\"]\n[Komi \"2\"]\n1. a1 e5\n")),
        Vec::<String>::new()
    );
}

#[test]
fn a_move_number_written_twice_reads_on_with_a_warning_when_its_plies_are_legal() {
    // As in a real file: the second `3.` should be `4.`, and every number after it is one
    // behind; the plies are legal as the next ones, so the game reads whole.
    let game = one("[Size \"5\"]\n1. a1 e5\n2. c3 d3\n3. b3 b4\n3. c2 c1\n4. a2 a3\n");
    assert_eq!(game.error, None);
    assert_eq!(
        plies(game.record.as_ref().unwrap()).len(),
        10,
        "{:?}",
        warnings(&game)
    );
    assert_eq!(
        warnings(&game),
        [
            "5:1: move number 3 is written twice (move 4 was expected) at line 5; read on, its plies being legal as the next ones"
        ]
    );
    // Not when the ply after it cannot be the next one (c3 is taken): the rest is skipped.
    let game = one("[Size \"5\"]\n1. a1 e5\n2. c3 d3\n3. b3 b4\n3. c3 c1\n");
    assert_eq!(plies(game.record.as_ref().unwrap()).len(), 6);
    assert!(warnings(&game)[0].contains("the rest of the game is skipped"));
}
