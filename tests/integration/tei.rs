//! `tak tei` through the real binary: a scripted session over pipes, as a tournament runner
//! drives it.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::thread;
use std::time::Duration;

use taktui::notation::{Tps, parse_move};
use taktui::rules::{BoardSize, GameConfig, Position};

/// A generous bound for any one reply: a safety net against a hung engine, not a speed check.
const PATIENCE: Duration = Duration::from_secs(120);

struct Session {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Session {
    fn start() -> Session {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tak"))
            .args(["tei", "--hash", "8"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("tak starts");
        let stdin = child.stdin.take().unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        let (sender, lines) = channel();
        thread::spawn(move || {
            for line in stdout.lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        Session {
            child,
            stdin,
            lines,
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
    }

    /// Lines up to and including the first that starts with `prefix`.
    fn until(&mut self, prefix: &str) -> Vec<String> {
        let mut seen = Vec::new();
        loop {
            match self.lines.recv_timeout(PATIENCE) {
                Ok(line) => {
                    let done = line.starts_with(prefix);
                    seen.push(line);
                    if done {
                        return seen;
                    }
                }
                Err(RecvTimeoutError::Timeout) => panic!("no {prefix:?} after {seen:?}"),
                Err(RecvTimeoutError::Disconnected) => panic!("tak ended; before: {seen:?}"),
            }
        }
    }

    /// The move of the `bestmove` line ending the replies.
    fn best_move(&mut self) -> (String, Vec<String>) {
        let lines = self.until("bestmove");
        let last = lines.last().unwrap();
        let mv = last.split_whitespace().nth(1).expect("a move").to_owned();
        (mv, lines)
    }
}

fn start(size: u8) -> Position {
    Position::new(GameConfig::new(BoardSize::new(size).unwrap()))
}

fn assert_legal(position: &Position, text: &str) {
    let mv = parse_move(text, position.size()).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert!(position.legal_moves().contains(&mv), "{text} is not legal");
}

/// Starts a session and goes through the handshake, checking what the engine says of itself.
fn handshake() -> Session {
    let mut tei = Session::start();
    tei.send("tei");
    let hello = tei.until("teiok");
    assert!(hello[0].starts_with("id name taktui"), "{hello:?}");
    assert!(hello.iter().any(|l| l.starts_with("id author ")));
    assert!(
        hello
            .iter()
            .any(|l| l.starts_with("option name HalfKomi type spin"))
    );
    assert!(
        hello
            .iter()
            .any(|l| l.starts_with("size 3 4 5 6 7 8 halfkomi"))
    );
    assert!(
        hello
            .iter()
            .any(|l| l.starts_with("option name Threads type spin default ")
                && l.ends_with(" min 1 max 8")),
        "{hello:?}"
    );
    tei
}

#[test]
fn threads_are_taken_from_the_option_and_the_command_line() {
    let mut tei = handshake();
    tei.send("teinewgame 5");
    tei.send("position startpos moves a1 e5");
    for threads in ["2", "1", "3"] {
        tei.send(&format!("setoption name Threads value {threads}"));
        tei.send("go movetime 200");
        let (mv, lines) = tei.best_move();
        assert!(
            lines.iter().all(|l| !l.starts_with("info string")),
            "{lines:?}"
        );
        // Each depth's result said once: never again at the end with only its count of
        // nodes grown (the helpers' last nodes).
        let said = |line: &String| {
            let depth = line.split(" time ").next().unwrap_or_default().to_owned();
            let result = line.split(" score ").nth(1).unwrap_or_default().to_owned();
            (depth, result)
        };
        let results: Vec<_> = lines
            .iter()
            .filter(|l| l.starts_with("info depth"))
            .map(said)
            .collect();
        assert!(results.windows(2).all(|w| w[0] != w[1]), "{lines:?}");
        let mut position = start(5);
        for played in ["a1", "e5"] {
            position
                .play(parse_move(played, position.size()).unwrap())
                .unwrap();
        }
        assert_legal(&position, &mv);
    }
    tei.send("setoption name Threads value 9");
    assert_eq!(
        tei.until("info string"),
        ["info string Threads is 1 to 8, not 9: 8 it is"]
    );
    for (flag, works) in [("2", true), ("0", false), ("9", false)] {
        let status = Command::new(env!("CARGO_BIN_EXE_tak"))
            .args(["tei", "--threads", flag])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .unwrap();
        assert_eq!(status.success(), works, "--threads {flag}");
    }
}

#[test]
fn a_game_by_racetracks_script() {
    let mut tei = handshake();
    // racetrack's order: options, isready, then teinewgame N and isready before each game.
    tei.send("setoption name HalfKomi value 4");
    tei.send("isready");
    assert_eq!(tei.until("readyok"), ["readyok"]);
    tei.send("teinewgame 5");
    tei.send("isready");
    tei.until("readyok");

    // From the start, with moves; a depth limit reports each depth.
    tei.send("position startpos moves a1 e5");
    tei.send("go depth 3");
    let (mv, lines) = tei.best_move();
    let mut position = start(5);
    for ply in ["a1", "e5"] {
        position.play(ply.parse().unwrap()).unwrap();
    }
    assert_legal(&position, &mv);
    let infos: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .collect();
    assert!(
        infos.iter().any(|l| l.starts_with("info depth 3 ")),
        "{lines:?}"
    );
    assert!(
        infos
            .iter()
            .all(|l| l.contains(" score cp ") && l.contains(" pv "))
    );

    // A TPS with a road in one, under a node budget.
    tei.send("position tps x5/x5/x5/2,2,2,2,x/1,1,x,1,1 1 6");
    tei.send("go nodes 500");
    assert_eq!(tei.best_move().0, "c1");

    // By the clock.
    tei.send("position startpos moves a1 e5 c3");
    tei.send("go wtime 2000 btime 2000 winc 100 binc 100");
    let (mv, _) = tei.best_move();
    position.play("c3".parse().unwrap()).unwrap();
    assert_legal(&position, &mv);

    // The newer teinewgame form, and movetime.
    tei.send("teinewgame size 6 halfkomi 5");
    tei.send("isready");
    tei.until("readyok");
    tei.send("position startpos");
    tei.send("go movetime 100");
    assert_legal(&start(6), &tei.best_move().0);

    // Infinite until stopped; isready is answered during the search.
    tei.send("go infinite");
    tei.send("isready");
    let before = tei.until("readyok");
    assert!(!before.iter().any(|l| l.starts_with("bestmove")));
    tei.send("stop");
    assert_legal(&start(6), &tei.best_move().0);

    // Quit during a search ends the process at once and cleanly.
    tei.send("go infinite");
    tei.send("quit");
    let status = tei.child.wait().unwrap();
    assert!(status.success());
}

#[test]
fn bad_input_gets_an_info_string_and_the_session_goes_on() {
    let mut tei = handshake();
    for bad in [
        "hello",
        "position tps not/a/tps 1 1",
        "position startpos moves a1 a1",
        "setoption name Nope value 1",
        "setoption name HalfKomi value lots",
        "setoption name Level value 11",
        "teinewgame size 11",
        "teinewgame abc",
        "teinewgame size 5 halfkomi 40",
        "setoption name HalfKomi value 13",
        "setoption name Hash value 0",
        "position",
        "position tps x5/x5/x5/x5/x5 1 1 extra",
    ] {
        tei.send(bad);
        let reply = tei.until("info string");
        assert_eq!(reply.len(), 1, "{bad}: {reply:?}");
    }
    // A game that can be played: after the refused ones above, there is none.
    tei.send("teinewgame 5");
    tei.send("position startpos moves a1 a1");
    tei.until("info string");
    tei.send("go depth 2");
    assert_eq!(tei.best_move().0, "--", "no position after a bad one");
    tei.send("go infinite");
    tei.until("info string go without a position");
    tei.send("isready");
    assert_eq!(tei.until("readyok"), ["readyok"], "no bestmove before stop");
    tei.send("stop");
    assert_eq!(tei.best_move().0, "--");
    // A finished game has no move, and says why.
    tei.send("position tps 1,1,1/x3/2,2,x 2 3");
    tei.send("go depth 2");
    let (mv, lines) = tei.best_move();
    assert_eq!(mv, "--");
    assert_eq!(
        lines[0],
        "info string the game is over in this position: no move"
    );
    // `go infinite` there waits for `stop`, as UCI says, then says the same.
    tei.send("go infinite");
    assert_eq!(
        tei.until("info string"),
        ["info string the game is over in this position: no move"]
    );
    tei.send("isready");
    assert_eq!(tei.until("readyok"), ["readyok"], "no bestmove before stop");
    tei.send("stop");
    assert_eq!(tei.best_move().0, "--");
    // A limit that cannot be read is answered at once, not searched without end.
    tei.send("position startpos");
    for bad in ["go depth -1", "go movetime abc", "go depth"] {
        tei.send(bad);
        let (mv, lines) = tei.best_move();
        assert_eq!(mv, "--", "{bad}: {lines:?}");
        assert!(lines[0].starts_with("info string go: "), "{bad}: {lines:?}");
    }
    tei.send("stop");
    tei.send("isready");
    assert_eq!(tei.until("readyok"), ["readyok"]);
}

#[test]
fn every_size_and_a_tps_of_its_own_size() {
    let mut tei = handshake();
    for size in 3..=8 {
        tei.send(&format!("teinewgame {size}"));
        tei.send("position startpos moves a1");
        tei.send("go depth 2");
        let (mv, _) = tei.best_move();
        let mut position = start(size);
        position.play("a1".parse().unwrap()).unwrap();
        assert_legal(&position, &mv);
    }
    // A 6x6 TPS after an 8x8 game: the TPS says the size.
    let text = "2,x4,1/2,x2,1,2C,x/2,x,2S,21C,1,x/1,x,12,112S,1,1/x2,21,1221,2,x/x3,1,2,x 1 8";
    tei.send(&format!("position tps {text}"));
    tei.send("setoption name Level value 3");
    tei.send("go depth 2");
    let tps: Tps = text.parse().unwrap();
    assert_legal(&tps.to_standard_position().unwrap(), &tei.best_move().0);
}

#[test]
fn the_end_of_input_stops_any_search_and_ends_the_session() {
    // A search without end, and one that would take far longer than any test.
    for go in ["go infinite", "go depth 30"] {
        let mut tei = Session::start();
        tei.send("tei");
        tei.send("teinewgame 6");
        tei.send("position startpos");
        tei.send(go);
        tei.until("info depth");
        drop(tei.stdin);
        // The reader ends when tak does: it would think for ever if the search went on.
        let lines: Vec<String> = tei.lines.iter().collect();
        assert!(
            lines.iter().any(|l| l.starts_with("bestmove ")),
            "{go}: the best move so far is still told: {lines:?}"
        );
        assert!(tei.child.wait().unwrap().success());
    }
}

#[test]
fn a_search_ends_with_one_last_info_line_and_its_move() {
    let mut tei = handshake();
    tei.send("teinewgame 5");
    tei.send("position startpos moves a1 e5");
    tei.send("go depth 3");
    let (_, lines) = tei.best_move();
    let infos: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .collect();
    for pair in infos.windows(2) {
        assert_ne!(pair[0], pair[1], "{lines:?}");
    }
    assert!(
        infos
            .iter()
            .all(|l| !l.contains(" time 0 ") || !l.contains(" nps ")),
        "no rate at time 0: {lines:?}"
    );
}

#[test]
fn a_line_that_is_not_utf8_is_answered_and_the_session_goes_on() {
    let mut tei = handshake();
    tei.stdin.write_all(b"caf\xe9\n").unwrap();
    tei.send("isready");
    assert_eq!(
        tei.until("readyok"),
        [
            "info string a line that is not UTF-8 text: not read (\"caf\u{fffd}\")",
            "readyok"
        ]
    );
}

#[test]
fn go_after_a_refused_teinewgame_is_refused_until_a_game_that_can_be_played() {
    let mut tei = handshake();
    tei.send("teinewgame 6");
    tei.send("isready");
    tei.until("readyok");
    // No 9x9 game, nor a komi beyond what it plays: the 6x6 game before is no stand-in.
    for refused in [
        "teinewgame 9",
        "teinewgame size 6 halfkomi 40",
        "teinewgame nine",
    ] {
        tei.send(refused);
        tei.send("position startpos");
        tei.send("go depth 1");
        let (mv, lines) = tei.best_move();
        assert_eq!(mv, "--", "{refused}: {lines:?}");
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("info string no game to play: the last teinewgame")),
            "{refused}: {lines:?}"
        );
    }
    tei.send("teinewgame 4");
    tei.send("position startpos");
    tei.send("go depth 1");
    let (mv, _) = tei.best_move();
    assert_legal(&start(4), &mv);
}
