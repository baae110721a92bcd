//! The engine on several threads (lazy SMP): the same answers to forced wins as on one, and
//! the same limits kept (the stop flag, a node budget counted over all threads).

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use taktui::engine::{Control, Engine, Limits, Score, Thought};
use taktui::notation::Tps;
use taktui::rules::Position;

fn position(tps: &str) -> Position {
    tps.parse::<Tps>().unwrap().to_standard_position().unwrap()
}

/// Thinks about `position` on `threads` threads within `limits`, by the real clock.
fn think(position: &Position, limits: &Limits, threads: usize) -> Thought {
    think_until(position, limits, threads, &AtomicBool::new(false), &mut 0)
}

/// [`think`], ended early if `stop` is raised; `reports` counts the engine's reports.
fn think_until(
    position: &Position,
    limits: &Limits,
    threads: usize,
    stop: &AtomicBool,
    reports: &mut u32,
) -> Thought {
    let mut engine = Engine::new(16);
    engine.set_threads(threads);
    assert_eq!(engine.threads(), threads);
    let start = Instant::now();
    let elapsed = move || start.elapsed();
    let control = Control {
        stop,
        elapsed: &elapsed,
    };
    engine.think(position, limits, &control, &mut |_| *reports += 1)
}

const MIDGAME_6X6: &str = "x,2,1,x,2,x/1,121,x,2212C,x,2/x,12,1,2,211,x/2,x,1122,1,x,1S/\
                           x,1,2,x,21121C,x/2,x,1,x,x,2S 1 20";

#[test]
fn two_threads_find_the_forced_wins_one_finds() {
    for (tps, depth) in [
        // c3 makes two threats (e3 and c5); one move cannot stop both.
        ("x3,2,2/x2,1,x2/1,1,x,1,x/x2,1,x2/2,2,1,x2 1 6", 4),
        // Taktician's puzzle: b3+ wins.
        ("1,1,x3/1,1,x,2,1/x,1,x3/x,2,x2,2/2,1C,2S,2,2 1 3", 6),
    ] {
        let p = position(tps);
        let limits = Limits {
            depth: Some(depth),
            ..Limits::default()
        };
        let one = think(&p, &limits, 1);
        assert!(matches!(one.info.score, Score::WinIn(_)), "{tps}: {one:?}");
        for _ in 0..3 {
            let two = think(&p, &limits, 2);
            assert_eq!(two.info.score, one.info.score, "{tps}");
            assert_eq!(two.best, one.best, "{tps}");
        }
    }
}

#[test]
fn two_threads_keep_a_node_budget_together() {
    let p = position(MIDGAME_6X6);
    for nodes in [1_000, 50_000] {
        let limits = Limits {
            nodes: Some(nodes),
            ..Limits::default()
        };
        let thought = think(&p, &limits, 2);
        // Threads count their nodes in every 64: the budget is kept to within a few of those.
        assert!(
            thought.info.nodes <= nodes + 256,
            "{nodes}: {}",
            thought.info.nodes
        );
        assert!(
            thought.info.nodes >= nodes / 2,
            "{nodes}: {}",
            thought.info.nodes
        );
        assert!(p.legal_moves().contains(&thought.best.unwrap()));
    }
}

#[test]
fn two_threads_stop_on_the_flag() {
    let p = position(MIDGAME_6X6);
    let stop = AtomicBool::new(false);
    let start = Instant::now();
    let mut reports = 0;
    let thought = std::thread::scope(|scope| {
        scope.spawn(|| {
            std::thread::sleep(Duration::from_millis(300));
            stop.store(true, Ordering::Relaxed);
        });
        // No limit at all: only the flag ends this search.
        think_until(&p, &Limits::default(), 2, &stop, &mut reports)
    });
    let took = start.elapsed();
    assert!(took < Duration::from_secs(5), "stopped after {took:?}");
    assert!(
        took >= Duration::from_millis(300),
        "ended before the flag: {took:?}"
    );
    assert!(reports > 0 && thought.info.depth > 0);
    assert!(p.legal_moves().contains(&thought.best.unwrap()));
}

#[test]
fn threads_are_one_to_eight() {
    let mut engine = Engine::new(1);
    assert_eq!(engine.threads(), 1, "one thread unless told");
    engine.set_threads(0);
    assert_eq!(engine.threads(), 1);
    engine.set_threads(99);
    assert_eq!(engine.threads(), Engine::MAX_THREADS);
}
