//! The engine's contract: limits, stopping, determinism, levels, and answers that are legal.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use taktui::engine::{Control, Engine, Info, Level, Limits, Score};
use taktui::notation::Tps;
use taktui::rules::{BoardSize, GameConfig, Position};

fn position(tps: &str) -> Position {
    tps.parse::<Tps>().unwrap().to_standard_position().unwrap()
}

fn think(position: &Position, limits: &Limits) -> (taktui::engine::Thought, Vec<Info>) {
    let mut engine = Engine::new(4);
    let stop = AtomicBool::new(false);
    let elapsed = || Duration::ZERO;
    let control = Control {
        stop: &stop,
        elapsed: &elapsed,
    };
    let mut reports = Vec::new();
    let thought = engine.think(position, limits, &control, &mut |info| {
        reports.push(info.clone());
    });
    (thought, reports)
}

const MIDGAME_6X6: &str = "x,2,1,x,2,x/1,121,x,2212C,x,2/x,12,1,2,211,x/2,x,1122,1,x,1S/\
                           x,1,2,x,21121C,x/2,x,1,x,x,2S 1 20";

#[test]
fn every_size_gets_a_legal_move_from_the_start() {
    for n in 3..=8 {
        let start = Position::new(GameConfig::new(BoardSize::new(n).unwrap()));
        let limits = Limits {
            depth: Some(3),
            ..Limits::default()
        };
        let (thought, reports) = think(&start, &limits);
        let best = thought.best.expect("a move");
        assert!(start.legal_moves().contains(&best), "{n}x{n}: {best}");
        assert_eq!(reports.last().map(|i| i.depth), Some(3));
        assert_eq!(thought.info.pv.first(), Some(&best));
    }
}

#[test]
fn depth_reports_come_one_per_depth_with_a_legal_line() {
    let p = position(MIDGAME_6X6);
    let limits = Limits {
        depth: Some(4),
        ..Limits::default()
    };
    let (thought, reports) = think(&p, &limits);
    let depths: Vec<u32> = reports.iter().map(|i| i.depth).collect();
    assert_eq!(depths, [1, 2, 3, 4]);
    let mut line = p.clone();
    for mv in &thought.info.pv {
        line.play(*mv).expect("the principal variation is legal");
    }
}

#[test]
fn a_node_budget_is_kept_and_repeatable() {
    let p = position(MIDGAME_6X6);
    let limits = Limits {
        nodes: Some(5_000),
        ..Limits::default()
    };
    let (first, _) = think(&p, &limits);
    let (second, _) = think(&p, &limits);
    assert!(first.info.nodes <= 5_000, "{}", first.info.nodes);
    assert_eq!(first, second);
}

#[test]
fn a_raised_stop_flag_still_gives_a_legal_move() {
    let p = position(MIDGAME_6X6);
    let mut engine = Engine::new(1);
    let stop = AtomicBool::new(true);
    let elapsed = || Duration::ZERO;
    let control = Control {
        stop: &stop,
        elapsed: &elapsed,
    };
    let thought = engine.think(&p, &Limits::default(), &control, &mut |_| {});
    let best = thought.best.expect("a move even when stopped at once");
    assert!(p.legal_moves().contains(&best));
}

#[test]
fn time_runs_out_by_the_callers_clock() {
    // The caller's clock says an hour has passed: the search stops at its first check.
    let p = position(MIDGAME_6X6);
    let mut engine = Engine::new(1);
    let stop = AtomicBool::new(false);
    let elapsed = || Duration::from_secs(3600);
    let control = Control {
        stop: &stop,
        elapsed: &elapsed,
    };
    let limits = Limits {
        movetime: Some(Duration::from_millis(100)),
        ..Limits::default()
    };
    let thought = engine.think(&p, &limits, &control, &mut |_| {});
    assert!(thought.best.is_some());
    assert!(thought.info.nodes <= 2_048, "{}", thought.info.nodes);
}

#[test]
fn a_finished_game_has_no_move() {
    let p = position("1,1,1/x3/x3 2 3");
    assert!(p.is_over());
    let (thought, _) = think(&p, &Limits::default());
    assert_eq!(thought.best, None);
    assert_eq!(thought.info.score, Score::LossIn(0));
}

#[test]
fn noise_varies_weak_play_by_seed_only() {
    let start = Position::new(GameConfig::new(BoardSize::new(5).unwrap()));
    let level = Level::new(1).unwrap();
    let moves: Vec<_> = (0..8)
        .map(|seed| think(&start, &level.limits(None, seed)).0.best)
        .collect();
    let again: Vec<_> = (0..8)
        .map(|seed| think(&start, &level.limits(None, seed)).0.best)
        .collect();
    assert_eq!(moves, again, "the same seed plays the same");
    let mut distinct = moves.clone();
    distinct.sort();
    distinct.dedup();
    assert!(distinct.len() > 1, "different seeds vary: {moves:?}");
}
