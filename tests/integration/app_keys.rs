//! The game driven by key sequences, as a player drives it: moves built with keys and typed in
//! PTN give the same record; refused moves say why; undo, redo, save and load.

use crate::common::{self, click, new_game, play, plies, press, resize, type_moves, type_text};
use taktui::game::setup;
use taktui::record::ReadOptions;
use taktui::rules::{ByColor, Color, GameResult, Square, WinReason};
use taktui::tui::{App, Dialog, Focus, StatusKind};

fn app(size: u8) -> App {
    new_game(size)
}

fn error(app: &App) -> String {
    let status = app.status().expect("a message");
    assert_eq!(status.kind, StatusKind::Error, "{}", status.text);
    status.text.clone()
}

/// The 3x3 game `c3 a1 b2 c2 b2- a3 c1`: White's road along rank 1, finished by a placement
/// after a spread built square by square.
const ROAD_GAME: [&str; 7] = ["c3", "a1", "b2", "c2", "b2-", "a3", "c1"];

#[test]
fn a_full_3x3_game_by_keys_ends_in_a_road() {
    let mut app = app(3);
    // The cursor starts on b2.
    press(&mut app, "Up Right Enter"); // c3 (Black's flat, placed by White)
    press(&mut app, "Down Down Left Left Enter"); // a1 (White's flat, placed by Black)
    press(&mut app, "Up Right f"); // b2
    press(&mut app, "Right Enter"); // c2
    press(&mut app, "Left Enter Down Enter"); // b2-: pick up, go down, drop all
    press(&mut app, "Up Up Left Enter"); // a3 (the cursor followed the flat to b1)
    press(&mut app, "Down Down Right Right Enter"); // c1
    assert_eq!(plies(&app), ROAD_GAME);
    let result = play(&app).position().result();
    assert!(matches!(
        result,
        GameResult::Win {
            winner: Color::White,
            reason: WinReason::Road { .. }
        }
    ));
    assert_eq!(play(&app).session().record().result_token(), Some("R-0"));
    // The end is announced in a dialog hard to miss, which says how.
    let Some(Dialog::GameOver(_)) = app.dialog() else {
        panic!("the game-over dialog")
    };
    press(&mut app, "Esc");
    assert!(app.dialog().is_none());
    press(&mut app, "u");
    assert!(
        !play(&app).position().is_over(),
        "u undoes once it is closed"
    );
}

#[test]
fn the_same_game_typed_in_ptn_gives_the_same_record() {
    let mut keys = app(3);
    press(
        &mut keys,
        "Up Right Enter Down Down Left Left Enter Up Right f Right Enter",
    );
    press(
        &mut keys,
        "Left Enter Down Enter Up Up Left Enter Down Down Right Right Enter",
    );
    let mut typed = app(3);
    press(&mut typed, ":");
    assert_eq!(play(&typed).focus(), Focus::Input);
    for ply in ROAD_GAME {
        press(&mut typed, &format!("\"{ply}\" Enter"));
        let expected = if play(&typed).position().is_over() {
            Focus::Board
        } else {
            Focus::Input
        };
        assert_eq!(
            play(&typed).focus(),
            expected,
            "the input line keeps the focus until the game is over"
        );
    }
    assert_eq!(
        play(&typed).session().record().plies(),
        play(&keys).session().record().plies()
    );
    assert_eq!(
        play(&typed).session().record().result_token(),
        play(&keys).session().record().result_token()
    );
}

#[test]
fn a_spread_built_with_digits_and_arrows_matches_its_ptn() {
    let mut app = app(5);
    press(
        &mut app,
        ": \"a1\" Enter \"e5\" Enter \"c3\" Enter \"c4\" Enter \"d3\" Enter \"b3\" Enter",
    );
    press(
        &mut app,
        "\"d3<\" Enter \"c4-\" Enter \"d3\" Enter \"a2\" Enter \"d3<\" Enter \"b2\" Enter Esc",
    );
    assert_eq!(
        play(&app)
            .position()
            .board()
            .stack(taktui::rules::Square::new(2, 2))
            .height(),
        4
    );
    // The cursor starts on c3: pick up 3, right, drop 1 on d3, the rest on e3.
    press(&mut app, "3 Right 1 Enter");
    assert_eq!(plies(&app).last().unwrap(), "3c3>12");
    assert_eq!(
        play(&app).cursor(),
        Square::new(4, 2),
        "the cursor followed the stack to e3"
    );
    press(&mut app, "u Left Left");
    // Pick up 2, up, then the same arrow drops one and moves on, Enter drops the rest.
    press(&mut app, "2 Up Up Enter");
    assert_eq!(plies(&app).last().unwrap(), "2c3+11");
}

