//! `tak check` as a user runs it: the real binary on real files.

use std::process::Command;

fn tak(args: &[&str]) -> (i32, String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_tak"))
        .args(args)
        .output()
        .expect("the tak binary runs");
    (
        output.status.code().expect("an exit code"),
        String::from_utf8(output.stdout).expect("UTF-8 output"),
        String::from_utf8(output.stderr).expect("UTF-8 errors"),
    )
}

#[test]
fn check_reads_the_whole_corpus_and_sums_up() {
    let (code, out, _) = tak(&["check", "tests/data/taktician"]);
    assert_eq!(code, 0, "{out}");
    assert_eq!(out.lines().count(), 74, "one line per game and a summary");
    assert_eq!(
        out.lines().last(),
        Some("73 files, 73 games: 73 read, 0 refused, 6 result mismatches")
    );
    let line = out
        .lines()
        .find(|l| l.contains("ai/ally-table.ptn"))
        .expect("a line for ally-table");
    assert!(
        line.contains("11 plies, R-0 (road), recorded R-0, final [x3,1,x/"),
        "{line}"
    );
}

#[test]
fn strict_fails_on_a_result_the_rules_do_not_support() {
    let (code, out, _) = tak(&["check", "--strict", "tests/data/taktician/ai/puzzle2.ptn"]);
    assert_eq!(code, 1);
    assert!(out.contains("recorded R-0: MISMATCH"), "{out}");
    let (code, _, _) = tak(&["check", "tests/data/taktician/ai/puzzle2.ptn"]);
    assert_eq!(
        code, 0,
        "without --strict a mismatch is reported, not failed"
    );
}

#[test]
fn json_has_one_object_per_game_with_every_field() {
    let (code, out, _) = tak(&["check", "--json", "tests/data/taktician/ai/ally-table.ptn"]);
    assert_eq!(code, 0);
    assert_eq!(
        out.trim_end(),
        "{\"file\":\"tests/data/taktician/ai/ally-table.ptn\",\"game\":1,\"plies\":11,\
         \"result\":\"R-0\",\"reason\":\"road\",\"recorded\":\"R-0\",\"mismatch\":false,\
         \"tps\":\"x3,1,x/x2,2,1,x/x3,1,2/x3,1,x/2,x,2,21,x 2 6\",\"error\":null,\"warnings\":[]}"
    );
}

#[test]
fn a_broken_game_fails_with_its_location_and_keeps_its_prefix() {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("game.ptn");
    std::fs::write(
        &path,
        "[Size \"5\"]\n[Result \"R-0\"]\n\n1. a1 e5\n2. a1 c3\n",
    )
    .unwrap();
    let name = path.display().to_string();
    let (code, out, _) = tak(&["check", &name]);
    assert_eq!(code, 1);
    assert!(out.contains("game 1: 2 plies, * (ongoing)"), "{out}");
    assert!(
        out.contains(&format!("error: {name}:5:4: 2. a1: a1 is occupied")),
        "{out}"
    );
    let (_, json, _) = tak(&["check", "--json", &name]);
    assert!(
        json.contains("\"plies\":2,\"result\":\"*\",\"reason\":\"ongoing\",\"recorded\":\"R-0\""),
        "{json}"
    );
    assert!(json.contains(":5:4: 2. a1: a1 is occupied"), "{json}");
}

#[test]
fn a_missing_file_is_an_error_on_stderr_not_a_crash() {
    let (code, out, err) = tak(&["check", "no/such/file.ptn"]);
    assert_eq!(code, 1);
    assert!(
        err.starts_with("error: no/such/file.ptn: cannot read the file:"),
        "{err}"
    );
    assert_eq!(
        out,
        "1 file (1 not read), 0 games: 0 read, 0 refused, 0 result mismatches\n"
    );
    let folder = tempfile::tempdir().unwrap();
    let empty = folder.path().join("empty.ptn");
    std::fs::write(&empty, "\n").unwrap();
    let (code, _, err) = tak(&["check", &empty.display().to_string()]);
    assert_eq!(code, 1);
    assert_eq!(
        err,
        format!("error: {}: no game in the file\n", empty.display())
    );
    // With --json, a program reading standard output hears of the file too.
    let (_, json, _) = tak(&["check", "--json", "no/such/file.ptn"]);
    assert!(
        json.starts_with("{\"file\":\"no/such/file.ptn\",\"game\":0,"),
        "{json}"
    );
}

#[test]
fn check_needs_a_file() {
    let (code, _, err) = tak(&["check"]);
    assert_eq!(code, 2, "clap's usage error");
    assert!(err.contains("required"), "{err}");
}

