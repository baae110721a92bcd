//! Variations in a replay: the move list marks where they leave, b lists the moves tried at a
//! ply and shows one's line, P promotes the line shown, d deletes a variation after asking,
//! and the file stays as it was until w saves it.

use crate::common::{self, options, press, replay, scratch, screen_text};
use taktui::game::Library;
use taktui::game::store::Keeper;
use taktui::record::read_ptn_file;
use taktui::tui::{App, Dialog, Screen};

fn open(path: &std::path::Path) -> App {
    let library = Library::open(path, &taktui::record::ReadOptions::default()).unwrap();
    let screen = Screen::for_file(library, None, 0).unwrap();
    App::new(screen, options(), Keeper::default())
}

fn copy_of(name: &str) -> std::path::PathBuf {
    let folder = scratch(name);
    let path = folder.join("game.ptn");
    std::fs::copy("tests/data/branches/current.ptn", &path).unwrap();
    path
}

fn shown_moves(app: &App) -> String {
    let record = replay(app).game().replay.record();
    record
        .plies()
        .iter()
        .map(|p| p.mv.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The board shows the line shown at the ply shown, never another line's position.
fn assert_the_board_is_the_lines(app: &App) {
    let game = &replay(app).game().replay;
    assert_eq!(
        replay(app).position(),
        &game.record().position_at(replay(app).shown_ply()),
        "the board after {}",
        shown_moves(app)
    );
}

#[test]
fn the_move_list_marks_where_variations_leave() {
    let path = copy_of("replay-variations-marks");
    let mut app = open(&path);
    let text = screen_text(&mut app, 100, 30);
    assert!(text.contains("2. c3⑂        c4 "), "{text}");
    assert!(text.contains("3. d3         b4⑂"), "{text}");
    assert!(text.contains("4. d2 "), "no mark where none leaves: {text}");
}

#[test]
fn b_lists_the_moves_tried_and_enter_shows_a_variation() {
    let path = copy_of("replay-variations-show");
    let mut app = open(&path);
    press(&mut app, "b");
    assert!(app.dialog().is_none(), "no variation leaves at the start");
    press(&mut app, "Right Right Right b");
    assert!(matches!(app.dialog(), Some(Dialog::Branches(_))));
    let text = screen_text(&mut app, 100, 30);
    assert!(
        text.contains("2. c3       main line, 5 plies (shown)"),
        "{text}"
    );
    assert!(
        text.contains("2. b2       variation 2w1, 5 plies"),
        "{text}"
    );
    assert!(text.contains("2. d2       variation 2w2, 1 ply"), "{text}");
    press(&mut app, "Down Enter");
    assert_eq!(shown_moves(&app), "a1 e5 b2 c4 b3 a4 b4");
    assert_the_board_is_the_lines(&app);
    assert_eq!(
        replay(&app).shown_ply(),
        3,
        "the variation's first ply is shown"
    );
    let text = screen_text(&mut app, 100, 30);
    assert!(text.contains("Ply 3 of 7 (a variation)"), "{text}");
    // Its own variation, at Black's third move: the move of the line it leaves is named by it.
    press(&mut app, "Right Right Right b");
    let text = screen_text(&mut app, 100, 30);
    assert!(
        text.contains("3... a4       in variation 2w1, 2 plies (shown)"),
        "{text}"
    );
    press(&mut app, "Down Enter");
    assert_eq!(shown_moves(&app), "a1 e5 b2 c4 b3 d4 b4 d5");
    assert_the_board_is_the_lines(&app);
    // Stepping back and forth stays on the line shown.
    press(&mut app, "Home End");
    assert_eq!(replay(&app).shown_ply(), 8);
}

#[test]
fn promoting_and_deleting_change_nothing_on_disk_until_saved() {
    let path = copy_of("replay-variations-edit");
    let before = std::fs::read_to_string(&path).unwrap();
    let mut app = open(&path);
    press(&mut app, "Right Right Right b Down Enter P");
    assert!(replay(&app).game().replay.on_main_line());
    assert_the_board_is_the_lines(&app);
    assert_eq!(
        replay(&app)
            .game()
            .replay
            .tree()
            .plies()
            .iter()
            .map(|p| p.mv.to_string())
            .collect::<Vec<_>>()
            .join(" "),
        "a1 e5 b2 c4 b3 a4 b4"
    );
    // Delete the old main line (now a variation): asked first.
    press(&mut app, "b Up d");
    press(&mut app, "n");
    assert!(
        matches!(app.dialog(), Some(Dialog::Branches(_))),
        "n keeps it"
    );
    press(&mut app, "Esc");
    press(&mut app, "b");
    let text = screen_text(&mut app, 100, 30);
    assert!(text.contains("2. c3       variation 2w1"), "{text}");
    press(&mut app, "Down d y");
    assert_the_board_is_the_lines(&app);
    let tree = replay(&app).game().replay.tree().clone();
    let c3 = taktui::notation::parse_move("c3", tree.start().size()).unwrap();
    assert!(
        !tree
            .tree()
            .contains(&[tree.plies()[0].mv, tree.plies()[1].mv, c3])
    );
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        before,
        "not saved yet"
    );
    // Quitting asks; w then saves over the file after a second Enter.
    press(&mut app, "q");
    assert!(matches!(app.dialog(), Some(Dialog::ConfirmQuit(_))));
    press(&mut app, "n w Enter");
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        before,
        "asked first"
    );
    press(&mut app, "Enter");
    let saved = read_ptn_file(&path).unwrap().remove(0).record.unwrap();
    assert_eq!(saved, tree);
    assert!(!replay(&app).game().replay.changed());
}

