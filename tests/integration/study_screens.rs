//! Puzzles at the board: the list, a wrong move taken back with the reason, the solver's
//! defence, the puzzle solved and remembered in the data folder; filters by size.

use crate::common::{self, press, scratch, screen_text, type_text};
use taktui::game::store::Keeper;
use taktui::game::study::{self, Progress};
use taktui::tui::screens::{PuzzleListScreen, StudyScreen, Task};
use taktui::tui::{App, Screen};

fn puzzles_app(progress_path: std::path::PathBuf) -> App {
    let (puzzles, _) = study::puzzles(None);
    let list = PuzzleListScreen::new(puzzles, 0, Progress::default(), Some(progress_path));
    App::new(
        Screen::PuzzleList(list),
        common::options(),
        Keeper::default(),
    )
}

/// Waits for the judge's answer to the move just made (it works on a thread of its own).
fn judged(app: &mut App) {
    common::until(app, |app| match app.screen() {
        Screen::Study(screen) => !screen.is_judging(),
        _ => true,
    });
}

fn study(app: &App) -> &StudyScreen {
    match app.screen() {
        Screen::Study(screen) => screen,
        other => panic!("not at a puzzle: {other:?}"),
    }
}

fn moves(app: &App) -> Vec<String> {
    let record = study(app).play().session().record();
    record.plies().iter().map(|p| p.mv.to_string()).collect()
}

#[test]
fn a_puzzle_is_solved_against_the_solvers_defence_and_remembered() {
    let folder = scratch("study-puzzle");
    let path = Progress::path(&folder);
    let mut app = puzzles_app(path.clone());
    let text = screen_text(&mut app, 100, 30);
    let count = study::puzzles(None).0.len();
    assert!(
        text.contains(&format!("Puzzles: {count} of {count} shown · 0 solved")),
        "{text}"
    );
    // White forces a road in 3 (b3+, then a4>, then 2b4-11).
    let (all, _) = study::puzzles(None);
    let at = all
        .iter()
        .position(|p| p.solution()[0].to_string() == "b3+")
        .expect("the puzzle");
    for _ in 0..at {
        press(&mut app, "Down");
    }
    press(&mut app, "Enter");
    let Task::Puzzle { puzzles, index, .. } = study(&app).task() else {
        panic!("a puzzle")
    };
    let id = puzzles[*index].id.clone();
    let solution: Vec<String> = puzzles[*index]
        .solution()
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(solution[0], "b3+");
    // A wrong first move is taken back, and said why.
    press(&mut app, ":");
    type_text(&mut app, "a3");
    press(&mut app, "Enter");
    judged(&mut app);
    assert!(moves(&app).is_empty(), "taken back");
    let text = screen_text(&mut app, 100, 30);
    // With the defence that escapes it.
    assert!(text.contains("a3: Black escapes with "), "{text}");
    // The solution, the solver defending.
    for ply in solution.iter().step_by(2) {
        type_text(&mut app, ply);
        press(&mut app, "Enter");
        judged(&mut app);
    }
    assert_eq!(moves(&app), solution);
    assert!(study(&app).is_solved());
    let kept = Progress::load(&path).unwrap();
    assert!(kept.solved.contains(&id), "{kept:?}");
    assert_eq!(kept.streak, 0, "not clean: a wrong move first");
    // Back to the list: ticked.
    press(&mut app, "Esc Esc");
    let text = screen_text(&mut app, 100, 30);
    assert!(text.contains("1 solved"), "{text}");
    assert!(text.contains("✓ 5x5"), "{text}");
}

