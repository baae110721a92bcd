//! `tak match` and the files it is given, when they are hostile: an openings "file" that is a
//! FIFO, a device or a 15 MB line, and two matches saving to one `--out` at once.

#![cfg(unix)]

use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use crate::common::{scratch, text};

/// Long enough for a loaded machine; a run that takes longer has hung.
const GENEROUS: Duration = Duration::from_secs(30);

/// `tak match ARGS` without a screen, data and config in `dir`, killed (and the test failed) if
/// it has not ended within [`GENEROUS`].
fn tak_match_within(dir: &Path, args: &[&str]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tak"))
        .arg("match")
        .args(args)
        .env("TAKTUI_DATA_DIR", dir)
        .env("TAKTUI_CONFIG_DIR", dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tak runs");
    let deadline = Instant::now() + GENEROUS;
    while child.try_wait().expect("tak can be waited for").is_none() {
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("tak match {args:?} still ran after {GENEROUS:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().expect("its output")
}

/// The usual two programs, with `openings`.
fn with_openings(dir: &Path, openings: &Path) -> Output {
    tak_match_within(
        dir,
        &[
            "--white",
            "computer:1",
            "--black",
            "computer:1",
            "--openings",
            openings.to_str().unwrap(),
            "--out",
            dir.join("match.ptn").to_str().unwrap(),
        ],
    )
}

#[test]
fn openings_from_a_fifo_are_refused_without_waiting_for_a_writer() {
    let dir = scratch("openings-fifo");
    let fifo = dir.join("openings.txt");
    let made = Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    let output = with_openings(&dir, &fifo);
    let stderr = text(&output.stderr);
    assert!(!output.status.success(), "{stderr}");
    assert!(
        stderr.contains("openings.txt: it is a FIFO (named pipe), not a regular file"),
        "{stderr}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn openings_from_a_device_are_refused_not_read_for_ever() {
    let dir = scratch("openings-zero");
    let output = with_openings(&dir, Path::new("/dev/zero"));
    let stderr = text(&output.stderr);
    assert!(!output.status.success(), "{stderr}");
    assert!(
        stderr.contains("/dev/zero: it is a device, not a regular file"),
        "{stderr}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn openings_over_the_size_cap_are_refused_unread() {
    let dir = scratch("openings-huge");
    let huge = dir.join("openings.txt");
    let file = std::fs::File::create(&huge).unwrap();
    // Sparse: 17 MB long, nothing written.
    file.set_len(17 * 1024 * 1024).unwrap();
    let output = with_openings(&dir, &huge);
    let stderr = text(&output.stderr);
    assert!(!output.status.success(), "{stderr}");
    assert!(
        stderr.contains("openings.txt") && stderr.contains("MiB"),
        "{stderr}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_huge_line_of_openings_is_quoted_in_a_short_message() {
    let dir = scratch("openings-long-line");
    let openings = dir.join("openings.txt");
    // Two hundred thousand moves on one line (600 KB): a1 taken again and again.
    std::fs::write(&openings, format!("{}\n", "a1 ".repeat(200_000))).unwrap();
    let output = with_openings(&dir, &openings);
    let stderr = text(&output.stderr);
    assert!(!output.status.success(), "{stderr}");
    assert!(
        stderr.contains("line 1: opening a1 a1 a1") && stderr.contains("...: a1 is not legal"),
        "{}",
        &stderr[..stderr.len().min(500)]
    );
    assert!(stderr.len() < 500, "{} bytes on stderr", stderr.len());

    // A TPS that reads but cannot be set up: quoted short too.
    let tps = format!("x5/x5/x5/x5/{}2,x4 1 2", "1".repeat(3_000_000));
    std::fs::write(&openings, format!("{tps}\n")).unwrap();
    let output = with_openings(&dir, &openings);
    let stderr = text(&output.stderr);
    assert!(!output.status.success(), "{stderr}");
    assert!(stderr.len() < 500, "{} bytes on stderr", stderr.len());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `tak match` between two computers, `games` of them, saved to `out`, with `more` arguments.
fn computers(games: &str, out: &Path, more: &[&str]) -> Vec<String> {
    let mut args: Vec<String> = [
        "--white",
        "computer:1",
        "--black",
        "computer:1",
        "--games",
        games,
        "--out",
        out.to_str().unwrap(),
    ]
    .map(str::to_owned)
    .to_vec();
    args.extend(more.iter().map(|&a| a.to_owned()));
    args
}

#[test]
fn a_second_match_on_the_same_out_is_refused_while_the_first_runs() {
    let dir = scratch("match-held");
    let out = dir.join("match.ptn");
    let lock = dir.join(".match.ptn.lock");
    // The first: long enough to be running throughout.
    let mut first = Command::new(env!("CARGO_BIN_EXE_tak"))
        .arg("match")
        .args(computers("10000", &out, &["--quiet"]))
        .env("TAKTUI_DATA_DIR", &dir)
        .env("TAKTUI_CONFIG_DIR", &dir)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("tak runs");
    let holder = first.id().to_string();
    let deadline = Instant::now() + GENEROUS;
    while std::fs::read_to_string(&lock).map_or(true, |t| t.trim() != holder) {
        assert!(
            Instant::now() < deadline,
            "the first match never held {out:?}"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    let refusal = format!(
        "{} is being written by another tak (process {holder}): wait for it to end",
        out.display()
    );
    // A new match, and one taking the file up: both refused at once, the file untouched.
    for more in [&[][..], &["--continue"][..]] {
        let args = computers("10000", &out, more);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let output = tak_match_within(&dir, &args);
        let stderr = text(&output.stderr);
        assert!(!output.status.success(), "{more:?}: {stderr}");
        assert!(stderr.contains(&refusal), "{more:?}: {stderr}");
    }
    // Killed, the first leaves its lock file; the lock itself went with the process.
    first.kill().unwrap();
    first.wait().unwrap();
    assert!(lock.exists());
    std::fs::remove_file(&out).unwrap_or_default();
    let args = computers("2", &out, &[]);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let output = tak_match_within(&dir, &args);
    let stdout = text(&output.stdout);
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert!(stdout.starts_with("2 of 2 games played."), "{stdout}");
    assert!(!lock.exists(), "a match that ends takes its lock file away");
    std::fs::remove_dir_all(&dir).unwrap();
}
