//! Keys, the key bar and the help page come from one table per screen and moment, so they
//! cannot disagree: every key a table names asks for what the table says (no row shadows
//! another), every key the bar shows at a moment does what the bar says there, and the help
//! page lists every row of every table of its screen.

use crate::common::{new_game, play, press};
use taktui::tui::dialogs::{CONFIRM_QUIT, Dialog};
use taktui::tui::keys::{Does, KeyTable, check_table};
use taktui::tui::screens::{BOARD, GAME_LIST, MOVING, PlayIntent, REPLAY, TYPING};
use taktui::tui::{App, Screen};

#[test]
fn no_row_of_any_table_is_shadowed() {
    for table in [&BOARD, &MOVING, &TYPING] {
        check_table(table).unwrap();
    }
    check_table(&REPLAY).unwrap();
    check_table(&GAME_LIST).unwrap();
    check_table(&CONFIRM_QUIT).unwrap();
}

/// Every key bar entry of the play screen now is a row of `table` whose first key asks the
/// screen for that row's intent at this moment; returns the bar's words.
fn bar_works(app: &App, table: &KeyTable<PlayIntent>) -> Vec<&'static str> {
    let screen = play(app);
    let bar = screen.key_bar();
    assert!(!bar.is_empty(), "a key bar at every moment");
    for entry in &bar {
        let row = table
            .bindings
            .iter()
            .find(|b| b.bar == Some(*entry))
            .unwrap_or_else(|| panic!("{entry:?} is not a row of {}", table.title));
        let key = row.keys[0].example();
        let intent = match row.does {
            Does::Intent(intent) => intent,
            // A row of characters (digits, say): the intent made from the first of them.
            Does::WithChar(make) => match key.code {
                ratatui::crossterm::event::KeyCode::Char(c) => make(c),
                other => panic!("{other:?}: a character row without a character"),
            },
        };
        assert_eq!(
            screen.intent(&key),
            Some(intent),
            "{entry:?} in {}",
            table.title
        );
    }
    bar.iter().map(|(_, word)| *word).collect()
}

#[test]
fn the_key_bar_at_every_moment_of_play_shows_keys_that_do_what_it_says() {
    let mut app = new_game(3);
    let words = bar_works(&app, &BOARD);
    assert!(
        words.contains(&"place") && !words.contains(&"new"),
        "{words:?}"
    );
    press(&mut app, ":");
    let words = bar_works(&app, &TYPING);
    assert!(words.contains(&"play"), "{words:?}");
    press(&mut app, "\"c3\" Enter \"a1\" Enter Esc");
    // The cursor is on b2; a1 holds White's flat: pick it up.
    press(&mut app, "Down Left Enter");
    assert!(play(&app).builder().is_some());
    let words = bar_works(&app, &MOVING);
    assert!(words.contains(&"drop all"), "{words:?}");
    press(&mut app, "Esc : \"b1\" Enter \"c2\" Enter \"c1\" Enter Esc");
    assert!(play(&app).position().is_over());
    let words = bar_works(&app, &BOARD);
    assert_eq!(
        words,
        ["undo", "new", "save", "help", "quit"],
        "after the game"
    );
}

#[test]
fn the_help_page_lists_every_row_of_the_screens_tables() {
    let mut app = new_game(5);
    press(&mut app, "?");
    let Some(Dialog::Help(help)) = app.dialog() else {
        panic!("the help page")
    };
    let rows: Vec<(String, String)> = help
        .sections()
        .iter()
        .flat_map(|s| s.rows.iter().cloned())
        .collect();
    for table in [&BOARD, &MOVING, &TYPING] {
        for binding in table.bindings.iter().filter(|b| !b.help.is_empty()) {
            let row = (binding.label.to_owned(), binding.help.to_owned());
            assert!(rows.contains(&row), "{row:?} of {} is missing", table.title);
        }
    }
    press(&mut app, "Esc");
    assert!(app.dialog().is_none());
    assert!(matches!(app.screen(), Screen::Play(_)));
}

/// The Rust files under `dir`, with their paths.
fn sources_under(dir: &std::path::Path) -> Vec<(std::path::PathBuf, String)> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            found.extend(sources_under(&path));
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            let text = std::fs::read_to_string(&path).unwrap();
            found.push((path, text));
        }
    }
    found
}

#[test]
fn no_screen_or_dialog_reaches_up_into_the_app_for_keys() {
    // The app holds the screens and dialogs; they take what they share (the keys of every
    // screen among them) from the key tables, so the modules form no cycle.
    let tui = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/tui");
    let mut reaching = Vec::new();
    for part in ["screens", "dialogs", "widgets"] {
        let mut files = sources_under(&tui.join(part));
        files.push((
            tui.join(format!("{part}.rs")),
            std::fs::read_to_string(tui.join(format!("{part}.rs"))).unwrap(),
        ));
        for (path, text) in files {
            if text.contains("tui::app::") || text.contains("super::app::") {
                reaching.push(path.display().to_string());
            }
        }
    }
    assert!(reaching.is_empty(), "these use tui::app: {reaching:?}");
}
