//! The tinue solver: whether the side to move can force a road (Tak's mate), and how.
//!
//! A proof-number search (see `proof_number`), deepened two plies at a time so the shortest
//! win is found first; when its tree outgrows memory, a depth-first AND/OR search of the same
//! moves answers instead (it needs no memory, only time). The attacker's moves before the
//! last must each threaten a road (say "Tak"), except for a few
//! quiet moves allowed (`quiet`; a quiet move gives the defender a free move, so each costs a
//! whole search of the defender's replies). Strict tinue (no quiet move) is searched first, at
//! every depth, then with one quiet move, and so on. The defender's moves are all tried, and
//! a win must answer every one; the line shown follows the defence that holds out longest. A
//! pure core, like the rules it plays by: no clock, only a node budget.
//!
//! ```
//! use taktui::notation::Tps;
//! use taktui::tinue::{Verdict, solve};
//! // White's a1 makes two threats at once, e1 (rank 1) and a5 (the a-file): Black cannot
//! // stop both.
//! let position = "x3,2,2/1,x4/1,x4/1,x4/x,1,1,1,x 1 5".parse::<Tps>().unwrap();
//! let position = position.to_standard_position().unwrap();
//! let Verdict::Win(line) = solve(&position, 3, 0, 1_000_000).verdict else {
//!     panic!("a forced road")
//! };
//! assert_eq!(line.len(), 3);
//! assert_eq!(line[0].to_string(), "a1");
//! ```

mod defence;
mod proof_number;

pub use defence::{natural_defence, natural_line};

use std::fmt::Write as _;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use crate::engine::roads::winning_move;
use crate::rules::{Color, GameResult, Move, Position, WinReason};

/// What the search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The side to move forces a road: this line (attacker first, the longest defence, the
    /// road last).
    Win(Vec<Move>),
    /// No forced road within the plies searched.
    NoWin,
    /// The node budget ran out before an answer.
    Unknown,
}

/// A search's answer and what it cost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The answer.
    pub verdict: Verdict,
    /// Positions visited.
    pub nodes: u64,
}

/// Whether the side to move in `position` forces a road within `max_plies` plies of the
/// winning line (3: its move, any reply, its road) with at most `quiet` moves that threaten
/// nothing, visiting at most `budget` positions.
#[must_use]
pub fn solve(position: &Position, max_plies: u32, quiet: u32, budget: u64) -> Solution {
    solve_until(position, max_plies, quiet, budget, &AtomicBool::new(false))
}

/// As [`solve`], ending (as if out of budget: `Unknown`) once `stop` is raised.
#[must_use]
pub fn solve_until(
    position: &Position,
    max_plies: u32,
    quiet: u32,
    budget: u64,
    stop: &AtomicBool,
) -> Solution {
    solve_watched(position, max_plies, quiet, budget, stop, None)
}

/// As [`solve_until`], adding the positions visited to `searched` as it goes (every
/// [`REPORT_EVERY`]), for a caller on another thread to show the search's progress.
#[must_use]
pub fn solve_watched(
    position: &Position,
    max_plies: u32,
    quiet: u32,
    budget: u64,
    stop: &AtomicBool,
    searched: Option<&AtomicU64>,
) -> Solution {
    let attacker = position.to_move();
    // Strict tinue at every depth first, then with one quiet move, and so on.
    let rounds = (0..=quiet).flat_map(|quiet| odd_plies(max_plies).map(move |p| (p, quiet)));
    deepen(
        position,
        budget,
        Watch { stop, searched },
        rounds,
        |search, position, (plies, quiet)| {
            search.prove(position, true, plies, quiet, |search, position| {
                search.attack(position, attacker, plies, quiet)
            })
        },
    )
}

/// 1, 3, 5 ... up to `max` (at least 1).
fn odd_plies(max: u32) -> impl Iterator<Item = u32> {
    (1..=max.max(1)).step_by(2)
}

