//! `tak match --game locke` and `--game kaen` as a script runs them: the computer at two
//! levels as a real subprocess, a line a game (a series) on stderr, the summary on stdout,
//! every game saved in the match's folder as the screens save them, taken up with
//! `--continue`, stopped by Ctrl+C with the games finished kept, and clear refusals for what
//! does not apply.

use std::io::{BufRead as _, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use crate::common::{scratch, tak, text};
use taktui::game::kaen::KaenSession;
use taktui::game::locke::LockeSession;

/// `tak match` with `args`, its games saved in `dir/games` unless `--out` is given.
fn tak_match(dir: &Path, args: &[&str]) -> Output {
    let out = games(dir).display().to_string();
    let mut all = vec!["match"];
    all.extend(args);
    if !args.contains(&"--out") && !args.contains(&"--continue") {
        all.extend(["--out", &out]);
    }
    tak(dir, &all)
}

/// The folder the games of a match in `dir` are saved in.
fn games(dir: &Path) -> PathBuf {
    dir.join("games")
}

/// The files in `folder`, sorted.
fn files(folder: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(folder)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| !name.starts_with('.'))
        .collect();
    names.sort();
    names
}

#[test]
fn a_locke_match_between_two_levels_reports_each_game_and_the_score() {
    let dir = scratch("match-locke");
    let output = tak_match(
        &dir,
        &[
            "--game",
            "locke",
            "--white",
            "computer:5",
            "--black",
            "computer:1",
            "--games",
            "4",
        ],
    );
    let (stdout, stderr) = (text(&output.stdout), text(&output.stderr));
    assert!(output.status.success(), "{stdout}\n{stderr}");
    assert!(
        stdout.starts_with(
            "4 games of Locke played. Computer (level 5) against Computer (level 1): +"
        ),
        "{stdout}"
    );
    for game in 1..=4 {
        assert!(stderr.contains(&format!("game {game} of 4")), "{stderr}");
    }
    // The seats take turns with White.
    assert!(
        stderr.contains("game 1 of 4 (Computer (level 5) White)"),
        "{stderr}"
    );
    assert!(
        stderr.contains("game 2 of 4 (Computer (level 1) White)"),
        "{stderr}"
    );
    // Every game is won, drawn or stopped, and counted.
    let counted = stderr
        .lines()
        .filter(|l| l.contains(" won (") || l.contains("a draw") || l.contains("stopped after"))
        .count();
    assert_eq!(counted, 4, "{stderr}");
    // Each is saved as the screen saves a game of Locke, and opens as one.
    let folder = games(&dir);
    assert!(
        stderr.contains(&format!("saved in {}", folder.display())),
        "{stderr}"
    );
    assert!(
        stdout.contains(&format!("The games are saved in {}.", folder.display())),
        "{stdout}"
    );
    assert_eq!(
        files(&folder),
        [
            "game-001.ptn",
            "game-002.ptn",
            "game-003.ptn",
            "game-004.ptn"
        ]
    );
    for (index, name) in files(&folder).iter().enumerate() {
        let session = LockeSession::open(&folder.join(name)).unwrap();
        let tags = session.record().tags();
        let white = if index % 2 == 0 {
            "Computer (level 5)"
        } else {
            "Computer (level 1)"
        };
        assert_eq!(tags.get("Player1"), Some(white), "{name}");
        let position = session.record().position();
        assert!(
            position.ending().is_some() || position.turns() >= 400,
            "{name} is not a whole game"
        );
    }
}

#[test]
fn a_kaen_match_plays_series_and_counts_the_chips() {
    let dir = scratch("match-kaen");
    let output = tak_match(
        &dir,
        &[
            "--game",
            "kaen",
            "--white",
            "computer:4",
            "--black",
            "computer:4",
            "--games",
            "3",
            "--series-games",
            "2",
        ],
    );
    let (stdout, stderr) = (text(&output.stdout), text(&output.stderr));
    assert!(output.status.success(), "{stdout}\n{stderr}");
    assert!(
        stdout.starts_with(
            "3 series of Kaen played. Computer (level 4) A against Computer (level 4) B: +"
        ),
        "{stdout}"
    );
    assert!(
        stderr.contains("3 series of Kaen, 2 games each"),
        "{stderr}"
    );
    // No chip is made or lost: what one wins the other loses.
    let won: Vec<i64> = stdout
        .lines()
        .next()
        .unwrap()
        .split("chips won ")
        .nth(1)
        .unwrap()
        .split(", ")
        .map(|part| {
            part.rsplit(' ')
                .next()
                .unwrap()
                .trim_end_matches(['.', '\n'])
                .parse()
                .unwrap()
        })
        .collect();
    assert_eq!(won.len(), 2, "{stdout}");
    assert_eq!(won[0] + won[1], 0, "{stdout}");
    for series in 1..=3 {
        assert!(
            stderr.contains(&format!("series {series} of 3")),
            "{stderr}"
        );
    }
    // Each series is saved as the screen saves one, and opens as one: over, its rolls the
    // die's.
    let folder = games(&dir);
    assert!(
        stdout.contains(&format!("The series are saved in {}.", folder.display())),
        "{stdout}"
    );
    assert_eq!(
        files(&folder),
        ["series-001.ptn", "series-002.ptn", "series-003.ptn"]
    );
    for name in files(&folder) {
        let session = KaenSession::open(&folder.join(&name)).unwrap();
        let series = session.record().series();
        assert!(series.end().is_some(), "{name} is not a whole series");
        assert!(session.record().rolls() > 0, "{name}");
    }
}