#[test]
fn variations_are_read_and_counted() {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("branches.ptn");
    let text = "[Size \"5\"]\n1. a1 e5\n2. c3 d3\n\n{2w1}\n2. b3 b2\n";
    std::fs::write(&path, text).unwrap();
    let name = path.display().to_string();
    let (code, out, _) = tak(&["check", &name]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("4 plies and 1 variation,"), "{out}");
    assert!(!out.contains("warning"), "{out}");
    let (_, json, _) = tak(&["check", "--json", &name]);
    assert!(json.contains("\"variations\":1"), "{json}");
    // A variation that replaces no ply is an error at its name.
    std::fs::write(&path, "[Size \"5\"]\n1. a1 e5\n\n{4w1}\n4. b3\n").unwrap();
    let (code, out, _) = tak(&["check", &name]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("4:1: variation 4w1: it starts at move 4, where the main line has no ply"),
        "{out}"
    );
}

#[test]
fn without_a_terminal_the_game_says_what_it_needs() {
    let folder = tempfile::tempdir().unwrap();
    for args in [&[][..], &["tests/data/taktician/ai/puzzle1.ptn"][..]] {
        let output = Command::new(env!("CARGO_BIN_EXE_tak"))
            .args(args)
            .env("TAKTUI_DATA_DIR", folder.path())
            .output()
            .expect("the tak binary runs");
        assert_eq!(output.status.code(), Some(1));
        let err = String::from_utf8(output.stderr).unwrap();
        assert!(err.starts_with("error: the game needs a terminal"), "{err}");
    }
}

