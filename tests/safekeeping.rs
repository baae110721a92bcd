//! Games are never lost: the recovery file, resuming, saving over files, quitting.

mod common;

use common::{options, play, press, type_moves};
use std::path::Path;

use taktui::game::store::{self as recovery, Recovery};
use taktui::game::{Library, Session, setup};
use taktui::record::{GameRecord, read_ptn, read_ptn_file, save_ptn};
use taktui::rules::{BoardSize, ByColor, GameConfig};
use taktui::tui::dialogs::ResumeDialog;
use taktui::tui::screens::PlayScreen;
use taktui::tui::{App, Dialog, Screen};

fn new_game(size: u8, recovery: Option<&Path>) -> App {
    let record = GameRecord::for_config(GameConfig::new(BoardSize::new(size).unwrap()));
    App::new(
        Screen::Play(PlayScreen::new(Session::new(record, None))),
        options(),
        Recovery::at(recovery.map(Path::to_path_buf)),
    )
}

fn plies_in(path: &Path) -> Vec<String> {
    let games = read_ptn_file(path).unwrap();
    games[0]
        .record
        .as_ref()
        .unwrap()
        .plies()
        .iter()
        .map(|p| p.mv.to_string())
        .collect()
}

#[test]
fn every_move_is_in_the_recovery_file_at_once() {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("recovery.ptn");
    let mut app = new_game(5, Some(&path));
    type_moves(&mut app, &["a1", "e5"]);
    assert_eq!(plies_in(&path), ["a1", "e5"]);
    press(&mut app, "u");
    assert_eq!(plies_in(&path), ["a1"], "undo is kept too");
    assert_eq!(recovery::read(&path).unwrap().plies().len(), 1);
}

#[test]
fn another_sessions_game_is_moved_aside_not_overwritten() {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("recovery.ptn");
    let mut old = new_game(4, Some(&path));
    type_moves(&mut old, &["a1", "d4", "b2"]);
    // A second session starts (say with a file, so no resume is offered) and plays.
    let mut second = new_game(5, Some(&path));
    press(&mut second, ": c 3 Enter");
    let said = second.status().map(|s| s.text.clone()).unwrap_or_default();
    assert!(
        said.starts_with("an unfinished game left earlier is kept in "),
        "{said}"
    );
    press(&mut second, "Esc");
    assert_eq!(plies_in(&path), ["c3"]);
    let aside: Vec<_> = std::fs::read_dir(folder.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            p.file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with("recovery-")
        })
        .collect();
    assert_eq!(aside.len(), 1, "{aside:?}");
    assert_eq!(plies_in(&aside[0]), ["a1", "d4", "b2"]);
}

#[test]
fn resuming_a_game_of_another_size_puts_the_cursor_on_its_board() {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("recovery.ptn");
    let mut crashed = new_game(3, Some(&path));
    type_moves(&mut crashed, &["a1", "c3"]);
    let mut app = new_game(8, Some(&path));
    app.open(Dialog::Resume(ResumeDialog::new(
        recovery::read(&path).unwrap(),
    )));
    press(&mut app, "y");
    assert_eq!(play(&app).position().size().get(), 3);
    assert!(
        play(&app).position().size().contains(play(&app).cursor()),
        "{:?}",
        play(&app).cursor()
    );
    assert!(play(&app).session().has_unsaved_game());
    type_moves(&mut app, &["b2"]);
    assert_eq!(
        plies_in(&path),
        ["a1", "c3", "b2"],
        "the resumed game goes on in the same file"
    );
}

#[test]
fn declining_twice_keeps_both_games() {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("recovery.ptn");
    for (first, second) in [("a1", "e5"), ("b2", "d4")] {
        let mut crashed = new_game(5, Some(&path));
        type_moves(&mut crashed, &[first, second]);
        let mut app = new_game(5, Some(&path));
        app.open(Dialog::Resume(ResumeDialog::new(
            recovery::read(&path).unwrap(),
        )));
        press(&mut app, "n");
        assert!(!path.exists());
    }
    let kept = std::fs::read_dir(folder.path()).unwrap().count();
    assert_eq!(kept, 2, "both declined games are kept aside");
}

#[test]
fn a_game_taken_over_from_a_replay_is_recovered_too() {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("recovery.ptn");
    let games = read_ptn("[Size \"4\"]\n1. a1 d4\n2. b2 c3 1-0\n").unwrap();
    let screen = Screen::for_file(Library::new("x.ptn".into(), games), None, 4).unwrap();
    let mut app = App::new(screen, options(), Recovery::at(Some(path.clone())));
    press(&mut app, "p");
    type_moves(&mut app, &["a2"]);
    assert_eq!(plies_in(&path), ["a1", "d4", "b2", "c3", "a2"]);
    let record = play(&app).session().record();
    assert_eq!(
        record.result_token(),
        None,
        "the resignation no longer ends the game"
    );
    assert_eq!(record.tags().get("Result"), None);
}

#[test]
fn continuing_a_file_with_several_games_never_saves_over_it() {
    let folder = tempfile::tempdir().unwrap();
    let single = folder.path().join("one.ptn");
    let several = folder.path().join("two.ptn");
    let game = read_ptn("[Size \"4\"]\n1. a1 d4\n")
        .unwrap()
        .remove(0)
        .record
        .unwrap();
    save_ptn(&single, std::slice::from_ref(&game)).unwrap();
    save_ptn(&several, &[game.clone(), game]).unwrap();
    let session = |file: &Path| setup::continue_file(file, &ByColor::default());
    assert_eq!(session(&single).unwrap().path(), Some(single.as_path()));
    assert_eq!(
        session(&several).unwrap().path(),
        None,
        "saving asks for a new name"
    );
}

#[test]
fn quitting_a_finished_but_unsaved_game_asks_first() {
    let mut app = new_game(3, None);
    type_moves(&mut app, &["c3", "a1", "b2", "c2", "b2-", "a3", "c1"]);
    assert!(play(&app).position().is_over());
    press(&mut app, "q");
    assert!(matches!(app.dialog(), Some(Dialog::ConfirmQuit)));
}