/// The rolls of every series saved in `folder`, in order.
fn rolls(folder: &Path) -> Vec<Vec<String>> {
    files(folder)
        .iter()
        .map(|name| {
            let session = KaenSession::open(&folder.join(name)).unwrap();
            session
                .record()
                .actions()
                .iter()
                .map(ToString::to_string)
                .filter(|action| action.starts_with('r'))
                .collect()
        })
        .collect()
}

#[test]
fn a_kaen_match_rolls_the_screens_die_and_a_seed_repeats_it() {
    let dir = scratch("match-kaen-die");
    let args = |out: &str, seed: Option<&str>| {
        let mut args = vec![
            "--game",
            "kaen",
            "--white",
            "computer:3",
            "--black",
            "computer:6",
            "--games",
            "2",
            "--series-games",
            "2",
            "--out",
        ];
        args.push(out);
        let mut owned: Vec<String> = args.into_iter().map(str::to_owned).collect();
        if let Some(seed) = seed {
            owned.extend(["--seed".to_owned(), seed.to_owned()]);
        }
        owned
    };
    let run = |out: &str, seed: Option<&str>| {
        let owned = args(&dir.join(out).display().to_string(), seed);
        let words: Vec<&str> = owned.iter().map(String::as_str).collect();
        let output = tak_match(&dir, &words);
        assert!(output.status.success(), "{}", text(&output.stderr));
        rolls(&dir.join(out))
    };
    // The same seed rolls the same faces, and the computer chooses the same.
    let seeded = run("a", Some("42"));
    assert_eq!(run("b", Some("42")), seeded);
    // Without one, each roll is drawn from the system's randomness: two runs of many rolls
    // do not roll alike.
    assert_ne!(run("c", None), run("d", None));
}

#[test]
fn continue_takes_a_locke_match_up_after_the_games_saved() {
    let dir = scratch("match-locke-continue");
    let folder = games(&dir);
    let out = folder.display().to_string();
    let base = [
        "--game",
        "locke",
        "--white",
        "computer:2",
        "--black",
        "computer:1",
        "--out",
        &out,
    ];
    let first = tak_match(&dir, &[&base[..], &["--games", "2"]].concat());
    assert!(first.status.success(), "{}", text(&first.stderr));
    let before = std::fs::read_to_string(folder.join("game-002.ptn")).unwrap();
    // Again without --continue: the folder is there, and is not touched.
    let again = tak_match(&dir, &[&base[..], &["--games", "3"]].concat());
    assert!(!again.status.success());
    assert!(
        text(&again.stderr).contains("--continue"),
        "{}",
        text(&again.stderr)
    );
    // Taken up: the two saved count, the third is played.
    let more = tak_match(&dir, &[&base[..], &["--games", "3", "--continue"]].concat());
    let (stdout, stderr) = (text(&more.stdout), text(&more.stderr));
    assert!(more.status.success(), "{stderr}");
    assert!(stderr.contains("taken up after game 2"), "{stderr}");
    assert!(!stderr.contains("game 1 of 3"), "{stderr}");
    assert!(stderr.contains("game 3 of 3"), "{stderr}");
    assert!(stdout.starts_with("3 games of Locke played."), "{stdout}");
    assert_eq!(files(&folder).len(), 3);
    assert_eq!(
        std::fs::read_to_string(folder.join("game-002.ptn")).unwrap(),
        before
    );
    // Other players than the games saved: refused, naming the file.
    let other = tak_match(
        &dir,
        &[
            "--game",
            "locke",
            "--white",
            "computer:3",
            "--black",
            "computer:1",
            "--out",
            &out,
            "--games",
            "4",
            "--continue",
        ],
    );
    assert!(!other.status.success());
    assert!(
        text(&other.stderr).contains("game-001.ptn"),
        "{}",
        text(&other.stderr)
    );
}