/// Runs `search_round` for each of `rounds` (deeper and deeper) until one finds a line, the rounds
/// run out, or the budget does.
fn deepen<R>(
    position: &Position,
    budget: u64,
    watch: Watch<'_>,
    rounds: impl Iterator<Item = R>,
    mut search_round: impl FnMut(&mut Search<'_>, &mut Position, R) -> Option<Vec<Move>>,
) -> Solution {
    let mut search = Search {
        nodes: 0,
        budget,
        out_of_budget: false,
        stop: watch.stop,
        searched: watch.searched,
    };
    let mut position = position.clone();
    for round in rounds {
        if let Some(line) = search_round(&mut search, &mut position, round) {
            return search.answer(Verdict::Win(line));
        }
        if search.out_of_budget {
            return search.answer(Verdict::Unknown);
        }
    }
    search.answer(Verdict::NoWin)
}

/// Whether the side to move in `position` is in tinue: whatever it plays, the opponent forces
/// a road within `max_plies` plies (counting the defender's move). Returns the line against
/// the defence that holds out longest.
#[must_use]
pub fn in_tinue(position: &Position, max_plies: u32, budget: u64) -> Solution {
    in_tinue_until(position, max_plies, budget, &AtomicBool::new(false))
}

/// As [`in_tinue`], ending (as if out of budget: `Unknown`) once `stop` is raised.
#[must_use]
pub fn in_tinue_until(
    position: &Position,
    max_plies: u32,
    budget: u64,
    stop: &AtomicBool,
) -> Solution {
    in_tinue_quiet(position, max_plies, 0, budget, stop)
}

/// As [`in_tinue_until`], the attacker allowed `quiet` moves that threaten nothing (as in
/// [`solve`]).
#[must_use]
pub fn in_tinue_quiet(
    position: &Position,
    max_plies: u32,
    quiet: u32,
    budget: u64,
    stop: &AtomicBool,
) -> Solution {
    in_tinue_watched(position, max_plies, quiet, budget, stop, None)
}

/// As [`in_tinue_quiet`], adding the positions visited to `searched` as it goes (see
/// [`solve_watched`]).
#[must_use]
pub fn in_tinue_watched(
    position: &Position,
    max_plies: u32,
    quiet: u32,
    budget: u64,
    stop: &AtomicBool,
    searched: Option<&AtomicU64>,
) -> Solution {
    let attacker = !position.to_move();
    let rounds = (0..=quiet).flat_map(|quiet| {
        (2..=max_plies.max(2))
            .step_by(2)
            .map(move |plies| (plies, quiet))
    });
    deepen(
        position,
        budget,
        Watch { stop, searched },
        rounds,
        |search, position, (plies, quiet)| {
            search.prove(position, false, plies, quiet, |search, position| {
                search.defend(position, attacker, plies, quiet)
            })
        },
    )
}

/// The answer in words: the winning line and what it means, or that there is none, and
/// whether `attacker` (to move) is itself in tinue (`against`, when asked); one line each.
#[must_use]
pub fn describe(
    attacker: Color,
    max_plies: u32,
    win: &Solution,
    against: Option<&Solution>,
) -> String {
    let line = crate::notation::moves_text;
    let mut text = match &win.verdict {
        Verdict::Win(moves) => format!(
            "{}\n{attacker} forces a road in {} ({} searched).",
            line(moves),
            crate::words::count(moves.len(), "ply", "plies"),
            searched(win.nodes)
        ),
        Verdict::NoWin => format!(
            "no forced road for {attacker} within {} ({} searched).",
            crate::words::count(usize::try_from(max_plies).unwrap_or(0), "ply", "plies"),
            searched(win.nodes)
        ),
        Verdict::Unknown => format!("unknown: the search stopped after {} positions.", win.nodes),
    };
    if let Some(Solution {
        verdict: Verdict::Win(moves),
        ..
    }) = against
    {
        let _ = write!(
            text,
            "\n{attacker} is in tinue: whatever it plays, {} forces a road, as in {}.",
            !attacker,
            line(moves)
        );
    }
    text
}

/// `n` positions, in words.
fn searched(nodes: u64) -> String {
    crate::words::count(
        usize::try_from(nodes).unwrap_or(usize::MAX),
        "position",
        "positions",
    )
}

/// How often (in positions visited) a watched search adds to its caller's count.
pub const REPORT_EVERY: u64 = 1024;

/// What the caller of a search holds: the flag that stops it, and the count it adds to.
#[derive(Clone, Copy)]
struct Watch<'a> {
    stop: &'a AtomicBool,
    searched: Option<&'a AtomicU64>,
}

struct Search<'a> {
    nodes: u64,
    budget: u64,
    out_of_budget: bool,
    /// Raised by the caller to end the search at once.
    stop: &'a AtomicBool,
    /// Where the positions visited are counted for the caller, if it watches.
    searched: Option<&'a AtomicU64>,
}

