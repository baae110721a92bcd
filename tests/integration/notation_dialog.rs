//! N at the board and in a replay: the position as TPS and the game as PTN in a dialog, and c
//! copying the part chosen with OSC 52 (written by the terminal loop; here only asked for).

use crate::common::{new_game, options, press, replay, screen_text, type_moves};
use taktui::game::Library;
use taktui::game::store::Keeper;
use taktui::notation::to_tps;
use taktui::tui::dialogs::{NotationDialog, NotationPart};
use taktui::tui::{App, Clipboard, Dialog, Screen};

/// The notation dialog open over the screen (the test fails if it is not).
fn notation(app: &App) -> &NotationDialog {
    match app.dialog() {
        Some(Dialog::Notation(dialog)) => dialog,
        other => panic!("no notation dialog: {other:?}"),
    }
}

/// The OSC 52 sequence for a payload already in base64 (worked out by coreutils' `base64`,
/// not by the code under test).
fn osc52(base64: &str) -> String {
    format!("\x1b]52;c;{base64}\x1b\\")
}

fn replaying(path: &str) -> App {
    let library = Library::open(path.as_ref(), &taktui::record::ReadOptions::default()).unwrap();
    let screen = Screen::for_file(library, None, 0).unwrap();
    App::new(screen, options(), Keeper::default())
}

#[test]
fn n_at_the_board_shows_the_tps_and_c_copies_it() {
    let mut app = new_game(5);
    type_moves(&mut app, &["a1", "e5"]);
    press(&mut app, "N");
    let tps = to_tps(app.position().unwrap());
    assert_eq!(tps, "x4,1/x5/x5/x5/2,x4 1 2");
    assert_eq!(notation(&app).tps(), tps);
    assert!(notation(&app).ptn().contains("1. a1 e5"));
    let text = screen_text(&mut app, 80, 24);
    assert!(text.contains(&tps), "{text}");
    assert!(text.contains("PTN of the game"), "{text}");
    assert!(text.contains("1. a1 e5"), "{text}");

    assert_eq!(app.output(), "", "nothing is written before c");
    press(&mut app, "c");
    assert_eq!(app.output(), osc52("eDQsMS94NS94NS94NS8yLHg0IDEgMg=="));
    let said = &app.status().unwrap().text;
    assert_eq!(
        said,
        "copied the TPS (22 characters) with OSC 52: your terminal puts it on the clipboard \
         if it allows it"
    );
    let text = screen_text(&mut app, 80, 24);
    assert!(
        text.contains("copied the TPS"),
        "the dialog says so too: {text}"
    );

    // The loop takes what it writes; the PTN is copied whole.
    assert!(!app.take_output().is_empty());
    press(&mut app, "Tab c");
    assert_eq!(notation(&app).part(), NotationPart::Ptn);
    assert_eq!(notation(&app).ptn(), "[Size \"5\"]\n\n1. a1 e5\n");
    assert_eq!(app.output(), osc52("W1NpemUgIjUiXQoKMS4gYTEgZTUK"));
    assert!(
        app.status()
            .unwrap()
            .text
            .starts_with("copied the PTN (21 characters)")
    );

    press(&mut app, "Esc");
    assert!(app.dialog().is_none());
    assert_eq!(app.position().unwrap().ply(), 2, "the game is as it was");
}

#[test]
fn n_in_a_replay_shows_the_position_shown_and_the_record_with_its_variations() {
    let mut app = replaying("tests/data/branches/current.ptn");
    press(&mut app, "Right Right Right");
    press(&mut app, "N");
    let tps = to_tps(replay(&app).position());
    assert_eq!(tps, "x4,1/x5/x2,1,x2/x5/2,x4 2 2");
    assert_eq!(notation(&app).tps(), tps);
    let ptn = notation(&app).ptn();
    assert!(
        ptn.contains("{2w1/3b1}"),
        "the variations are written: {ptn}"
    );
    assert!(ptn.contains("[Player1 \"Ann\"]"), "{ptn}");
    let text = screen_text(&mut app, 100, 30);
    assert!(text.contains(&tps), "{text}");
    press(&mut app, "c");
    assert_eq!(app.output(), osc52("eDQsMS94NS94MiwxLHgyL3g1LzIseDQgMiAy"));
    press(&mut app, "q");
    assert!(app.dialog().is_none());
    assert_eq!(replay(&app).shown_ply(), 3, "the replay is where it was");
}

#[test]
fn the_ptn_scrolls_on_a_small_terminal() {
    let mut app = replaying("tests/data/branches/current.ptn");
    press(&mut app, "N");
    let text = screen_text(&mut app, 80, 24);
    assert!(text.contains("PTN of the game (lines 1-"), "{text}");
    press(&mut app, "End");
    let scrolled = notation(&app).scroll();
    assert!(scrolled > 0);
    let text = screen_text(&mut app, 80, 24);
    assert!(
        text.contains("3. -- b3"),
        "the last line shows at the end: {text}"
    );
    press(&mut app, "Home");
    assert_eq!(notation(&app).scroll(), 0);
}

#[test]
fn where_copying_cannot_work_it_says_so() {
    let mut app = new_game(5).with_clipboard(Clipboard::Console);
    press(&mut app, "N");
    let text = screen_text(&mut app, 80, 24);
    assert!(text.contains("no clipboard"), "warned before: {text}");
    press(&mut app, "c");
    assert_eq!(app.output(), "", "nothing is written to the console");
    assert!(app.status().unwrap().text.contains("select by hand"));

    let mut app = new_game(5).with_clipboard(Clipboard::Tmux);
    press(&mut app, "N c");
    assert!(!app.output().is_empty(), "tmux may pass it on");
    let said = &app.status().unwrap().text;
    assert!(said.contains("set -g set-clipboard on"), "{said}");
}

#[test]
fn n_is_a_letter_while_typing_moves() {
    let mut app = new_game(5);
    press(&mut app, ": N");
    assert!(app.dialog().is_none());
}
