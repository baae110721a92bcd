//! The real PlayTak server, one per test, on loopback ports of its own.
//!
//! `bash .ci/run` builds the server (../shared/playtak-server) and says where through two
//! variables: `TAKTUI_PLAYTAK_SERVER` (the built folder, its `classpath` inside) and
//! `TAKTUI_PLAYTAK_SERVE` (the `serve.sh` that starts one). Without them a test says in one
//! line that it is skipped and returns; with them, a server that cannot start fails the test.
//!
//! Each server runs in a temporary folder of its own (its databases, its log), on three
//! consecutive ports (raw TCP, WebSocket, HTTP) from 20000-29999, picked by the process id and
//! a counter, checked free; a start that fails (a port taken meanwhile, a slow start) is tried
//! again on other ports, twice. Servers start one at a time in a test binary. It is killed
//! when dropped; when the test failed, the end of its log is printed first.

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU16, Ordering};
use std::time::{Duration, Instant};

use taktui::online::connection::{Connection, Event, Login, LoginError, Options};
use taktui::online::protocol::ServerMessage;

/// The password `serve.sh` gives every account it makes.
pub const PASSWORD: &str = "password";

/// How many times a start is tried (on other ports) before the test fails.
const TRIES: u16 = 3;

/// One server starts at a time in a test binary: a dozen JVMs starting at once on a small
/// machine could outlast `serve.sh`'s wait.
static STARTING: Mutex<()> = Mutex::new(());

/// Counts the servers this test binary started, so each gets other ports.
static STARTED: AtomicU16 = AtomicU16::new(0);

/// A PlayTak server, running until dropped.
pub struct Server {
    pid: u32,
    port: u16,
    /// The folder it runs in (databases, log), deleted with it.
    folder: tempfile::TempDir,
}

impl Server {
    /// Starts a server with accounts `names` (password [`PASSWORD`]); `None` (a line said)
    /// when the environment does not say where the server is. Panics when it cannot start.
    #[must_use]
    pub fn start(names: &[&str]) -> Option<Server> {
        let (Ok(built), Ok(serve)) = (
            std::env::var("TAKTUI_PLAYTAK_SERVER"),
            std::env::var("TAKTUI_PLAYTAK_SERVE"),
        ) else {
            eprintln!(
                "skipped: TAKTUI_PLAYTAK_SERVER and TAKTUI_PLAYTAK_SERVE are not set \
                 (bash .ci/run builds the PlayTak server and sets them)"
            );
            return None;
        };
        let classpath = Path::new(&built).join("classpath");
        let _one_at_a_time = STARTING
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let mut failures = Vec::new();
        for _ in 0..TRIES {
            let port = free_ports();
            let folder = tempfile::tempdir().expect("a temporary folder for the server");
            // serve.sh runs the server in OUT/run-PORT: OUT is this folder, with the build's
            // classpath, so nothing is written where the server was built.
            std::fs::copy(&classpath, folder.path().join("classpath")).unwrap_or_else(|e| {
                panic!("TAKTUI_PLAYTAK_SERVER={built} has no classpath file: {e}")
            });
            let output = Command::new(&serve)
                .arg(folder.path())
                .arg(port.to_string())
                .args(names)
                .output()
                .unwrap_or_else(|e| panic!("cannot run TAKTUI_PLAYTAK_SERVE={serve}: {e}"));
            let said = String::from_utf8_lossy(&output.stdout);
            if let (true, Ok(pid)) = (output.status.success(), said.trim().parse()) {
                return Some(Server { pid, port, folder });
            }
            let log = std::fs::read_to_string(folder.path().join(format!("run-{port}/server.log")))
                .unwrap_or_default();
            failures.push(format!(
                "port {port}: {}{}\n{}",
                said.trim(),
                String::from_utf8_lossy(&output.stderr).trim(),
                tail(&log, 10)
            ));
        }
        panic!("the PlayTak server did not start:\n{}", failures.join("\n"));
    }

    /// Its raw TCP port.
    #[must_use]
    pub fn port(&self) -> u16 {
        self.port
    }

    /// `tcp://127.0.0.1:PORT`.
    #[must_use]
    pub fn tcp_url(&self) -> String {
        format!("tcp://127.0.0.1:{}", self.port)
    }

    /// `ws://127.0.0.1:PORT+1/ws`.
    #[must_use]
    pub fn ws_url(&self) -> String {
        format!("ws://127.0.0.1:{}/ws", self.port + 1)
    }

    /// Its WebSocket port.
    #[must_use]
    pub fn ws_port(&self) -> u16 {
        self.port + 1
    }

    /// The folder it runs in.
    fn run_folder(&self) -> PathBuf {
        self.folder.path().join(format!("run-{}", self.port))
    }

    /// Its log so far.
    #[must_use]
    pub fn log(&self) -> String {
        std::fs::read_to_string(self.run_folder().join("server.log")).unwrap_or_default()
    }

