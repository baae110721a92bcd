//! Driving engines over TEI as real subprocesses: taktui's own `tak tei`, and small misbehaving
//! engines (shell scripts written here) that crash, hang, chatter or cannot play komi. Each
//! case asserts what is said and that no process is left behind.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use taktui::rules::{BoardSize, Komi};
use taktui::tei::{EngineCommand, EngineError, EngineProcess, Said};

const WAIT: Duration = Duration::from_secs(20);

fn tak_tei() -> EngineCommand {
    EngineCommand {
        program: PathBuf::from(env!("CARGO_BIN_EXE_tak")),
        args: vec!["tei".to_owned(), "--hash".to_owned(), "4".to_owned()],
        dir: None,
    }
}

/// An engine played by a shell script.
fn script(text: &str) -> EngineCommand {
    EngineCommand {
        program: PathBuf::from("sh"),
        args: vec!["-c".to_owned(), text.to_owned()],
        dir: None,
    }
}

/// Whether a process with this id still runs (and is not a zombie).
fn alive(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .ok()
        .and_then(|stat| stat.rsplit_once(") ").map(|(_, rest)| rest.to_owned()))
        .is_some_and(|rest| !rest.starts_with('Z'))
}

/// Waits a moment for a process to be gone.
fn gone(pid: u32) -> bool {
    let deadline = Instant::now() + Duration::from_secs(5);
    while Instant::now() < deadline {
        if !alive(pid) {
            return true;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    false
}

#[test]
fn taktuis_own_engine_plays_a_move_and_leaves_nothing_behind() {
    let mut engine = EngineProcess::start(&tak_tei(), WAIT).expect("tak tei starts");
    assert!(engine.name.starts_with("taktui"), "{}", engine.name);
    assert!(engine.komi, "it takes HalfKomi");
    assert!(engine.sizes.as_ref().is_some_and(|s| s.contains(&6)));
    let komi = Komi::from_halves(4).unwrap();
    engine
        .new_game(BoardSize::new(5).unwrap(), komi, WAIT)
        .expect("a new game");
    engine.go("startpos moves a1 e5", "depth 3").unwrap();
    let mut thinking = 0;
    let deadline = Instant::now() + WAIT;
    let mv = loop {
        let said = engine.listen(deadline).expect("it answers");
        thinking += said
            .iter()
            .filter(|s| matches!(s, Said::Thinking(_)))
            .count();
        if let Some(Said::Move(mv)) = said.last() {
            break mv.clone();
        }
    };
    assert!(thinking > 0, "it says what it thinks");
    assert!(mv.parse::<taktui::rules::Move>().is_ok(), "{mv}");
    let pid = engine.id();
    drop(engine);
    assert!(gone(pid), "tak tei {pid} outlived its game");
}

#[test]
fn an_engine_that_dies_is_reported_with_its_last_words() {
    let engine = script(
        "read l; echo 'id name Crasher'; echo teiok; read l; echo 'out of memory' >&2; exit 3",
    );
    let mut engine = EngineProcess::start(&engine, WAIT).unwrap();
    assert_eq!(engine.name, "Crasher");
    let pid = engine.id();
    let error = engine
        .new_game(BoardSize::new(5).unwrap(), Komi::default(), WAIT)
        .unwrap_err();
    let said = error.to_string();
    assert!(matches!(error, EngineError::Died { .. }), "{said}");
    assert!(said.contains("out of memory"), "{said}");
    drop(engine);
    assert!(gone(pid));
}

#[test]
fn an_engine_that_hangs_is_given_up_on_in_time() {
    // It shakes hands, then never answers isready.
    let engine = script("read l; echo teiok; while read l; do :; done");
    let mut engine = EngineProcess::start(&engine, WAIT).unwrap();
    let pid = engine.id();
    let started = Instant::now();
    let error = engine
        .new_game(
            BoardSize::new(5).unwrap(),
            Komi::default(),
            Duration::from_millis(300),
        )
        .unwrap_err();
    assert!(matches!(error, EngineError::Hung { .. }), "{error}");
    assert!(error.to_string().contains("did not answer"), "{error}");
    assert!(started.elapsed() < WAIT, "given up on, not waited for");
    drop(engine);
    assert!(gone(pid), "a hung engine is killed");
}

#[test]
fn an_engine_that_never_finishes_its_handshake_is_refused() {
    let engine = script("while :; do echo 'garbage garbage'; sleep 0.05; done");
    let error = EngineProcess::start(&engine, Duration::from_millis(400)).unwrap_err();
    assert!(matches!(error, EngineError::NoHandshake { .. }), "{error}");
    assert!(
        error
            .to_string()
            .contains("it said \"garbage garbage\", which is not TEI"),
        "{error}"
    );
    // What it says cannot drive the terminal, and is escaped once, not twice.
    let colours = script("while :; do printf 'hi \\033[31mred\\n'; sleep 0.05; done");
    let error = EngineProcess::start(&colours, Duration::from_millis(400)).unwrap_err();
    assert!(
        error.to_string().contains("it said \"hi \\u{1b}[31mred\""),
        "{error}"
    );
    // One that says nothing at all did not answer.
    let silent = script("while read l; do :; done");
    let error = EngineProcess::start(&silent, Duration::from_millis(300)).unwrap_err();
    assert!(matches!(error, EngineError::Hung { .. }), "{error}");
}

#[test]
fn a_program_that_cannot_start_says_so() {
    let engine = EngineCommand {
        program: PathBuf::from("/nonexistent/engine"),
        args: Vec::new(),
        dir: None,
    };
    let error = EngineProcess::start(&engine, WAIT).unwrap_err();
    assert!(
        error
            .to_string()
            .starts_with("cannot start /nonexistent/engine"),
        "{error}"
    );
}

#[test]
fn an_engine_without_halfkomi_plays_komi_zero_only() {
    let engine = script(
        "read l; echo 'id name Plain'; echo teiok; while read l; do case $l in isready) echo readyok;; esac; done",
    );
    let mut engine = EngineProcess::start(&engine, WAIT).unwrap();
    let error = engine
        .new_game(
            BoardSize::new(6).unwrap(),
            Komi::from_halves(4).unwrap(),
            WAIT,
        )
        .unwrap_err();
    assert!(error.to_string().contains("komi 0 only"), "{error}");
    engine
        .new_game(BoardSize::new(6).unwrap(), Komi::default(), WAIT)
        .expect("komi 0 is fine");
}

#[test]
fn an_engine_plays_only_the_komi_it_announced() {
    let engine = script(
        "read l; echo 'id name Fussy'; echo 'size 6 halfkomi 0 4'; echo teiok; \
         while read l; do case $l in isready) echo readyok;; esac; done",
    );
    let mut engine = EngineProcess::start(&engine, WAIT).unwrap();
    let error = engine
        .new_game(
            BoardSize::new(6).unwrap(),
            Komi::from_halves(2).unwrap(),
            WAIT,
        )
        .unwrap_err();
    assert_eq!(
        error.to_string(),
        "the engine cannot play this game: Fussy plays half komi 0 4 only, not 2 (komi 1)"
    );
    engine
        .new_game(
            BoardSize::new(6).unwrap(),
            Komi::from_halves(4).unwrap(),
            WAIT,
        )
        .expect("komi 2 it announced");
}

#[test]
fn tak_engines_checks_each_configured_engine() {
    let config = tempfile::tempdir().unwrap();
    std::fs::write(
        config.path().join("engines.toml"),
        format!(
            "[[engine]]\nname = \"self\"\ncommand = {:?}\nargs = [\"tei\"]\noptions = {{ Hash = \"4\", Foo = \"1\", Level = \"hard\" }}\n\n\
             [[engine]]\nname = \"broken\"\ncommand = \"/nonexistent/engine\"\n",
            env!("CARGO_BIN_EXE_tak")
        ),
    )
    .unwrap();
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_tak"))
        .arg("engines")
        .env("TAKTUI_CONFIG_DIR", config.path())
        .output()
        .unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(!output.status.success(), "a broken engine fails the check");
    assert!(
        text.lines()
            .any(|l| l.starts_with("self") && l.contains("ok: taktui") && l.contains("komi yes")),
        "{text}"
    );
    assert!(
        text.lines()
            .any(|l| l.starts_with("self") && l.contains("; options it does not offer: Foo; ")),
        "{text}"
    );
    assert!(
        text.lines().any(|l| l.starts_with("self")
            && l.ends_with(
                "values it does not take: Level = \"hard\" (it takes a whole number from 1 to 10)"
            )),
        "{text}"
    );
    assert!(
        text.lines()
            .any(|l| l.starts_with("broken") && l.contains("error: cannot start")),
        "{text}"
    );
}

#[test]
fn tak_play_with_an_engine_that_cannot_start_says_so_before_the_game() {
    let data = tempfile::tempdir().unwrap();
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_tak"))
        .args(["play", "--black", "engine:cmd:/nonexistent/taktui-engine"])
        .env("TAKTUI_DATA_DIR", data.path())
        .env("TAKTUI_CONFIG_DIR", data.path())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success());
    assert!(
        stderr.contains("(Black) cannot play this game: cannot start /nonexistent/taktui-engine"),
        "{stderr}"
    );
}

#[test]
fn a_move_that_answers_an_earlier_stopped_search_is_not_taken_for_the_next() {
    // Each `go` is answered a second later, in turn: `m1`, then `m2`, with a line of thought.
    let engine = script(
        "n=0; while read l; do case $l in tei) echo teiok;; isready) echo readyok;; \
         go*) n=$((n+1)); sleep 1; echo \"info depth $n score cp $n pv m$n\"; \
         echo \"bestmove m$n\";; quit) exit;; esac; done",
    );
    let mut engine = EngineProcess::start(&engine, WAIT).unwrap();
    engine.go("startpos", "infinite").unwrap();
    engine.stop().unwrap();
    // Given up on before its move comes (as a caller stopping a search gives up after a while).
    assert_eq!(
        engine.listen_for(Duration::from_millis(100)).unwrap(),
        Vec::new()
    );
    engine.go("startpos moves a1", "movetime 10").unwrap();
    let deadline = Instant::now() + WAIT;
    let mut said = Vec::new();
    while !matches!(said.last(), Some(Said::Move(_))) {
        said.extend(engine.listen(deadline).unwrap());
    }
    let Some(Said::Thinking(thinking)) = said.first() else {
        panic!("{said:?}")
    };
    assert_eq!(
        thinking.depth,
        Some(2),
        "the first search's thought is dropped"
    );
    assert_eq!(said.last(), Some(&Said::Move("m2".to_owned())));
}

#[test]
fn an_engine_that_writes_what_is_not_utf8_on_stderr_plays_on() {
    let engine = script(
        "while read l; do case $l in tei) printf 'caf\\351\\n' >&2; echo teiok;; \
         isready) echo 'still here' >&2; echo readyok;; go*) echo 'bestmove a1';; \
         quit) exit;; esac; done",
    );
    let mut engine = EngineProcess::start(&engine, WAIT).unwrap();
    engine
        .new_game(BoardSize::new(5).unwrap(), Komi::default(), WAIT)
        .expect("it is still there");
    engine.go("startpos", "movetime 10").unwrap();
    let said = engine.listen(Instant::now() + WAIT).unwrap();
    assert_eq!(said.last(), Some(&Said::Move("a1".to_owned())));
    // Its stderr is read on a thread of its own, which may lag behind its stdout.
    let deadline = Instant::now() + WAIT;
    while engine.stderr().len() < 2 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(5));
    }
    assert_eq!(engine.stderr(), ["caf\u{fffd}", "still here"]);
}