#[test]
fn the_list_filters_by_size_and_hints_are_given() {
    let folder = scratch("study-filter");
    let mut app = puzzles_app(Progress::path(&folder));
    press(&mut app, "s");
    let text = screen_text(&mut app, 100, 30);
    // The smallest size first.
    assert!(text.contains("shown · 4x4"), "{text}");
    assert!(
        !text.contains(" 5x5  ") && !text.contains(" 6x6  "),
        "{text}"
    );
    press(&mut app, "Enter H");
    let text = screen_text(&mut app, 100, 30);
    assert!(text.contains("hint: "), "{text}");
    // The help lists R once: it starts again here (the board's resign is not a study key).
    press(&mut app, "?");
    let help = screen_text(&mut app, 100, 200);
    assert!(help.contains("start again from the position"), "{help}");
    assert!(!help.contains("resign"), "{help}");
    // Nor the keys of games only; a new game is there, to leave for one.
    assert!(!help.contains("offer a draw"), "{help}");
    assert!(help.contains("start a new game"), "{help}");
    press(&mut app, "Esc");
    assert!(text.contains("H hint"), "the study keys in the bar: {text}");
    // A draw is refused, and nothing changes.
    press(&mut app, "D");
    assert!(app.dialog().is_none());
    let said = app.status().map(|s| s.text.clone()).unwrap_or_default();
    assert_eq!(
        said,
        "no draws here: R starts again, ] goes to the next one"
    );
}

fn lessons_app(index: usize, progress_path: std::path::PathBuf) -> App {
    let (lessons, warnings) = study::lessons(None);
    assert!(warnings.is_empty(), "{warnings:?}");
    let screen = StudyScreen::new(
        Task::Lesson { lessons, index },
        Progress::default(),
        Some(progress_path),
    );
    let opening = screen.opening();
    let mut app = App::new(
        Screen::Study(Box::new(screen)),
        common::options(),
        Keeper::default(),
    );
    app.open(opening.expect("a lesson opens with its explanation"));
    app
}

#[test]
fn a_lesson_explains_then_checks_the_task_by_the_rules() {
    let folder = scratch("study-lesson");
    let path = Progress::path(&folder);
    let mut app = lessons_app(7, path.clone());
    let text = screen_text(&mut app, 100, 30);
    assert!(
        text.contains("Lesson 8 of 12"),
        "the explanation first: {text}"
    );
    press(&mut app, "Esc");
    assert!(app.dialog().is_none());
    let Task::Lesson { lessons, index } = study(&app).task() else {
        panic!("a lesson")
    };
    let lesson = lessons[*index].clone();
    // A move that makes no road is taken back with the reason.
    let start = lesson.start().clone();
    let wrong = start
        .legal_moves()
        .into_iter()
        .find(|mv| {
            let mut after = start.clone();
            after.play(*mv).is_ok() && !after.is_over()
        })
        .unwrap();
    press(&mut app, ":");
    type_text(&mut app, &wrong.to_string());
    press(&mut app, "Enter");
    judged(&mut app);
    assert!(moves(&app).is_empty(), "taken back");
    let text = screen_text(&mut app, 100, 30);
    assert!(text.contains("that makes no road yet"), "{text}");
    // The road.
    let road = start
        .legal_moves()
        .into_iter()
        .find(|mv| lesson.check(&[*mv], 100_000) == taktui::lessons::Check::Done)
        .unwrap();
    type_text(&mut app, &road.to_string());
    press(&mut app, "Enter");
    judged(&mut app);
    assert!(study(&app).is_solved());
    let text = screen_text(&mut app, 100, 30);
    assert!(text.contains(&lesson.done), "{text}");
    assert!(Progress::load(&path).unwrap().lessons.contains(&lesson.id));
    // ] goes on to the next lesson, with its explanation.
    press(&mut app, "Esc ]");
    let text = screen_text(&mut app, 100, 30);
    assert!(text.contains("Lesson 9 of 12"), "{text}");
}