#[test]
fn every_kind_of_refusal_is_explained() {
    let mut app = app(5);
    press(&mut app, "s");
    assert_eq!(
        error(&app),
        "Sc3: the first turn places a flat of the opponent's on an empty square"
    );
    press(&mut app, "Enter f");
    assert_eq!(
        error(&app),
        "c3: c3 is occupied: place only on empty squares"
    );
    press(&mut app, "2");
    assert!(
        error(&app).starts_with("the first turn places a flat"),
        "no spreads on ply 2"
    );
    press(&mut app, "Right Enter Left 1");
    assert_eq!(
        error(&app),
        "c3 is controlled by Black: move only stacks with your piece on top"
    );
    // White's flat on b3, Black's wall on a3: White cannot carry more than b3 holds, nor
    // move onto the wall, nor turn a corner.
    press(&mut app, "Left f Left s Right 2");
    assert_eq!(plies(&app), ["c3", "d3", "b3", "Sa3"]);
    assert_eq!(error(&app), "cannot pick up 2 from b3: it holds only 1");
    press(&mut app, "1 Left");
    assert_eq!(
        error(&app),
        "a wall blocks a3: only a capstone arriving alone can crush it"
    );
    press(&mut app, "Up Left");
    assert_eq!(
        error(&app),
        "a stack moves in one straight line: keep going up or press Backspace"
    );
    // Off the edge: White's flat on e3 cannot move right.
    press(
        &mut app,
        "Esc Right Right Right f Left Left Left Left Down f Up Right Right Right Right Enter Right",
    );
    assert_eq!(plies(&app), ["c3", "d3", "b3", "Sa3", "e3", "a2"]);
    assert_eq!(
        error(&app),
        "e3 is at the edge: the move would leave the board"
    );
    press(&mut app, "Esc c");
    assert_eq!(
        error(&app),
        "Ce3: e3 is occupied: place only on empty squares"
    );
    press(&mut app, "Up c Left c Down Down c");
    assert_eq!(plies(&app)[6..], ["Ce4", "Cd4"]);
    assert_eq!(error(&app), "Cd2: White has no capstone left to place");
}

#[test]
fn typed_moves_that_break_rules_keep_the_text_and_say_why() {
    let mut app = app(5);
    press(&mut app, ": \"a1\" Enter \"a1\" Enter");
    assert_eq!(
        error(&app),
        "a1: a1 is occupied: place only on empty squares"
    );
    assert_eq!(
        play(&app).input().text(),
        "a1",
        "the text is kept for editing"
    );
    press(&mut app, "Bksp \"9\" Enter");
    assert_eq!(error(&app), "\"a9\": rank 9 is off a 5x5 board");
    press(
        &mut app,
        "Bksp Bksp \"e5\" Enter \"Cc3\" Enter \"Cc2\" Enter \"Cb3\" Enter",
    );
    assert_eq!(error(&app), "Cb3: White has no capstone left to place");
    press(&mut app, "Up");
    assert_eq!(
        play(&app).input().text(),
        "Cc2",
        "Up recalls the last move entered"
    );
    press(&mut app, "Up");
    assert_eq!(play(&app).input().text(), "Cc3");
    press(&mut app, "Down Down");
    assert_eq!(
        play(&app).input().text(),
        "Cb3",
        "back to what was being typed"
    );
    press(&mut app, "Home Del \"F\" Enter");
    assert_eq!(plies(&app).last().unwrap(), "b3", "Fb3 is the flat b3");
}

#[test]
fn building_refusals_name_the_blocking_piece() {
    let mut app = app(5);
    press(
        &mut app,
        ": \"a1\" Enter \"e5\" Enter \"c3\" Enter \"Sd3\" Enter \"Cc2\" Enter \"Cb3\" Enter Esc",
    );
    // White's flat on c3 cannot move onto Black's wall on d3, nor onto Black's capstone on b3.
    press(&mut app, "Enter Right");
    assert_eq!(
        error(&app),
        "a wall blocks d3: only a capstone arriving alone can crush it"
    );
    press(&mut app, "Left");
    assert_eq!(
        error(&app),
        "a capstone blocks b3: nothing may move onto a capstone"
    );
    press(&mut app, "Up Left");
    assert_eq!(
        error(&app),
        "a stack moves in one straight line: keep going up or press Backspace"
    );
}

#[test]
fn undo_and_redo_walk_the_game_back_and_forth() {
    let mut app = app(4);
    press(&mut app, ": \"a1\" Enter \"d4\" Enter \"b2\" Enter Esc");
    press(&mut app, "u u");
    assert_eq!(plies(&app), ["a1"]);
    press(&mut app, "U");
    assert_eq!(plies(&app), ["a1", "d4"]);
    press(&mut app, "C-r");
    assert_eq!(plies(&app), ["a1", "d4", "b2"]);
    press(&mut app, "U");
    assert_eq!(error(&app), "nothing to redo");
    press(&mut app, "u u u u");
    assert!(plies(&app).is_empty());
    assert_eq!(error(&app), "nothing to undo");
    press(&mut app, "U f");
    assert_eq!(
        plies(&app),
        ["a1", "b2"],
        "a new move forgets what could be redone"
    );
    press(&mut app, "U");
    assert_eq!(error(&app), "nothing to redo");
}

