//! Analysis in the replay: the whole game analysed by a key (marks in the move list, the
//! graph, the analysed file beside the original, which is untouched), and the position shown
//! analysed by an external engine (`tak tei`, a real subprocess) or by one that fails.

use std::path::PathBuf;

use crate::common::{self, options, press, replay, screen_text};
use taktui::game::Library;
use taktui::game::engines::EngineEntry;
use taktui::game::store::Keeper;
use taktui::notation::Judgement;
use taktui::record::read_ptn;
use taktui::tui::{App, Screen};

/// White builds file b while Black wanders: 4... c1 lets b4 make the road.
const GAME: &str = "[Size \"4\"]\n\n1. a1 d4 2. b1 d3 3. b2 d2 4. b3 c1 5. b4\n";

fn viewer(file: PathBuf, engine: Option<EngineEntry>) -> App {
    let text = std::fs::read_to_string(&file).unwrap_or_else(|_| GAME.to_owned());
    let library = Library::new(file, read_ptn(&text).unwrap());
    let screen = Screen::for_file(library, None, 0).unwrap();
    App::new(screen, options(), Keeper::default()).analysing_with(engine)
}

fn engine(name: &str, program: &str, args: &[&str]) -> EngineEntry {
    common::engine_entry(name, program, args)
}

use crate::common::until;

#[test]
fn the_whole_game_is_analysed_marked_graphed_and_written_beside_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("game.ptn");
    std::fs::write(&file, GAME).unwrap();
    let mut app = viewer(file.clone(), None);
    press(&mut app, "A");
    let text = screen_text(&mut app, 80, 24);
    assert!(text.contains("Game analysis:"), "{text}");
    // Counted in positions: the start and one after each of the 9 plies.
    assert!(text.contains(" of 10 positions"), "{text}");
    until(&mut app, |app| {
        app.status().is_some_and(|s| s.text.starts_with("analysed"))
    });
    let record = replay(&app).game().replay.record();
    assert_eq!(
        record.plies()[7].marks.judgement,
        Some(Judgement::Blunder),
        "c1??"
    );
    let written = dir.path().join("game-analysed.ptn");
    assert!(written.exists());
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        GAME,
        "the file is untouched"
    );
    press(&mut app, "End Left");
    let text = screen_text(&mut app, 100, 30);
    assert!(text.contains("Game analysis here: #1"), "{text}");
    assert!(text.contains("c1??"), "the mark in the move list: {text}");
    assert!(
        text.contains('▲'),
        "the ply shown marked under the graph: {text}"
    );
    // A live search beside it: each of the two evaluations says which it is.
    press(&mut app, "Left a");
    until(&mut app, |app| replay(app).suggestion().is_some());
    let text = screen_text(&mut app, 100, 40);
    assert!(text.contains("Live search: depth"), "{text}");
    assert!(text.contains("Game analysis here: "), "{text}");
    assert!(!text.contains("Evaluation here"), "{text}");
}

#[test]
fn an_analysed_file_shows_its_graph_when_opened_and_is_analysed_afresh() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("game.ptn");
    std::fs::write(&file, GAME).unwrap();
    let mut app = viewer(file, None);
    press(&mut app, "A");
    until(&mut app, |app| {
        app.status().is_some_and(|s| s.text.starts_with("analysed"))
    });
    // The analysed file, opened as a person would the next day: no key pressed.
    let analysed = dir.path().join("game-analysed.ptn");
    let mut app = viewer(analysed, None);
    press(&mut app, "End Left");
    let text = screen_text(&mut app, 100, 30);
    assert!(text.contains("Game analysis here: #1"), "{text}");
    assert!(
        text.contains('▲'),
        "the graph, the ply shown marked: {text}"
    );
    assert!(
        !text.contains("Game analysis:"),
        "nothing is running: {text}"
    );
    // Analysed again, it is said once, not twice.
    press(&mut app, "A");
    until(&mut app, |app| {
        app.status().is_some_and(|s| s.text.starts_with("analysed"))
    });
    let again = std::fs::read_to_string(dir.path().join("game-analysed-2.ptn")).unwrap();
    let games = read_ptn(&again).unwrap();
    let record = games[0].record.as_ref().unwrap();
    assert_eq!(record.comments().len(), 2, "one legend, one start: {again}");
    assert!(
        record.plies().iter().all(|ply| ply.comments.len() == 1),
        "one evaluation a ply: {again}"
    );
    assert_eq!(record.plies()[7].marks.judgement, Some(Judgement::Blunder));
}