#[test]
fn a_puzzle_cannot_be_solved_by_typing_the_defence_too() {
    let folder = scratch("study-cheat");
    let path = Progress::path(&folder);
    let mut app = puzzles_app(path.clone());
    press(&mut app, "Down Down Enter");
    let Task::Puzzle { puzzles, index, .. } = study(&app).task() else {
        panic!("a puzzle")
    };
    let solution: Vec<String> = puzzles[*index]
        .solution()
        .iter()
        .map(ToString::to_string)
        .collect();
    // The first move and a defence of one's own choosing, typed at once.
    press(&mut app, ":");
    type_text(&mut app, &format!("{} e5", solution[0]));
    press(&mut app, "Enter");
    judged(&mut app);
    let played = moves(&app);
    assert_eq!(
        played.len(),
        2,
        "the move and the solver's defence: {played:?}"
    );
    assert_eq!(played[1], solution[1], "the defence is the solver's");
    // Solved cleanly the first time: the streak; again: no more.
    for ply in solution.iter().skip(2).step_by(2) {
        type_text(&mut app, ply);
        press(&mut app, "Enter");
        judged(&mut app);
    }
    assert!(study(&app).is_solved());
    assert_eq!(Progress::load(&path).unwrap().streak, 1);
    press(&mut app, "R :");
    for ply in solution.iter().step_by(2) {
        type_text(&mut app, ply);
        press(&mut app, "Enter");
        judged(&mut app);
    }
    assert!(study(&app).is_solved());
    assert_eq!(
        Progress::load(&path).unwrap().streak,
        1,
        "solved before: not counted again"
    );
    let said = &app.status().unwrap().text;
    assert!(
        said.contains("solved before: the streak stays as it was"),
        "{said}"
    );
}

/// The file letters along the top of the board on screen, as read left to right.
fn files_on_top(app: &mut App) -> String {
    let text = screen_text(app, 100, 30);
    text.lines()
        .map(|line| {
            let left = line.split(['│', '╭', '┌']).next().unwrap_or("");
            left.split_whitespace().collect::<String>()
        })
        .find(|letters| letters.len() >= 3 && letters.chars().all(|c| c.is_ascii_lowercase()))
        .unwrap_or_else(|| panic!("no file letters in {text}"))
}

#[test]
fn a_puzzle_solved_as_black_is_seen_from_blacks_side_and_the_next_as_whites() {
    let (puzzles, _) = study::puzzles(None);
    let black = taktui::rules::Color::Black;
    let first = (0..puzzles.len() - 1)
        .find(|&i| puzzles[i].solver() == black && puzzles[i + 1].solver() != black)
        .expect("a Black puzzle before a White one");
    let mut app = puzzles_app(scratch("study-seen-as-black").join("study.json"));
    for _ in 0..first {
        press(&mut app, "Down");
    }
    press(&mut app, "Enter");
    assert_eq!(study(&app).solver(), Some(black));
    let size = puzzles[first].size();
    let files: String = (b'a'..b'a' + size).rev().map(char::from).collect();
    assert_eq!(files_on_top(&mut app), files);
    assert!(
        app.status().unwrap().text.contains("you play Black"),
        "{:?}",
        app.status()
    );
    // The next puzzle is White's: the usual view again.
    press(&mut app, "]");
    let size = puzzles[first + 1].size();
    let files: String = (b'a'..b'a' + size).map(char::from).collect();
    assert_eq!(files_on_top(&mut app), files);
}

#[test]
fn t_asks_the_solver_in_a_puzzle_and_its_answer_comes() {
    let mut app = puzzles_app(scratch("study-tinue-key").join("study.json"));
    press(&mut app, "Enter T");
    assert!(
        app.status()
            .unwrap()
            .text
            .starts_with("looking for a forced road"),
        "{:?}",
        app.status()
    );
    common::until(&mut app, |app| {
        app.status()
            .is_some_and(|s| !s.text.starts_with("looking for a forced road"))
    });
    let status = app.status().unwrap().text.clone();
    assert!(status.contains("forces a road"), "{status}");
}