/// Runs `tak` with `args`, failing if it does not end within 10 s (a FIFO must not block it).
fn tak_bounded(args: &[&str], user: Option<u32>) -> (i32, String, String) {
    use std::os::unix::process::CommandExt as _;
    let mut command = Command::new(env!("CARGO_BIN_EXE_tak"));
    command
        .args(args)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped());
    if let Some(user) = user {
        command.uid(user).gid(user);
    }
    let mut child = command.spawn().expect("the tak binary runs");
    let start = std::time::Instant::now();
    while child.try_wait().expect("waiting works").is_none() {
        if start.elapsed() > std::time::Duration::from_secs(10) {
            child.kill().ok();
            panic!("tak {args:?} did not end within 10 s");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let output = child.wait_with_output().expect("output");
    (
        output.status.code().expect("an exit code"),
        String::from_utf8(output.stdout).expect("UTF-8 output"),
        String::from_utf8(output.stderr).expect("UTF-8 errors"),
    )
}

fn write(folder: &std::path::Path, name: &str, text: &str) -> String {
    let path = folder.join(name);
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}

#[test]
fn every_game_in_a_file_is_accounted_for() {
    let folder = tempfile::tempdir().unwrap();
    let good = "[Size \"5\"]\n1. a1 e5\n2. c3 d3\n1-0\n\n";
    let text = format!(
        "{good}[Event Foo Bar]\n[Size \"5\"]\n1. a1 e5\n\n{good}[Size \"5\"]\n1. a1 [ e5\n\n{good}"
    );
    let name = write(folder.path(), "mixed.ptn", &text);
    let (code, out, err) = tak(&["check", &name]);
    assert_eq!(code, 1, "{out}");
    assert_eq!(err, "", "game errors are results, not file errors");
    assert!(
        out.contains(&format!("error: {name}:6:1: a tag is written")),
        "{out}"
    );
    assert!(
        out.contains(&format!("error: {name}:16:7: a tag opened here")),
        "{out}"
    );
    assert!(
        out.contains(&format!("{name}: 5 games: 3 read, 2 refused\n")),
        "{out}"
    );
    assert!(
        out.ends_with("1 file, 5 games: 3 read, 2 refused, 0 result mismatches\n"),
        "{out}"
    );
}

#[test]
fn size_is_given_inferred_or_corrected() {
    let folder = tempfile::tempdir().unwrap();
    let bare = write(folder.path(), "bare.ptn", "1. a1 f6\n2. c3 d3\n");
    let (code, out, _) = tak(&["check", &bare]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains(", final [x5,1/x6/x6/x2,1,2,x2/x6/2,x5 1 3]"),
        "{out}"
    );
    assert!(
        out.contains("warning: 1:1: no Size tag: read on a 6x6 board, the smallest"),
        "{out}"
    );
    let (code, out, _) = tak(&["check", "--size", "7", &bare]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains(", final [x7/x5,1,x/"), "read on 7x7: {out}");
    assert!(!out.contains("warning"), "{out}");

    let wrong = write(folder.path(), "wrong.ptn", "[Size \"5\"]\n1. a1 f6\n");
    let (code, out, _) = tak(&["check", &wrong]);
    assert_eq!(code, 1);
    assert!(
        out.contains("1... f6: the Size tag says 5, but the moves need a 6x6 board: the tag looks wrong (read the file with --size 6)"),
        "{out}"
    );
    let (code, out, _) = tak(&["check", "--size", "6", &wrong]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("warning: 1:1: the Size tag says 5; read on a 6x6 board, as --size 6 asks"),
        "{out}"
    );

    let (code, _, err) = tak(&["check", "--size", "9", &bare]);
    assert_eq!(code, 2, "clap refuses the size");
    assert!(err.contains("board sizes are 3 to 8"), "{err}");
}

#[test]
fn strict_accepts_an_agreed_draw_like_a_resignation() {
    let folder = tempfile::tempdir().unwrap();
    for token in ["1/2-1/2", "1-0", "0-1"] {
        let name = write(
            folder.path(),
            "agreed.ptn",
            &format!("[Size \"5\"]\n1. a1 e5\n{token}\n"),
        );
        let (code, out, _) = tak(&["check", "--strict", &name]);
        assert_eq!(code, 0, "{token}: {out}");
        assert!(out.contains(", 0 result mismatches"), "{out}");
    }
    let name = write(
        folder.path(),
        "claimed.ptn",
        "[Size \"5\"]\n1. a1 e5\nR-0\n",
    );
    let (code, _, _) = tak(&["check", "--strict", &name]);
    assert_eq!(
        code, 1,
        "a road the board does not show is still a mismatch"
    );
}

#[test]
fn a_fifo_is_refused_when_named_and_skipped_in_a_folder() {
    let folder = tempfile::tempdir().unwrap();
    let good = write(folder.path(), "a.ptn", "[Size \"5\"]\n1. a1 e5\n");
    let fifo = folder.path().join("pipe.ptn");
    let made = Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    let fifo = fifo.display().to_string();

    let (code, out, err) = tak_bounded(&["check", &fifo], None);
    assert_eq!(code, 1);
    assert_eq!(
        err,
        format!(
            "error: {fifo}: it is a FIFO (named pipe), not a regular file; only files are read\n"
        )
    );
    assert!(out.starts_with("1 file (1 not read), 0 games"), "{out}");

    let dir = folder.path().display().to_string();
    let (code, out, err) = tak_bounded(&["check", &dir], None);
    assert_eq!(code, 0, "{out}{err}");
    assert_eq!(
        err,
        format!("warning: {fifo}: skipped: it is a FIFO (named pipe)\n")
    );
    assert!(out.contains(&format!("{good} game 1: 2 plies")), "{out}");
    assert!(out.ends_with("1 file, 1 game: 1 read, 0 refused, 0 result mismatches\n"));
}

#[test]
fn links_in_a_folder_are_not_followed_into_loops() {
    let folder = tempfile::tempdir().unwrap();
    write(folder.path(), "a.ptn", "[Size \"5\"]\n1. a1 e5\n");
    std::os::unix::fs::symlink(folder.path(), folder.path().join("again")).unwrap();
    let looped = folder.path().join("loop.ptn");
    std::os::unix::fs::symlink(&looped, &looped).unwrap();
    let dir = folder.path().display().to_string();
    let (code, out, err) = tak_bounded(&["check", &dir], None);
    assert_eq!(code, 1);
    assert!(
        err.starts_with(&format!(
            "error: {}: cannot read the file:",
            looped.display()
        )),
        "{err}"
    );
    assert!(
        out.ends_with("2 files (1 not read), 1 game: 1 read, 0 refused, 0 result mismatches\n"),
        "{out}"
    );
}

#[test]
fn file_errors_go_to_stderr_with_the_real_size() {
    let folder = tempfile::tempdir().unwrap();
    let big = folder.path().join("big.ptn");
    std::fs::File::create(&big)
        .unwrap()
        .set_len(17_000_000)
        .unwrap();
    let (code, out, err) = tak_bounded(&["check", &big.display().to_string()], None);
    assert_eq!(code, 1);
    assert_eq!(
        err,
        format!(
            "error: {}: the file is 17000000 bytes; PTN files over 16 MiB are refused\n",
            big.display()
        )
    );
    assert!(!out.contains("17000000"), "{out}");
    let (code, _, err) = tak_bounded(&["check", "/dev/zero"], None);
    assert_eq!(code, 1);
    assert_eq!(
        err,
        "error: /dev/zero: it is a device, not a regular file; only files are read\n"
    );
}

#[test]
fn a_file_without_read_permission_is_an_error() {
    use std::os::unix::fs::{MetadataExt as _, PermissionsExt as _};
    let folder = tempfile::tempdir().unwrap();
    // Others may pass through the folder, so only the file's own mode stops them.
    std::fs::set_permissions(folder.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    let name = write(folder.path(), "secret.ptn", "[Size \"5\"]\n1. a1 e5\n");
    std::fs::set_permissions(&name, std::fs::Permissions::from_mode(0o000)).unwrap();
    // Root reads whatever the mode says: run as nobody then.
    let root = std::fs::metadata("/proc/self").is_ok_and(|m| m.uid() == 0);
    let (code, _, err) = tak_bounded(&["check", &name], root.then_some(65534));
    assert_eq!(code, 1);
    assert_eq!(
        err,
        format!("error: {name}: cannot read the file: Permission denied (os error 13)\n")
    );
}

#[test]
fn a_folder_without_ptn_files_is_said_to_hold_none() {
    let folder = std::env::temp_dir().join(format!("taktui-check-empty-{}", std::process::id()));
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::write(folder.join("notes.txt"), "not a record").unwrap();
    let name = folder.display().to_string();
    let (code, out, err) = tak(&["check", &name]);
    assert_eq!(code, 0, "nothing wrong was read: {out}");
    assert!(out.contains("0 files"), "{out}");
    assert!(
        err.contains(&format!("warning: {name}: no .ptn file in this folder")),
        "{err}"
    );
    std::fs::remove_dir_all(&folder).unwrap();
}

#[test]
fn a_reader_that_goes_away_ends_tak_quietly() {
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("many.ptn");
    std::fs::write(&file, "[Size \"3\"]\n\n1. a1 c3\n\n".repeat(20_000)).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_tak"))
        .args(["check", "--json", file.to_str().unwrap()])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // As `| head -1`: one line read, then the pipe closed.
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert!(first.starts_with("{\"file\""), "{first}");
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(141));
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "",
        "no error for a closed pipe"
    );
}

