//! The real `tak` binary in a pseudo-terminal, as a player sees it: everything it writes goes
//! through a terminal emulator (`vt100`), and the tests read the emulated screen.
//!
//! Nothing here sleeps for a fixed time: every step waits until the screen shows what it should
//! (or the process ends), up to a generous timeout, and a failure prints the screen. Every child
//! is killed if its test fails, so no `tak` outlives the tests.

#![cfg(unix)]

use crate::common;
use std::io::{ErrorKind, Read as _, Write as _};
use std::num::NonZeroU16;
use std::path::Path;
use std::process::Command;
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use portable_pty::{Child, CommandBuilder, ExitStatus, MasterPty, PtySize, native_pty_system};
use tempfile::TempDir;

/// How long any one step may take: generous, for a loaded two-core CI machine.
const TIMEOUT: Duration = Duration::from_secs(10);

/// The usual terminal size for these tests.
const SIZE: (u16, u16) = (100, 30);

/// F12: panics the app when `TAKTUI_TEST_PANIC=1`.
const F12: &str = "\x1b[24~";

/// What the terminal has received so far.
struct Output {
    /// The emulated terminal, fed with every byte.
    parser: vt100::Parser,
    /// Every byte, to check for escape sequences the screen no longer shows.
    raw: Vec<u8>,
    /// The terminal has closed: the process (the last holder of its side) has ended.
    closed: bool,
}

