//! `tak match --game locke` and `--game kaen` as a script runs them: the computer at two
//! levels as a real subprocess, a line a game (a series) on stderr, the summary on stdout,
//! and clear refusals for what does not apply.

use std::path::Path;
use std::process::Output;

use crate::common::{scratch, tak, text};

fn tak_match(dir: &Path, args: &[&str]) -> Output {
    tak(dir, &[&["match"], args].concat())
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
    ] {
        let output = tak_match(&dir, &args);
        let stderr = text(&output.stderr);
        assert!(!output.status.success(), "{args:?}");
        assert!(stderr.contains(says), "{args:?}: {stderr}");
    }
}
