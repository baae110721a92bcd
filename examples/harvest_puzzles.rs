//! Finds puzzles in real games: positions where the side to move forces a road (tinue), where
//! exactly one move stops the opponent's forced road (defend), or where the engine finds one
//! move clearly best (best). Each is printed as a puzzle in PTN, verified as the build
//! verifies the puzzles in `assets/puzzles` (see `taktui::puzzles`).
//!
//! ```sh
//! cargo run --release --example harvest_puzzles -- tests/data/taktician/zoo/*.ptn > found.ptn
//! ```
//!
//! At most one puzzle of each kind is taken from a game, the first found, so that a long
//! game's last moves do not fill the collection. `--defend PLIES` looks for defences only,
//! against roads of up to PLIES plies (3 by default): deeper threats, harder puzzles, and more
//! of them, since a defence must hold `taktui::puzzles::HOLDS_FOR` plies in any case.

use std::fmt::Write as _;

use taktui::notation::to_tps;
use taktui::puzzles::Puzzle;
use taktui::record::{GameRecord, Tags, read_ptn_file, write_game};
use taktui::rules::{GameResult, Move, Position};
use taktui::tinue::{Verdict, natural_line, solve};

const BUDGET: u64 = 2_000_000;

fn main() {
    let mut out = String::new();
    // `--final`: the files are puzzles already; only their last position is looked at, up to
    // nine plies deep with a quiet move allowed.
    let last_only = std::env::args().any(|a| a == "--final");
    let args: Vec<String> = std::env::args().skip(1).collect();
    let defend_only = args
        .iter()
        .position(|a| a == "--defend")
        .and_then(|i| args.get(i + 1))
        .and_then(|n| n.parse::<u32>().ok());
    let paths = args.iter().enumerate().filter(|&(i, a)| {
        a != "--final" && a != "--defend" && !(i > 0 && args[i - 1] == "--defend")
    });
    for (_, path) in paths {
        let Ok(games) = read_ptn_file(path.as_ref()) else {
            eprintln!("{path}: cannot read");
            continue;
        };
        for (index, game) in games.iter().enumerate() {
            let Some(record) = &game.record else { continue };
            let name = format!("{path} game {}", index + 1);
            if last_only {
                let position = record.position();
                let label = ply_label(record, record.plies().len());
                out.extend(tinue_puzzle(position, &name, &label, 9, 1));
                out.push('\n');
                continue;
            }
            let found = match defend_only {
                Some(plies) => harvest_defences(record, &name, plies),
                None => harvest(record, &name),
            };
            for puzzle in found {
                out.push_str(&puzzle);
                out.push('\n');
            }
        }
    }
    print!("{out}");
}

/// The first defence puzzle of one game, against roads of up to `plies` plies.
fn harvest_defences(record: &GameRecord, name: &str, plies: u32) -> Vec<String> {
    let mut position = record.start().clone();
    for (ply, played) in record.plies().iter().enumerate() {
        if position.is_over() {
            break;
        }
        if !position.is_opening()
            && let Some(text) = defend_puzzle(&position, name, &ply_label(record, ply), plies)
        {
            return vec![text];
        }
        if position.play(played.mv).is_err() {
            break;
        }
    }
    Vec::new()
}

/// The puzzles of one game.
fn harvest(record: &GameRecord, name: &str) -> Vec<String> {
    let mut found = Vec::new();
    let (mut tinue, mut defend, mut best) = (false, false, false);
    let mut position = record.start().clone();
    for (ply, played) in record.plies().iter().enumerate() {
        if position.is_over() {
            break;
        }
        if !position.is_opening() {
            let label = ply_label(record, ply);
            if !tinue && let Some(text) = tinue_puzzle(&position, name, &label, 5, 0) {
                found.push(text);
                tinue = true;
            }
            if !defend && let Some(text) = defend_puzzle(&position, name, &label, 3) {
                found.push(text);
                defend = true;
            }
            if !best
                && ply % 3 == 0
                && let Some(text) = best_puzzle(&position, name, &label)
            {
                found.push(text);
                best = true;
            }
        }
        if position.play(played.mv).is_err() {
            break;
        }
    }
    found
}

fn ply_label(record: &GameRecord, ply: usize) -> String {
    let (number, color) = record.ply_number(ply);
    format!(
        "{number}{}",
        if color == taktui::rules::Color::White {
            "."
        } else {
            "..."
        }
    )
}

/// A tinue of three or five plies from `position`, if its first move is unique (up to the
/// piece placed or the drops of the same spread: those that win too are accepted).
fn tinue_puzzle(
    position: &Position,
    name: &str,
    label: &str,
    depth: u32,
    quiet: u32,
) -> Option<String> {
    let Verdict::Win(line) = solve(position, depth, quiet, BUDGET * 10).verdict else {
        return None;
    };
    // Defences that block what they can, as a person would, not the first move found.
    let line = natural_line(position, &line, quiet, BUDGET * 10);
    if line.len() < 3 {
        return None;
    }
    let moves = line.len().div_ceil(2);
    let title = format!("{} forces a road in {moves}", position.to_move());
    let left = line.len() as u32 - 1;
    let accept: Vec<Move> = same_kind(position, line[0])
        .into_iter()
        .filter(|&mv| {
            let mut after = position.clone();
            let _ = after.play(mv);
            let stop = std::sync::atomic::AtomicBool::new(false);
            matches!(
                taktui::tinue::in_tinue_quiet(&after, left, quiet, BUDGET * 10, &stop).verdict,
                Verdict::Win(_)
            )
        })
        .collect();
    let text = puzzle_text(position, &line, "tinue", &title, name, label, &accept, &[]);
    check(&text).then_some(text)
}

