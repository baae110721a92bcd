//! The progress file (study.json) with two sessions at once, and when it cannot be kept: each
//! session's solved puzzles stay, and a puzzle solved is never said to count when it was not
//! kept.

use std::path::{Path, PathBuf};

use crate::common::{self, press, scratch, type_text};
use taktui::game::store::Keeper;
use taktui::game::study::{self, Progress};
use taktui::puzzles::PuzzleKind;
use taktui::tui::screens::{PuzzleListScreen, Task};
use taktui::tui::{App, Screen};

/// A `tak puzzles` session on the data folder `data`, its progress read at the start as the
/// game reads it.
fn session(data: &Path) -> App {
    let (puzzles, _) = study::puzzles(None);
    let (progress, path, _) = study::load_progress(Some(data));
    let list = PuzzleListScreen::new(puzzles, 0, progress, path);
    App::new(
        Screen::PuzzleList(list),
        common::options(),
        Keeper::default(),
    )
}

/// The places in the list of two puzzles that are quick to solve (roads in the fewest moves).
fn two_quick_puzzles() -> [usize; 2] {
    let (puzzles, _) = study::puzzles(None);
    let mut quick: Vec<usize> = (0..puzzles.len())
        .filter(|&i| puzzles[i].kind == PuzzleKind::Tinue)
        .collect();
    quick.sort_by_key(|&i| puzzles[i].solution().len());
    [quick[0], quick[1]]
}

/// Opens the puzzle at `at` in the list and plays its solution (the solver defends as the
/// solution says); returns its id and what the status line says at the end.
fn solve(app: &mut App, at: usize) -> (String, String) {
    for _ in 0..at {
        press(app, "Down");
    }
    press(app, "Enter");
    let Screen::Study(screen) = app.screen() else {
        panic!("not at a puzzle")
    };
    let Task::Puzzle { puzzles, index, .. } = screen.task() else {
        panic!("not a puzzle")
    };
    let puzzle = &puzzles[*index];
    let id = puzzle.id.clone();
    let moves: Vec<String> = puzzle
        .solution()
        .iter()
        .step_by(2)
        .map(ToString::to_string)
        .collect();
    press(app, ":");
    for ply in moves {
        type_text(app, &ply);
        press(app, "Enter");
        common::until(app, |app| match app.screen() {
            Screen::Study(screen) => !screen.is_judging(),
            _ => true,
        });
    }
    let Screen::Study(screen) = app.screen() else {
        panic!("not at a puzzle")
    };
    assert!(screen.is_solved(), "{id} not solved: {:?}", app.status());
    let said = app.status().map(|s| s.text.clone()).unwrap_or_default();
    (id, said)
}

fn study_json(data: &Path) -> PathBuf {
    Progress::path(data)
}

#[test]
fn two_sessions_at_once_each_keep_their_solved_puzzles() {
    let data = scratch("study-two-sessions");
    let [first, second] = two_quick_puzzles();
    // Both open before either solves anything: each read an empty progress.
    let mut one = session(&data);
    let mut two = session(&data);
    let (solved_in_one, said) = solve(&mut one, first);
    assert!(said.starts_with("solved, streak 1!"), "{said}");
    let (solved_in_two, said) = solve(&mut two, second);
    assert!(said.starts_with("solved, streak 1!"), "{said}");
    let kept = Progress::load(&study_json(&data)).unwrap();
    assert!(kept.solved.contains(&solved_in_one), "{kept:?}");
    assert!(kept.solved.contains(&solved_in_two), "{kept:?}");
    assert_eq!(kept.best_streak, 1);
    std::fs::remove_dir_all(&data).unwrap();
}

#[test]
fn a_progress_file_that_cannot_be_read_is_left_alone_and_a_solve_is_not_said_to_count() {
    let data = scratch("study-unreadable");
    let broken = "{ \"solved\": [\"mine\"], oops";
    std::fs::write(study_json(&data), broken).unwrap();
    let mut app = session(&data);
    let (_, said) = solve(&mut app, two_quick_puzzles()[0]);
    assert_eq!(
        said,
        "solved, but your progress is not kept this session! ] for the next puzzle"
    );
    assert_eq!(std::fs::read_to_string(study_json(&data)).unwrap(), broken);
    std::fs::remove_dir_all(&data).unwrap();
}

#[test]
fn a_progress_file_broken_during_the_session_is_said_and_left_alone() {
    let data = scratch("study-broken-later");
    let mut app = session(&data);
    // Another program spoils the file after the session read it.
    let broken = "not json at all";
    std::fs::write(study_json(&data), broken).unwrap();
    let (_, said) = solve(&mut app, two_quick_puzzles()[0]);
    assert!(
        said.starts_with("solved, but your progress cannot be kept: ")
            && said.contains("study.json")
            && said.contains("(the file is left as it is)"),
        "{said}"
    );
    assert!(!said.contains("streak"), "{said}");
    assert_eq!(std::fs::read_to_string(study_json(&data)).unwrap(), broken);
    std::fs::remove_dir_all(&data).unwrap();
}
