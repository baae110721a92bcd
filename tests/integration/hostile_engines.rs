//! Engines and controllers that attack taktui over TEI, as real subprocesses: output that
//! floods (`yes` as an engine, endless `info` after `go`, one line of hundreds of megabytes),
//! a 200 MB line and a 120 KB TPS sent to taktui, and an engine that crashes leaving a child
//! that holds its pipes. Memory is checked as the kernel counts it, the peak resident size
//! (`VmHWM`) of the `tak` process, never by timing: each flood would take gigabytes without
//! its bound, and finishes within it.

use std::io::Read;
use std::path::Path;
use std::process::{Command, ExitStatus, Stdio};
use std::time::Duration;

use crate::common::{scratch, shells_running_with, text};

const TAK: &str = env!("CARGO_BIN_EXE_tak");

/// The peak memory a `tak` process may reach while it is flooded, in KiB: what it holds with
/// no engine at all (about 11 MiB for the debug build) and the 4 MiB of lines that may wait,
/// with room to spare, and far below the hundreds of megabytes each flood took before.
const PEAK_BOUND_KIB: u64 = 64 * 1024;

/// How a `tak` run under watch ended.
struct Watched {
    status: ExitStatus,
    stdout: String,
    stderr: String,
    /// Its peak resident memory as last seen, in KiB.
    peak_kib: u64,
}

/// The peak resident memory (`VmHWM`) of process `pid`, in KiB, while it runs.
fn peak_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Runs `command` (a `tak`) to its end, its peak memory watched all along: past
/// [`PEAK_BOUND_KIB`], it is killed and the test fails.
fn run_watched(mut command: Command) -> Watched {
    let mut child = command
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tak starts");
    let read_all = |mut pipe: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            let _ = pipe.read_to_end(&mut bytes);
            text(&bytes)
        })
    };
    let stdout = read_all(Box::new(child.stdout.take().unwrap()));
    let stderr = read_all(Box::new(child.stderr.take().unwrap()));
    let mut peak = 0;
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        peak = peak.max(peak_kib(child.id()).unwrap_or(0));
        if peak > PEAK_BOUND_KIB {
            let _ = child.kill();
            let _ = child.wait();
            panic!("tak took {peak} KiB, over the bound of {PEAK_BOUND_KIB} KiB");
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    Watched {
        status,
        stdout: stdout.join().unwrap(),
        stderr: stderr.join().unwrap(),
        peak_kib: peak,
    }
}

/// `tak ARGS` with its data and config in `dir`.
fn tak_in(dir: &Path, args: &[&str]) -> Command {
    let mut command = Command::new(TAK);
    command
        .args(args)
        .env("TAKTUI_DATA_DIR", dir)
        .env("TAKTUI_CONFIG_DIR", dir);
    command
}

/// `engines.toml` in `dir` naming one engine, `name`, run as `command` with `args`.
fn configure(dir: &Path, name: &str, command: &str, args: &[&str]) {
    let args: Vec<String> = args.iter().map(|a| format!("{a:?}")).collect();
    std::fs::write(
        dir.join("engines.toml"),
        format!(
            "[[engine]]\nname = {name:?}\ncommand = {command:?}\nargs = [{}]\n",
            args.join(", ")
        ),
    )
    .unwrap();
}