#[test]
fn undo_after_a_road_takes_the_result_back() {
    let mut app = app(3);
    press(&mut app, ":");
    for ply in ROAD_GAME {
        press(&mut app, &format!("\"{ply}\" Enter"));
    }
    assert!(play(&app).position().is_over());
    press(&mut app, "Esc u");
    assert!(!play(&app).position().is_over());
    assert_eq!(play(&app).session().record().result_token(), None);
    assert_eq!(play(&app).session().record().tags().get("Result"), None);
}

#[test]
fn w_in_the_game_over_box_asks_for_a_name_as_on_the_board() {
    let mut app = app(3);
    press(&mut app, ":");
    for mv in ROAD_GAME {
        type_text(&mut app, mv);
        press(&mut app, "Enter");
    }
    assert!(
        matches!(app.dialog(), Some(Dialog::GameOver(_))),
        "{:?}",
        app.dialog()
    );
    press(&mut app, "W");
    assert!(
        matches!(app.dialog(), Some(Dialog::SaveAs(_))),
        "{:?}",
        app.dialog()
    );
}

#[test]
fn another_move_after_taking_plies_back_says_they_are_kept_as_a_variation() {
    let mut app = app(5);
    type_moves(&mut app, &["a1", "e5", "c3", "d4"]);
    press(&mut app, "Esc u u :");
    type_text(&mut app, "b2");
    press(&mut app, "Enter");
    let status = app.status().expect("a message");
    assert_eq!(
        status.text,
        "b2: the 2 plies that followed are kept as a variation (⑂ in the move list)"
    );
    assert_eq!(plies(&app), ["a1", "e5", "b2"]);
}

#[test]
fn quitting_with_moves_since_a_save_names_the_file_they_are_not_in() {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("saved.ptn");
    let mut app = app(5);
    type_moves(&mut app, &["a1", "e5"]);
    press(&mut app, "C-s End");
    for _ in 0..40 {
        press(&mut app, "Bksp");
    }
    type_text(&mut app, &path.display().to_string());
    press(&mut app, "Enter");
    assert!(path.exists());
    type_moves(&mut app, &["c3"]);
    press(&mut app, "q");
    let text = common::screen_text(&mut app, 120, 30);
    assert!(
        text.contains(&format!(
            "The last moves are not saved in {}.",
            path.display()
        )),
        "{text}"
    );
    assert!(!text.contains("not saved in a file"), "{text}");
}

#[test]
fn the_new_game_dialog_keeps_its_keys_in_view_at_the_smallest_screen() {
    let mut app = app(5);
    type_moves(&mut app, &["a1"]);
    press(&mut app, "n");
    assert!(matches!(app.dialog(), Some(Dialog::NewGame(_))));
    // 66x15 is the least the app draws at: the rules in brief give way, not the keys.
    let small = common::screen_text(&mut app, 66, 15);
    assert!(small.contains("Esc cancel"), "{small}");
    assert!(small.contains("kept to resume later"), "{small}");
    let large = common::screen_text(&mut app, 100, 30);
    assert!(large.contains("Esc cancel"), "{large}");
    assert!(large.contains("The game ends with a road"), "{large}");
}

#[test]
fn saving_after_taking_plies_back_says_they_are_left_out() {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("taken back.ptn");
    let mut app = app(5);
    type_moves(&mut app, &["a1", "e5", "c3", "d4"]);
    press(&mut app, "Esc u u");
    press(&mut app, "C-s");
    assert!(
        common::screen_text(&mut app, 100, 30)
            .contains("the 2 plies taken back are left out (U plays them again)"),
        "the save dialog says so"
    );
    press(&mut app, "End");
    for _ in 0..40 {
        press(&mut app, "Bksp");
    }
    type_text(&mut app, &path.display().to_string());
    press(&mut app, "Enter");
    assert_eq!(
        app.status().unwrap().text,
        format!(
            "saved to {}: the 2 plies taken back are left out (U plays them again)",
            path.display()
        )
    );
    let loaded = setup::continue_file(&path, &ByColor::default(), &ReadOptions::default()).unwrap();
    assert_eq!(loaded.record().plies().len(), 2, "the game as it stands");
    // Played again, they are saved with the rest, and nothing is said of plies left out.
    press(&mut app, "U U C-s");
    assert_eq!(
        app.status().unwrap().text,
        format!("saved to {}", path.display())
    );
    let loaded = setup::continue_file(&path, &ByColor::default(), &ReadOptions::default()).unwrap();
    assert_eq!(loaded.record().plies().len(), 4);
    // Plies taken back that hold a variation are written all the same: nothing is said.
    press(&mut app, "u");
    type_moves(&mut app, &["b2"]);
    press(&mut app, "Esc u u C-s");
    assert_eq!(
        app.status().unwrap().text,
        format!("saved to {}", path.display())
    );
    let loaded = setup::continue_file(&path, &ByColor::default(), &ReadOptions::default()).unwrap();
    assert!(
        loaded.record().has_branches(),
        "the variation d4 is in the file"
    );
}