#[test]
fn each_hint_says_more_up_to_the_move_marked_on_the_board() {
    let mut app = puzzles_app(scratch("study-hints").join("study.json"));
    press(&mut app, "Enter");
    let Task::Puzzle { puzzles, index, .. } = study(&app).task() else {
        panic!("a puzzle")
    };
    let puzzle = puzzles[*index].clone();
    let first = puzzle.solution()[0];
    let mut said = Vec::new();
    for _ in 0..3 {
        press(&mut app, "H");
        said.push(app.status().unwrap().text.clone());
    }
    assert_eq!(said[0], format!("hint: {}", puzzle.hint.clone().unwrap()));
    assert_eq!(
        said[1],
        format!("hint: look at {} (H again: the move)", first.square)
    );
    assert_eq!(said[2], format!("hint: play {first}, marked on the board"));
    assert_eq!(study(&app).play().marked_hint(), Some(first));
    // Taken back: the hints of that position start again from its words.
    press(&mut app, ":");
    type_text(&mut app, &first.to_string());
    press(&mut app, "Enter");
    judged(&mut app);
    press(&mut app, "Tab u H");
    assert_eq!(moves(&app).len(), 0, "the move and the defence taken back");
    assert_eq!(
        app.status().unwrap().text,
        format!("hint: {}", puzzle.hint.clone().unwrap())
    );
    // Played, and answered: the next hint starts from the square again.
    press(&mut app, ":");
    type_text(&mut app, &first.to_string());
    press(&mut app, "Enter");
    judged(&mut app);
    assert!(puzzle.solution().len() > 2, "the first puzzle is longer");
    assert_eq!(moves(&app).len(), 2, "the move and the defence");
    press(&mut app, "H");
    let line: Vec<_> = study(&app)
        .play()
        .session()
        .record()
        .plies()
        .iter()
        .map(|p| p.mv)
        .collect();
    let next = puzzle.next_move(&line, 3_000_000).unwrap();
    assert_eq!(
        app.status().unwrap().text,
        format!("hint: look at {} (H again: the move)", next.square)
    );
}

#[test]
fn the_lessons_and_the_puzzles_open_from_the_new_game_dialog() {
    use taktui::game::Session;
    use taktui::game::store::Store;
    use taktui::record::GameRecord;
    use taktui::rules::{BoardSize, GameConfig};
    use taktui::tui::screens::PlayScreen;
    let data = tempfile::tempdir().unwrap();
    let new_app = || {
        let record = GameRecord::for_config(GameConfig::new(BoardSize::new(5).unwrap()));
        App::new(
            Screen::Play(PlayScreen::new(Session::new(record, None))),
            common::options(),
            Keeper::new(Some(Store::in_data_dir(data.path()))),
        )
    };
    // A lesson done before: the next one opens, with its introduction.
    let (lessons, _) = study::lessons(None);
    let mut progress = Progress::default();
    progress.lessons.insert(lessons[0].id.clone());
    progress.save(&Progress::path(data.path())).unwrap();
    let mut app = new_app();
    press(&mut app, "n Right Right Right");
    let text = screen_text(&mut app, 100, 30);
    assert!(
        text.contains("< Lessons >") && text.contains("tak learn"),
        "{text}"
    );
    press(&mut app, "Enter");
    assert!(app.dialog().is_some(), "the lesson's introduction");
    let text = screen_text(&mut app, 100, 30);
    assert!(text.contains(&lessons[1].title), "{text}");
    assert!(matches!(app.screen(), Screen::Study(_)));
    // From the lesson, n leads back to a game.
    press(&mut app, "Esc n");
    assert!(
        matches!(app.dialog(), Some(taktui::tui::Dialog::NewGame(_))),
        "{:?}",
        app.dialog()
    );
    press(&mut app, "Enter");
    assert!(
        matches!(app.screen(), Screen::Play(_)),
        "{:?}",
        app.screen()
    );
    // The puzzles: their list.
    let mut app = new_app();
    press(&mut app, "n Left Enter");
    assert!(
        matches!(app.screen(), Screen::PuzzleList(_)),
        "{:?}",
        app.screen()
    );
}