/// The output, shared with the thread that reads the terminal, and a signal when it changes.
struct Shared {
    output: Mutex<Output>,
    changed: Condvar,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, Output> {
        self.output.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// A `tak` process in a pseudo-terminal. Dropping it kills the process if it still runs.
struct Tak {
    child: Box<dyn Child + Send + Sync>,
    master: Box<dyn MasterPty + Send>,
    writer: Box<dyn std::io::Write + Send>,
    shared: Arc<Shared>,
    /// The terminal's modes before the app started (printed, as the type is nix's).
    modes_before: String,
}

impl Tak {
    /// Starts `tak args` in a 100x30 terminal, keeping its data in `data`.
    fn start(data: &Path, args: &[&str]) -> Self {
        Self::start_with(data, args, SIZE, &[])
    }

    /// Starts `tak args` in a terminal of `(columns, rows)`, with extra environment variables.
    fn start_with(
        data: &Path,
        args: &[&str],
        (cols, rows): (u16, u16),
        env: &[(&str, &str)],
    ) -> Self {
        let pair = native_pty_system()
            .openpty(PtySize {
                rows,
                cols,
                pixel_width: 0,
                pixel_height: 0,
            })
            .expect("a pseudo-terminal opens");
        let mut command = CommandBuilder::new(env!("CARGO_BIN_EXE_tak"));
        command.args(args);
        command.cwd(data);
        command.env("TAKTUI_DATA_DIR", data);
        // Settings too: a developer's own config.toml must not change what the tests see.
        command.env("TAKTUI_CONFIG_DIR", data);
        command.env("TERM", "xterm-256color");
        // No backtrace: the panic message must stay on one screen.
        command.env("RUST_BACKTRACE", "0");
        command.env_remove("RUST_LIB_BACKTRACE");
        command.env_remove("TAKTUI_TEST_PANIC");
        for (key, value) in env {
            command.env(key, value);
        }
        let modes_before = format!("{:?}", pair.master.get_termios());
        let child = pair.slave.spawn_command(command).expect("tak starts");
        // Only the child may hold the terminal's side: its end is then the end of output.
        drop(pair.slave);
        let master = pair.master;
        let parser = vt100::Parser::new(
            NonZeroU16::new(rows).expect("rows"),
            NonZeroU16::new(cols).expect("columns"),
            0,
        );
        let shared = Arc::new(Shared {
            output: Mutex::new(Output {
                parser,
                raw: Vec::new(),
                closed: false,
            }),
            changed: Condvar::new(),
        });
        let mut reader = master.try_clone_reader().expect("a reader");
        let feed = Arc::clone(&shared);
        std::thread::spawn(move || {
            let mut buf = [0; 8192];
            loop {
                let n = match reader.read(&mut buf) {
                    Err(error) if error.kind() == ErrorKind::Interrupted => continue,
                    // Linux answers EIO once the other side has closed.
                    Ok(0) | Err(_) => 0,
                    Ok(n) => n,
                };
                let mut output = feed.lock();
                if n == 0 {
                    output.closed = true;
                } else {
                    output.parser.process(&buf[..n]);
                    output.raw.extend_from_slice(&buf[..n]);
                }
                drop(output);
                feed.changed.notify_all();
                if n == 0 {
                    break;
                }
            }
        });
        let writer = master.take_writer().expect("a writer");
        Self {
            child,
            master,
            writer,
            shared,
            modes_before,
        }
    }

    /// Types `keys` (raw bytes, as a terminal would send them).
    fn send(&mut self, keys: &str) {
        self.writer
            .write_all(keys.as_bytes())
            .and_then(|()| self.writer.flush())
            .expect("keys reach the terminal");
    }

    /// Waits until the screen satisfies `done`; fails with the screen if it never does, or if
    /// the process ends first.
    fn wait_until(&self, what: &str, done: impl Fn(&vt100::Screen) -> bool) {
        let deadline = Instant::now() + TIMEOUT;
        let mut output = self.shared.lock();
        loop {
            if done(output.parser.screen()) {
                return;
            }
            let now = Instant::now();
            if output.closed || now >= deadline {
                let why = if output.closed {
                    "the process ended"
                } else {
                    "timed out"
                };
                let screen = show(output.parser.screen());
                drop(output);
                panic!("{why} waiting for {what}; the screen:\n{screen}");
            }
            output = self
                .shared
                .changed
                .wait_timeout(output, deadline - now)
                .unwrap_or_else(PoisonError::into_inner)
                .0;
        }
    }

    /// Waits until the screen shows `text` (runs of spaces and line ends count as one space).
    fn wait_for(&self, text: &str) {
        self.wait_until(&format!("{text:?}"), |screen| shows(screen, text));
    }

    /// Waits for the game screen, and checks the terminal is taken over as it should be.
    fn wait_for_board(&self) {
        self.wait_for("press : or Tab to type a move");
        let output = self.shared.lock();
        let screen = output.parser.screen();
        assert!(
            screen.alternate_screen(),
            "the game runs in the alternate screen"
        );
        assert_ne!(
            screen.mouse_protocol_mode(),
            vt100::MouseProtocolMode::None,
            "the mouse is read"
        );
    }

    /// Types a move in the input line (which has the focus) and waits for `shown` to appear.
    fn play(&mut self, ptn: &str, shown: &str) {
        self.send(&format!("{ptn}\r"));
        self.wait_for(shown);
    }

    /// Waits for the process to end (its terminal closes), and returns how it ended.
    fn wait_exit(&mut self) -> ExitStatus {
        let deadline = Instant::now() + TIMEOUT;
        let mut output = self.shared.lock();
        while !output.closed {
            let now = Instant::now();
            if now >= deadline {
                let screen = show(output.parser.screen());
                drop(output);
                panic!("timed out waiting for tak to end; the screen:\n{screen}");
            }
            output = self
                .shared
                .changed
                .wait_timeout(output, deadline - now)
                .unwrap_or_else(PoisonError::into_inner)
                .0;
        }
        drop(output);
        // The terminal closes as the process exits; reaping it can lag a moment behind.
        loop {
            if let Some(status) = self.child.try_wait().expect("the child's status") {
                return status;
            }
            assert!(
                Instant::now() < deadline,
                "tak closed its terminal but lives on"
            );
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    /// Sends a signal (by name: TERM, HUP, KILL) to the process.
    fn signal(&self, name: &str) {
        let pid = self.child.process_id().expect("a process id");
        // The shell's own `kill`: no external program needed.
        let status = Command::new("sh")
            .args(["-c", r#"kill -s "$0" "$1""#, name, &pid.to_string()])
            .status()
            .expect("sh runs");
        assert!(status.success(), "kill -s {name} {pid}: {status}");
    }

    /// The screen as text, with runs of whitespace as one space.
    fn text(&self) -> String {
        squeeze(&self.shared.lock().parser.screen().contents())
    }

    /// Everything written to the terminal, as text (escape sequences included).
    fn raw(&self) -> String {
        String::from_utf8_lossy(&self.shared.lock().raw).into_owned()
    }

    /// Quits with `q`, says yes when asked, and checks that `tak` ended well and gave the
    /// terminal back as it was.
    fn quit_saying_yes(&mut self) {
        self.send("q");
        self.wait_for("Quit?");
        self.send("y");
        let status = self.wait_exit();
        assert!(status.success(), "{status}:\n{}", self.text());
        self.assert_restored();
    }

    /// Checks the terminal is given back as found: main screen, no mouse reporting, no
    /// bracketed paste, the line modes (raw mode off) as before the app started.
    fn assert_restored(&self) {
        let output = self.shared.lock();
        let screen = output.parser.screen();
        let shown = show(screen);
        assert!(
            !screen.alternate_screen(),
            "still in the alternate screen:\n{shown}"
        );
        assert_eq!(
            screen.mouse_protocol_mode(),
            vt100::MouseProtocolMode::None,
            "mouse reporting still on:\n{shown}"
        );
        assert!(
            !screen.bracketed_paste(),
            "bracketed paste still on:\n{shown}"
        );
        drop(output);
        let modes_after = format!("{:?}", self.master.get_termios());
        assert_eq!(
            modes_after, self.modes_before,
            "the terminal modes (raw mode) were not restored"
        );
    }
}

impl Drop for Tak {
    fn drop(&mut self) {
        if matches!(self.child.try_wait(), Ok(None)) {
            // SIGHUP, then SIGKILL if it lingers.
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// Runs of whitespace (line ends too) as one space.
fn squeeze(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Whether the screen shows `text`, whitespace runs counting as one space.
fn shows(screen: &vt100::Screen, text: &str) -> bool {
    squeeze(&screen.contents()).contains(&squeeze(text))
}

/// The screen, row by row in a frame, for failure messages.
fn show(screen: &vt100::Screen) -> String {
    let (_, cols) = screen.size();
    let rule = "-".repeat(usize::from(cols.get()));
    let rows: Vec<String> = screen
        .rows(0, cols.get())
        .map(|row| format!("|{row}"))
        .collect();
    format!("+{rule}\n{}\n+{rule}", rows.join("\n"))
}

/// The moves of the one unfinished game kept in `data`, as PTN.
fn recovered_moves(data: &Path) -> Vec<String> {
    let games = taktui::game::store::Store::in_data_dir(data).unfinished();
    assert_eq!(
        games.len(),
        1,
        "one unfinished game kept in {}",
        data.display()
    );
    let taktui::game::store::KeptRecord::Tak(record) = &games[0].game else {
        panic!("not a game of Tak")
    };
    record
        .plies()
        .iter()
        .map(|ply| ply.mv.to_string())
        .collect()
}

fn data_dir() -> TempDir {
    tempfile::tempdir().expect("a temporary folder")
}

#[test]
fn a_short_game_typed_in_ptn_then_quit_keeps_it_for_next_time() {
    let data = data_dir();
    let mut tak = Tak::start(data.path(), &[]);
    tak.wait_for_board();
    tak.wait_for("(none yet)");
    // Plain `tak` is a game for two: it says where the computer and the lessons are.
    tak.wait_for("n for the computer, lessons or puzzles");

    tak.send(":");
    tak.wait_for("type a move such as");
    tak.play("a1", "1. a1");
    tak.play("e5", "1. a1 e5");
    tak.play("c3", "2. c3");
    tak.play("d4", "2. c3 d4");
    tak.wait_for("White to move");

    tak.send("\t");
    tak.wait_for("press : or Tab to type a move");
    tak.send("q");
    tak.wait_for("Quit?");
    tak.wait_for("This game is not saved in a file.");
    tak.send("y");

    let status = tak.wait_exit();
    assert!(status.success(), "{status}:\n{}", tak.text());
    tak.assert_restored();
    let text = tak.text();
    assert!(
        text.contains("The game was not saved.") && text.contains("offers to resume it."),
        "{text}"
    );
    assert_eq!(recovered_moves(data.path()), ["a1", "e5", "c3", "d4"]);
}

#[test]
fn a_panic_gives_the_terminal_back_and_shows_the_message() {
    let data = data_dir();
    let mut tak = Tak::start_with(data.path(), &[], SIZE, &[("TAKTUI_TEST_PANIC", "1")]);
    tak.wait_for_board();
    tak.send(F12);

    let status = tak.wait_exit();
    assert!(!status.success(), "a panic fails the process: {status}");
    tak.assert_restored();
    let text = tak.text();
    assert!(text.contains("panicked at"), "{text}");
    assert!(text.contains("test panic requested"), "{text}");
}

/// The panic message must survive the next shell prompt: the terminal is restored once, before
/// the message. A second "leave the alternate screen" after it would, in xterm-like terminals,
/// put the cursor back where it was when `tak` started, above the message, to be overwritten.
#[test]
fn after_a_panic_the_cursor_stays_below_the_message() {
    let data = data_dir();
    let mut tak = Tak::start_with(data.path(), &[], SIZE, &[("TAKTUI_TEST_PANIC", "1")]);
    tak.wait_for_board();
    tak.send(F12);
    tak.wait_exit();

    let output = tak.shared.lock();
    let screen = output.parser.screen();
    let message = screen
        .rows(0, SIZE.0)
        .position(|row| row.contains("test panic requested"))
        .expect("the panic message is on the screen");
    let (cursor, _) = screen.cursor_position();
    assert!(
        usize::from(cursor) > message,
        "the cursor (row {cursor}) is above the panic message (row {message}):\n{}",
        show(screen)
    );
}

#[test]
fn a_killed_game_is_offered_back_and_resumes() {
    let data = data_dir();
    {
        let mut tak = Tak::start(data.path(), &[]);
        tak.wait_for_board();
        tak.send(":");
        tak.wait_for("type a move such as");
        tak.play("a1", "1. a1");
        tak.play("e5", "1. a1 e5");
        // The game is kept before the move is drawn: the kill cannot beat it.
        tak.signal("KILL");
        let status = tak.wait_exit();
        assert!(!status.success(), "{status}");
    }
    assert_eq!(recovered_moves(data.path()), ["a1", "e5"]);

    let mut tak = Tak::start(data.path(), &[]);
    tak.wait_for("Unfinished games");
    tak.wait_for("White to move, just now");
    tak.send("\r");
    tak.wait_for("resumed the unfinished game");
    tak.wait_for("1. a1 e5");
    tak.wait_for("White to move");
    tak.wait_for_board();

    // Resuming keeps the game in the store until it is saved or finished.
    tak.quit_saying_yes();
    assert_eq!(recovered_moves(data.path()), ["a1", "e5"]);
}

#[test]
fn a_match_killed_mid_game_is_taken_up_with_that_game_where_it_was() {
    let data = data_dir();
    let args = [
        "match", "--white", "Ann", "--black", "Bob", "--size", "3", "--games", "2", "--out",
        "m.ptn",
    ];
    {
        let mut tak = Tak::start(data.path(), &args);
        tak.wait_for_board();
        tak.send(":");
        tak.wait_for("type a move such as");
        // Ann (White) makes a road along rank 1.
        for mv in ["c3", "a1", "b1", "c2", "c1"] {
            tak.send(&format!("{mv}\r"));
        }
        tak.wait_for("Ann (White) wins by road");
        tak.send("\r");
        tak.wait_for("Match game 2 of 2");
        tak.send(":");
        tak.play("a1", "1. a1");
        tak.play("c3", "1. a1 c3");
        tak.signal("KILL");
        let status = tak.wait_exit();
        assert!(!status.success(), "{status}");
    }
    assert_eq!(recovered_moves(data.path()), ["a1", "c3"]);

    let mut tak = Tak::start(data.path(), &[&args[..], &["--continue"]].concat());
    tak.wait_for("game 2 taken up where it was left");
    tak.wait_for("1. a1 c3");
    tak.wait_for("Ann 16 points, Bob 0 points");
    tak.send(":");
    tak.wait_for("type a move such as");
    // Ann (Black) makes a road up the a-file.
    for mv in ["b2", "a2", "c2", "a3"] {
        tak.send(&format!("{mv}\r"));
    }
    tak.wait_for("Ann (Black) wins by road");
    let text = std::fs::read_to_string(data.path().join("m.ptn")).unwrap();
    let games = taktui::record::read_ptn(&text).unwrap();
    assert_eq!(games.len(), 2, "{text}");
    let second: Vec<String> = games[1]
        .record
        .as_ref()
        .unwrap()
        .plies()
        .iter()
        .map(|ply| ply.mv.to_string())
        .collect();
    assert_eq!(second, ["a1", "c3", "b2", "a2", "c2", "a3"]);
    // Finished and filed: no longer kept to resume.
    assert!(
        taktui::game::store::Store::in_data_dir(data.path())
            .unfinished()
            .is_empty()
    );
}

#[test]
fn a_match_killed_in_its_first_game_has_no_file_yet_and_is_taken_up_all_the_same() {
    let data = data_dir();
    let args = [
        "match", "--white", "Ann", "--black", "Bob", "--size", "3", "--games", "2", "--out",
        "m.ptn",
    ];
    {
        let mut tak = Tak::start(data.path(), &args);
        tak.wait_for_board();
        tak.send(":");
        tak.wait_for("type a move such as");
        tak.play("a1", "1. a1");
        tak.signal("KILL");
        tak.wait_exit();
    }
    assert!(!data.path().join("m.ptn").exists(), "no game finished");
    // Plain `tak` lists it as the match's.
    {
        let mut tak = Tak::start(data.path(), &[]);
        tak.wait_for("Match, game 1 of 2: Ann vs Bob");
        // Resuming it here, out of its match, is said first.
        tak.send("\r");
        tak.wait_for("--continue on its tak match takes it up there; Enter again plays it here");
        tak.send("q");
        tak.wait_exit();
    }
    let tak = Tak::start(data.path(), &[&args[..], &["--continue"]].concat());
    tak.wait_for("game 1 taken up where it was left");
    tak.wait_for("1. a1");
    tak.wait_for("Match game 1 of 2");
}

#[test]
fn a_saved_game_against_the_computer_plays_on_against_it() {
    let data = data_dir();
    std::fs::write(
        data.path().join("g.ptn"),
        "[Size \"4\"]\n[Player1 \"Ann\"]\n[Player2 \"Computer (level 1)\"]\n\n1. a1 d4\n",
    )
    .unwrap();
    let mut tak = Tak::start(data.path(), &["play", "g.ptn"]);
    tak.wait_for_board();
    tak.send(":");
    tak.wait_for("type a move such as");
    tak.play("b2", "2. b2");
    // The computer answers: the move list's second move gets Black's reply.
    tak.wait_until("the computer's reply", |screen| {
        let text = squeeze(&screen.contents());
        text.split("2. b2 ")
            .nth(1)
            .and_then(|rest| rest.split(' ').next())
            .is_some_and(|word| word.parse::<taktui::rules::Move>().is_ok())
    });
}

#[test]
fn moves_pasted_in_the_real_terminal_are_played_not_pressed() {
    let data = data_dir();
    let mut tak = Tak::start(data.path(), &[]);
    tak.wait_for_board();
    // As a terminal sends a paste once bracketed paste is on: the letters are no commands
    // (`a` would turn analysis on, `n` open the new-game dialog).
    tak.send("\x1b[200~1. a1 e5 2. c3 n\x1b[201~");
    tak.wait_for("> 1. a1 e5 2. c3 n");
    tak.send("\x15");
    tak.send("\x1b[200~1. a1 e5 2. c3\x1b[201~\r");
    tak.wait_for("1. a1 e5");
    tak.wait_for("2. c3");
    // Esc alone (followed at once by q it would read as Alt+Q).
    tak.send("\x1b");
    tak.wait_for("press : or Tab to type a move");
    tak.quit_saying_yes();
}

#[test]
fn tak_kaen_offers_its_own_unfinished_series_back() {
    let data = data_dir();
    {
        let mut tak = Tak::start(data.path(), &["kaen", "--seed", "5"]);
        tak.wait_for("before the roll");
        tak.send("\r");
        // The roll is kept before the die is drawn.
        tak.wait_for("places a stone");
        tak.signal("KILL");
        let status = tak.wait_exit();
        assert!(!status.success(), "{status}");
    }
    // A series set up on the command line is played; the kept one waits.
    {
        let mut tak = Tak::start(data.path(), &["kaen", "--chips", "50"]);
        tak.wait_for("1 unfinished game is kept: plain `tak kaen` offers to resume it");
        assert!(!tak.text().contains("Unfinished games"), "{}", tak.text());
        tak.signal("KILL");
        tak.wait_exit();
    }
    let mut tak = Tak::start(data.path(), &["kaen"]);
    tak.wait_for("Unfinished games");
    tak.send("\r");
    tak.wait_for("resumed the unfinished game");
    tak.wait_for("places a stone");
    // Still kept (and held by this tak) before any other key: a kill now loses nothing.
    let games = taktui::game::store::Store::in_data_dir(data.path()).unfinished();
    assert_eq!(games.len(), 1, "{games:?}");
    assert!(games[0].held, "held by the tak playing it");
    tak.quit_saying_yes();
}

#[test]
fn tak_puzzles_puzzle_opens_that_puzzle_at_the_board() {
    let data = data_dir();
    let mut tak = Tak::start(data.path(), &["puzzles", "--puzzle", "3"]);
    tak.wait_for("Puzzle 3 of ");
    tak.wait_for("H hint");
    tak.send("q");
    assert!(tak.wait_exit().success());
}

#[test]
fn save_as_offers_a_free_name_when_a_game_of_the_same_minute_took_it() {
    let data = data_dir();
    // Away from a minute's end, so that the name the app makes is the one made here.
    let second = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs()
        % 60;
    if second > 50 {
        std::thread::sleep(Duration::from_secs(61 - second));
    }
    let stem = taktui::record::Stamp::now().file_stem();
    std::fs::write(data.path().join(format!("tak-{stem}.ptn")), "taken").unwrap();
    let mut tak = Tak::start(data.path(), &[]);
    tak.wait_for_board();
    tak.send(":");
    tak.play("a1", "1. a1");
    tak.send("\t");
    tak.send("W");
    tak.wait_for(&format!("tak-{stem}-2.ptn"));
}

/// Ends a game with one move played by `signal`, in an 80x24 terminal.
fn a_signal_ends_the_game_cleanly(signal: &str) {
    let data = data_dir();
    let mut tak = Tak::start_with(data.path(), &[], (80, 24), &[]);
    tak.wait_for_board();
    tak.send(":");
    tak.wait_for("type a move such as");
    tak.play("c3", "1. c3");
    tak.signal(signal);

    let status = tak.wait_exit();
    assert!(status.success(), "SIG{signal}: {status}:\n{}", tak.text());
    tak.assert_restored();
    let text = tak.text();
    assert!(text.contains("The game was not saved."), "{text}");
    assert_eq!(recovered_moves(data.path()), ["c3"]);
}

#[test]
fn sigterm_ends_the_game_with_the_terminal_restored() {
    a_signal_ends_the_game_cleanly("TERM");
}

#[test]
fn sighup_ends_the_game_with_the_terminal_restored() {
    a_signal_ends_the_game_cleanly("HUP");
}

#[test]
fn sigint_ends_the_game_with_the_terminal_restored() {
    a_signal_ends_the_game_cleanly("INT");
}

#[test]
fn sigquit_ends_the_game_with_the_terminal_restored() {
    a_signal_ends_the_game_cleanly("QUIT");
}

#[test]
fn sigusr1_ends_the_game_with_the_terminal_restored() {
    a_signal_ends_the_game_cleanly("USR1");
}

#[test]
fn sigalrm_ends_the_game_with_the_terminal_restored() {
    a_signal_ends_the_game_cleanly("ALRM");
}

/// Runs `tak args`, which must fail before taking over the terminal, and returns its screen.
fn fails_plainly(args: &[&str]) -> String {
    let data = data_dir();
    let mut tak = Tak::start(data.path(), args);
    let status = tak.wait_exit();
    let text = tak.text();
    assert!(!status.success(), "tak {args:?} succeeded: {text}");
    let raw = tak.raw();
    assert!(
        !raw.contains("\x1b[?1049h"),
        "tak {args:?} entered the alternate screen: {raw:?}"
    );
    assert!(
        !raw.contains("\x1b[?1000h"),
        "tak {args:?} turned on the mouse: {raw:?}"
    );
    tak.assert_restored();
    assert!(
        !data.path().join("games").exists(),
        "tak {args:?} kept a game"
    );
    text
}

#[test]
fn a_bad_size_is_a_plain_error() {
    let text = fails_plainly(&["--size", "9"]);
    assert!(text.starts_with("error:"), "{text}");
    assert!(text.contains("board sizes are 3 to 8"), "{text}");
}

#[test]
fn an_unquoted_tps_is_named_as_such() {
    let text = fails_plainly(&["--tps", "x5/x5/x5/x5/x5", "1", "1"]);
    assert!(text.contains("put it in quotes"), "{text}");
    assert!(text.contains("--tps 'x5/x5/x5/x5/x5 1 1'"), "{text}");
}

#[test]
fn a_missing_file_is_a_plain_error() {
    let text = fails_plainly(&["play", "nonexistent.ptn"]);
    assert!(text.starts_with("error: nonexistent.ptn"), "{text}");
}

#[test]
fn a_replay_steps_to_the_end_and_shows_the_result() {
    let data = data_dir();
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/taktician/zoo/2016-round7-game2.ptn"
    );
    let mut tak = Tak::start(data.path(), &[file]);
    tak.wait_for("Ply 0 of 40: start position");
    tak.send("\x1b[F"); // End
    tak.wait_for("Ply 40 of 40: 20... d4");
    let text = tak.text();
    assert!(
        squeeze(&text).contains("nelhage (White) wins on flats: F-0"),
        "{text}"
    );
    assert!(
        squeeze(&text).contains("recorded F-0: the rules agree"),
        "{text}"
    );
    // The final position's last rank: a5 b5 c5 White flats, d5 e5 Black walls.
    assert!(
        squeeze(&text).contains("5 │ F │ F │ F │ s │ s │ 5"),
        "{text}"
    );
    tak.send("\x1b[H"); // Home
    tak.wait_for("Ply 0 of 40: start position");
    tak.send("q");
    assert!(tak.wait_exit().success());
    tak.assert_restored();
}

/// The process's state letter from /proc (`T` when stopped), on Linux.
fn process_state(tak: &Tak) -> Option<char> {
    let pid = tak.child.process_id()?;
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // After "pid (name) ": the state.
    stat.rsplit_once(") ")?.1.chars().next()
}

#[test]
fn ctrl_z_suspends_with_the_terminal_given_back_and_fg_resumes() {
    if !Path::new("/proc/self/stat").exists() {
        return; // Only where /proc tells a stopped process from a running one.
    }
    let data = data_dir();
    let mut tak = Tak::start(data.path(), &[]);
    tak.wait_for_board();
    tak.send(":");
    tak.play("a1", "1. a1");
    tak.send("\x1b");
    tak.wait_for_board();
    tak.send("\x1a");
    let deadline = Instant::now() + TIMEOUT;
    while process_state(&tak) != Some('T') {
        assert!(Instant::now() < deadline, "tak did not stop on Ctrl+Z");
        std::thread::sleep(Duration::from_millis(10));
    }
    tak.wait_until("the main screen back", |screen| !screen.alternate_screen());
    tak.assert_restored();
    tak.wait_until("the cursor shown at the shell", |screen| {
        !screen.hide_cursor()
    });
    tak.signal("CONT");
    tak.wait_until("the game back", |screen| {
        screen.alternate_screen() && shows(screen, "1. a1")
    });
    tak.wait_until("the cursor hidden again", vt100::Screen::hide_cursor);
    tak.quit_saying_yes();
}

/// The colour of the first "White" on the screen (the panel's player line).
fn white_name_color(tak: &Tak) -> vt100::Color {
    let output = tak.shared.lock();
    let screen = output.parser.screen();
    let (_, cols) = screen.size();
    for (row, text) in screen.rows(0, cols.get()).enumerate() {
        if let Some(col) = text
            .chars()
            .collect::<Vec<_>>()
            .windows(5)
            .position(|w| w.iter().collect::<String>() == "White")
        {
            let cell = screen.cell(row as u16, col as u16).expect("a cell");
            return cell.fgcolor();
        }
    }
    panic!("no White on the screen:\n{}", show(screen));
}

#[test]
fn a_theme_chosen_is_remembered_for_the_next_game() {
    let data = data_dir();
    let mut tak = Tak::start(data.path(), &["--theme", "light", "--color", "always"]);
    // Said on screen, with the way back (the message takes the input line's row too), and
    // again in the shell once the game is left.
    let said = "the light theme is remembered for the next tak (tak --theme dark changes it)";
    // The game's screen first: the note is on stderr too, before the game takes the terminal.
    tak.wait_for("? help · q quit");
    tak.wait_for(said);
    // The light theme's White: brown (256-colour 130), not bright yellow.
    assert_eq!(white_name_color(&tak), vt100::Color::Idx(130));
    tak.send("q");
    assert!(tak.wait_exit().success());
    tak.assert_restored();
    assert!(tak.text().contains(said), "{}", tak.text());
    let config = std::fs::read_to_string(data.path().join("config.toml")).expect("remembered");
    assert_eq!(config, "theme = \"light\"\n");

    let mut tak = Tak::start(data.path(), &["--color", "always"]);
    tak.wait_for("? help · q quit");
    tak.wait_for("light theme, as remembered (tak --theme dark changes it)");
    assert_eq!(
        white_name_color(&tak),
        vt100::Color::Idx(130),
        "still light"
    );
    tak.send("q");
    assert!(tak.wait_exit().success());
}

#[test]
fn a_malformed_config_file_is_a_warning_and_stays_as_it_was() {
    let data = data_dir();
    let config = data.path().join("config.toml");
    std::fs::write(&config, "theme = = light").expect("written");
    let mut tak = Tak::start(
        data.path(),
        &["--theme", "solarized-dark", "--color", "always"],
    );
    tak.wait_for_board();
    // The theme given applies all the same.
    assert_eq!(white_name_color(&tak), vt100::Color::Idx(136));
    tak.send("q");
    assert!(tak.wait_exit().success());
    tak.assert_restored();
    let text = tak.text();
    assert!(
        text.contains("tak: warning: --theme not remembered in"),
        "{text}"
    );
    assert_eq!(
        std::fs::read_to_string(&config).expect("still there"),
        "theme = = light"
    );
}

#[test]
fn size_reads_records_whose_size_tag_is_wrong_in_replay_and_play() {
    let data = data_dir();
    let file = data.path().join("six.ptn");
    std::fs::write(&file, "[Size \"5\"]\n\n1. f6 a1 2. b2 c3\n").unwrap();
    let path = file.to_str().unwrap();
    let mut tak = Tak::start(data.path(), &["replay", "--size", "6", path]);
    tak.wait_for("Ply 0 of 4");
    tak.send("q");
    assert!(tak.wait_exit().success());
    // A ply past the end: the end, and a word on it.
    let mut tak = Tak::start(data.path(), &["replay", "--size", "6", "--ply", "9", path]);
    tak.wait_for("the game has 4 plies: shown at its end");
    tak.send("q");
    assert!(tak.wait_exit().success());
    let mut tak = Tak::start(data.path(), &["play", "--size", "6", path]);
    tak.wait_for("2. b2 c3");
    tak.wait_for("White to move");
    tak.send("q");
    assert!(tak.wait_exit().success(), "nothing changed: no question");
}

#[test]
fn play_game_n_plays_on_from_that_game_of_a_file() {
    let data = data_dir();
    let file = data.path().join("two.ptn");
    std::fs::write(
        &file,
        "[Size \"5\"]\n\n1. a1 e5\n\n[Size \"5\"]\n\n1. e1 a5 2. c3 d4\n",
    )
    .unwrap();
    let path = file.to_str().unwrap();
    let mut tak = Tak::start(data.path(), &["play", "--game", "2", path]);
    tak.wait_for("2. c3 d4");
    tak.send("q");
    assert!(tak.wait_exit().success());
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_tak"))
        .args(["play", "--game", "3", path])
        .env("TAKTUI_DATA_DIR", data.path())
        .output()
        .unwrap();
    assert!(!output.status.success());
    let said = String::from_utf8_lossy(&output.stderr);
    assert!(
        said.contains("--game 3: ") && said.contains("two.ptn holds 2 games"),
        "{said}"
    );
}

#[test]
fn a_game_set_up_on_the_command_line_is_played_and_the_kept_ones_wait() {
    let data = data_dir();
    {
        let mut tak = Tak::start(data.path(), &[]);
        tak.wait_for_board();
        tak.send(":");
        tak.play("a1", "1. a1");
        tak.signal("KILL");
        tak.wait_exit();
    }
    // Asked for a game against the computer: that game, not the list of kept ones.
    let mut tak = Tak::start(data.path(), &["--vs", "computer:2", "--size", "3"]);
    tak.wait_for_board();
    tak.wait_for("1 unfinished game is kept: plain `tak` offers to resume it");
    assert!(!tak.text().contains("Unfinished games"), "{}", tak.text());
    // Nothing played in it: it ends without asking.
    tak.send("\x03");
    assert!(tak.wait_exit().success());
    // Plain `tak` offers it still.
    let mut tak = Tak::start(data.path(), &[]);
    tak.wait_for("Unfinished games");
    tak.send("\x03");
    tak.wait_exit();
}

#[test]
fn the_computer_answers_in_the_real_terminal() {
    let data = data_dir();
    let mut tak = Tak::start(data.path(), &["--vs", "computer:2", "--size", "3"]);
    tak.wait_for_board();
    tak.send(":");
    tak.play("a1", "1. a1");
    // Its reply comes on its own: the loop wakes for the computer's news.
    tak.wait_until("the computer's reply", |screen| {
        let text = squeeze(&screen.contents());
        text.contains("1. a1 ") && text.contains("White to move")
    });
    tak.send("\x03");
    tak.wait_for("Quit?");
    tak.send("y");
    assert!(tak.wait_exit().success());
    tak.assert_restored();
}

/// A 5x5 game of ten minutes and five seconds, no komi, unrated.
fn five_by_five() -> taktui::online::protocol::GameSettings {
    use taktui::online::protocol::{ExtraTime, GameSettings};
    use taktui::rules::{BoardSize, Komi};
    GameSettings {
        size: BoardSize::new(5).expect("5x5"),
        time: Duration::from_secs(600),
        increment: Duration::from_secs(5),
        komi: Komi::from_halves(0).expect("no komi"),
        stones: 21,
        capstones: 1,
        rated: false,
        tournament: false,
        extra_time: ExtraTime::default(),
    }
}

/// The one online game saved in the data folder `data`: its moves in the server's notation,
/// and its `Result` tag.
fn saved_online_game(data: &Path) -> (Vec<String>, Option<String>) {
    use taktui::online::server_moves::to_server;
    let saved: Vec<_> = std::fs::read_dir(data.join("online"))
        .expect("the online folder")
        .flatten()
        .map(|entry| entry.path())
        .collect();
    assert_eq!(saved.len(), 1, "{saved:?}");
    let text = std::fs::read_to_string(&saved[0]).expect("the saved game");
    let record = taktui::record::read_ptn(&text).expect("PTN")[0]
        .record
        .clone()
        .expect("a game");
    let moves = record
        .plies()
        .iter()
        .enumerate()
        .map(|(i, ply)| {
            to_server(&record.position_at(i), ply.mv)
                .expect("writable")
                .to_string()
        })
        .collect();
    (moves, record.tags().get("Result").map(str::to_owned))
}

/// `tak online` in the real binary against the real PlayTak server: a guest logs in and sees
/// the lobby, a seek posted by another client shows up in it, Enter accepts it, and the game
/// is played on the board, moves both ways (typed in PTN and picked with the arrows here, the
/// other client's from the server), to a road; the PTN saved and the server's `games.db` hold
/// the same moves and result; q leaves with the terminal given back.
#[test]
fn tak_online_accepts_a_seek_and_plays_the_game_to_a_road_on_the_board() {
    use common::playtak::{PASSWORD, Server, connect, expect_message, logged_in};
    use taktui::online::connection::{Login, Options};
    use taktui::online::protocol::{Command, SeekColor, SeekRequest, ServerMessage};
    use taktui::online::server_moves::ServerMove;
    let Some(server) = Server::start(&["alice"]) else {
        return;
    };
    let login = Login::account("alice", PASSWORD).expect("an account");
    let mut alice = connect(&server.ws_url(), login, Options::default());
    logged_in(&mut alice);
    let data = data_dir();
    let url = server.ws_url();
    let mut tak = Tak::start_with(
        data.path(),
        &["online", "--server", &url, "--guest"],
        (80, 24),
        &[("NO_COLOR", "1")],
    );
    tak.wait_for("you are Guest");
    tak.wait_for("no seeks: n posts one");
    let seek = SeekRequest::new(five_by_five(), SeekColor::White, None).expect("a seek");
    alice.send(&Command::Seek(seek)).expect("sent");
    tak.wait_for("alice             5x5   10+5");
    tak.send("\r");
    let start = expect_message(&mut alice, "the game's start", |message| match message {
        ServerMessage::GameStart(start) => Some(start.clone()),
        _ => None,
    });
    assert_eq!(start.white, "alice");
    assert!(start.black.starts_with("Guest"), "{start:?}");
    let game = start.game;
    tak.wait_for(&format!("game {game} against alice: you play Black"));
    // alice's moves come from the server; the guest's are typed, or picked on the board.
    let alice_plays = |alice: &mut taktui::online::connection::Connection, words: &str| {
        let words: Vec<&str> = words.split(' ').collect();
        let mv = ServerMove::parse_words(&words).expect("a move");
        alice.send(&Command::Move { game, mv }).expect("sent");
    };
    let heard_from_guest = |alice: &mut taktui::online::connection::Connection| {
        expect_message(alice, "the guest's move", |message| match message {
            ServerMessage::Move { game: g, mv } if *g == game => Some(mv.to_string()),
            _ => None,
        })
    };
    alice_plays(&mut alice, "P E5");
    tak.wait_for("alice played e5: your move");
    tak.send(":a1\r");
    assert_eq!(heard_from_guest(&mut alice), "P A1");
    tak.send("\x1b");
    for (hers, ours) in [("B2", "e4"), ("C2", "e3"), ("D2", "e2")] {
        alice_plays(&mut alice, &format!("P {hers}"));
        tak.wait_for(&format!("alice played {}: your move", hers.to_lowercase()));
        tak.send(&format!(":{ours}\r"));
        assert_eq!(
            heard_from_guest(&mut alice),
            format!("P {}", ours.to_uppercase())
        );
        tak.send("\x1b");
    }
    alice_plays(&mut alice, "P B3");
    tak.wait_for("alice played b3: your move");
    // e1 picked on the board: the board is turned for Black, so e1 is up and left of the
    // cursor's c3 (two each way), then f places a flat there.
    tak.send("\x1b[A\x1b[A\x1b[D\x1b[Df");
    assert_eq!(heard_from_guest(&mut alice), "P E1");
    tak.wait_for("0-R: Guest");
    tak.wait_for("wins by road. You win");
    let rows = server.finished_games(1);
    assert_eq!(rows.len(), 1, "{rows:?}");
    let (moves, result) = saved_online_game(data.path());
    let guest = &start.black;
    assert_eq!(
        rows[0],
        format!("alice|{guest}|{}|0-R", moves.join(",")),
        "the server's games.db and the PTN saved agree"
    );
    assert_eq!(result.as_deref(), Some("0-R"));
    tak.send("q");
    tak.wait_for("back in the lobby");
    tak.send("q");
    assert!(tak.wait_exit().success(), "{}", tak.text());
    tak.assert_restored();
}