    /// Its database of finished games.
    #[must_use]
    pub fn games_db(&self) -> PathBuf {
        self.run_folder().join("db/games.db")
    }

    /// The rows `sql` selects from `games.db`, each its columns joined by `|` (waiting while
    /// the server holds the database to write).
    #[must_use]
    pub fn games(&self, sql: &str) -> Vec<String> {
        // The server may be writing a game as it ends: wait for its lock rather than fail.
        let output = Command::new("sqlite3")
            .args(["-cmd", ".timeout 10000"])
            .arg(self.games_db())
            .arg(sql)
            .output()
            .expect("the sqlite3 program, to read games.db");
        assert!(
            output.status.success(),
            "sqlite3 {sql:?}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        String::from_utf8_lossy(&output.stdout)
            .lines()
            .map(str::to_owned)
            .collect()
    }

    /// The games over in `games.db` (the server writes a game's moves and result as it ends),
    /// as `WHITE|BLACK|MOVES|RESULT`, once there are `count` of them (or after [`PATIENCE`]).
    #[must_use]
    pub fn finished_games(&self, count: usize) -> Vec<String> {
        let deadline = Instant::now() + PATIENCE;
        loop {
            let rows = self.games(
                "SELECT player_white, player_black, notation, result FROM games \
                 WHERE result NOT IN ('', '---', '0-0') ORDER BY id",
            );
            if rows.len() >= count || Instant::now() > deadline {
                return rows;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        if std::thread::panicking() {
            eprintln!(
                "the PlayTak server on port {}, the end of its log:\n{}",
                self.port,
                tail(&self.log(), 30)
            );
        }
        let pid = self.pid.to_string();
        let _ = Command::new("kill").arg(&pid).status();
        let deadline = Instant::now() + Duration::from_secs(5);
        while alive(&pid) && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(20));
        }
        if alive(&pid) {
            let _ = Command::new("kill").args(["-9", &pid]).status();
        }
    }
}

/// Whether the process `pid` is still there.
fn alive(pid: &str) -> bool {
    Command::new("kill")
        .args(["-0", pid])
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|status| status.success())
}

/// The last `count` lines of `text`.
fn tail(text: &str, count: usize) -> String {
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(count)..].join("\n")
}

/// The first of three consecutive loopback ports, all free now, from 20000-29999: where this
/// process and its counter point, and on from there.
fn free_ports() -> u16 {
    let start = (std::process::id() % 3333) as u16;
    for _ in 0..3333 {
        let slot = (start + STARTED.fetch_add(1, Ordering::Relaxed)) % 3333;
        let port = 20000 + slot * 3;
        if (port..port + 3).all(|p| TcpListener::bind(("127.0.0.1", p)).is_ok()) {
            return port;
        }
    }
    panic!("no three free consecutive ports in 20000-29999 on 127.0.0.1");
}

/// Long enough for anything on loopback, even on a busy machine.
pub const PATIENCE: Duration = Duration::from_secs(20);

/// A connection to `url` logging in as `login`.
#[must_use]
pub fn connect(url: &str, login: Login, options: Options) -> Connection {
    Connection::open(url.parse().unwrap(), login, options, Instant::now())
}

/// Waits for the event `pick` takes (skipping others), failing the test after [`PATIENCE`]
/// with what came instead.
pub fn expect<T>(
    connection: &mut Connection,
    what: &str,
    mut pick: impl FnMut(&Event) -> Option<T>,
) -> T {
    let deadline = Instant::now() + PATIENCE;
    let mut seen = Vec::new();
    while Instant::now() < deadline {
        if let Some(event) = connection.wait(Duration::from_millis(100)) {
            if let Some(found) = pick(&event) {
                return found;
            }
            seen.push(event);
        }
    }
    panic!("no {what} within {PATIENCE:?}; came instead: {seen:#?}");
}

/// Waits for a message from the server that `pick` takes.
pub fn expect_message<T>(
    connection: &mut Connection,
    what: &str,
    mut pick: impl FnMut(&ServerMessage) -> Option<T>,
) -> T {
    expect(connection, what, |event| match event {
        Event::Message(message) => pick(message),
        _ => None,
    })
}

/// Waits for the login, and returns the name logged in under.
pub fn logged_in(connection: &mut Connection) -> String {
    expect(connection, "the login", |event| match event {
        Event::LoggedIn { name, .. } => Some(name.clone()),
        Event::Failed(error) => panic!("the login failed: {error}"),
        _ => None,
    })
}

/// Waits for the session to fail, and returns why.
pub fn failed(connection: &mut Connection) -> LoginError {
    expect(connection, "a failure", |event| match event {
        Event::Failed(error) => Some(error.clone()),
        Event::LoggedIn { name, .. } => panic!("logged in as {name}, expected a failure"),
        _ => None,
    })
}
