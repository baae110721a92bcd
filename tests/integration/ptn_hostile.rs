//! Hostile files (issue 12, item 9): each gives a clear error, or is read, in bounded memory,
//! without a panic. Nothing here is timed (speed is for `cargo bench`): the inputs are large
//! enough that quadratic reading would never finish, which the suite's time limit catches.

use std::path::Path;
use std::time::Duration;

use taktui::record::{MAX_FILE_BYTES, MAX_PLIES, PtnErrorKind, ReadGame, read_ptn, read_ptn_file};

/// Reads `text`. The inputs here are millions of bytes: a reader that went quadratic on them
/// would take hours, so the suite's own time limit catches it; how fast reading is belongs to
/// `cargo bench --bench replay`, not to a test (a timed test fails on a busy machine).
fn read_text(text: &str) -> Vec<ReadGame> {
    read_ptn(text).expect("under the size limit")
}

fn first_error(games: &[ReadGame]) -> String {
    games
        .iter()
        .find_map(|g| g.error.as_ref())
        .expect("an error")
        .to_string()
}

#[test]
fn a_hundred_thousand_tags_read_in_linear_time() {
    let text = "[Size \"5\"]\n".repeat(100_000) + "1. a1 e5\n";
    let games = read_text(&text);
    assert_eq!(games.len(), 1);
    let record = games[0].record.as_ref().unwrap();
    assert_eq!(record.tags().len(), 100_000);
    assert_eq!(record.plies().len(), 2);
    // Tags in the worst order for keeping canonical order: the last tag goes first.
    let text = "[Zeta \"z\"]\n".repeat(50_000) + &"[Site \"s\"]\n".repeat(50_000);
    let games = read_text(&text);
    let tags = games[0].record.as_ref().map(|r| r.tags().len());
    assert_eq!(tags, None, "no size, no moves: refused");
    assert!(first_error(&games).contains("no Size tag"));
}

#[test]
fn one_huge_comment_is_kept() {
    let comment = "x".repeat(MAX_FILE_BYTES as usize - 100);
    let text = format!("[Size \"5\"]\n1. a1 {{{comment}}} e5\n");
    let games = read_text(&text);
    let record = games[0].record.as_ref().unwrap();
    assert_eq!(record.plies()[0].comments[0].len(), comment.len());
}

#[test]
fn more_than_ten_thousand_plies_stop_at_the_limit() {
    // Two flats shuffled back and forth for ever: a legal game that never ends.
    let mut text = String::from("[Size \"8\"]\na1 h8");
    for _ in 0..=MAX_PLIES / 4 {
        text.push_str(" h8< a1+ g8> a2-");
    }
    let games = read_text(&text);
    assert_eq!(games[0].record.as_ref().unwrap().plies().len(), MAX_PLIES);
    assert_eq!(
        games[0].error.as_ref().unwrap().kind,
        PtnErrorKind::TooManyPlies
    );
}

#[test]
fn a_hundred_thousand_tiny_games_are_all_read() {
    let text = "[Size \"3\"]\na1 c3\n\n".repeat(100_000);
    let games = read_text(&text);
    assert_eq!(games.len(), 100_000);
    assert!(games.iter().all(|g| g.error.is_none()));
}

#[test]
fn deeply_repeated_braces_and_brackets_are_errors_in_linear_time() {
    let braces = "{".repeat(4_000_000);
    assert!(first_error(&read_text(&braces)).contains("never closed with '}'"));
    let brackets = "[".repeat(4_000_000);
    assert!(first_error(&read_text(&brackets)).contains("the name is missing"));
    // One per line: every line an error, and each read once.
    let lines = "[\n".repeat(1_000_000);
    assert!(first_error(&read_text(&lines)).contains("the name is missing"));
    let lines = "{\n".repeat(1_000_000);
    assert!(first_error(&read_text(&lines)).contains("never closed"));
    // A comment opened on every other line, a tag between: each comment stops at the tag.
    let lines = "{\n[Event \"e\"]\n".repeat(500_000);
    assert!(first_error(&read_text(&lines)).contains("runs into the tags on line 2"));
    // Tag values opened and never closed, as long as allowed and longer.
    let lines = format!("[Event \"{}\n", "v".repeat(5000)).repeat(2000);
    assert!(first_error(&read_text(&lines)).contains("the Event tag is 5000 bytes long"));
}

#[test]
fn nul_bytes_are_refused_as_moves() {
    let games = read_text("[Size \"5\"]\n1. a1\0 e5\n");
    assert_eq!(
        first_error(&games),
        "2:6: 1. a1\\0: unexpected \"\\0\" at character 3"
    );
    let games = read_text(&"\0".repeat(1_000_000));
    assert_eq!(
        first_error(&games),
        format!(
            "1:1: 1. {}...: expected a square such as c3 at character 1",
            "\\0".repeat(32)
        )
    );
}