#[test]
fn saving_asks_for_a_name_then_loading_gives_the_game_back() {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("my game.ptn");
    let mut app = app(4);
    press(&mut app, ": \"a1\" Enter \"d4\" Enter \"3b2\" Enter");
    assert_eq!(
        error(&app),
        "\"3b2\": a count goes only before a stack move (a square and a direction), as in 2a1>"
    );
    press(&mut app, "Bksp Bksp Bksp \"b2\" Enter Esc C-s");
    let Some(Dialog::SaveAs(field)) = app.dialog() else {
        panic!("the save dialog")
    };
    assert!(
        field.text().starts_with("tak-")
            && std::path::Path::new(field.text()).extension() == Some("ptn".as_ref()),
        "{}",
        field.text()
    );
    press(&mut app, "End");
    for _ in 0..40 {
        press(&mut app, "Bksp");
    }
    let name = path.display().to_string();
    type_text(&mut app, &name);
    press(&mut app, "Enter");
    assert!(app.dialog().is_none(), "{:?}", app.status());
    assert_eq!(app.status().unwrap().text, format!("saved to {name}"));
    assert!(!play(&app).session().is_dirty());
    press(&mut app, "q");
    assert!(app.should_quit(), "a saved game quits without asking");

    let loaded = setup::continue_file(&path, &ByColor::default(), &ReadOptions::default()).unwrap();
    assert_eq!(
        loaded.record().plies(),
        play(&app).session().record().plies()
    );
    assert_eq!(loaded.record().tags(), play(&app).session().record().tags());
}

#[test]
fn a_game_saved_by_two_players_who_gave_no_names_names_them_white_and_black() {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("hotseat.ptn");
    let mut app = app(4);
    press(&mut app, ": \"a1\" Enter \"d4\" Enter Esc C-s End");
    for _ in 0..40 {
        press(&mut app, "Bksp");
    }
    type_text(&mut app, &path.display().to_string());
    press(&mut app, "Enter");
    assert!(app.dialog().is_none(), "{:?}", app.status());
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("[Player1 \"White\"]"), "{text}");
    assert!(text.contains("[Player2 \"Black\"]"), "{text}");
    assert!(
        !play(&app).session().is_dirty(),
        "naming them is part of the save"
    );
}

#[test]
fn quitting_with_unsaved_moves_asks_first() {
    let mut app = app(4);
    press(&mut app, "Enter q");
    assert!(matches!(app.dialog(), Some(Dialog::ConfirmQuit { .. })));
    press(&mut app, "n");
    assert!(!app.should_quit());
    assert!(app.dialog().is_none());
    press(&mut app, "C-c");
    assert!(
        matches!(app.dialog(), Some(Dialog::ConfirmQuit { .. })),
        "Ctrl+C asks too"
    );
    press(&mut app, "y");
    assert!(app.should_quit());
}

#[test]
fn escape_and_tab_move_the_focus_between_board_and_input() {
    let mut app = app(5);
    press(&mut app, "Tab");
    assert_eq!(play(&app).focus(), Focus::Input);
    press(&mut app, "\"fsc\"");
    assert_eq!(
        play(&app).input().text(),
        "fsc",
        "letters are notation in the input line"
    );
    assert!(plies(&app).is_empty());
    press(&mut app, "Tab");
    assert_eq!(play(&app).focus(), Focus::Board);
    press(&mut app, ": Esc");
    assert_eq!(play(&app).focus(), Focus::Board);
}

#[test]
fn a_click_moves_the_cursor_and_a_second_click_acts() {
    use taktui::tui::{Layout, layout};
    let mut app = app(5);
    let size = play(&app).position().size();
    let Layout::Game(game) = layout(80, 24, size) else {
        panic!("5x5 fits 80x24")
    };
    resize(&mut app, 80, 24);
    let a1 = taktui::rules::Square::new(0, 0);
    let (column, row, _) = game.cell(a1);
    click(&mut app, column, row);
    assert_eq!(play(&app).cursor(), a1);
    assert!(plies(&app).is_empty());
    click(&mut app, column, row);
    assert_eq!(
        plies(&app),
        ["a1"],
        "the second click places, as Enter does"
    );
}

#[test]
fn clicks_find_every_square_in_every_layout_the_app_draws() {
    use taktui::tui::{Layout, layout};
    for (columns, rows) in [(80, 24), (100, 30), (120, 40), (200, 60)] {
        for n in 3..=8 {
            let mut app = app(n);
            resize(&mut app, columns, rows);
            let size = play(&app).position().size();
            let Layout::Game(game) = layout(columns, rows, size) else {
                panic!("{n}x{n} fits {columns}x{rows}")
            };
            for square in size.squares() {
                // The last column of the square's last line: the far corner from where the
                // square starts.
                let (x, y, width) = game.cell(square);
                click(&mut app, x + width - 1, y + game.cells.lines() - 1);
                assert_eq!(play(&app).cursor(), square, "{n}x{n} at {columns}x{rows}");
            }
            assert!(
                plies(&app).is_empty(),
                "one click on each square only moves"
            );
        }
    }
}

