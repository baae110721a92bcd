//! The store of unfinished games when the disk fails it: a write that fails (a full disk) is
//! never followed by a promise that the game is kept whole, and a file damaged part way is
//! offered as far as it reads, the damage said.

#![cfg(unix)]

use std::path::Path;
use std::time::SystemTime;

use crate::common::{self, options, play, plies, press, type_moves};
use taktui::game::Session;
use taktui::game::store::{Keeper, KeptRecord, Store};
use taktui::record::{GameRecord, read_ptn_file};
use taktui::rules::{BoardSize, GameConfig};
use taktui::tui::dialogs::UnfinishedDialog;
use taktui::tui::screens::PlayScreen;
use taktui::tui::{App, Dialog, Screen};

/// An app playing a new 5x5 game, keeping it in the store in `data`.
fn new_game(data: &Path) -> App {
    let record = GameRecord::for_config(GameConfig::new(BoardSize::new(5).unwrap()));
    App::new(
        Screen::Play(PlayScreen::new(Session::new(record, None))),
        options(),
        Keeper::new(Some(Store::in_data_dir(data))),
    )
}

/// As `tak` starts: a new game, offering the unfinished games there are.
fn start(data: &Path) -> App {
    let mut app = new_game(data);
    let unfinished = Store::in_data_dir(data).unfinished();
    if !unfinished.is_empty() {
        app.open(Dialog::Unfinished(UnfinishedDialog::new(
            unfinished,
            SystemTime::now(),
        )));
    }
    app
}

