//! The screen explains itself: what players tripped over, each checked as they met it (by key
//! sequence, through the app's model and its drawing).

use crate::common::{self, new_game, play, playing, press, replay, screen_text, type_moves};
use taktui::game::Library;
use taktui::game::store::Keeper;
use taktui::notation::Tps;
use taktui::record::{GameRecord, Tags, read_ptn};
use taktui::tui::{App, Dialog, Screen};

fn from_tps(tps: &str) -> App {
    let tps: Tps = tps.parse().unwrap();
    playing(GameRecord::new(
        tps.to_standard_position().unwrap(),
        Tags::default(),
    ))
}

fn message(app: &App) -> String {
    app.status().map(|s| s.text.clone()).unwrap_or_default()
}

#[test]
fn refusals_count_what_was_pressed() {
    // c3 holds 4 pieces on 5x5 (carry limit 5).
    let mut app = from_tps("x5/x5/x2,1121C,x2/x5/x5 1 8");
    press(&mut app, "9");
    assert_eq!(
        message(&app),
        "cannot carry 9 pieces: the carry limit on this board is 5"
    );
    press(&mut app, "5");
    assert_eq!(message(&app), "cannot pick up 5 from c3: it holds only 4");
    press(&mut app, "Enter Right 9");
    assert_eq!(message(&app), "only 4 pieces left to drop");
}

#[test]
fn every_move_from_a_busy_square_is_listed() {
    // A capstone on a tall stack in the middle of an empty 6x6: dozens of spreads.
    let mut app = from_tps("x6/x6/x2,1212121C,x3/x6/x6/x6 1 12");
    press(&mut app, "Up m");
    let total = play(&app)
        .position()
        .legal_moves_from(play(&app).cursor())
        .len();
    assert!(total > 40, "{total}");
    assert!(
        message(&app).starts_with(&format!("{total} moves from c4")),
        "{}",
        message(&app)
    );
    let Some(Dialog::Help(page)) = app.dialog() else {
        panic!("a page of moves")
    };
    let listed: usize = page
        .sections()
        .iter()
        .map(|s| {
            s.rows
                .iter()
                .map(|(_, text)| text.split(' ').count())
                .sum::<usize>()
        })
        .sum();
    assert_eq!(listed, total, "every move, none dropped");
    let text = screen_text(&mut app, 80, 24);
    assert!(text.contains("Up (+)"), "{text}");
    press(&mut app, "Esc");
    assert!(app.dialog().is_none());
    assert_eq!(
        play(&app).marked_square(),
        Some(play(&app).cursor()),
        "still marked"
    );
}

#[test]
fn a_refused_move_is_gone_after_escape_and_no_typing_hint_after_the_game() {
    let mut app = new_game(3);
    press(&mut app, ": \"a4\" Enter Esc");
    assert_eq!(
        play(&app).input().text(),
        "",
        "the refused text went with Esc"
    );
    let text = screen_text(&mut app, 80, 24);
    assert!(!text.contains("a4"), "{text}");
    press(&mut app, ": \"c3\"");
    press(&mut app, "Esc");
    assert_eq!(play(&app).input().text(), "c3", "a draft stays");
    press(&mut app, ": Bksp Bksp Esc");
    type_moves(&mut app, &["c3", "a1", "b1", "c2", "c1"]);
    let text = screen_text(&mut app, 80, 24);
    assert!(!text.contains("press : or Tab"), "{text}");
}

#[test]
fn the_end_of_a_game_is_announced_with_how_and_the_score() {
    let mut app = new_game(3);
    press(&mut app, ":");
    for mv in ["c3", "a1", "b1", "c2", "c1"] {
        press(&mut app, &format!("\"{mv}\" Enter"));
    }
    let text = screen_text(&mut app, 80, 24);
    assert!(text.contains("Game over"), "{text}");
    assert!(text.contains("White wins by road: R-0"), "{text}");
    assert!(
        text.contains("The road joins the a-file to the c-file."),
        "{text}"
    );
    assert!(text.contains("Score 16 to White"), "{text}");
    press(&mut app, "Enter");
    assert!(app.dialog().is_none(), "Enter shows the board");
    // On flats, with komi: a full 3x3 board.
    let mut app = new_game(3);
    press(&mut app, ":");
    for mv in ["a1", "a2", "b1", "b2", "c1", "c2", "a3", "b3", "c3"] {
        press(&mut app, &format!("\"{mv}\" Enter"));
    }
    let text = screen_text(&mut app, 80, 24);
    assert!(text.contains("The board is full"), "{text}");
    assert!(text.contains("Flats: White 5, Black 4"), "{text}");
}