#[test]
fn an_error_echoes_only_the_start_of_a_huge_token() {
    let ply = "a".repeat(1 << 20);
    let games = read_text(&format!("[Size \"5\"]\n1. {ply}\n"));
    let message = first_error(&games);
    assert!(
        message.len() < 120,
        "{} bytes: {}",
        message.len(),
        &message[..200]
    );
    assert!(message.contains("aaaa..."), "{message}");

    let name = "N".repeat(1 << 20);
    let games = read_text(&format!("[{name} \"{}\"]\n", "v".repeat(5000)));
    let message = first_error(&games);
    assert!(message.len() < 120, "{} bytes", message.len());

    let value = "9".repeat(4000);
    let games = read_text(&format!("[Size \"{value}\"]\n1. a1\n"));
    let message = first_error(&games);
    assert!(message.len() < 160, "{} bytes: {message}", message.len());
}

// ---- the file itself ----

fn file_error(path: &Path) -> String {
    read_ptn_file(path).expect_err("refused").to_string()
}

#[test]
fn invalid_utf8_is_refused_naming_the_line() {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("latin1.ptn");
    std::fs::write(&path, b"[Size \"5\"]\n[Player1 \"Jos\xe9\"]\n1. a1 e5\n").unwrap();
    assert_eq!(
        file_error(&path),
        format!(
            "{}: the file is not UTF-8 text (a bad byte on line 2)",
            path.display()
        )
    );
}

#[test]
fn a_folder_is_not_read_as_a_file() {
    let folder = tempfile::tempdir().unwrap();
    assert_eq!(
        file_error(folder.path()),
        format!(
            "{}: it is a folder, not a regular file; only files are read",
            folder.path().display()
        )
    );
}

#[test]
fn dev_zero_is_refused_not_read_for_ever() {
    // Read for ever, it would hang the suite: answered, it was refused before any read.
    assert_eq!(
        file_error(Path::new("/dev/zero")),
        "/dev/zero: it is a device, not a regular file; only files are read"
    );
}

#[test]
fn a_fifo_is_refused_without_waiting_for_a_writer() {
    let folder = tempfile::tempdir().unwrap();
    let fifo = folder.path().join("pipe.ptn");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    // A reader blocked on the pipe would never answer: wait long, as a guard, not a timing.
    let (send, receive) = std::sync::mpsc::channel();
    let path = fifo.clone();
    std::thread::spawn(move || send.send(file_error(&path)));
    let error = receive
        .recv_timeout(Duration::from_secs(60))
        .expect("refused at once, not blocked waiting for a writer");
    assert_eq!(
        error,
        format!(
            "{}: it is a FIFO (named pipe), not a regular file; only files are read",
            fifo.display()
        )
    );
}

#[test]
fn a_file_over_the_limit_says_its_real_size() {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("big.ptn");
    // Sparse: no need to write 20 MB.
    let file = std::fs::File::create(&path).unwrap();
    file.set_len(20_000_000).unwrap();
    assert_eq!(
        file_error(&path),
        format!(
            "{}: the file is 20000000 bytes; PTN files over 16 MiB are refused",
            path.display()
        )
    );
}

#[test]
fn a_symlink_loop_is_an_error_not_a_hang() {
    let folder = tempfile::tempdir().unwrap();
    let a = folder.path().join("a.ptn");
    let b = folder.path().join("b.ptn");
    std::os::unix::fs::symlink(&b, &a).unwrap();
    std::os::unix::fs::symlink(&a, &b).unwrap();
    let error = file_error(&a);
    assert!(
        error.starts_with(&format!("{}: cannot read the file: ", a.display())),
        "{error}"
    );
    assert!(error.to_lowercase().contains("symbolic links"), "{error}");
}

#[test]
fn a_file_without_read_permission_says_so() {
    use std::os::unix::fs::PermissionsExt as _;
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("secret.ptn");
    std::fs::write(&path, "[Size \"5\"]\n1. a1 e5\n").unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o000)).unwrap();
    match read_ptn_file(&path) {
        Err(error) => assert_eq!(
            error.to_string(),
            format!(
                "{}: cannot read the file: Permission denied (os error 13)",
                path.display()
            )
        ),
        // Root reads whatever the mode says; tests/integration/cli_check.rs runs the binary as
        // another user to see the refusal there.
        Ok(games) => assert!(is_root() && games.len() == 1),
    }
}

fn is_root() -> bool {
    use std::os::unix::fs::MetadataExt as _;
    std::fs::metadata("/proc/self").is_ok_and(|m| m.uid() == 0)
}
