//! Every built-in puzzle is checked by the solver (or the engine, for a best move): its
//! solution works, no other first move does (but those it accepts), and the answers given
//! while it is played follow the rules.

use taktui::game::study;
use taktui::puzzles::{PuzzleKind, Reply};
use taktui::tinue::natural_defence;

#[test]
fn every_built_in_puzzle_is_right_and_unique() {
    let (puzzles, warnings) = study::puzzles(None);
    assert!(warnings.is_empty(), "{warnings:?}");
    let kinds = |kind| puzzles.iter().filter(|p| p.kind == kind).count();
    assert!(kinds(PuzzleKind::Tinue) >= 15, "tinue puzzles");
    assert!(kinds(PuzzleKind::Defend) >= 5, "stop-the-road puzzles");
    assert!(kinds(PuzzleKind::Best) >= 3, "best-move puzzles");
    // The deepest checks take a while in a debug build: one thread a core.
    let threads = std::thread::available_parallelism().map_or(2, std::num::NonZero::get);
    let chunk = puzzles.len().div_ceil(threads);
    let failures: Vec<String> = std::thread::scope(|scope| {
        let workers: Vec<_> = puzzles
            .chunks(chunk)
            .map(|part| {
                scope.spawn(move || {
                    part.iter()
                        .filter_map(|p| p.verify(2_000_000).err().map(|e| format!("{}: {e}", p.id)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|worker| worker.join().expect("a verifier"))
            .collect()
    });
    assert!(failures.is_empty(), "{failures:#?}");
}

#[test]
fn playing_the_solution_solves_each_puzzle() {
    let (puzzles, _) = study::puzzles(None);
    for puzzle in &puzzles {
        let solution = puzzle.solution();
        let mut line = Vec::new();
        let mut reply = None;
        for mv in solution.iter().step_by(2) {
            line.push(*mv);
            reply = Some(puzzle.respond(&line, 2_000_000));
            match reply.as_ref().unwrap() {
                Reply::Defence(defence) => line.push(*defence),
                _ => break,
            }
        }
        assert_eq!(reply, Some(Reply::Solved), "{}", puzzle.id);
    }
}

#[test]
fn a_wrong_first_move_is_answered_as_wrong() {
    let (puzzles, _) = study::puzzles(None);
    for puzzle in puzzles
        .iter()
        .filter(|p| p.kind != PuzzleKind::Best)
        .take(8)
    {
        let good = puzzle.solution()[0];
        let accepted = puzzle.accepted();
        let wrong = puzzle
            .start()
            .legal_moves()
            .into_iter()
            .find(|mv| *mv != good && !accepted.contains(mv))
            .unwrap();
        let reply = puzzle.respond(&[wrong], 2_000_000);
        assert!(
            matches!(reply, Reply::Wrong(_)),
            "{}: {wrong} gave {reply:?}",
            puzzle.id
        );
    }
}

#[test]
fn each_tinue_puzzles_defence_blocks_what_it_can() {
    let (puzzles, _) = study::puzzles(None);
    let mut unnatural = Vec::new();
    for puzzle in puzzles.iter().filter(|p| p.kind == PuzzleKind::Tinue) {
        let solution = puzzle.solution();
        let mut position = puzzle.start().clone();
        for (i, &mv) in solution.iter().enumerate() {
            if i % 2 == 1 {
                let natural =
                    natural_defence(&position, &solution[i..], puzzle.quiet_moves(), 2_000_000)
                        .unwrap();
                if natural != mv {
                    unnatural.push(format!("{} ply {i}: {mv}, not {natural}", puzzle.id));
                }
            }
            position.play(mv).unwrap();
        }
    }
    assert!(unnatural.is_empty(), "{unnatural:#?}");
}

#[test]
fn off_the_solutions_line_the_next_move_still_wins() {
    let (puzzles, _) = study::puzzles(None);
    let mut tried = 0;
    for puzzle in puzzles.iter().filter(|p| p.kind == PuzzleKind::Tinue) {
        let solution = puzzle.solution();
        if solution.len() < 4 {
            continue;
        }
        // Another defence than the solution's, one that does not end the game.
        let mut after = puzzle.start().clone();
        after.play(solution[0]).unwrap();
        let Some(other) = after.legal_moves().into_iter().find(|&d| {
            let mut position = after.clone();
            d != solution[1] && position.play(d).is_ok() && !position.is_over()
        }) else {
            continue;
        };
        let next = puzzle
            .next_move(&[solution[0], other], 2_000_000)
            .expect("a road goes on");
        let reply = puzzle.respond(&[solution[0], other, next], 2_000_000);
        assert!(
            matches!(reply, Reply::Solved | Reply::Defence(_)),
            "{}: after {other}, {next} was {reply:?}",
            puzzle.id
        );
        tried += 1;
    }
    assert!(
        tried >= 3,
        "only {tried} puzzles had another defence to try"
    );
}

#[test]
fn each_hint_fits_its_own_puzzles_answer() {
    use taktui::rules::MoveKind;
    let (puzzles, _) = study::puzzles(None);
    let mut shared = std::collections::HashMap::new();
    for puzzle in &puzzles {
        let Some(hint) = &puzzle.hint else { continue };
        *shared.entry(hint.clone()).or_insert(0) += 1;
        let first = puzzle.solution()[0];
        let square = first.square.to_string();
        let carried = match first.kind {
            MoveKind::Place(_) => 0,
            MoveKind::Spread(_, drops) => drops.iter().sum::<u8>(),
        };
        let named = |start: &str| hint.starts_with(start);
        if named("The stack on ") {
            assert!(
                hint.contains(&square) && carried >= 2,
                "{}: {hint}",
                puzzle.id
            );
        }
        if named("No placement does it: the stone on ") {
            assert!(
                hint.contains(&square) && carried == 1,
                "{}: {hint}",
                puzzle.id
            );
        }
        if named("Place a stone") || named("One stone can threaten") {
            assert_eq!(carried, 0, "{}: {hint}", puzzle.id);
        }
    }
    // A few puzzles of one kind may share a general hint; 20 of 42 shared one before.
    let most = shared.values().max().copied().unwrap_or(0);
    assert!(most <= 4, "no hint shared by many puzzles: {shared:?}");
}