#[test]
fn nothing_but_quit_works_while_the_terminal_is_too_small() {
    let mut app = app(8);
    resize(&mut app, 40, 12);
    press(&mut app, "Right f ? n :");
    assert!(plies(&app).is_empty(), "nothing was played unseen");
    assert!(app.dialog().is_none());
    assert_eq!(play(&app).focus(), Focus::Board);
    press(&mut app, "q");
    assert!(app.should_quit());
}

#[test]
fn after_a_refused_move_typing_replaces_the_text() {
    let mut app = app(5);
    press(&mut app, ": \"3c3>12\" Enter");
    assert!(app.status().is_some());
    assert_eq!(play(&app).input().text(), "3c3>12", "kept, to correct");
    press(&mut app, "\"c3\" Enter");
    assert_eq!(
        plies(&app),
        ["c3"],
        "a fresh move replaces the refused text"
    );
    press(&mut app, "\"c3\" Enter Bksp \"4\" Enter");
    assert_eq!(
        plies(&app),
        ["c3", "c4"],
        "an editing key keeps the text for correcting"
    );
}

#[test]
fn esc_after_a_refused_move_clears_the_input_line_and_its_reason() {
    let mut app = app(8);
    press(&mut app, ": \"Cz9\" Enter");
    assert!(
        error(&app).contains("file z is off an 8x8 board"),
        "{:?}",
        app.status()
    );
    press(&mut app, "Esc");
    assert_eq!(play(&app).focus(), Focus::Board);
    assert_eq!(play(&app).input().text(), "", "the refused text is gone");
    assert!(app.status().is_none(), "and its reason: {:?}", app.status());
    press(&mut app, "n");
    assert!(app.dialog().is_some(), "the new-game dialog");
    assert_eq!(play(&app).input().text(), "");
}

#[test]
fn saving_adds_the_extension_and_asks_before_replacing_a_file() {
    let folder = tempfile::tempdir().unwrap();
    let existing = folder.path().join("old.ptn");
    std::fs::write(&existing, "[Size \"3\"]\n").unwrap();
    let mut app = app(4);
    press(&mut app, "Enter w");
    let Some(Dialog::SaveAs(_)) = app.dialog() else {
        panic!("the save dialog")
    };
    press(&mut app, "End");
    for _ in 0..40 {
        press(&mut app, "Bksp");
    }
    let name = folder.path().join("old").display().to_string();
    type_text(&mut app, &name);
    press(&mut app, "Enter");
    assert!(error(&app).ends_with("old.ptn exists, holding White vs Black, 3x3, 0 plies, unfinished: Enter again replaces it, or change the name"));
    assert_eq!(
        std::fs::read_to_string(&existing).unwrap(),
        "[Size \"3\"]\n",
        "not yet replaced"
    );
    // Closed, the warning goes with the dialog; asked again, it comes again.
    press(&mut app, "Esc");
    assert!(app.status().is_none(), "{:?}", app.status());
    press(&mut app, "w End");
    for _ in 0..40 {
        press(&mut app, "Bksp");
    }
    type_text(&mut app, &name);
    press(&mut app, "Enter");
    assert!(error(&app).ends_with("old.ptn exists, holding White vs Black, 3x3, 0 plies, unfinished: Enter again replaces it, or change the name"));
    press(&mut app, "Enter");
    assert!(app.dialog().is_none());
    assert!(
        std::fs::read_to_string(&existing)
            .unwrap()
            .contains("1. b2"),
        "replaced on the second Enter"
    );
}

#[test]
fn the_moves_from_a_square_are_listed_and_marked() {
    let mut app = app(3);
    press(&mut app, "m");
    assert_eq!(
        app.status().unwrap().text,
        "1 move from b2: b2",
        "ply 1: a flat only"
    );
    assert_eq!(
        play(&app).marked_square(),
        Some(taktui::rules::Square::new(1, 1))
    );
    press(&mut app, "Enter Right Enter Left m");
    assert_eq!(
        app.status().unwrap().text,
        "no legal moves from b2: b2 is controlled by Black"
    );
    assert_eq!(play(&app).marked_square(), None);
    press(&mut app, "Right m");
    let text = app.status().unwrap().text.clone();
    assert_eq!(text, "3 moves from c2: c2+ c2- c2<", "none off the edge");
    press(&mut app, "Left");
    assert_eq!(play(&app).marked_square(), None, "any key clears the marks");
}