#[test]
fn an_engine_that_crashes_leaving_a_child_is_named_a_crash_and_the_child_ends() {
    // At `teinewgame` it starts a child that never ends (holding its output open), says
    // which, and crashes.
    let engine = script(
        "read l; echo teiok; read l; (while :; do sleep 1; done) & echo \"child $!\" >&2; \
         echo 'segmentation fault' >&2; exit 139",
    );
    let mut engine = EngineProcess::start(&engine, WAIT).unwrap();
    let error = engine
        .new_game(BoardSize::new(5).unwrap(), Komi::default(), WAIT)
        .unwrap_err();
    let said = error.to_string();
    assert!(matches!(error, EngineError::Died { .. }), "{said}");
    assert!(said.contains("segmentation fault"), "{said}");
    let child: u32 = said
        .split("child ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|pid| pid.parse().ok())
        .unwrap_or_else(|| panic!("no child named: {said}"));
    assert!(gone(child), "its child {child} outlived it");
}

#[test]
fn the_guard_ends_what_an_engine_started_even_with_no_kill_program_on_the_path() {
    // A PATH holding only a shell and `sleep`: no `kill` program to run.
    let bin = tempfile::tempdir().unwrap();
    for program in ["sh", "sleep"] {
        let found = ["/bin", "/usr/bin"]
            .iter()
            .map(|dir| PathBuf::from(dir).join(program))
            .find(|path| path.exists())
            .unwrap_or_else(|| panic!("no {program} in /bin or /usr/bin"));
        std::os::unix::fs::symlink(found, bin.path().join(program)).unwrap();
    }
    // The engine starts a child that never ends, says which, and ends by itself.
    let guard = std::process::Command::new(env!("CARGO_BIN_EXE_tak"))
        .args(["guard", "--", "sh", "-c"])
        .arg("(while :; do sleep 1; done) >/dev/null & echo \"child $!\"; exit 3")
        .env("PATH", bin.path())
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .output()
        .unwrap();
    // The engine's failure is the guard's.
    assert!(!guard.status.success());
    let said = String::from_utf8_lossy(&guard.stdout).into_owned();
    let child: u32 = said
        .trim()
        .strip_prefix("child ")
        .and_then(|pid| pid.parse().ok())
        .unwrap_or_else(|| panic!("no child named: {said:?}"));
    assert!(gone(child), "its child {child} outlived it");
}