#[test]
fn promoting_a_line_that_ends_in_a_road_gives_the_file_its_result() {
    let folder = scratch("replay-variations-result");
    let path = folder.join("game.ptn");
    // The main line ends in Black's resignation after b2 (1-0); its variation at White's third
    // ply makes a road on rank 1.
    std::fs::write(
        &path,
        "[Size \"3\"]\n[Result \"1-0\"]\n\n1. c3 a1\n2. b1 c2\n3. b2 1-0\n\n{3w1}\n3. c1\n",
    )
    .unwrap();
    let mut app = open(&path);
    press(&mut app, "End b Down Enter P");
    assert_eq!(shown_moves(&app), "c3 a1 b1 c2 c1");
    press(&mut app, "w Enter Enter");
    let saved = read_ptn_file(&path).unwrap().remove(0).record.unwrap();
    assert_eq!(
        saved.tags().get("Result"),
        Some("R-0"),
        "{:?}",
        app.status()
    );
    assert_eq!(saved.result_token(), Some("R-0"));
    // And made a variation again, the road's result goes with it: the file's result is the
    // resignation its line was written with.
    press(&mut app, "b Down Enter P w Enter Enter");
    let saved = read_ptn_file(&path).unwrap().remove(0).record.unwrap();
    assert_eq!(saved.plies().len(), 5);
    assert!(!saved.position().is_over());
    assert_eq!(saved.tags().get("Result"), Some("1-0"));
    assert_eq!(saved.result_token(), Some("1-0"));
}

// ---- while playing ----

fn played(app: &App) -> String {
    common::plies(app).join(" ")
}

#[test]
fn playing_over_plies_taken_back_keeps_them_and_b_takes_their_line_again() {
    let mut app = common::new_game(5);
    common::type_moves(&mut app, &["a1", "e5", "c3"]);
    press(&mut app, "u u");
    common::type_moves(&mut app, &["e4"]);
    assert_eq!(played(&app), "a1 e4");
    let text = screen_text(&mut app, 100, 30);
    assert!(text.contains("1. a1         e4⑂"), "{text}");
    // b: the moves tried at the last ply; Enter takes e5's line, redo goes on along it.
    press(&mut app, "b");
    assert!(matches!(app.dialog(), Some(Dialog::Branches(_))));
    press(&mut app, "Down Enter");
    assert_eq!(played(&app), "a1 e5");
    press(&mut app, "U");
    assert_eq!(played(&app), "a1 e5 c3");
    // The line left (e4) is a variation now: delete it, asked first.
    press(&mut app, "u b Down d y");
    press(&mut app, "U");
    let record = common::play(&app).session().record().clone();
    assert!(!record.has_branches(), "deleted");
    assert_eq!(played(&app), "a1 e5 c3");
}

#[test]
fn a_record_read_in_part_is_never_offered_over_its_file() {
    let folder = scratch("replay-variations-partial");
    let path = folder.join("game.ptn");
    std::fs::write(&path, "[Size \"5\"]\n\n1. a1 e5\n2. c3 c3\n3. d3 d4\n").unwrap();
    let mut app = open(&path);
    press(&mut app, "w");
    let Some(Dialog::SaveAs(dialog)) = app.dialog() else {
        panic!("w asks where to save")
    };
    assert!(
        dialog.text().ends_with("game-game1.ptn"),
        "{}",
        dialog.text()
    );
}

#[test]
fn a_move_played_from_a_replayed_position_is_saved_as_a_variation_of_the_record() {
    let folder = scratch("replay-variations-played-on");
    let path = folder.join("game.ptn");
    // Black resigned after White's b2.
    std::fs::write(
        &path,
        "[Size \"5\"]\n[Result \"1-0\"]\n\n1. a1 e5\n2. c3 d4\n3. b2 1-0\n",
    )
    .unwrap();
    let mut app = open(&path);
    // At 2. (White to play), play on with another move than c3.
    press(&mut app, "Home Right Right p :");
    common::type_text(&mut app, "b3");
    press(&mut app, "Enter");
    assert_eq!(played(&app), "a1 e5 b3");
    let said = app.status().map(|s| s.text.clone()).unwrap_or_default();
    assert!(
        said.starts_with("b3: saved, the record keeps its own line as the main one"),
        "{said}"
    );
    let saved_as = folder.join("played.ptn");
    // From the input line to the board, then save under a name of our own.
    press(&mut app, "Esc w C-u");
    common::type_text(&mut app, &saved_as.display().to_string());
    press(&mut app, "Enter");
    let saved = read_ptn_file(&saved_as)
        .unwrap_or_else(|e| panic!("{e:?} {:?}", app.status()))
        .remove(0)
        .record
        .unwrap();
    // The record's own line and result are kept; the new move is a variation at 2.
    let main: Vec<String> = saved.plies().iter().map(|p| p.mv.to_string()).collect();
    assert_eq!(main.join(" "), "a1 e5 c3 d4 b2");
    assert_eq!(saved.tags().get("Result"), Some("1-0"));
    assert_eq!(saved.result_token(), Some("1-0"));
    let branch = &saved.branches()[0];
    assert_eq!(branch.at, 2);
    let tried: Vec<String> = branch.line.plies.iter().map(|p| p.mv.to_string()).collect();
    assert_eq!(tried, ["b3"]);
    // Making it the main line stays a choice: P in the replay of the saved file.
    let mut app = open(&saved_as);
    press(&mut app, "Home Right Right Right b Down Enter P");
    assert_eq!(shown_moves(&app), "a1 e5 b3");
}