#[test]
fn the_first_lesson_starts_the_cursor_where_enter_places_a_stone() {
    // The middle of its 3x3 board holds Black's stone: Enter there would be refused.
    let mut app = lessons_app(0, Progress::path(&scratch("study-cursor")));
    press(&mut app, "Esc");
    let cursor = study(&app).play().cursor();
    let position = study(&app).play().position().clone();
    assert!(position.board().stack(cursor).is_empty(), "{cursor}");
    press(&mut app, "Enter");
    judged(&mut app);
    assert!(
        app.status().is_some_and(|s| s.text.starts_with("Placed")),
        "{:?}",
        app.status()
    );
}

#[test]
fn asking_for_the_engine_in_a_lesson_speaks_of_no_streak() {
    let folder = scratch("study-no-engine");
    let mut app = lessons_app(1, Progress::path(&folder));
    press(&mut app, "Esc a");
    let said = app.status().map(|s| s.text.clone()).unwrap_or_default();
    assert_eq!(said, "no engine here: H gives a hint");
}

#[test]
fn the_board_waits_while_a_move_is_judged_and_undo_drops_the_judgement() {
    let folder = scratch("study-judging");
    let mut app = puzzles_app(Progress::path(&folder));
    press(&mut app, "Down Down Enter");
    let Task::Puzzle { puzzles, index, .. } = study(&app).task() else {
        panic!("a puzzle")
    };
    let first = puzzles[*index].solution()[0].to_string();
    press(&mut app, ":");
    type_text(&mut app, &first);
    press(&mut app, "Enter");
    // Judged away from the screen: nothing is heard before the next tick.
    assert!(study(&app).is_judging());
    assert_eq!(moves(&app), std::slice::from_ref(&first));
    // Another move now is refused, the board as it was.
    let position = study(&app).play().position().clone();
    let empty = position
        .size()
        .squares()
        .find(|&square| !position.board().occupied().contains(square))
        .expect("an empty square");
    type_text(&mut app, &empty.to_string());
    press(&mut app, "Enter");
    assert_eq!(moves(&app), std::slice::from_ref(&first));
    assert_eq!(
        app.status().map(|s| s.text.clone()).as_deref(),
        Some("a moment: your last move is being judged")
    );
    // Undo takes the move back and drops the judgement: no defence comes after.
    press(&mut app, "Esc u");
    assert!(!study(&app).is_judging());
    assert!(moves(&app).is_empty());
    app.tick();
    assert!(moves(&app).is_empty(), "no late answer");
    // Played again and answered.
    press(&mut app, ":");
    type_text(&mut app, &first);
    press(&mut app, "Enter");
    judged(&mut app);
    assert_eq!(moves(&app).len(), 2, "the move and the defence");
}

#[test]
fn the_easiest_puzzles_come_first() {
    let (puzzles, _) = study::puzzles(None);
    assert!(
        puzzles
            .windows(2)
            .all(|w| w[0].difficulty <= w[1].difficulty),
        "{:?}",
        puzzles.iter().map(|p| p.difficulty).collect::<Vec<_>>()
    );
}

#[test]
fn the_key_bar_names_esc_in_a_puzzle_not_in_a_lesson() {
    let folder = scratch("study-esc-bar");
    let mut app = puzzles_app(Progress::path(&folder));
    press(&mut app, "Enter");
    assert!(matches!(app.screen(), Screen::Study(_)));
    let text = screen_text(&mut app, 120, 30);
    let bar = text.lines().last().unwrap();
    assert!(bar.contains("Esc list") && bar.contains("q quit"), "{bar}");
    // At 80 columns it stays, as help and quit do; board keys give way.
    let text = screen_text(&mut app, 80, 24);
    let bar = text.lines().last().unwrap();
    assert!(bar.contains("Esc list") && bar.contains("q quit"), "{bar}");
    let mut app = lessons_app(1, Progress::path(&folder));
    press(&mut app, "Esc");
    let text = screen_text(&mut app, 120, 30);
    let bar = text.lines().last().unwrap();
    assert!(bar.contains("q quit") && !bar.contains("Esc list"), "{bar}");
}

