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
        Some("73 file(s), 73 game(s): 73 read, 0 refused, 6 result mismatch(es)")
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
        "1 file(s) (1 not read), 0 game(s): 0 read, 0 refused, 0 result mismatch(es)\n"
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
fn variations_are_reported_as_warnings() {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("branches.ptn");
    let text = "[Size \"5\"]\n1. a1 e5\n2. c3 d3\n\n{2w1}\n2. b3 b2\n";
    std::fs::write(&path, text).unwrap();
    let name = path.display().to_string();
    let (code, out, _) = tak(&["check", &name]);
    assert_eq!(code, 0, "a warning is not an error");
    assert!(out.contains("4 plies"), "{out}");
    assert!(
        out.contains("warning: 5:1: variations are skipped"),
        "{out}"
    );
    let (_, json, _) = tak(&["check", "--json", &name]);
    assert!(json.contains("\"warnings\":[\"5:1: variations are skipped from here on; the main line is read in full\"]"), "{json}");
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
