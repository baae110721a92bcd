//! `tak match` and the files it is given, when they are hostile: an openings "file" that is a
//! FIFO, a device or a 15 MB line, and two matches saving to one `--out` at once.

#![cfg(unix)]

mod common;

use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use common::{scratch, text};

/// Long enough for a loaded machine; a run that takes longer has hung.
const GENEROUS: Duration = Duration::from_secs(20);

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
    // Five million moves on one line (15 MB, under the cap): a1 taken again and again.
    std::fs::write(&openings, format!("{}\n", "a1 ".repeat(5_000_000))).unwrap();
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