#[test]
fn the_threats_are_named_on_request() {
    let mut app = app(3);
    press(&mut app, ":");
    for ply in &ROAD_GAME[..6] {
        press(&mut app, &format!("\"{ply}\" Enter"));
    }
    press(&mut app, "Esc t");
    // Black's c3 c2 need c1, and a3 c3 need b3; White's a1 b1 need c1.
    assert_eq!(
        app.status().unwrap().text,
        "Tak: Black wins with c1 or b3; White wins with c1"
    );
    press(&mut app, "u u u u t");
    assert_eq!(
        app.status().unwrap().text,
        "no road threats: nobody can win by road in one move"
    );
}

#[test]
fn learning_mode_marks_moves_and_explains_refusals_with_alternatives() {
    let mut app = app(4);
    assert!(!play(&app).is_learning());
    assert_eq!(play(&app).shown_moves_from(), None);
    press(&mut app, "L");
    assert!(play(&app).is_learning());
    assert_eq!(
        play(&app).shown_moves_from(),
        Some(play(&app).cursor()),
        "the cursor's moves are marked"
    );
    press(&mut app, ": \"b2\" Enter \"c2\" Enter Esc s");
    // b2 holds Black's flat: nothing White may do there.
    assert_eq!(
        error(&app),
        "Sb2: b2 is occupied: place only on empty squares (nothing is legal from b2 now)"
    );
    press(&mut app, "Right s");
    assert_eq!(
        error(&app),
        "Sc2: c2 is occupied: place only on empty squares (legal from c2: c2+ c2- c2< c2>)"
    );
    press(&mut app, "L");
    assert!(!play(&app).is_learning());
    press(&mut app, "s");
    assert_eq!(
        error(&app),
        "Sc2: c2 is occupied: place only on empty squares"
    );
}

#[test]
fn several_moves_pasted_at_once_are_played_in_turn_until_one_is_not_legal() {
    let mut app = new_game(5);
    press(&mut app, ":");
    type_text(&mut app, "1. a1 e5 2. c3 Sd4");
    press(&mut app, "Enter");
    assert_eq!(plies(&app), ["a1", "e5", "c3", "Sd4"]);
    assert_eq!(app.status().unwrap().text, "played 4 moves");
    // The third is not legal (c3 is taken): two are played, the line keeps the rest.
    type_text(&mut app, "3. b2 b3 c3 d2");
    press(&mut app, "Enter");
    assert_eq!(plies(&app), ["a1", "e5", "c3", "Sd4", "b2", "b3"]);
    let said = &app.status().unwrap().text;
    assert!(
        said.starts_with("stopped at c3, move 3 of 4, after 2 moves: "),
        "{said}"
    );
    assert_eq!(play(&app).input().text(), "c3 d2");
}

#[test]
fn ctrl_t_turns_the_board_and_the_arrows_go_as_it_is_seen() {
    let mut app = new_game(5);
    let start = play(&app).cursor();
    press(&mut app, "Up");
    let up = play(&app).cursor();
    assert_eq!(
        up.rank(),
        start.rank() + 1,
        "the usual way round, Up goes to rank + 1"
    );
    press(&mut app, "C-t");
    assert!(app.status().unwrap().text.contains("turned"));
    press(&mut app, "Up");
    assert_eq!(
        play(&app).cursor(),
        start,
        "turned, Up goes back down a rank"
    );
    press(&mut app, "C-t");
    press(&mut app, "Up");
    assert_eq!(play(&app).cursor(), up);
}

#[test]
fn the_key_bar_offers_enter_to_pick_up_only_on_a_stack_the_player_may_lift() {
    let mut app = new_game(5);
    let says_pick_up = |app: &taktui::tui::App| {
        play(app)
            .key_bar()
            .iter()
            .any(|&(key, what)| key == "Enter" && what == "pick up")
    };
    assert!(!says_pick_up(&app), "the cursor's c3 is empty");
    type_moves(&mut app, &["c3", "a1"]);
    assert_eq!(play(&app).cursor().to_string(), "c3");
    assert!(!says_pick_up(&app), "c3 is Black's, and White is to move");
    press(&mut app, "Left Left Down Down");
    assert_eq!(play(&app).cursor().to_string(), "a1");
    assert!(says_pick_up(&app), "a1 is White's");
}

#[test]
fn r_resigns_after_asking_and_u_takes_only_the_resignation_back() {
    let mut app = new_game(5);
    type_moves(&mut app, &["a1", "e5", "c3"]);
    // Black is to move: Black resigns, if it says yes.
    press(&mut app, "R");
    assert!(matches!(app.dialog(), Some(Dialog::Resign(_))));
    press(&mut app, "n");
    assert!(app.dialog().is_none());
    assert!(!play(&app).session().is_over(), "n plays on");
    press(&mut app, "R y");
    assert!(matches!(app.dialog(), Some(Dialog::GameOver(_))));
    let text = common::screen_text(&mut app, 100, 30);
    assert!(text.contains("White wins by resignation: 1-0"), "{text}");
    assert_eq!(play(&app).session().record().result_token(), Some("1-0"));
    press(&mut app, "Esc u");
    assert!(
        !play(&app).session().is_over(),
        "the resignation is taken back"
    );
    assert_eq!(plies(&app), ["a1", "e5", "c3"], "and nothing else");
    assert_eq!(play(&app).session().record().result_token(), None);
    press(&mut app, "R y Esc R");
    assert_eq!(
        app.status().unwrap().text,
        "the game is over: nothing to resign"
    );
    // Redo waits until the resignation is taken back.
    press(&mut app, "u u R y Esc U");
    assert_eq!(
        app.status().unwrap().text,
        "the resignation ended the game: u takes it back first"
    );
    assert_eq!(
        plies(&app),
        ["a1", "e5"],
        "no ply redone over a resignation"
    );
    assert!(play(&app).session().is_over());
    assert_eq!(play(&app).session().record().result_token(), Some("0-1"));
}

