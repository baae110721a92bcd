//! `tak match` between programs without a screen, as a script runs it: `tak tei` as a real
//! subprocess against taktui's computer, openings played with both colours, a live line a
//! game on stderr with the tally and Elo, every game in the file, and an engine that sends an
//! illegal move or dies losing its games (said why) with nothing left running.

use std::path::Path;
use std::process::{Command, Output};

use crate::common::{scratch, shells_running_with, tak, text};
use taktui::record::read_ptn;

const TAK: &str = env!("CARGO_BIN_EXE_tak");

/// `tak match ARGS` with stdout a pipe (so no screen), data and config kept in `dir`.
fn tak_match(dir: &Path, args: &[&str]) -> Output {
    tak(dir, &[&["match"], args].concat())
}

#[test]
fn tak_tei_against_the_computer_plays_every_opening_with_both_colours() {
    let dir = scratch("match-tei");
    let openings = dir.join("openings.txt");
    std::fs::write(
        &openings,
        "# two openings\nx4/x4/x4/x4 1 1\nx4/x4/x4/2,x3 1 2\n",
    )
    .unwrap();
    let out = dir.join("match.ptn");
    let engine = format!("engine:cmd:{TAK} tei --hash 4");
    let output = tak_match(
        &dir,
        &[
            "--white",
            &engine,
            "--black",
            "computer:2",
            "--size",
            "4",
            "--clock",
            "0.1+0.05",
            "--openings",
            openings.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ],
    );
    let (stdout, stderr) = (text(&output.stdout), text(&output.stderr));
    assert!(output.status.success(), "{stdout}\n{stderr}");
    // Two openings, two games each, without --games.
    assert!(stdout.starts_with("4 of 4 games played."), "{stdout}");
    // The tally: wins, draws and losses and the score; four games are too few for an Elo.
    assert!(stdout.contains(" =") && stdout.contains('%'), "{stdout}");
    assert!(!stdout.contains("Elo"), "{stdout}");
    for game in 1..=4 {
        assert!(stderr.contains(&format!("game {game} of 4")), "{stderr}");
    }
    assert!(stderr.contains("from x4/x4/x4/2,x3 1 2"), "{stderr}");
    let games = read_ptn(&std::fs::read_to_string(&out).unwrap()).unwrap();
    assert_eq!(games.len(), 4);
    for (index, game) in games.iter().enumerate() {
        let record = game.record.as_ref().unwrap();
        assert!(game.error.is_none(), "game {index}: {:?}", game.error);
        assert!(record.result_token().is_some(), "game {index} has a result");
        assert_eq!(record.tags().get("Clock"), Some("0:6 +0.05"));
        // Colours swap within each pair of games from the same opening.
        let white = record.tags().player(taktui::rules::Color::White).unwrap();
        let taktui_engine_white = white.starts_with("cmd:") || !white.starts_with("Computer");
        assert_eq!(taktui_engine_white, index % 2 == 0, "game {index}: {white}");
        let expected_tps = ["x4/x4/x4/x4 1 1", "x4/x4/x4/2,x3 1 2"][index / 2];
        assert_eq!(record.tags().get("TPS"), Some(expected_tps));
        // Each ply of the engine's says what it thought: `+0.35 at depth 4, 0.1 s`.
        let engine_plays = usize::from(!taktui_engine_white);
        let said: Vec<&str> = record
            .plies()
            .iter()
            .skip(engine_plays)
            .step_by(2)
            .filter_map(|ply| ply.comments.first().map(String::as_str))
            .collect();
        assert!(!said.is_empty(), "game {index}");
        assert!(
            said.iter()
                .all(|c| c.contains(" at depth ") && c.ends_with(" s")),
            "game {index}: {said:?} {:?}",
            record
                .plies()
                .iter()
                .map(|p| (p.mv.to_string(), p.comments.clone()))
                .collect::<Vec<_>>()
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_engine_that_cheats_or_dies_loses_its_games_and_leaves_nothing_running() {
    let dir = scratch("match-cheat");
    // Marked, so the test can look for it among the running processes afterwards.
    let marker = format!("match-liar-{}", std::process::id());
    let liar = format!(
        "engine:cmd:sh -c \"while read l; do case $l in tei) echo teiok;; isready) echo readyok;; go*) echo 'bestmove a1';; quit) exit;; esac; done # {marker}\""
    );
    let out = dir.join("liar.ptn");
    let output = tak_match(
        &dir,
        &[
            "--white",
            "computer:1",
            "--black",
            &liar,
            "--size",
            "4",
            "--games",
            "2",
            "--out",
            out.to_str().unwrap(),
        ],
    );
    let (stdout, stderr) = (text(&output.stdout), text(&output.stderr));
    assert!(output.status.success(), "{stdout}\n{stderr}");
    // Every a1 after the first is on an occupied square: the liar loses both games.
    assert!(stdout.contains("+2 =0 -0, 100.0%"), "{stdout}");
    assert!(stderr.contains("which is not legal"), "{stderr}");
    let games = read_ptn(&std::fs::read_to_string(&out).unwrap()).unwrap();
    assert_eq!(games.len(), 2);
    // Said where it happened: after the last ply played.
    let record = games[0].record.as_ref().unwrap();
    let comments = record.plies().last().unwrap().comments.join(" ");
    assert!(comments.contains("not legal"), "{comments}");
    assert!(
        shells_running_with(&marker).is_empty(),
        "the liar outlived the match"
    );

    let dying = format!(
        "engine:cmd:sh -c \"while read l; do case $l in tei) echo teiok;; isready) echo readyok;; go*) echo 'out of memory' >&2; exit 3;; esac; done # {marker}\""
    );
    let out = dir.join("dying.ptn");
    let output = tak_match(
        &dir,
        &[
            "--white",
            &dying,
            "--black",
            "computer:1",
            "--size",
            "3",
            "--games",
            "1",
            "--quiet",
            "--out",
            out.to_str().unwrap(),
        ],
    );
    let stderr = text(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert!(
        stderr.contains("out of memory"),
        "its last words are told: {stderr}"
    );
    assert!(
        stderr.contains("sh (White): the engine stopped"),
        "named once: {stderr}"
    );
    assert!(
        text(&output.stdout).contains("+0 =0 -1"),
        "{}",
        text(&output.stdout)
    );
    assert!(
        shells_running_with(&marker).is_empty(),
        "the dead engine left something behind"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_match_with_a_person_needs_the_screen_and_bad_openings_are_refused() {
    let dir = scratch("match-refused");
    let output = tak_match(
        &dir,
        &["--white", "Ann", "--black", "computer:1", "--quiet"],
    );
    assert!(!output.status.success());
    assert!(
        text(&output.stderr).contains("for programs"),
        "{}",
        text(&output.stderr)
    );

    let openings = dir.join("bad.txt");
    std::fs::write(&openings, "x5/x5/x5/x5/x5 1 1\nnot a tps\n").unwrap();
    let output = tak_match(
        &dir,
        &[
            "--white",
            "computer:1",
            "--black",
            "computer:1",
            "--openings",
            openings.to_str().unwrap(),
        ],
    );
    let stderr = text(&output.stderr);
    assert!(!output.status.success());
    assert!(
        stderr.contains("bad.txt") && stderr.contains("line 2"),
        "{stderr}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_engine_that_cannot_start_or_play_the_size_stops_the_match_before_its_first_game() {
    let dir = scratch("match-cannot");
    let out = dir.join("never.ptn");
    let missing = "engine:cmd:/nonexistent/taktui-test-engine";
    let output = tak_match(
        &dir,
        &[
            "--white",
            missing,
            "--black",
            "computer:1",
            "--size",
            "3",
            "--out",
            out.to_str().unwrap(),
        ],
    );
    let stderr = text(&output.stderr);
    assert!(!output.status.success(), "{stderr}");
    assert!(
        stderr.contains("cannot play this match: cannot start /nonexistent/taktui-test-engine"),
        "{stderr}"
    );
    assert!(!out.exists(), "no game was played, so no file");

    let six_only = "engine:cmd:sh -c \"while read l; do case $l in tei) echo 'size 6 halfkomi 0'; \
                    echo teiok;; isready) echo readyok;; quit) exit;; esac; done\"";
    let output = tak_match(
        &dir,
        &[
            "--white",
            "computer:1",
            "--black",
            six_only,
            "--size",
            "4",
            "--out",
            out.to_str().unwrap(),
        ],
    );
    let stderr = text(&output.stderr);
    assert!(!output.status.success(), "{stderr}");
    assert!(stderr.contains("plays no 4x4 board"), "{stderr}");
    assert!(
        !stderr.contains("saved in"),
        "a match that cannot start is not announced: {stderr}"
    );
    assert!(!out.exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn openings_set_the_board_and_openings_for_another_board_are_refused() {
    let dir = scratch("match-openings-size");
    let openings = dir.join("four.ptn");
    std::fs::write(&openings, "[Size \"4\"]\n\n1. a1 d4\n").unwrap();
    let out = dir.join("four-games.ptn");
    let args = |size: Option<&'static str>| {
        let mut args = vec![
            "--white".to_owned(),
            "computer:1".to_owned(),
            "--black".to_owned(),
            "computer:1".to_owned(),
            "--openings".to_owned(),
            openings.to_str().unwrap().to_owned(),
            "--out".to_owned(),
            out.to_str().unwrap().to_owned(),
        ];
        if let Some(size) = size {
            args.extend(["--size".to_owned(), size.to_owned()]);
        }
        args
    };
    let refused = args(Some("5"));
    let refused: Vec<&str> = refused.iter().map(String::as_str).collect();
    let output = tak_match(&dir, &refused);
    let stderr = text(&output.stderr);
    assert!(!output.status.success(), "{stderr}");
    assert!(
        stderr.contains("game 1 is a 4x4 opening and the match is on 5x5"),
        "{stderr}"
    );
    let played = args(None);
    let played: Vec<&str> = played.iter().map(String::as_str).collect();
    let output = tak_match(&dir, &played);
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert!(text(&output.stderr).contains("2 games on 4x4"));
    let games = read_ptn(&std::fs::read_to_string(&out).unwrap()).unwrap();
    assert!(
        games
            .iter()
            .all(|g| g.record.as_ref().unwrap().start().size().get() == 4)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn no_engine_outlives_taktui_even_when_taktui_is_killed() {
    // A crash of taktui, as far as its engines can tell: SIGKILL, no chance to clean up.
    engine_outlives_not("match-killed", |tak| tak.kill().unwrap());
}

#[test]
fn no_engine_outlives_taktui_when_its_terminal_interrupts_or_closes() {
    // Ctrl+C (outside raw mode) and a closed terminal signal the whole foreground process
    // group, taktui and the guards it started alike.
    for signal in ["INT", "HUP"] {
        engine_outlives_not(&format!("match-{signal}"), |tak| {
            let group = format!("-{}", tak.id());
            let sent = Command::new("kill")
                .args([&format!("-{signal}"), "--", &group])
                .status()
                .unwrap();
            assert!(sent.success(), "kill -{signal} {group}");
        });
    }
}

/// Starts a match against an engine that never quits by itself, ends taktui by `end`, and
/// checks that the engine is gone within five seconds.
fn engine_outlives_not(name: &str, end: impl FnOnce(&mut std::process::Child)) {
    let dir = scratch(name);
    let marker = format!("stubborn-{name}-{}", std::process::id());
    // It shakes hands, then thinks for ever and ignores quit and the end of its input; and it
    // runs behind a shell of its own (as `sh -c "cd dir && ./engine"` would), so what the
    // guard starts is not the engine itself.
    let script = dir.join("stubborn.sh");
    let thinking = dir.join("thinking");
    std::fs::write(
        &script,
        format!(
            "trap '' TERM INT HUP; while read l; do case $l in tei) echo teiok;; \
             isready) echo readyok;; go*) touch '{}'; while true; do sleep 1; done;; esac; done\n",
            thinking.display()
        ),
    )
    .unwrap();
    let stubborn = format!(
        "engine:cmd:sh -c \"sh {} {marker}; true\"",
        script.display()
    );
    let mut command = Command::new(TAK);
    command
        .args([
            "match",
            "--white",
            &stubborn,
            "--black",
            "computer:1",
            "--quiet",
            "--out",
        ])
        .arg(dir.join("m.ptn"))
        .env("TAKTUI_DATA_DIR", &dir)
        .env("TAKTUI_CONFIG_DIR", &dir)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null());
    // A process group of its own, as a shell gives a foreground job: signalling it leaves the
    // tests alone.
    std::os::unix::process::CommandExt::process_group(&mut command, 0);
    let mut tak = command.spawn().unwrap();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    // Thinking: the end of its input alone no longer ends it.
    while !thinking.exists() || shells_running_with(&marker).is_empty() {
        assert!(
            std::time::Instant::now() < deadline,
            "the engine never started thinking"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    end(&mut tak);
    tak.wait().unwrap();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
    while !shells_running_with(&marker).is_empty() {
        assert!(
            std::time::Instant::now() < deadline,
            "the engine outlived taktui: {:?}",
            shells_running_with(&marker)
        );
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_slow_engine_is_waited_for_within_its_time_and_loses_when_it_runs_out() {
    let dir = scratch("match-slow");
    // Every answer comes after 0.3 s, and is always a1 (legal only as the game's first ply).
    let slow = "engine:cmd:sh -c \"while read l; do case $l in tei) echo teiok;; isready) echo readyok;; go*) sleep 0.3; echo 'bestmove a1';; quit) exit;; esac; done\"";
    // One game of the slow engine against the computer with `clock`: what it said, the game.
    let one_game = |clock: &str, name: &str| {
        let out = dir.join(name);
        let output = tak_match(
            &dir,
            &[
                "--white",
                slow,
                "--black",
                "computer:1",
                "--size",
                "4",
                "--games",
                "1",
                "--clock",
                clock,
                "--out",
                out.to_str().unwrap(),
            ],
        );
        let stderr = text(&output.stderr);
        assert!(output.status.success(), "{stderr}");
        let games = read_ptn(&std::fs::read_to_string(&out).unwrap()).unwrap();
        (stderr, games[0].record.clone().unwrap())
    };
    let (stderr, record) = one_game("0.1+0", "patient.ptn");
    assert_eq!(
        record.plies()[0].mv.to_string(),
        "a1",
        "its slow first move was played"
    );
    assert!(stderr.contains("not legal"), "{stderr}");

    // With 0.2 s on its clock, the same engine runs out of time before its first move.
    let (stderr, record) = one_game("0.003+0", "flagged.ptn");
    assert!(stderr.contains("ran out of time"), "{stderr}");
    assert!(record.plies().is_empty());
    assert_eq!(record.result_token(), Some("0-1"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_engines_start_is_not_charged_to_its_clock() {
    let dir = scratch("match-slow-start");
    // It takes a second to start (as an engine loading its weights), then answers at once.
    let slow_start = "engine:cmd:sh -c \"sleep 1; while read l; do case $l in tei) echo teiok;; \
                      isready) echo readyok;; go*) echo 'bestmove a1';; quit) exit;; esac; done\"";
    let out = dir.join("start.ptn");
    let output = tak_match(
        &dir,
        &[
            "--white",
            slow_start,
            "--black",
            "computer:1",
            "--size",
            "4",
            "--games",
            "1",
            "--clock",
            "0.01+0",
            "--out",
            out.to_str().unwrap(),
        ],
    );
    let stderr = text(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    let games = read_ptn(&std::fs::read_to_string(&out).unwrap()).unwrap();
    let record = games[0].record.clone().unwrap();
    // Its 0.6 s would not have covered its start: its first move is played all the same.
    assert_eq!(record.plies()[0].mv.to_string(), "a1", "{stderr}");
    assert!(!stderr.contains("ran out of time"), "{stderr}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_second_match_in_the_same_minute_gets_a_name_of_its_own() {
    let dir = scratch("match-names");
    let args = [
        "--white",
        "computer:1",
        "--black",
        "computer:1",
        "--size",
        "3",
        "--games",
        "1",
    ];
    for _ in 0..2 {
        // Run in `dir`: the default file goes in the folder `tak` runs in.
        let output = Command::new(TAK)
            .arg("match")
            .args(args)
            .current_dir(&dir)
            .env("TAKTUI_DATA_DIR", &dir)
            .env("TAKTUI_CONFIG_DIR", &dir)
            .output()
            .unwrap();
        assert!(output.status.success(), "{}", text(&output.stderr));
    }
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.starts_with("tak-match-"))
        .collect();
    names.sort();
    assert_eq!(names.len(), 2, "{names:?}");
    // Dated to the minute: within one, the second is numbered.
    if names[0].len() != names[1].len() {
        assert!(names.iter().any(|n| n.ends_with("-2.ptn")), "{names:?}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_engine_has_its_exchange_written_and_options_it_does_not_take_said() {
    let dir = scratch("match-transcript");
    std::fs::write(
        dir.join("engines.toml"),
        format!(
            "[[engine]]\nname = \"self/1\"\ncommand = {TAK:?}\nargs = [\"tei\", \"--hash\", \"4\"]\n\
             transcript = true\noptions = {{ Bogus = \"1\" }}\n\n\
             [[engine]]\nname = \"dies\"\ncommand = \"/bin/sh\"\nargs = [\"-c\", \"while read l; do \
             case $l in tei) echo teiok;; isready) echo readyok;; go*) exit 3;; esac; done\"]\n\
             transcript = true\n"
        ),
    )
    .unwrap();
    let out = dir.join("games.ptn");
    let output = tak_match(
        &dir,
        &[
            "--white",
            "engine:self/1",
            "--black",
            "computer:1",
            "--size",
            "3",
            "--games",
            "1",
            "--clock",
            "0.1+0.1",
            "--out",
            out.to_str().unwrap(),
        ],
    );
    let stderr = text(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    // Said when the match starts, as `tak engines` says it.
    assert!(
        stderr.contains("self/1, as engines.toml sets it: options it does not offer: Bogus"),
        "{stderr}"
    );
    let transcript = std::fs::read_to_string(dir.join("logs").join("self_1.tei.log")).unwrap();
    for expected in [
        "> tei",
        "< teiok",
        "> teinewgame size 3",
        "> go wtime",
        "< bestmove",
    ] {
        assert!(
            transcript.lines().any(|l| l.contains(expected)),
            "{expected:?} in:\n{transcript}"
        );
    }
    // What taktui saw happen is noted too: here, an engine gone at its first `go`.
    let output = tak_match(
        &dir,
        &[
            "--white",
            "engine:dies",
            "--black",
            "computer:1",
            "--size",
            "3",
            "--games",
            "1",
            "--out",
            dir.join("dies.ptn").to_str().unwrap(),
        ],
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    let transcript = std::fs::read_to_string(dir.join("logs").join("dies.tei.log")).unwrap();
    assert!(
        transcript
            .lines()
            .any(|l| l.contains(" ! the engine's output ended while")),
        "{transcript}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_stopped_match_is_taken_up_where_it_stopped_and_its_games_are_kept() {
    let dir = scratch("match-continue");
    let file = dir.join("m.ptn");
    let out = file.to_str().unwrap();
    let args = |white: &'static str, black: &'static str| {
        [
            "--white", white, "--black", black, "--size", "3", "--games", "3", "--out", out,
        ]
    };
    let first = tak_match(&dir, &args("computer:1", "computer:2"));
    assert!(first.status.success(), "{}", text(&first.stderr));
    // Stopped after two games, as a crash would have left it.
    let games = read_ptn(&std::fs::read_to_string(&file).unwrap()).unwrap();
    let kept: Vec<_> = games[..2]
        .iter()
        .map(|g| g.record.clone().unwrap())
        .collect();
    taktui::record::save_ptn(&file, &kept).unwrap();
    let before = std::fs::read_to_string(&file).unwrap();
    // Never over it without being asked.
    let refused = tak_match(&dir, &args("computer:1", "computer:2"));
    assert!(!refused.status.success());
    assert!(
        text(&refused.stderr).contains("--continue"),
        "{}",
        text(&refused.stderr)
    );
    // Other players: refused, the file untouched.
    let other = tak_match(
        &dir,
        &[&args("computer:2", "computer:1")[..], &["--continue"]].concat(),
    );
    assert!(!other.status.success());
    assert!(
        text(&other.stderr).contains("give the same players"),
        "{}",
        text(&other.stderr)
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), before);
    // The same match: its two games count, the third is played.
    let taken_up = tak_match(
        &dir,
        &[&args("computer:1", "computer:2")[..], &["--continue"]].concat(),
    );
    assert!(taken_up.status.success(), "{}", text(&taken_up.stderr));
    let stderr = text(&taken_up.stderr);
    assert!(stderr.contains("taken up after game 2"), "{stderr}");
    assert!(stderr.contains("game 3 of 3"), "{stderr}");
    assert!(!stderr.contains("game 1 of 3"), "{stderr}");
    assert!(
        text(&taken_up.stdout).contains("3 of 3 games played"),
        "{}",
        text(&taken_up.stdout)
    );
    let now = read_ptn(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(now.len(), 3);
    for (old, new) in kept.iter().zip(&now) {
        assert_eq!(
            Some(old),
            new.record.as_ref(),
            "the games played before are kept"
        );
    }
    // Over: nothing more to play, and it says so.
    let over = tak_match(
        &dir,
        &[&args("computer:1", "computer:2")[..], &["--continue"]].concat(),
    );
    assert!(over.status.success());
    assert!(
        text(&over.stdout).contains("is over"),
        "{}",
        text(&over.stdout)
    );
    // A file that is not there is no match to continue.
    let missing = tak_match(
        &dir,
        &[
            "--white",
            "computer:1",
            "--black",
            "computer:2",
            "--out",
            "nowhere.ptn",
            "--continue",
        ],
    );
    assert!(
        text(&missing.stderr).contains("no match to continue"),
        "{}",
        text(&missing.stderr)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
