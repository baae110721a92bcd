//! The real `tak online --bot` against the real server: a bot started with an account's
//! password in its environment and its data in a folder of the test's, waited for, and what it
//! saved laid out as the server's `games.db` holds a game.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

use taktui::online::server_moves::to_server;
use taktui::record::{GameRecord, read_ptn};

use super::playtak::PASSWORD;
use super::text;

pub const TAK: &str = env!("CARGO_BIN_EXE_tak");

/// How long a bot's games may take, even on a busy machine.
pub const BOT_PATIENCE: Duration = Duration::from_secs(240);

/// `tak online --server URL --user NAME ARGS` started, its data and config in `dir`, the
/// account's password in the environment.
pub fn bot(dir: &Path, url: &str, name: &str, args: &[&str]) -> Child {
    bot_as(dir, url, &["--user", name], args)
}

/// `tak online --server URL WHO ARGS` started (`WHO`: `--user NAME` or `--guest`), its data
/// and config in `dir`, an account's password in the environment.
pub fn bot_as(dir: &Path, url: &str, who: &[&str], args: &[&str]) -> Child {
    Command::new(TAK)
        .args(["online", "--server", url])
        .args(who)
        .args(args)
        .env("TAKTUI_DATA_DIR", dir)
        .env("TAKTUI_CONFIG_DIR", dir)
        .env("TAKTUI_PLAYTAK_PASSWORD", PASSWORD)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tak runs")
}

/// Waits for `child` to end (killed, and the test failed, after [`BOT_PATIENCE`]).
pub fn finished(mut child: Child, what: &str) -> Output {
    let deadline = Instant::now() + BOT_PATIENCE;
    while Instant::now() < deadline {
        if child.try_wait().unwrap().is_some() {
            return child.wait_with_output().unwrap();
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let _ = child.kill();
    let output = child.wait_with_output().unwrap();
    panic!(
        "{what} did not finish within {BOT_PATIENCE:?}:\n{}\n{}",
        text(&output.stdout),
        text(&output.stderr)
    );
}

/// The games of a PTN file.
pub fn saved_games(path: &Path) -> Vec<GameRecord> {
    let games = read_ptn(&std::fs::read_to_string(path).unwrap()).unwrap();
    games
        .into_iter()
        .map(|game| {
            assert!(game.error.is_none(), "{:?}", game.error);
            game.record.unwrap()
        })
        .collect()
}

/// A record's moves in the server's notation, as `games.db` keeps them: `P A1,P D4,...`.
pub fn server_notation(record: &GameRecord) -> String {
    let mut moves = Vec::new();
    for (index, ply) in record.plies().iter().enumerate() {
        let before = record.position_at(index);
        moves.push(to_server(&before, ply.mv).unwrap().to_string());
    }
    moves.join(",")
}

/// A record as `games.db` has a game: `WHITE|BLACK|MOVES|RESULT`.
pub fn as_in_games_db(record: &GameRecord) -> String {
    let tags = record.tags();
    format!(
        "{}|{}|{}|{}",
        tags.player(taktui::rules::Color::White).unwrap_or_default(),
        tags.player(taktui::rules::Color::Black).unwrap_or_default(),
        server_notation(record),
        record.result_token().unwrap_or_default()
    )
}

/// Asserts that the games `--out` appended at `path` are, in order, the rows `games.db` holds.
pub fn assert_saved_as_in_db(path: &Path, in_db: &[String]) {
    let saved: Vec<String> = saved_games(path).iter().map(as_in_games_db).collect();
    assert_eq!(saved, in_db, "{}", path.display());
}

/// Asserts that a `games.db` row is a game alice (White) opened at a1 and lost to brian.
pub fn assert_alice_lost_after_a1(row: &str) {
    assert!(row.starts_with("alice|brian|P A1,"), "{row}");
    assert!(row.ends_with("|0-1"), "{row}");
}

/// The PTN files kept unfinished in a data folder's store.
pub fn kept_files(data: &Path) -> Vec<PathBuf> {
    std::fs::read_dir(data.join("games")).map_or_else(
        |_| Vec::new(),
        |entries| {
            entries
                .flatten()
                .map(|entry| entry.path())
                .filter(|path| path.extension().is_some_and(|e| e == "ptn"))
                .collect()
        },
    )
}

/// Everything a process in a pseudo-terminal wrote, read on a thread as it comes.
#[derive(Clone, Default)]
pub struct Screen(pub std::sync::Arc<std::sync::Mutex<String>>);

impl Screen {
    /// Waits until what was written holds `wanted` (the test fails after a minute).
    pub fn wait_for(&self, wanted: &str) {
        let deadline = Instant::now() + Duration::from_secs(60);
        while Instant::now() < deadline {
            if self.0.lock().unwrap().contains(wanted) {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        panic!(
            "never written: {wanted:?}; written: {}",
            self.0.lock().unwrap()
        );
    }
}