#[test]
fn long_lines_wrap_at_words_instead_of_being_cut() {
    // An 8x8 game at 80x24 leaves the panel narrow.
    let mut app = new_game(8);
    let text = screen_text(&mut app, 80, 24);
    assert!(text.contains("White places one of Black's"), "{text}");
    assert!(text.contains("flats"), "the rest on the next line: {text}");
    // A replay's recorded result in a panel of 44 columns (a 3x3 board at 70 columns; at
    // 100 the board's larger squares leave the panel room for the whole line).
    let games = read_ptn("[Size \"3\"]\n1. a1 c3 2. b2 0-1\n").unwrap();
    let screen = Screen::for_file(Library::new("x.ptn".into(), games), None, 3).unwrap();
    let mut app = App::new(screen, common::options(), Keeper::default());
    let text = screen_text(&mut app, 70, 24);
    assert!(
        text.contains("recorded 0-1: Black won by resignation or"),
        "{text}"
    );
    assert!(
        text.contains("│  time "),
        "the last word on the next line: {text}"
    );
    assert_eq!(replay(&app).shown_ply(), 3);
}

#[test]
fn escape_never_quits_a_replay_but_q_does() {
    let games = read_ptn("[Size \"3\"]\n1. a1 c3\n").unwrap();
    let screen = Screen::for_file(Library::new("x.ptn".into(), games), None, 0).unwrap();
    let mut app = App::new(screen, common::options(), Keeper::default());
    press(&mut app, "Esc");
    assert!(!app.should_quit());
    press(&mut app, "q");
    assert!(app.should_quit());
}

#[test]
fn the_too_small_screen_says_what_q_does_with_the_game() {
    let mut app = new_game(8);
    type_moves(&mut app, &["a1", "h8"]);
    let text = screen_text(&mut app, 40, 12).replace('\n', " ");
    assert!(text.contains("q quits"), "{text}");
    // Nowhere to keep it here (no store): quitting loses it, and the screen says so.
    assert!(text.contains("the game is not saved"), "{text}");
    press(&mut app, "q");
    assert!(app.should_quit(), "nothing unseen is asked");
}

#[test]
fn a_new_game_says_what_becomes_of_the_one_it_replaces() {
    let mut app = new_game(3);
    type_moves(&mut app, &["c3", "a1"]);
    press(&mut app, "n");
    assert!(screen_text(&mut app, 80, 24).contains("kept to resume later"));
    press(&mut app, "Esc");
    type_moves(&mut app, &["b1", "c2", "c1"]);
    assert!(play(&app).position().is_over());
    press(&mut app, "Esc n");
    let text = screen_text(&mut app, 80, 24);
    assert!(
        text.contains("over and not saved: it will be lost"),
        "{text}"
    );
}

#[test]
fn saving_names_a_folder_or_fails_without_losing_the_name() {
    let folder = tempfile::tempdir().unwrap();
    let mut app = new_game(3);
    type_moves(&mut app, &["a1"]);
    press(&mut app, "w C-u");
    common::type_text(&mut app, &folder.path().display().to_string());
    press(&mut app, "Enter");
    assert!(message(&app).contains("is a folder"), "{}", message(&app));
    assert!(matches!(app.dialog(), Some(Dialog::SaveAs(_))));
    press(&mut app, "C-u");
    common::type_text(&mut app, "/nonexistent/folder/x.ptn");
    press(&mut app, "Enter");
    assert!(
        message(&app).starts_with("cannot save"),
        "{}",
        message(&app)
    );
    let Some(Dialog::SaveAs(dialog)) = app.dialog() else {
        panic!("the dialog stays open after a failed save")
    };
    assert_eq!(
        dialog.text(),
        "/nonexistent/folder/x.ptn",
        "with the name typed"
    );
    press(&mut app, "C-u");
    let saved = folder.path().join("one.ptn");
    common::type_text(&mut app, &saved.display().to_string());
    press(&mut app, "Enter");
    assert!(saved.exists());
    // W asks for another name even once the game has a file.
    press(&mut app, "W");
    assert!(matches!(app.dialog(), Some(Dialog::SaveAs(_))));
}

#[test]
fn the_key_bar_keeps_help_and_quit_in_view_when_narrow() {
    let mut app = new_game(5);
    let text = screen_text(&mut app, 61, 15);
    let bar = text.lines().last().unwrap();
    assert!(bar.contains("? help") && bar.contains("q quit"), "{bar}");
}

#[test]
fn playing_on_from_a_replay_asks_nothing_until_a_move_is_made() {
    let games = read_ptn("[Size \"3\"]\n1. a1 c3\n").unwrap();
    let screen = Screen::for_file(Library::new("x.ptn".into(), games), None, 2).unwrap();
    let mut app = App::new(screen, common::options(), Keeper::default());
    press(&mut app, "p q");
    assert!(app.should_quit(), "the file has every ply: nothing to lose");
}

#[test]
fn a_road_made_only_for_the_opponent_is_explained() {
    // Black's flats on a1 and c1, and on b1 under White's: White moving off b1 uncovers
    // Black's road along rank 1, and makes none of its own.
    let mut app = from_tps("x3/x3/2,21,2 1 6");
    type_moves(&mut app, &["b1+"]);
    let text = screen_text(&mut app, 80, 24);
    assert!(text.contains("Black wins by road"), "{text}");
    assert!(
        text.contains("White's move made a road only for Black"),
        "{text}"
    );
}
