//! Forced roads marked in a replay (`M`): the solver searches every position of the line
//! shown in the background, its progress in the panel, then the move list marks the ply that
//! gave a forced road away and the one that missed it, the panel names the road at each, and
//! the marks follow when another line is shown.

use crate::common::{options, press, replay, scratch, screen_text};
use taktui::game::Library;
use taktui::game::store::Keeper;
use taktui::tui::{App, Options, Screen, Theme};

/// White has b1 c1 d1 and a3 a4, Black a wall on b2. After 5. a2, Black's c3 lets a1 make
/// two threats at once (e1 and a5); White plays c4 instead and Black's capstone takes a1.
/// The variation plays a1 and wins.
const GAME: &str = "[Size \"5\"]
[TPS \"x3,2,2/1,x4/1,x4/x,2S,x3/x,1,1,1,x 1 5\"]
[Player1 \"Ann\"]
[Player2 \"Bo\"]

5. a2 c3
6. c4 Ca1
7. e2

{6w1}
6. a1 e1
7. a5 R-0
";

fn open(name: &str, options: Options) -> App {
    let path = scratch(name).join("game.ptn");
    std::fs::write(&path, GAME).unwrap();
    let library = Library::open(&path, &taktui::record::ReadOptions::default()).unwrap();
    let screen = Screen::for_file(library, None, 0).unwrap();
    App::new(screen, options, Keeper::default())
}

use crate::common::until;

fn marked(app: &mut App) {
    until(app, |app| {
        app.status()
            .is_some_and(|s| s.text.starts_with("forced roads:"))
    });
}

#[test]
fn m_marks_the_ply_that_gave_a_road_away_and_the_one_that_missed_it() {
    let mut app = open("tinue-marks", options());
    press(&mut app, "M");
    let text = screen_text(&mut app, 100, 30);
    assert!(text.contains("Forced roads: 0 of 6 positions"), "{text}");
    marked(&mut app);
    let status = app.status().unwrap().text.clone();
    assert!(
        status.starts_with("forced roads: 1 ply gave one away (†), 1 missed one (×)"),
        "{status}"
    );
    let text = screen_text(&mut app, 100, 30);
    assert!(!text.contains("positions searched"), "done: {text}");
    assert!(text.contains("5. a2         c3†"), "{text}");
    // After the branch marker (a variation leaves there).
    assert!(text.contains("6. c4⑂×       Ca1"), "{text}");
    assert!(
        text.contains("7. e2\n") || text.contains("7. e2 "),
        "{text}"
    );
    assert!(!text.contains("e2†") && !text.contains("Ca1×"), "{text}");
    // At the ply that gave the road away: the road.
    press(&mut app, "Home Right Right");
    let text = screen_text(&mut app, 120, 40);
    assert!(text.contains("Ply 2 of 5"), "{text}");
    // The panel wraps the line, the last move under the rest.
    assert!(
        text.contains("† after this ply White forces a road in 3: a1 e1  │\n")
            && text.contains("│  a5   "),
        "{text}"
    );
    // At the ply that missed it: the road missed.
    press(&mut app, "Right");
    let text = screen_text(&mut app, 120, 40);
    assert!(
        text.contains("× White missed a forced road here (a1 e1 a5)"),
        "{text}"
    );
    assert!(!text.contains("after this ply"), "{text}");
    // Elsewhere, nothing.
    press(&mut app, "Right");
    let text = screen_text(&mut app, 100, 30);
    assert!(!text.contains("forced road"), "{text}");
}

#[test]
fn the_marks_follow_the_line_shown_and_are_its_own() {
    let mut app = open("tinue-marks-line", options());
    press(&mut app, "M");
    marked(&mut app);
    // After 5... c3, show the variation 6. a1.
    press(&mut app, "Home Right Right Right b Down Enter");
    let moves: Vec<String> = replay(&app)
        .game()
        .replay
        .record()
        .plies()
        .iter()
        .map(|p| p.mv.to_string())
        .collect();
    assert_eq!(moves, ["a2", "c3", "a1", "e1", "a5"]);
    let status = app.status().unwrap().text.clone();
    assert!(
        status.contains("the forced-road marks follow the line shown"),
        "{status}"
    );
    // Never the other line's marks against these plies: searched again, its own.
    let text = screen_text(&mut app, 100, 30);
    assert!(!text.contains('×'), "{text}");
    marked(&mut app);
    // In this line White takes its road, so only c3 is marked.
    let status = app.status().unwrap().text.clone();
    assert!(
        status.starts_with("forced roads: 1 ply gave one away (†) · "),
        "{status}"
    );
    let text = screen_text(&mut app, 100, 30);
    assert!(text.contains("5. a2         c3†"), "{text}");
    assert!(!text.contains('×'), "{text}");
    // M still hides them.
    press(&mut app, "M");
    let text = screen_text(&mut app, 100, 30);
    assert!(!text.contains('†'), "{text}");
}

#[test]
fn m_again_stops_or_hides_and_ascii_marks_are_letters() {
    let ascii = Options {
        theme: Theme {
            ascii: true,
            ..options().theme
        },
        ..options()
    };
    let mut app = open("tinue-marks-ascii", ascii);
    press(&mut app, "M M");
    assert!(
        app.status().unwrap().text.contains("stopped"),
        "{:?}",
        app.status()
    );
    press(&mut app, "M");
    marked(&mut app);
    let text = screen_text(&mut app, 80, 24);
    assert!(text.contains("5. a2         c3T"), "{text}");
    assert!(text.contains("6. c4&x       Ca1"), "{text}");
    press(&mut app, "M");
    assert!(app.status().unwrap().text.contains("hidden"));
    let text = screen_text(&mut app, 80, 24);
    assert!(
        text.contains("5. a2         c3\n") || text.contains("c3 "),
        "{text}"
    );
    assert!(!text.contains("c3T"), "{text}");
}

#[test]
fn the_help_page_names_the_key_and_the_marks() {
    let mut app = open("tinue-marks-help", options());
    press(&mut app, "?");
    let text = screen_text(&mut app, 120, 60);
    assert!(text.contains("mark forced roads"), "{text}");
    assert!(text.contains("† (M)"), "{text}");
    assert!(text.contains("× (M)"), "{text}");
}

#[test]
fn the_featured_games_say_of_forced_roads_what_m_marks() {
    use taktui::game::tinue_scan::{Memo, ScanLimits, scan};
    for asset in taktui::assets::GAMES {
        let record = taktui::record::read_ptn(asset.text).unwrap()[0]
            .record
            .clone()
            .unwrap();
        // The plies the comments say are marked `mark`.
        let said = |mark: &str| {
            let words = format!("(marked {mark})");
            record
                .plies()
                .iter()
                .enumerate()
                .filter(|(_, ply)| ply.comments.iter().any(|c| c.contains(&words)))
                .map(|(i, _)| i)
                .collect::<Vec<usize>>()
        };
        let (given, missed) = (said("†"), said("×"));
        // A game called a missed tinue says where the miss is.
        if asset.name.contains("missed-tinue") {
            assert!(!missed.is_empty(), "{}: no ply said to miss", asset.name);
        }
        let Some(&first) = given.iter().chain(&missed).min() else {
            continue;
        };
        // M's scan (its node budget; the app also cuts each position off after a second) of
        // the line from a little before the first ply said, as far as the marks look.
        let from = first.saturating_sub(2);
        let moves: Vec<_> = record.plies()[from..].iter().map(|p| p.mv).collect();
        let found = scan(
            &record.position_at(from),
            &moves,
            ScanLimits::default(),
            &std::sync::atomic::AtomicBool::new(false),
            &mut |_, _| {},
            &mut Memo::default(),
        );
        assert_eq!(found.unknown, 0, "{}: every position known", asset.name);
        for ply in from..record.plies().len() {
            let marks = &found.plies[ply - from];
            assert_eq!(
                (marks.gives.is_some(), marks.missed.is_some()),
                (given.contains(&ply), missed.contains(&ply)),
                "{}: ply {} (given, missed) as M marks it, against what its comments say",
                asset.name,
                ply + 1
            );
        }
    }
}