/// The text inside the box titled `title` on the screen, its lines joined by spaces (so that
/// what the box wraps reads as one text).
fn popup_text(app: &mut App, title: &str) -> String {
    let screen = common::screen_text(app, 100, 30);
    let rows: Vec<Vec<char>> = screen.lines().map(|l| l.chars().collect()).collect();
    let top = rows
        .iter()
        .position(|row| row.iter().collect::<String>().contains(title))
        .unwrap_or_else(|| panic!("no {title} box:\n{screen}"));
    let left = rows[top].iter().position(|&c| c == '╭').expect("a corner");
    let right = rows[top].iter().position(|&c| c == '╮').expect("a corner");
    let mut inside = Vec::new();
    for row in &rows[top + 1..] {
        if row.get(left) == Some(&'╰') {
            break;
        }
        inside.push(row[left + 1..right].iter().collect::<String>());
    }
    inside
        .join(" ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

fn plies_in(path: &Path) -> Vec<String> {
    let games = read_ptn_file(path).unwrap();
    let record = games[0].record.as_ref().unwrap();
    record.plies().iter().map(|p| p.mv.to_string()).collect()
}

#[test]
fn quitting_after_a_move_the_full_disk_refused_says_only_the_earlier_moves_are_kept() {
    let data = tempfile::tempdir().unwrap();
    let mut app = new_game(data.path());
    type_moves(&mut app, &["a1"]);
    let kept = app.keeper().path().expect("kept").to_path_buf();
    // The disk fills: the kept file is rewritten through a temporary file beside it, which is
    // now /dev/full, where every write fails with ENOSPC.
    let name = kept.file_name().unwrap().to_string_lossy().into_owned();
    let temp = kept.with_file_name(format!(".{name}.{}.tmp", std::process::id()));
    std::os::unix::fs::symlink("/dev/full", &temp).unwrap();
    type_moves(&mut app, &["e5"]);
    assert_eq!(plies(&app), ["a1", "e5"]);
    assert_eq!(plies_in(&kept), ["a1"], "the full disk kept only the first");

    press(&mut app, "q");
    let text = popup_text(&mut app, "Quit?");
    assert!(
        text.contains("Its last moves could not be kept")
            && text.contains("No space left on device")
            && text.contains("quitting keeps it only as it was before them"),
        "{text}"
    );
    assert!(!text.contains("Quitting keeps it"), "{text}");
    // s offers a file to save it to, whole.
    press(&mut app, "s");
    assert!(
        matches!(app.dialog(), Some(Dialog::SaveAs(_))),
        "{:?}",
        app.dialog()
    );
    press(&mut app, "Esc");

    // Quit all the same: what is printed promises no more than the file holds.
    press(&mut app, "q y");
    assert!(app.should_quit());
    let mut said = Vec::new();
    taktui::cli::play::farewell(&app, &mut said).unwrap();
    let said = String::from_utf8(said).unwrap();
    assert!(
        said.starts_with("The game was not saved, and its last moves could not be kept (")
            && said.contains("No space left on device")
            && said.contains("holds the game as it was before them"),
        "{said}"
    );
    assert!(!said.contains("It is kept"), "{said}");
}

#[test]
fn a_move_kept_once_the_disk_has_room_again_is_promised_again() {
    let data = tempfile::tempdir().unwrap();
    let mut app = new_game(data.path());
    type_moves(&mut app, &["a1"]);
    let kept = app.keeper().path().expect("kept").to_path_buf();
    let name = kept.file_name().unwrap().to_string_lossy().into_owned();
    let temp = kept.with_file_name(format!(".{name}.{}.tmp", std::process::id()));
    std::os::unix::fs::symlink("/dev/full", &temp).unwrap();
    type_moves(&mut app, &["e5"]);
    // The failed write took its temporary file away: the next one has room.
    type_moves(&mut app, &["c3"]);
    assert_eq!(plies_in(&kept), ["a1", "e5", "c3"]);
    press(&mut app, "q");
    let text = popup_text(&mut app, "Quit?");
    assert!(text.contains("Quitting keeps it"), "{text}");
}

#[test]
fn a_kept_game_with_a_ply_that_does_not_read_is_offered_as_far_as_it_reads() {
    let data = tempfile::tempdir().unwrap();
    let games = data.path().join("games");
    std::fs::create_dir_all(&games).unwrap();
    let damaged = games.join("damaged.ptn");
    let text =
        "[Size \"5\"]\n[Player1 \"Ann\"]\n[Player2 \"Bob\"]\n\n1. a1 e5\n2. c3 d3\n3. b9 c2\n";
    std::fs::write(&damaged, text).unwrap();

    let found = Store::in_data_dir(data.path()).unfinished();
    assert_eq!(found.len(), 1, "the game is offered, not hidden");
    let KeptRecord::Tak(record) = &found[0].game else {
        panic!("a Tak game")
    };
    assert_eq!(record.plies().len(), 4);
    let damage = found[0].damaged.clone().expect("the damage said");
    assert!(
        damage.contains("b9") && damage.contains("the 4 plies before it read"),
        "{damage}"
    );

    let mut app = start(data.path());
    let screen = popup_text(&mut app, "Unfinished games");
    assert!(
        screen.contains("Ann vs Bob") && screen.contains("damaged"),
        "{screen}"
    );
    assert!(
        screen.contains("Game 1: damaged:") && screen.contains("Enter resumes from them"),
        "{screen}"
    );
    press(&mut app, "Enter");
    assert!(app.dialog().is_none(), "{:?}", app.status());
    assert_eq!(plies(&app), ["a1", "e5", "c3", "d3"]);
    assert_eq!(play(&app).position().size().get(), 5);
    // The file as it was is set aside for its owner before anything is written over it.
    assert_eq!(
        std::fs::read_to_string(games.join("damaged.damaged")).unwrap(),
        text
    );
    type_moves(&mut app, &["b2"]);
    assert_eq!(plies_in(&damaged), ["a1", "e5", "c3", "d3", "b2"]);
}

#[test]
fn a_kept_file_that_gives_no_game_at_all_is_said_and_left_as_it_is() {
    let data = tempfile::tempdir().unwrap();
    let games = data.path().join("games");
    std::fs::create_dir_all(&games).unwrap();
    let broken = games.join("broken.ptn");
    // Damaged at its first ply: nothing to offer.
    let text = "[Size \"5\"]\n\n1. b9 a1\n";
    std::fs::write(&broken, text).unwrap();
    let store = Store::in_data_dir(data.path());
    assert!(store.unfinished().is_empty());
    let unreadable = store.unreadable();
    assert_eq!(unreadable.len(), 1, "{unreadable:?}");
    assert_eq!(unreadable[0].0, broken);
    assert!(unreadable[0].1.contains("b9"), "{unreadable:?}");

    let mut app = new_game(data.path());
    taktui::cli::play::offer_unfinished(&mut app, Some(&store), |_| true, false, "tak");
    let said = app.status().map(|s| s.text.clone()).unwrap_or_default();
    assert!(
        said.starts_with("1 game kept cannot be read and is left as it is: ")
            && said.contains("broken.ptn")
            && said.contains("b9"),
        "{said}"
    );
    assert_eq!(std::fs::read_to_string(&broken).unwrap(), text);
}
