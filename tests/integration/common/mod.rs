//! Helpers shared by the integration tests: one key driver for every app test, the app's usual
//! options, and how random games pick their moves.

pub mod bots;
pub mod drive;
pub mod playtak;
pub mod relay;
pub mod table;

use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use taktui::game::Session;
use taktui::record::GameRecord;
use taktui::rules::{BoardSize, Color, GameConfig, Move, MoveKind, Position, Role};
use taktui::tui::screens::{PlayScreen, ReplayScreen};
use taktui::tui::{App, Focus, Options, Screen, Theme};

/// The default look (Unicode, colour), mouse on, no test panic.
#[must_use]
pub fn options() -> Options {
    Options {
        theme: Theme {
            ascii: false,
            color: true,
            palette: taktui::tui::Palette::Dark,
        },
        mouse: true,
        test_panic: false,
    }
}

/// An app playing a new game on a board of `size`, keeping nothing on disk.
#[must_use]
pub fn new_game(size: u8) -> App {
    playing(GameRecord::for_config(GameConfig::new(
        BoardSize::new(size).unwrap(),
    )))
}

/// An app playing `record` from where it stands.
#[must_use]
pub fn playing(record: GameRecord) -> App {
    App::playing(PlayScreen::new(Session::new(record, None)), options())
}

/// The key a word names: `Up`, `Down`, `Left`, `Right`, `Enter`, `Esc`, `Tab`, `Bksp`, `Home`,
/// `End`, `Del`, `PgUp`, `PgDn`, `F12`, `C-x` (Ctrl+x), or a single character.
fn key(word: &str) -> KeyEvent {
    let plain = |code| KeyEvent::new(code, KeyModifiers::NONE);
    match word {
        "Up" => plain(KeyCode::Up),
        "Down" => plain(KeyCode::Down),
        "Left" => plain(KeyCode::Left),
        "Right" => plain(KeyCode::Right),
        "Enter" => plain(KeyCode::Enter),
        "Esc" => plain(KeyCode::Esc),
        "Tab" => plain(KeyCode::Tab),
        "BackTab" => KeyEvent::new(KeyCode::BackTab, KeyModifiers::SHIFT),
        "Bksp" => plain(KeyCode::Backspace),
        "Home" => plain(KeyCode::Home),
        "End" => plain(KeyCode::End),
        "Del" => plain(KeyCode::Delete),
        "PgUp" => plain(KeyCode::PageUp),
        "PgDn" => plain(KeyCode::PageDown),
        "F1" => plain(KeyCode::F(1)),
        "F12" => plain(KeyCode::F(12)),
        "Space" => plain(KeyCode::Char(' ')),
        w if w.starts_with("C-") && w.len() == 3 => KeyEvent::new(
            KeyCode::Char(w.chars().nth(2).unwrap()),
            KeyModifiers::CONTROL,
        ),
        w => {
            assert_eq!(w.chars().count(), 1, "unknown key {w}");
            plain(KeyCode::Char(w.chars().next().unwrap()))
        }
    }
}

/// Presses keys, written one per word (see [`key`]); `"text"` (in quotes, no spaces) types
/// each character.
pub fn press(app: &mut App, keys: &str) {
    for word in keys.split_whitespace() {
        if word.len() > 1 && word.starts_with('"') {
            type_text(app, word.trim_matches('"'));
        } else {
            app.handle(&Event::Key(key(word)));
        }
    }
}

/// Types `text`, spaces and all, one character at a time.
pub fn type_text(app: &mut App, text: &str) {
    for c in text.chars() {
        app.handle(&Event::Key(KeyEvent::new(
            KeyCode::Char(c),
            KeyModifiers::NONE,
        )));
    }
}

/// Types each move in PTN into the input line (going there first when the board has the
/// focus) and plays it with Enter, then goes back to the board.
pub fn type_moves(app: &mut App, moves: &[&str]) {
    if play(app).focus() == Focus::Board {
        press(app, ":");
    }
    for mv in moves {
        type_text(app, mv);
        press(app, "Enter");
    }
    press(app, "Esc");
}

/// Tells the app the terminal is now `columns` by `rows`.
pub fn resize(app: &mut App, columns: u16, rows: u16) {
    app.handle(&Event::Resize(columns, rows));
}

/// A left click at a terminal cell.
pub fn click(app: &mut App, column: u16, row: u16) {
    app.handle(&Event::Mouse(MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column,
        row,
        modifiers: KeyModifiers::NONE,
    }));
}

/// The game being played (the test fails if none is).
#[must_use]
pub fn play(app: &App) -> &PlayScreen {
    app.play().expect("a game being played")
}

/// The replay shown (the test fails if none is).
#[must_use]
pub fn replay(app: &App) -> &ReplayScreen {
    match app.screen() {
        Screen::Replay(replay) => replay,
        other => panic!("not replaying: {other:?}"),
    }
}

/// The plies of the game being played, as PTN.
#[must_use]
pub fn plies(app: &App) -> Vec<String> {
    play(app)
        .session()
        .record()
        .plies()
        .iter()
        .map(|p| p.mv.to_string())
        .collect()
}