#[test]
fn pasted_moves_go_to_the_input_line_and_never_press_keys() {
    use ratatui::crossterm::event::Event;
    let mut app = new_game(5);
    // On the board, letters are commands: a paste is text for the input line instead.
    app.handle(&Event::Paste("1. a1 e5\n2. c3".to_owned()));
    assert_eq!(play(&app).focus(), Focus::Input);
    assert!(app.dialog().is_none(), "no key was pressed");
    press(&mut app, "Enter");
    assert_eq!(plies(&app), ["a1", "e5", "c3"]);
    // A dialog without a text field ignores a paste: its keys are not pressed by it.
    press(&mut app, "Esc n");
    assert!(matches!(app.dialog(), Some(Dialog::NewGame(_))));
    app.handle(&Event::Paste("q".to_owned()));
    assert!(matches!(app.dialog(), Some(Dialog::NewGame(_))));
    // The save dialog's field takes it.
    press(&mut app, "Esc W");
    let Some(Dialog::SaveAs(_)) = app.dialog() else {
        panic!("the save dialog: {:?}", app.dialog())
    };
    app.handle(&Event::Paste("pasted.ptn".to_owned()));
    let Some(Dialog::SaveAs(dialog)) = app.dialog() else {
        panic!("still the save dialog")
    };
    assert!(dialog.text().ends_with("pasted.ptn"), "{}", dialog.text());
}

#[test]
fn a_move_typed_or_pasted_drops_the_one_half_built_on_the_board() {
    use ratatui::crossterm::event::Event;
    let mut app = new_game(5);
    type_moves(&mut app, &["a1", "e5"]);
    // White lifts its flat on e5...
    press(&mut app, "Right Right Up Up Enter");
    assert!(play(&app).builder().is_some(), "a stack in hand");
    // ...then pastes a move instead: the preview says what Enter does.
    app.handle(&Event::Paste("2. e5-".to_owned()));
    let text = common::screen_text(&mut app, 100, 30);
    assert!(text.contains("Enter plays e5-"), "{text}");
    press(&mut app, "Enter");
    assert_eq!(plies(&app), ["a1", "e5", "e5-"], "{:?}", app.status());
    assert!(play(&app).builder().is_none(), "nothing left in hand");
    app.handle(&Event::Paste("3. c3 d4 4. b2".to_owned()));
    let text = common::screen_text(&mut app, 100, 30);
    assert!(text.contains("Enter plays these 3 moves in turn"), "{text}");
    // The game's first moves again: a1 is taken, so Enter would stop at once.
    press(&mut app, "End C-u");
    app.handle(&Event::Paste("1. a1 e5 2. c3".to_owned()));
    let text = common::screen_text(&mut app, 100, 30);
    assert!(
        text.contains("Enter plays 0 of 3, then stops at a1"),
        "{text}"
    );
}

#[test]
fn after_an_agreed_draw_nothing_offers_moves() {
    let mut app = app(5);
    type_moves(&mut app, &["a1", "e5", "c3"]);
    press(&mut app, "Esc L D y");
    assert!(play(&app).session().is_over(), "{:?}", app.status());
    press(&mut app, "Enter");
    assert_eq!(play(&app).shown_moves_from(), None, "learning marks gone");
    press(&mut app, "m");
    assert_eq!(
        app.status().unwrap().text,
        "the game is over: no moves to show"
    );
    assert_eq!(play(&app).shown_moves_from(), None);
    press(&mut app, ":");
    assert_eq!(play(&app).focus(), Focus::Board, "no typing");
    let text = common::screen_text(&mut app, 100, 30);
    assert!(!text.contains("press : or Tab to type a move"), "{text}");
}

#[test]
fn f1_opens_and_closes_the_help_as_question_mark_does() {
    let mut app = app(5);
    press(&mut app, "F1");
    assert!(matches!(app.dialog(), Some(Dialog::Help(_))));
    press(&mut app, "F1");
    assert!(app.dialog().is_none());
    press(&mut app, "?");
    assert!(matches!(app.dialog(), Some(Dialog::Help(_))));
}

#[test]
fn colon_pressed_twice_opens_the_input_line_and_types_nothing() {
    let mut app = common::new_game(5);
    press(&mut app, ": :");
    type_text(&mut app, "a1");
    press(&mut app, "Enter");
    assert_eq!(common::plies(&app), ["a1"]);
}

