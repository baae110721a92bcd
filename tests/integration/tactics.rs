//! The tactics suite: roads in one, defences against a road in one, forced roads in two, and
//! deeper puzzles from real games (Taktician's test data), each solved within a node budget.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use taktui::engine::{Control, Engine, Limits, Score, Thought};
use taktui::notation::Tps;
use taktui::rules::{Color, Position};

fn position(tps: &str) -> Position {
    tps.parse::<Tps>()
        .unwrap_or_else(|e| panic!("{tps}: {e}"))
        .to_standard_position()
        .unwrap_or_else(|e| panic!("{tps}: {e}"))
}

/// Thinks about `tps` with at most `nodes` nodes.
fn solve(tps: &str, nodes: u64) -> (Position, Thought) {
    let position = position(tps);
    let mut engine = Engine::new(16);
    let stop = AtomicBool::new(false);
    let elapsed = || Duration::ZERO;
    let control = Control {
        stop: &stop,
        elapsed: &elapsed,
    };
    let limits = Limits {
        nodes: Some(nodes),
        ..Limits::default()
    };
    let thought = engine.think(&position, &limits, &control, &mut |_| {});
    (position, thought)
}

fn best(thought: &Thought) -> String {
    thought.best.expect("a move").to_string()
}

#[test]
fn roads_in_one_are_always_taken() {
    for (tps, answer) in [
        // A placement joins two groups on the south edge.
        ("x5/x5/x5/2,2,2,2,x/1,1,x,1,1 1 6", "c1"),
        // A file on 6x6, its last square at the north edge.
        ("x6/1,x5/1,x5/1,x5/1,x5/1,2,2,2,2,x 1 7", "a6"),
        // Only a spread wins: b3 holds Black's flat.
        ("x5/x,1,x3/1,2,1,1,1/x5/2,2,2,x2 1 8", "b4-"),
        // Black's road, with White's almost done too.
        ("2,x4/2,x4/2,1,1,1,x/2,x4/x,1,x3 2 6", "a1"),
        // 3x3 and 8x8.
        ("1,x2/1,2,x/x,2,x 1 3", "a1"),
        (
            "x8/x8/x8/x8/x8/x8/2,2,2,2,2,2,2,x/1,1,1,1,1,1,1,x 1 9",
            "h1",
        ),
    ] {
        let (_, thought) = solve(tps, 100);
        assert_eq!(best(&thought), answer, "{tps}");
        assert_eq!(thought.info.score, Score::WinIn(1), "{tps}");
    }
}

#[test]
fn a_road_in_one_is_always_stopped_when_it_can_be() {
    for tps in [
        // White threatens c1: Black must take it.
        "x5/x5/x5/2,2,2,x2/1,1,x,1,1 2 6",
        // White threatens a road up the e file at e3; Black's wall or flat must go there (or a
        // capstone).
        "x5/2,x3,1/x,2,x3/x,2,x,2,1/x3,2,1 2 6",
        // 6x6: White's b file needs b4; Black has a stack to spread over it or a flat to place.
        "x6/x,1,x4/x6/x,1,2,x3/x,1,21,x3/2,1,2,x3 2 8",
    ] {
        let (position, thought) = solve(tps, 20_000);
        let mut after = position.clone();
        after.play(thought.best.expect("a move")).unwrap();
        assert!(
            after.threats(Color::White).is_empty(),
            "{tps}: {} leaves a road in one",
            best(&thought)
        );
        assert!(
            !thought.info.score.is_decisive(),
            "{tps}: {:?}",
            thought.info.score
        );
    }
}

#[test]
fn forced_roads_in_two_are_found() {
    for (tps, square) in [
        // c3 makes two threats (e3 and c5); one move cannot stop both.
        ("x3,2,2/x2,1,x2/1,1,x,1,x/x2,1,x2/2,2,1,x2 1 6", "c3"),
        // The same with the colours swapped, Black to move.
        ("x3,1,1/x2,2,x2/2,2,x,2,x/x2,2,x2/1,1,2,x2 2 6", "c3"),
    ] {
        let (_, thought) = solve(tps, 50_000);
        assert_eq!(thought.info.score, Score::WinIn(3), "{tps}");
        assert_eq!(
            thought.best.map(|mv| mv.square.to_string()).as_deref(),
            Some(square),
            "{tps}"
        );
    }
}

#[test]
fn puzzles_from_real_games_are_solved() {
    // Taktician's puzzles (tests/data/taktician/puzzles), with their recorded good moves.
    for (tps, answer, nodes) in [
        (
            "2,x2,121C,1/x2,2,12,1/x2,2,12S,2/x3,1,1/x4,1 1 2",
            "2d5-11",
            1_000_000,
        ),
        (
            "1,1,x3/1,1,x,2,1/x,1,x3/x,2,x2,2/2,1C,2S,2,2 1 3",
            "b3+",
            200_000,
        ),
    ] {
        let (_, thought) = solve(tps, nodes);
        assert_eq!(best(&thought), answer, "{tps}");
        assert!(
            matches!(thought.info.score, Score::WinIn(_)),
            "{tps}: {:?}",
            thought.info.score
        );
    }
}