#[test]
fn yes_as_an_engine_floods_its_handshake_in_vain_and_is_refused_at_the_deadline() {
    let dir = scratch("hostile-yes");
    configure(&dir, "yes", "/usr/bin/yes", &[]);
    let run = run_watched(tak_in(&dir, &["engines"]));
    assert!(!run.status.success(), "{}", run.stdout);
    assert!(
        run.stdout
            .contains("yes          error: the engine did not finish its handshake (`teiok`) within 10 s: it said \"y\""),
        "{}",
        run.stdout
    );
    assert!(run.peak_kib <= PEAK_BOUND_KIB);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn one_line_of_200_mb_from_an_engine_costs_what_its_first_64_kib_do() {
    let dir = scratch("hostile-long-line");
    // 200 MB of `a` and a newline before its handshake; then a well-behaved engine.
    configure(
        &dir,
        "big",
        "sh",
        &[
            "-c",
            "head -c 200000000 /dev/zero | tr '\\0' a; echo; read l; echo 'id name Big'; \
             echo teiok; while read l; do case $l in isready) echo readyok;; quit) exit;; esac; done",
        ],
    );
    let run = run_watched(tak_in(&dir, &["engines"]));
    assert!(run.status.success(), "{}{}", run.stdout, run.stderr);
    assert!(
        run.stdout.contains("big          ok: Big"),
        "{}",
        run.stdout
    );
    assert!(run.peak_kib <= PEAK_BOUND_KIB);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn thinking_flooded_after_go_loses_on_time_and_the_match_ends() {
    let dir = scratch("hostile-info-flood");
    // After `go`, `info` lines as fast as `yes` writes them, and never a move.
    let flood = "engine:cmd:sh -c \"while read l; do case $l in tei) echo teiok;; \
                 isready) echo readyok;; go*) exec yes 'info depth 1 score cp 5 pv a1';; \
                 esac; done\"";
    let out = dir.join("flood.ptn");
    let run = run_watched(tak_in(
        &dir,
        &[
            "match",
            "--white",
            flood,
            "--black",
            "computer:1",
            "--size",
            "4",
            "--games",
            "1",
            "--clock",
            "0.1+0",
            "--out",
            out.to_str().unwrap(),
        ],
    ));
    assert!(run.status.success(), "{}", run.stderr);
    assert!(
        run.stderr.contains("sh (White) ran out of time"),
        "{}",
        run.stderr
    );
    assert!(run.stdout.contains("+0 =0 -1"), "{}", run.stdout);
    assert!(run.peak_kib <= PEAK_BOUND_KIB);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Runs `tak tei --hash 1` fed by the shell script `feed`, its memory watched.
fn tak_tei_fed_by(feed: &str) -> Watched {
    let mut feeder = Command::new("sh")
        .args(["-c", feed])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut tei = Command::new(TAK);
    tei.args(["tei", "--hash", "1"])
        .stdin(Stdio::from(feeder.stdout.take().unwrap()));
    let run = run_watched(tei);
    feeder.wait().unwrap();
    run
}

#[test]
fn tak_tei_reads_a_200_mb_line_in_bounded_memory_and_quotes_32_characters_of_it() {
    let run = tak_tei_fed_by(
        "printf 'tei\\n'; head -c 200000000 /dev/zero | tr '\\0' x; printf '\\nisready\\nquit\\n'",
    );
    assert!(run.status.success(), "{}", run.stderr);
    let refused = run
        .stdout
        .lines()
        .find(|l| l.starts_with("info string a line of"))
        .unwrap_or_else(|| panic!("no word of the long line: {}", run.stdout));
    assert_eq!(
        refused,
        format!(
            "info string a line of 200000000 bytes, over the 64 KiB a line may have: not read \
             (it began \"{}...\")",
            "x".repeat(32)
        )
    );
    assert!(
        run.stdout.ends_with("readyok\n"),
        "it goes on: {}",
        run.stdout
    );
    assert!(run.peak_kib <= PEAK_BOUND_KIB);
}

#[test]
fn a_120_kb_tps_is_quoted_in_32_characters() {
    // A square of 60,000 pieces and a letter no square has (a line under the 64 KiB that
    // `tak tei` reads of one): said briefly.
    let tps = |pieces: usize| format!("x4/x4/x4/x3,{}Q 1 2", "1".repeat(pieces));
    let run = tak_tei_fed_by(&format!(
        "printf 'position tps %s\\ngo depth 1\\nquit\\n' '{}'",
        tps(60_000)
    ));
    assert!(run.status.success(), "{}", run.stderr);
    let said = run.stdout.lines().next().unwrap_or_default();
    assert!(
        said.starts_with("info string bad TPS \"x4/x4/x4/x3,1111"),
        "{}",
        &said[..said.len().min(200)]
    );
    assert!(said.len() < 400, "{} bytes", said.len());
    assert!(
        run.stdout.ends_with("bestmove --\n"),
        "{} bytes",
        run.stdout.len()
    );

    let dir = scratch("hostile-tps");
    let output = tak_in(&dir, &["tinue", &tps(120_000)]).output().unwrap();
    let stderr = text(&output.stderr);
    assert!(!output.status.success());
    assert!(
        stderr.contains("is not a TPS"),
        "{}",
        &stderr[..stderr.len().min(200)]
    );
    assert!(stderr.len() < 400, "{} bytes", stderr.len());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_engine_that_crashes_leaving_a_child_loses_by_its_crash_and_the_child_ends() {
    let dir = scratch("hostile-crash");
    let marker = format!("orphaning-{}", std::process::id());
    // Asked to move, it starts a child that never ends (a shell holding its output open),
    // and crashes.
    let crashing = format!(
        "engine:cmd:sh -c \"while read l; do case $l in tei) echo teiok;; isready) echo readyok;; \
         go*) (while :; do sleep 1; done) & echo 'segmentation fault' >&2; exit 139;; esac; \
         done # {marker}\""
    );
    let out = dir.join("crash.ptn");
    let output = tak_in(
        &dir,
        &[
            "match",
            "--white",
            &crashing,
            "--black",
            "computer:1",
            "--size",
            "4",
            "--games",
            "1",
            "--quiet",
            "--out",
            out.to_str().unwrap(),
        ],
    )
    .output()
    .unwrap();
    let stderr = text(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert!(
        stderr.contains("sh (White): the engine stopped while thinking"),
        "a crash, not a time loss: {stderr}"
    );
    assert!(stderr.contains("segmentation fault"), "{stderr}");
    assert!(
        text(&output.stdout).contains("+0 =0 -1"),
        "{}",
        text(&output.stdout)
    );
    assert_eq!(
        shells_running_with(&marker),
        Vec::<u32>::new(),
        "its child outlived the match"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn errors_about_a_long_move_or_tps_field_quote_32_characters_of_it() {
    let long = "a".repeat(100_000);
    let size = taktui::rules::BoardSize::new(5).unwrap();
    let error = taktui::notation::parse_move(&long, size).unwrap_err();
    let said = error.to_string();
    assert!(
        said.starts_with(&format!("\"{}...\": ", "a".repeat(32))),
        "{}",
        &said[..said.len().min(200)]
    );
    assert!(said.len() < 200, "{} bytes", said.len());
    assert_eq!(
        error.text().len(),
        100_000,
        "the error keeps the text, and quotes little"
    );
    for tps in [
        format!("x5/x5/x5/x5/x5 {long} 1"),
        format!("x5/x5/x5/x5/x5 1 {long}"),
        format!("x5/x5/x5/x5/{long} 1 1"),
    ] {
        let said = tps
            .parse::<taktui::notation::Tps>()
            .unwrap_err()
            .to_string();
        assert!(
            said.contains(&format!("\"{}...\"", "a".repeat(32))),
            "{}",
            &said[..said.len().min(200)]
        );
        assert!(said.len() < 300, "{} bytes", said.len());
    }
}