/// Starts `tak match` with `args` (its games in `folder`), waits for the line saying its first
/// game (or series) is over, then sends Ctrl+C (SIGINT): its stdout, and the rest of its
/// stderr, once it ends.
fn interrupted(dir: &Path, folder: &Path, args: &[&str], first: &str) -> (Output, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tak"))
        .arg("match")
        .args(args)
        .arg("--out")
        .arg(folder)
        .env("TAKTUI_DATA_DIR", dir)
        .env("TAKTUI_CONFIG_DIR", dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stderr = BufReader::new(child.stderr.take().unwrap());
    let mut said = String::new();
    while !said.contains(first) {
        let mut line = String::new();
        assert!(stderr.read_line(&mut line).unwrap() > 0, "it ended: {said}");
        said.push_str(&line);
    }
    let pid = rustix::process::Pid::from_raw(i32::try_from(child.id()).unwrap()).unwrap();
    rustix::process::kill_process(pid, rustix::process::Signal::INT).unwrap();
    let output = child.wait_with_output().unwrap();
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut stderr, &mut rest).unwrap();
    (output, rest)
}

#[test]
fn ctrl_c_stops_a_locke_match_at_once_keeping_the_games_finished() {
    let dir = scratch("match-interrupted-locke");
    let folder = games(&dir);
    // Many games: it would run for a long while.
    let args = [
        "--game",
        "locke",
        "--white",
        "computer:6",
        "--black",
        "computer:5",
        "--games",
        "500",
    ];
    let (output, rest) = interrupted(&dir, &folder, &args, "game 1 of 500");
    let stdout = text(&output.stdout);
    // It stopped, said so and how to go on; the game finished is kept, the one cut short not.
    assert!(!output.status.success(), "{stdout}");
    assert!(
        rest.contains("game 2: stopped, not finished and not saved"),
        "{rest}"
    );
    assert!(rest.contains("--continue plays the rest"), "{rest}");
    assert!(stdout.starts_with("1 game of Locke played."), "{stdout}");
    assert_eq!(files(&folder), ["game-001.ptn"]);
    assert!(LockeSession::open(&folder.join("game-001.ptn")).is_ok());
}

#[test]
fn ctrl_c_stops_a_kaen_match_at_once_keeping_the_series_finished() {
    let dir = scratch("match-interrupted-kaen");
    let folder = games(&dir);
    let args = [
        "--game",
        "kaen",
        "--white",
        "computer:10",
        "--black",
        "computer:9",
        "--games",
        "500",
        "--series-games",
        "1",
    ];
    let (output, rest) = interrupted(&dir, &folder, &args, "series 1 of 500");
    let stdout = text(&output.stdout);
    assert!(!output.status.success(), "{stdout}");
    assert!(
        rest.contains("series 2: stopped, not finished and not saved"),
        "{rest}"
    );
    assert!(stdout.starts_with("1 series of Kaen played."), "{stdout}");
    assert_eq!(files(&folder), ["series-001.ptn"]);
    let kept = KaenSession::open(&folder.join("series-001.ptn")).unwrap();
    assert!(kept.record().series().end().is_some());
}

#[test]
fn a_match_of_locke_or_kaen_refuses_people_engines_and_tak_options() {
    let dir = scratch("match-refusals");
    for (args, says) in [
        (
            vec!["--game", "locke", "--white", "computer:3"],
            "give --black computer:LEVEL",
        ),
        (
            vec!["--game", "kaen", "--white", "Ann", "--black", "computer"],
            "only taktui's computer plays Kaen",
        ),
        (
            vec![
                "--game", "locke", "--white", "computer", "--black", "computer", "--size", "6",
            ],
            "--size does not apply to a match of Locke",
        ),
        (
            vec![
                "--game",
                "locke",
                "--white",
                "computer",
                "--black",
                "computer",
                "--series-games",
                "3",
            ],
            "--series-games does not apply to a match of Locke",
        ),
        (
            vec![
                "--white",
                "computer",
                "--black",
                "computer",
                "--series-games",
                "3",
            ],
            "--series-games is for --game kaen",
        ),
        (
            vec!["--white", "computer", "--black", "computer", "--seed", "3"],
            "--seed for either",
        ),
    ] {
        let output = tak_match(&dir, &args);
        let stderr = text(&output.stderr);
        assert!(!output.status.success(), "{args:?}");
        assert!(stderr.contains(says), "{args:?}: {stderr}");
    }
}