#[test]
fn analysis_keeps_the_variations_and_the_tags() {
    let text = "[Size \"4\"]\n[Event \"Club night\"]\n[Player1 \"Ann\"]\n\n\
                1. a1 d4 2. b1 d3 3. b2 d2 4. b3 c1 5. b4\n\n{2w1}\n2. c1 d3\n";
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("game.ptn");
    std::fs::write(&file, text).unwrap();
    let library = Library::new(file.clone(), read_ptn(text).unwrap());
    let screen = Screen::for_file(library, None, 0).unwrap();
    let mut app = App::new(screen, options(), Keeper::default());
    press(&mut app, "A");
    until(&mut app, |app| {
        app.status().is_some_and(|s| s.text.starts_with("analysed"))
    });
    let record = replay(&app).game().replay.record();
    assert!(record.has_branches(), "the variation is still there");
    let written = std::fs::read_to_string(dir.path().join("game-analysed.ptn")).unwrap();
    assert!(written.contains("{2w1}\n2. c1"), "{written}");
    // In the conventional order, as every file taktui writes.
    assert!(
        written.starts_with("[Event \"Club night\"]\n[Player1 \"Ann\"]\n[Size \"4\"]\n"),
        "{written}"
    );
    // Written over the file (w, then Enter twice): the variation stays.
    press(&mut app, "w Enter Enter");
    let saved = std::fs::read_to_string(&file).unwrap();
    assert!(saved.contains("{2w1}\n2. c1"), "{saved}");
    assert!(saved.contains("[Event \"Club night\"]"), "{saved}");
}

#[test]
fn an_external_engine_analyses_the_position_shown() {
    let tak = env!("CARGO_BIN_EXE_tak");
    let mut app = viewer(
        PathBuf::from("game.ptn"),
        Some(engine("tak tei", tak, &["tei", "--hash", "4"])),
    );
    press(&mut app, "Right Right a");
    until(&mut app, |app| replay(app).suggestion().is_some());
    let text = screen_text(&mut app, 100, 30);
    assert!(text.contains("Live search: depth"), "{text}");
    // Its move is marked on the board where it goes.
    let best = replay(&app).suggestion().unwrap();
    let marked = replay(&app).board_view().marks.hint;
    assert!(marked.contains(best.square), "{best} marked: {text}");
    press(&mut app, "a");
}

#[test]
fn an_engine_that_fails_at_analysis_says_so_in_the_panel() {
    let script = "while read l; do case $l in tei) echo teiok;; isready) echo readyok;; go*) echo 'cannot think' >&2; exit 9;; esac; done";
    let mut app = viewer(
        PathBuf::from("game.ptn"),
        Some(engine("broken", "sh", &["-c", script])),
    );
    press(&mut app, "a");
    until(&mut app, |app| {
        screen_text(app, 100, 30).contains("Live search failed")
    });
    let text = screen_text(&mut app, 100, 30);
    assert!(text.contains("cannot think"), "its last words: {text}");
}

#[test]
fn quitting_while_the_game_is_analysed_asks_and_can_keep_what_is_known() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("game.ptn");
    std::fs::write(&file, GAME).unwrap();
    let mut app = viewer(file.clone(), None);
    press(&mut app, "A q");
    let text = screen_text(&mut app, 100, 30);
    assert!(text.contains("The whole game is being analysed."), "{text}");
    // Staying keeps it running; quitting again asks again.
    press(&mut app, "n");
    assert!(!app.should_quit());
    press(&mut app, "q s");
    assert!(app.should_quit(), "{:?}", app.status());
    let written = std::fs::read_to_string(dir.path().join("game-analysed.ptn")).unwrap();
    assert!(written.contains("Analysed by"), "{written}");
    assert!(written.contains("The analysis stopped with "), "{written}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), GAME, "untouched");
    // Without a running analysis, q quits at once, as ever.
    let mut app = viewer(file, None);
    press(&mut app, "q");
    assert!(app.should_quit());
}