/// The message shown, if any.
fn status(app: &App) -> String {
    app.status().map(|s| s.text.clone()).unwrap_or_default()
}

#[test]
fn in_a_lesson_esc_says_how_lessons_go_and_the_help_offers_no_list() {
    let folder = scratch("study-lesson-esc");
    let mut app = lessons_app(1, Progress::path(&folder));
    press(&mut app, "Esc");
    assert!(app.dialog().is_none(), "the introduction closed");
    press(&mut app, "Esc");
    assert!(matches!(app.screen(), Screen::Study(_)));
    assert!(
        status(&app).contains("lessons go in order: ] and [ go to the next"),
        "{}",
        status(&app)
    );
    press(&mut app, "?");
    let text = screen_text(&mut app, 120, 40);
    assert!(!text.contains("the list of puzzles"), "{text}");
}

#[test]
fn going_past_the_last_lesson_says_it_starts_again_at_the_first() {
    let folder = scratch("study-lesson-wrap");
    let (lessons, _) = study::lessons(None);
    let last = lessons.len() - 1;
    let mut app = lessons_app(last, Progress::path(&folder));
    press(&mut app, "Esc ]");
    let Task::Lesson { index, .. } = study(&app).task() else {
        panic!("a lesson")
    };
    assert_eq!(*index, 0);
    assert!(
        status(&app).contains("that was the last lesson: back to the first"),
        "{}",
        status(&app)
    );
    press(&mut app, "Esc [");
    assert!(
        status(&app).contains("that was the first lesson: on to the last"),
        "{}",
        status(&app)
    );
    // An ordinary step says nothing of the kind.
    press(&mut app, "Esc [");
    assert!(!status(&app).contains("that was the"), "{}", status(&app));
}

#[test]
fn a_digit_on_an_empty_square_in_a_lesson_says_how_digits_work() {
    // Lesson 6 (moving stacks): a4 is empty.
    let mut app = lessons_app(5, Progress::path(&scratch("study-digit")));
    press(&mut app, "Esc Up Up Up Up Left Left Left Left 2");
    let said = status(&app);
    assert!(
        said.contains("a4 is empty: on the board a digit picks up that many from a stack"),
        "{said}"
    );
}

/// Opens the puzzle whose solution starts with `first`.
fn open_puzzle(app: &mut App, first: &str) {
    let (all, _) = study::puzzles(None);
    let at = all
        .iter()
        .position(|p| p.solution()[0].to_string() == first)
        .expect("the puzzle");
    for _ in 0..at {
        press(app, "Down");
    }
    press(app, "Enter");
}

/// The rows of the page shown, if a page is shown.
fn page_rows(app: &App) -> Vec<(String, String)> {
    match app.dialog() {
        Some(taktui::tui::Dialog::Help(page)) => page
            .sections()
            .iter()
            .flat_map(|section| section.rows.clone())
            .collect(),
        other => panic!("no page: {other:?}"),
    }
}