/// Exactly one move keeps the opponent from a road within `plies` plies, and many do not.
fn defend_puzzle(position: &Position, name: &str, label: &str, plies: u32) -> Option<String> {
    let mut holds = Vec::new();
    let mut lose = 0;
    for mv in position.legal_moves() {
        let mut after = position.clone();
        let _ = after.play(mv);
        if matches!(after.result(), GameResult::Win { .. }) {
            return None; // a win in one is no defence puzzle
        }
        match solve(&after, plies, 0, BUDGET).verdict {
            Verdict::NoWin => holds.push(mv),
            Verdict::Win(_) => lose += 1,
            Verdict::Unknown => return None,
        }
        if holds.len() > 1 {
            return None;
        }
    }
    let [only] = holds.as_slice() else {
        return None;
    };
    if lose < 8 {
        return None;
    }
    let title = format!("{}: the one move that holds", position.to_move());
    let text = puzzle_text(
        position,
        &[*only],
        "defend",
        &title,
        name,
        label,
        &[],
        &[("Depth", &plies.to_string())],
    );
    check(&text).then_some(text)
}

/// The engine's move at depth 4 beats every other by two flats or more, the side to move
/// has no road to force and the opponent no road threat (those are the other puzzles).
fn best_puzzle(position: &Position, name: &str, label: &str) -> Option<String> {
    let quiet = position.threats(!position.to_move()).is_empty();
    if !quiet || !matches!(solve(position, 5, 0, BUDGET).verdict, Verdict::NoWin) {
        return None;
    }
    let think = |exclude: Vec<Move>| {
        let limits = taktui::engine::Limits {
            depth: Some(4),
            exclude,
            ..Default::default()
        };
        let stop = std::sync::atomic::AtomicBool::new(false);
        let control = taktui::engine::Control {
            stop: &stop,
            elapsed: &|| std::time::Duration::ZERO,
        };
        taktui::engine::Engine::new(16).think(position, &limits, &control, &mut |_| {})
    };
    let first = think(Vec::new());
    let mv = first.best?;
    let second = think(vec![mv]);
    let gap = first.info.score.centiflats() - second.info.score.centiflats();
    if gap < 200 || first.info.score.is_decisive() {
        return None;
    }
    let title = format!("{}: one move stands out", position.to_move());
    let text = puzzle_text(
        position,
        &[mv],
        "best",
        &title,
        name,
        label,
        &[],
        &[("Depth", "4"), ("Margin", "200")],
    );
    check(&text).then_some(text)
}

/// Other moves of the same square and kind as `mv`: the other pieces placed there, or the
/// other drops of the same stack the same way.
fn same_kind(position: &Position, mv: Move) -> Vec<Move> {
    position
        .legal_moves()
        .into_iter()
        .filter(|other| *other != mv && other.square == mv.square)
        .filter(|other| {
            let text = other.to_string();
            let mine = mv.to_string();
            let placement = |t: &str| !t.contains(['<', '>', '+', '-']);
            let direction = |t: &str| t.chars().find(|c| "<>+-".contains(*c));
            (placement(&text) && placement(&mine) && !text.starts_with('S'))
                || (!placement(&text) && direction(&text) == direction(&mine))
        })
        .collect()
}

#[allow(clippy::too_many_arguments)]
fn puzzle_text(
    position: &Position,
    line: &[Move],
    kind: &str,
    title: &str,
    source: &str,
    label: &str,
    accept: &[Move],
    extra: &[(&str, &str)],
) -> String {
    let mut tags = Tags::default();
    tags.push("Size".into(), position.size().get().to_string());
    tags.push("TPS".into(), to_tps(position));
    tags.push("Puzzle".into(), kind.into());
    tags.push("Title".into(), title.into());
    tags.push("Source".into(), format!("{source}, before {label}"));
    for mv in accept {
        tags.push("Accept".into(), mv.to_string());
    }
    for (name, value) in extra {
        tags.push((*name).into(), (*value).into());
    }
    let mut record = GameRecord::new(position.clone(), tags);
    for mv in line {
        if record.play(*mv).is_err() {
            break;
        }
    }
    let mut text = String::new();
    let _ = write!(text, "{}", write_game(&record));
    text
}

/// Whether the puzzle text reads and verifies.
fn check(text: &str) -> bool {
    let Ok(mut games) = taktui::record::read_ptn(text) else {
        return false;
    };
    let Some(record) = games.pop().and_then(|g| g.record) else {
        return false;
    };
    let Ok(puzzle) = Puzzle::from_record(record) else {
        return false;
    };
    match puzzle.verify(BUDGET) {
        Ok(()) => true,
        Err(why) => {
            eprintln!("skipped: {why}");
            false
        }
    }
}