#[test]
fn a_file_name_holding_escape_sequences_is_shown_escaped() {
    let folder = tempfile::tempdir().unwrap();
    // ESC ]0; sets the window title, ESC [2J clears the screen: neither may reach a terminal.
    let named = "evil\x1b]0;owned\x07\x1b[2J.ptn";
    write(folder.path(), named, "[Size \"5\"]\n1. a1 e5\n");
    write(folder.path(), "bad\x1b[31m.ptn", "[Size \"5\"]\n1. a1 a1\n");
    let (_, out, err) = tak(&["check", folder.path().to_str().unwrap()]);
    for text in [&out, &err] {
        assert!(!text.contains('\x1b') && !text.contains('\x07'), "{text:?}");
    }
    assert!(
        out.contains(r"evil\u{1b}]0;owned\u{7}\u{1b}[2J.ptn"),
        "{out}"
    );
    assert!(out.contains(r"bad\u{1b}[31m.ptn"), "{out}");
    // A file named on the command line, whose reading fails, is named escaped too.
    let missing = folder.path().join("gone\x1b[2J.ptn");
    let (code, _, err) = tak(&["check", missing.to_str().unwrap()]);
    assert_eq!(code, 1, "{err}");
    assert!(
        !err.contains('\x1b') && err.contains(r"gone\u{1b}[2J.ptn"),
        "{err:?}"
    );
}

#[test]
fn a_huge_tag_name_is_refused_with_a_short_message() {
    let folder = tempfile::tempdir().unwrap();
    let name = "N".repeat(15 * 1024 * 1024);
    let file = write(
        folder.path(),
        "tag.ptn",
        &format!("[{name} \"1\"]\n[Size \"5\"]\n1. a1 e5\n"),
    );
    let (code, out, err) = tak(&["check", &file]);
    assert_eq!(code, 1, "{}", &out[..out.len().min(300)]);
    assert!(
        out.contains("a tag name is 15728640 bytes long; names over 256 bytes are refused"),
        "{}",
        &out[..out.len().min(300)]
    );
    assert!(
        out.len() + err.len() < 1000,
        "{} bytes said",
        out.len() + err.len()
    );
}

#[test]
fn an_unfinished_game_written_with_a_star_reads_as_no_result() {
    // As Tiltak and the racetrack runner write a game not over: `*` in the tag and after the
    // moves, after White's ply or Black's.
    let folder = tempfile::tempdir().expect("a temporary folder");
    for (name, moves) in [("white.ptn", "2. c3 *"), ("black.ptn", "2. c3 c4 *")] {
        let text = format!("[Size \"5\"]\n[Result \"*\"]\n\n1. a1 e5\n{moves}\n");
        let path = write(folder.path(), name, &text);
        let (code, out, _) = tak(&["check", "--strict", &path]);
        assert_eq!(code, 0, "{out}");
        assert!(out.contains("* (ongoing), no result recorded"), "{out}");
        assert!(
            out.contains("1 read, 0 refused, 0 result mismatches"),
            "{out}"
        );
    }
}