#[test]
fn giving_up_a_puzzle_shows_the_solution_and_the_defence_that_beat_each_try() {
    let folder = scratch("study-give-up");
    let path = Progress::path(&folder);
    let mut app = puzzles_app(path.clone());
    open_puzzle(&mut app, "b3+");
    press(&mut app, ":");
    type_text(&mut app, "a3");
    press(&mut app, "Enter");
    judged(&mut app);
    assert!(moves(&app).is_empty(), "taken back");
    press(&mut app, "Esc G");
    let rows = page_rows(&app);
    let solution = rows
        .iter()
        .find(|(key, _)| key == "Solution")
        .unwrap_or_else(|| panic!("{rows:?}"));
    assert!(solution.1.starts_with("b3+"), "{rows:?}");
    let tried = rows
        .iter()
        .find(|(key, _)| key == "a3")
        .unwrap_or_else(|| panic!("{rows:?}"));
    // The defence named is one after which no road is forced: the solver agrees.
    let escape = tried
        .1
        .strip_prefix("Black escapes with ")
        .and_then(|rest| rest.split(':').next())
        .unwrap_or_else(|| panic!("{tried:?}"));
    let Task::Puzzle { puzzles, index, .. } = study(&app).task() else {
        panic!("a puzzle")
    };
    let mut position = puzzles[*index].start().clone();
    for mv in ["a3", escape] {
        position
            .play(taktui::notation::parse_move(mv, position.size()).unwrap())
            .unwrap();
    }
    let left = puzzles[*index].solution().len() as u32 - 2;
    assert_eq!(
        taktui::tinue::solve(&position, left, puzzles[*index].quiet_moves(), 3_000_000).verdict,
        taktui::tinue::Verdict::NoWin,
        "{escape} holds"
    );
    assert!(!study(&app).is_solved(), "given up, not solved");
    assert_eq!(Progress::load(&path).unwrap().streak, 0);
}

#[test]
fn a_wrong_best_move_is_answered_with_what_the_better_move_gains() {
    let folder = scratch("study-best-gain");
    let mut app = puzzles_app(Progress::path(&folder));
    let (all, _) = study::puzzles(None);
    let at = all
        .iter()
        .position(|p| p.kind == taktui::puzzles::PuzzleKind::Best)
        .expect("a best-move puzzle");
    for _ in 0..at {
        press(&mut app, "Down");
    }
    press(&mut app, "Enter");
    let puzzle = all[at].clone();
    let wrong = puzzle
        .start()
        .legal_moves()
        .into_iter()
        .find(|mv| *mv != puzzle.solution()[0] && !puzzle.accepted().contains(mv))
        .unwrap();
    press(&mut app, ":");
    type_text(&mut app, &wrong.to_string());
    press(&mut app, "Enter");
    judged(&mut app);
    // Said at once: only that it is not the best (the better move would give it away).
    assert!(
        status(&app).contains("there is a clearly better move"),
        "{}",
        status(&app)
    );
    press(&mut app, "Esc G");
    let rows = page_rows(&app);
    let tried = rows
        .iter()
        .find(|(key, _)| *key == wrong.to_string())
        .unwrap_or_else(|| panic!("{rows:?}"));
    let best = puzzle.solution()[0].to_string();
    assert!(
        tried.1.starts_with(&format!("{best} was better: ")),
        "{tried:?}"
    );
    assert!(tried.1.contains(&format!(" after {wrong} ")), "{tried:?}");
}

#[test]
fn a_wrong_answer_that_ends_the_game_leaves_the_focus_where_it_was() {
    let folder = scratch("study-lesson-focus");
    // Lesson 11: win on flats. A wall on c1 fills the board, four flats to four: a draw.
    let mut app = lessons_app(10, Progress::path(&folder));
    press(&mut app, "Esc :");
    type_text(&mut app, "Sc1");
    press(&mut app, "Enter");
    judged(&mut app);
    assert!(moves(&app).is_empty(), "taken back: {}", status(&app));
    assert_eq!(
        study(&app).play().focus(),
        taktui::tui::screens::Focus::Input,
        "still typing"
    );
    // So the next move typed is read as a move, and wins.
    type_text(&mut app, "c1");
    press(&mut app, "Enter");
    judged(&mut app);
    assert!(study(&app).is_solved(), "{}", status(&app));
}

#[test]
fn i_opens_the_lessons_text_again() {
    let folder = scratch("study-lesson-text");
    let mut app = lessons_app(10, Progress::path(&folder));
    press(&mut app, "Esc");
    assert!(app.dialog().is_none());
    press(&mut app, "i");
    let text = screen_text(&mut app, 100, 30);
    assert!(text.contains("Lesson 11 of 12"), "{text}");
    assert!(text.contains("this text again"), "{text}");
}