impl Search<'_> {
    const fn answer(&self, verdict: Verdict) -> Solution {
        Solution {
            verdict,
            nodes: self.nodes,
        }
    }

    /// A proof-number search of one round (`or`: the attacker to move), within what is left of
    /// the budget; when its tree outgrows memory, the depth-first search (`depth_first`)
    /// answers instead with the budget then left.
    fn prove(
        &mut self,
        position: &mut Position,
        or: bool,
        plies: u32,
        quiet: u32,
        depth_first: impl FnOnce(&mut Self, &mut Position) -> Option<Vec<Move>>,
    ) -> Option<Vec<Move>> {
        if self.stop.load(Ordering::Relaxed) {
            self.out_of_budget = true;
            return None;
        }
        if quiet > 0 {
            // With a quiet move allowed the attacker's choices are every move at that turn:
            // a tree of them all costs more than searching them depth first (the benchmark's
            // five-ply puzzle: 93 ms against 31).
            return depth_first(self, position);
        }
        let left = self.budget.saturating_sub(self.nodes);
        let watch = Watch {
            stop: self.stop,
            searched: self.searched,
        };
        let mut tree = proof_number::Tree::new(position, or, plies, quiet, left, watch);
        let outcome = tree.search();
        self.nodes += tree.visited;
        drop(tree);
        match outcome {
            proof_number::Outcome::Proven(line) => Some(line),
            proof_number::Outcome::Disproven => None,
            proof_number::Outcome::Unknown => {
                self.out_of_budget = true;
                None
            }
            proof_number::Outcome::OutOfRoom => depth_first(self, position),
        }
    }

    /// Counts a position; `false` once the budget is spent.
    fn visit(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes.is_multiple_of(REPORT_EVERY)
            && let Some(searched) = self.searched
        {
            searched.fetch_add(REPORT_EVERY, Ordering::Relaxed);
        }
        if self.nodes > self.budget || self.stop.load(Ordering::Relaxed) {
            self.out_of_budget = true;
        }
        !self.out_of_budget
    }

    /// The attacker (to move) forces a road within `plies` (odd), with at most `quiet` moves
    /// that threaten nothing: the line, if so.
    fn attack(
        &mut self,
        position: &mut Position,
        attacker: Color,
        plies: u32,
        quiet: u32,
    ) -> Option<Vec<Move>> {
        if !self.visit() {
            return None;
        }
        if let Some(mv) = winning_move(position) {
            return Some(vec![mv]);
        }
        if plies < 3 {
            return None;
        }
        for mv in position.legal_moves() {
            let Ok(undo) = position.play(mv) else {
                continue;
            };
            // Only a move that threatens a road leaves the defender no free move; a quiet one
            // is tried while some are allowed and there is room for a threat after it.
            let found = if position.is_over() {
                None
            } else if threatens(position) {
                self.defend(position, attacker, plies - 1, quiet)
            } else if quiet > 0 && plies >= 5 {
                self.defend(position, attacker, plies - 1, quiet - 1)
            } else {
                None
            };
            position.undo(undo);
            if let Some(mut rest) = found {
                rest.insert(0, mv);
                return Some(rest);
            }
            if self.out_of_budget {
                return None;
            }
        }
        None
    }

    /// Whatever the defender (to move) plays, the attacker forces a road within `plies - 1`
    /// (with `quiet` quiet moves): the line against the longest defence, if so.
    fn defend(
        &mut self,
        position: &mut Position,
        attacker: Color,
        plies: u32,
        quiet: u32,
    ) -> Option<Vec<Move>> {
        if !self.visit() || winning_move(position).is_some() {
            return None;
        }
        let mut longest: Option<Vec<Move>> = None;
        for mv in position.legal_moves() {
            let Ok(undo) = position.play(mv) else {
                continue;
            };
            let answer = match position.result() {
                // A defence that makes the attacker's road (a spread's dragon) loses at once.
                GameResult::Win {
                    winner,
                    reason: WinReason::Road { .. },
                } if winner == attacker => Some(Vec::new()),
                GameResult::Ongoing => self.attack(position, attacker, plies - 1, quiet),
                _ => None,
            };
            position.undo(undo);
            let mut rest = answer?;
            rest.insert(0, mv);
            if longest.as_ref().is_none_or(|line| rest.len() > line.len()) {
                longest = Some(rest);
            }
        }
        longest
    }
}