/// How a random game picks its moves.
#[derive(Clone, Copy, Debug)]
pub enum Style {
    /// A placement `place_eighths` times in 8 (when there are both placements and spreads),
    /// else a spread: boards fill up and games end.
    Random { place_eighths: u64 },
    /// Half the time a flat on the mover's line (White's file, Black's rank) when there is an
    /// empty square on it, else as `Random` with 7 in 8: roads, even on 8x8.
    Builder { white_file: u8, black_rank: u8 },
}

impl Style {
    /// The move `choice` picks among `moves`, the legal moves of `position`.
    #[must_use]
    pub fn pick(self, position: &Position, moves: &[Move], choice: u64) -> Move {
        let place_eighths = match self {
            Style::Random { place_eighths } => place_eighths,
            Style::Builder {
                white_file,
                black_rank,
            } => {
                let on_line = |mv: &&Move| {
                    mv.kind == MoveKind::Place(Role::Flat)
                        && match position.to_move() {
                            Color::White => mv.square.file() == white_file,
                            Color::Black => mv.square.rank() == black_rank,
                        }
                };
                let line: Vec<&Move> = moves.iter().filter(on_line).collect();
                if choice & 1 == 0 && !line.is_empty() {
                    return *line[(choice >> 1) as usize % line.len()];
                }
                7
            }
        };
        let choice = choice >> 1;
        let (places, spreads): (Vec<Move>, Vec<Move>) = moves.iter().partition(|mv| mv.is_place());
        let pool = if spreads.is_empty() || (choice & 7 < place_eighths && !places.is_empty()) {
            places
        } else {
            spreads
        };
        pool[(choice >> 3) as usize % pool.len()]
    }
}

/// What the app shows on a terminal of `columns` x `rows` (resized to it first): one string a
/// row, trailing spaces trimmed.
pub fn screen_text(app: &mut App, columns: u16, rows: u16) -> String {
    resize(app, columns, rows);
    let mut terminal =
        ratatui::Terminal::new(ratatui::backend::TestBackend::new(columns, rows)).unwrap();
    terminal.draw(|frame| app.render(frame)).unwrap();
    let buffer = terminal.backend().buffer();
    (0..rows)
        .map(|y| {
            (0..columns)
                .map(|x| buffer[(x, y)].symbol())
                .collect::<String>()
                .trim_end()
                .to_owned()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// A fresh scratch folder for one test (emptied if a run before left it). Every test runs in the
/// one process, whose id is in the folder's name: a `name` given twice panics, rather than two
/// tests sharing (and emptying) one folder.
pub fn scratch(name: &str) -> std::path::PathBuf {
    static GIVEN: std::sync::Mutex<Vec<String>> = std::sync::Mutex::new(Vec::new());
    let mut given = GIVEN
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    assert!(
        !given.iter().any(|earlier| earlier == name),
        "scratch folder {name:?} is another test's: give this one a name of its own"
    );
    given.push(name.to_owned());
    drop(given);
    let dir = std::env::temp_dir().join(format!("taktui-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The real `tak` with `args`, its output piped (so no screen), its data and config kept in
/// `dir`.
pub fn tak(dir: &std::path::Path, args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_tak"))
        .args(args)
        .env("TAKTUI_DATA_DIR", dir)
        .env("TAKTUI_CONFIG_DIR", dir)
        .output()
        .expect("tak runs")
}

/// Output as text.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The shell processes still running (test engines are shell scripts; not `tak` or its guard,
/// whose arguments hold the engine's command line too) whose command line holds `marker`. Every
/// test runs in the one process, at the same time as others: a marker (usually a word and the
/// process id) must be no other test's, nor part of one, nor part of a scratch folder's name.
pub fn shells_running_with(marker: &str) -> Vec<u32> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        let cmdline = std::fs::read(entry.path().join("cmdline")).unwrap_or_default();
        let stat = std::fs::read_to_string(entry.path().join("stat")).unwrap_or_default();
        let zombie = stat
            .rsplit_once(") ")
            .is_some_and(|(_, rest)| rest.starts_with('Z'));
        let shell = cmdline.split(|&b| b == 0).next() == Some(b"sh".as_slice());
        if !zombie && shell && text(&cmdline).contains(marker) {
            found.push(pid);
        }
    }
    found
}

/// An engine named `name`, started as `program args...`.
pub fn engine_entry(
    name: &str,
    program: &str,
    args: &[&str],
) -> taktui::game::engines::EngineEntry {
    taktui::game::engines::EngineEntry {
        name: name.to_owned(),
        command: taktui::tei::EngineCommand {
            program: std::path::PathBuf::from(program),
            args: args.iter().map(|a| (*a).to_owned()).collect(),
            dir: None,
        },
        options: Vec::new(),
        transcript: false,
    }
}

/// Ticks the app in real time (engines and solvers run on threads of their own) until `done`
/// says so; fails after a minute.
pub fn until(app: &mut App, done: impl Fn(&mut App) -> bool) {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    while std::time::Instant::now() < deadline {
        app.set_time(std::time::Instant::now());
        app.tick();
        if done(app) {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    panic!("not done in a minute");
}