#[test]
fn the_screens_key_bar_gives_way_while_a_dialog_is_open() {
    let mut app = app(5);
    type_moves(&mut app, &["a1", "e5"]);
    press(&mut app, "Esc");
    let bar = "u undo";
    assert!(common::screen_text(&mut app, 100, 30).contains(bar));
    // The quit dialog: its keys are at its foot; the board's do not work under it.
    press(&mut app, "q");
    assert!(matches!(app.dialog(), Some(Dialog::ConfirmQuit(_))));
    let text = common::screen_text(&mut app, 100, 30);
    assert!(!text.contains(bar), "{text}");
    assert!(text.contains("n/Esc stay"), "{text}");
    press(&mut app, "n");
    assert!(app.dialog().is_none());
    assert!(common::screen_text(&mut app, 100, 30).contains(bar));
}

#[test]
fn a_digit_on_an_empty_square_says_how_digits_work_and_where_moves_are_typed() {
    // As a newcomer types `a1` on the board: `a` (analysis) then `1`.
    let mut app = app(5);
    press(&mut app, "1");
    let said = error(&app);
    assert!(said.starts_with("c3 is empty"), "{said}");
    assert!(said.contains("press : or Tab first"), "{said}");
    assert!(plies(&app).is_empty());
}

#[test]
fn the_hand_is_explained_under_the_board_while_a_stack_is_in_hand() {
    let mut app = app(5);
    type_moves(&mut app, &["a1", "e5", "c3", "c4", "d3", "c4-", "d2"]);
    assert!(!play(&app).is_learning());
    // Black's flat on White's, on c3 (where the cursor is): pick both up and go right.
    press(&mut app, "Enter Right");
    let narrow = common::screen_text(&mut app, 80, 24);
    assert!(
        narrow.contains("Moving 2c3> · ^12: 2 pieces in hand, owners bottom to top"),
        "{narrow}"
    );
    let wide = common::screen_text(&mut app, 160, 50);
    assert!(
        wide.contains("· ^12: 2 pieces in hand, owners bottom to top · a digit drops that many"),
        "{wide}"
    );
    press(&mut app, "Esc");
    assert!(!common::screen_text(&mut app, 160, 50).contains("in hand"));
}

#[test]
fn learning_mode_warns_the_side_that_leaves_a_road_threat_unanswered() {
    let mut app = app(3);
    press(&mut app, "L");
    // White's a1 and b1 need c1: Tak.
    type_moves(&mut app, &ROAD_GAME[..5]);
    assert!(app.status().is_none(), "{:?}", app.status());
    press(&mut app, ": \"a3\" Enter");
    assert_eq!(
        error(&app),
        "a3 leaves a road open: White wins with c1 (u takes a3 back)"
    );
    // Answered, nothing to say.
    press(&mut app, "Esc u : \"c1\" Enter");
    assert_eq!(plies(&app).last().unwrap(), "c1");
    assert!(
        app.status().is_none_or(|s| s.kind != StatusKind::Error),
        "{:?}",
        app.status()
    );
    // Not in learning mode: the panel names and marks it, the move is not judged.
    let mut app = self::app(3);
    type_moves(&mut app, &ROAD_GAME[..5]);
    press(&mut app, ": \"a3\" Enter");
    assert!(app.status().is_none(), "{:?}", app.status());
}

#[test]
fn the_new_game_dialog_names_the_players_and_takes_a_time_control_typed() {
    let mut app = app(5);
    // Game, size, komi, White, White's name: typed, letters that are keys elsewhere too.
    press(&mut app, "n Down Down Down Down");
    type_text(&mut app, "Ann of q");
    press(&mut app, "Down Down");
    type_text(&mut app, "Bob");
    // The clock: a time of one's own.
    press(&mut app, "Down");
    type_text(&mut app, "7+3");
    let shown = common::screen_text(&mut app, 80, 24);
    assert!(shown.contains("name       Ann of q"), "{shown}");
    assert!(shown.contains("Clock        7+3"), "{shown}");
    press(&mut app, "Enter");
    assert!(app.dialog().is_none(), "{:?}", app.status());
    let tags = play(&app).session().record().tags();
    assert_eq!(tags.player(Color::White), Some("Ann of q"));
    assert_eq!(tags.player(Color::Black), Some("Bob"));
    assert_eq!(tags.get("Clock"), Some("7:0 +3"));
    let shown = common::screen_text(&mut app, 80, 24);
    assert!(shown.contains("White  Ann of q  7:00"), "{shown}");
    // The next new game offers them again; a name emptied is no name.
    press(&mut app, "n Down Down Down Down End");
    for _ in 0..8 {
        press(&mut app, "Bksp");
    }
    press(&mut app, "Enter");
    let tags = play(&app).session().record().tags();
    assert_eq!(tags.player(Color::White), None);
    assert_eq!(tags.player(Color::Black), Some("Bob"));
}