use proof_number::threatens;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::Tps;

    fn position(tps: &str) -> Position {
        tps.parse::<Tps>().unwrap().to_standard_position().unwrap()
    }

    #[test]
    fn a_road_in_one_is_a_win_in_one_ply() {
        let solution = solve(&position("x5/x5/x5/2,2,2,2,x/1,1,x,1,1 1 6"), 5, 1, 10_000);
        assert_eq!(solution.verdict, Verdict::Win(vec!["c1".parse().unwrap()]));
    }

    #[test]
    fn a_double_threat_wins_in_three_and_the_loser_is_in_tinue() {
        // White threatens e1 and a5 at once: Black cannot stop both.
        let tps = "x3,2,2/1,x4/1,x4/1,x4/1,1,1,1,x 2 5";
        let solution = in_tinue(&position(tps), 2, 100_000);
        let Verdict::Win(line) = solution.verdict else {
            panic!("Black is in tinue: {solution:?}")
        };
        assert_eq!(line.len(), 2, "any reply, then the road: {line:?}");
    }

    #[test]
    fn no_threat_no_tinue_and_the_budget_is_kept() {
        let start = position("x5/x5/x5/x5/x5 1 1");
        assert_eq!(solve(&start, 3, 1, 1_000_000).verdict, Verdict::NoWin);
        // One threat at a time (a1 then e1, or e1 then a1): Black blocks, no forced road.
        let single = position("x3,2,2/x5/x5/x5/x,1,1,1,x 1 5");
        assert_eq!(solve(&single, 3, 1, 1_000_000).verdict, Verdict::NoWin);
        let tinue = position("x3,2,2/1,x4/1,x4/1,x4/x,1,1,1,x 1 5");
        let solution = solve(&tinue, 9, 0, 2);
        assert_eq!(solution.verdict, Verdict::Unknown);
        assert!(solution.nodes <= 3);
    }
}

#[cfg(test)]
mod proof_number_agrees {
    use super::*;

    /// The proof-number search and the depth-first one give the same answer on every position
    /// of real games (5 plies, strict and with a quiet move), and each line found by the
    /// proof-number search is legal and ends in the attacker's road within the bound.
    #[test]
    fn with_the_depth_first_search_on_real_games() {
        let stop = AtomicBool::new(false);
        let mut compared = 0;
        let mut wins = 0;
        for name in ["90504"] {
            let path = format!("tests/data/taktician/zoo/{name}.ptn");
            let games = crate::record::read_ptn_file(path.as_ref()).unwrap();
            let record = games[0].record.as_ref().unwrap();
            for ply in 16..record.plies().len() {
                let position = record.position_at(ply);
                if position.is_over() {
                    continue;
                }
                for (plies, quiet) in [(5, 0), (5, 1)] {
                    let attacker = position.to_move();
                    let mut search = Search {
                        nodes: 0,
                        budget: 5_000_000,
                        out_of_budget: false,
                        stop: &stop,
                        searched: None,
                    };
                    let depth_first = search.attack(&mut position.clone(), attacker, plies, quiet);
                    let mut tree = proof_number::Tree::new(
                        &position,
                        true,
                        plies,
                        quiet,
                        5_000_000,
                        Watch {
                            stop: &stop,
                            searched: None,
                        },
                    );
                    let proof = match tree.search() {
                        proof_number::Outcome::Proven(line) => Some(line),
                        _ => None,
                    };
                    let at = format!("{name} after {ply} plies, {plies} plies, {quiet} quiet");
                    assert_eq!(depth_first.is_some(), proof.is_some(), "{at}");
                    if let Some(line) = &proof {
                        assert!(line.len() as u32 <= plies, "{at}: {line:?}");
                        let mut end = position.clone();
                        for mv in line {
                            end.play(*mv).unwrap();
                        }
                        assert!(
                            matches!(end.result(), GameResult::Win { winner, reason: WinReason::Road { .. } } if winner == attacker),
                            "{at}: {line:?}"
                        );
                    }
                    compared += 1;
                    wins += usize::from(proof.is_some());
                }
            }
        }
        assert!(
            compared > 40 && wins > 3,
            "{compared} compared, {wins} wins"
        );
    }
}
