//! Puzzles: a position, a task for the side to move, and its solution. Pure, like the rules:
//! no file, clock or terminal (the puzzle files are read by the caller).
//!
//! A puzzle is a PTN game: its `TPS` tag is the position, the tags `Puzzle` (`tinue`,
//! `defend` or `best`), `Title`, `Difficulty` (1 to 5), `Hint` and `Source` say what it is,
//! `Accept` (as often as needed) names another first move that works as well (a capstone
//! where the solution places a flat, another drop of the same spread), and its moves are the
//! solution: for a tinue, the attacker's moves and the strongest
//! defence up to the road; for a defence, the one move that stops the road; for a best move,
//! that move. [`Puzzle::verify`] checks the solution by the tinue solver (or the engine) and
//! that no other first move works, so a wrong or ambiguous puzzle is caught before anyone
//! plays it.
//!
//! ```
//! use taktui::puzzles::{Puzzle, Reply};
//! use taktui::record::read_ptn;
//! let text = "[Size \"5\"]\n[TPS \"x3,2,2/1,x4/1,x4/1,x4/x,1,1,1,x 1 5\"]\n\
//!             [Puzzle \"tinue\"]\n[Title \"Two ways home\"]\n\n5. a1 e1 6. a5\n";
//! let record = read_ptn(text).unwrap().remove(0).record.unwrap();
//! let puzzle = Puzzle::from_record(record).unwrap();
//! assert_eq!(puzzle.task(), "White to play and force a road in 2 moves");
//! // Not a good puzzle: e1, b2 and Ca1 win as well, and no `Accept` tag says so.
//! assert!(puzzle.verify(1_000_000).unwrap_err().contains("not unique"));
//! // The player finds a1: the solver defends as the solution says.
//! let a1 = puzzle.solution()[0];
//! assert!(matches!(puzzle.respond(&[a1], 1_000_000), Reply::Defence(_)));
//! ```

mod refute;

use std::sync::atomic::AtomicBool;

use crate::engine::{Control, Engine, Limits, Weights};
use crate::notation::moves_text;
use crate::record::GameRecord;
use crate::rules::{Color, GameResult, Move, Position, WinReason};
use crate::tinue::{Verdict, in_tinue_quiet, natural_defence, solve, solve_until};

/// How many plies a `defend` puzzle's defence must hold the opponent's road off: as far as
/// the board's "is this tinue?" looks (`game::tinue_check::PLIES`).
pub const HOLDS_FOR: u32 = 7;

/// What a puzzle asks.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PuzzleKind {
    /// Force a road, whatever the defence.
    Tinue,
    /// Find the one move that stops the opponent's forced road.
    Defend,
    /// Find the move the engine finds clearly best.
    Best,
}

impl PuzzleKind {
    fn parse(text: &str) -> Option<PuzzleKind> {
        match text.trim().to_ascii_lowercase().as_str() {
            "tinue" => Some(PuzzleKind::Tinue),
            "defend" => Some(PuzzleKind::Defend),
            "best" => Some(PuzzleKind::Best),
            _ => None,
        }
    }

    /// Its name in a list.
    #[must_use]
    pub const fn label(self) -> &'static str {
        match self {
            PuzzleKind::Tinue => "tinue",
            PuzzleKind::Defend => "defend",
            PuzzleKind::Best => "best move",
        }
    }
}

/// Why a game record is not a puzzle.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum PuzzleError {
    /// A tag every puzzle needs is missing.
    #[error("no {0} tag")]
    Missing(&'static str),
    /// A tag's value cannot be used.
    #[error("{name} {value:?}: {reason}")]
    Tag {
        /// The tag.
        name: &'static str,
        /// Its value.
        value: String,
        /// Why.
        reason: &'static str,
    },
    /// The moves (the solution) are missing.
    #[error("no solution: the puzzle's moves are its solution")]
    NoSolution,
}

/// A puzzle: where it starts, what it asks, and its solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// What it is remembered by once solved: its `Id` tag, else its kind and position, so
    /// that moving puzzles about in their files keeps what was solved.
    pub id: String,
    /// Its title.
    pub title: String,
    /// What it asks.
    pub kind: PuzzleKind,
    /// 1 (easiest) to 5.
    pub difficulty: u8,
    /// A hint in words, if it has one.
    pub hint: Option<String>,
    /// Where the position comes from.
    pub source: Option<String>,
    /// For a defence: how many plies the opponent's road may take (3: its move, any reply,
    /// its road). For a best move: the engine's depth.
    pub depth: u32,
    record: GameRecord,
}

/// What happens after the player's move in a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// Solved.
    Solved,
    /// Right so far: the defender plays this.
    Defence(Move),
    /// Not it; why, in words.
    Wrong(String),
    /// The solver could not tell within its budget.
    Unsure,
}

impl Puzzle {
    /// The puzzle a game record holds.
    pub fn from_record(record: GameRecord) -> Result<Puzzle, PuzzleError> {
        let tags = record.tags();
        let kind_text = tags.get("Puzzle").ok_or(PuzzleError::Missing("Puzzle"))?;
        let kind = PuzzleKind::parse(kind_text).ok_or_else(|| PuzzleError::Tag {
            name: "Puzzle",
            value: kind_text.to_owned(),
            reason: "a puzzle is tinue, defend or best",
        })?;
        let title = tags
            .get("Title")
            .ok_or(PuzzleError::Missing("Title"))?
            .to_owned();
        if record.plies().is_empty() {
            return Err(PuzzleError::NoSolution);
        }
        let number = |name: &'static str, default: u32| -> Result<u32, PuzzleError> {
            tags.get(name).map_or(Ok(default), |value| {
                value.trim().parse().map_err(|_| PuzzleError::Tag {
                    name,
                    value: value.to_owned(),
                    reason: "not a number",
                })
            })
        };
        let plies = record.plies().len() as u32;
        let depth = match kind {
            PuzzleKind::Tinue => plies,
            PuzzleKind::Defend => number("Depth", 3)?,
            PuzzleKind::Best => number("Depth", 4)?,
        };
        let guessed = match kind {
            PuzzleKind::Tinue => plies.div_ceil(2),
            PuzzleKind::Defend => depth.div_ceil(2),
            PuzzleKind::Best => 3,
        };
        let difficulty = number("Difficulty", guessed)?.clamp(1, 5) as u8;
        let id = tags.get("Id").map_or_else(
            || {
                format!(
                    "{} {}",
                    kind.label(),
                    crate::notation::to_tps(record.start())
                )
            },
            str::to_owned,
        );
        Ok(Puzzle {
            id,
            title,
            kind,
            difficulty,
            hint: tags.get("Hint").map(str::to_owned),
            source: tags.get("Source").map(str::to_owned),
            depth,
            record,
        })
    }

    /// The position to solve.
    #[must_use]
    pub fn start(&self) -> &Position {
        self.record.start()
    }

    /// The record: the position, the tags and the solution.
    #[must_use]
    pub const fn record(&self) -> &GameRecord {
        &self.record
    }

    /// Who solves it: the side to move.
    #[must_use]
    pub fn solver(&self) -> Color {
        self.start().to_move()
    }

    /// The solution: the player's moves and the defence, in order.
    #[must_use]
    pub fn solution(&self) -> Vec<Move> {
        self.record.plies().iter().map(|p| p.mv).collect()
    }

    /// The board size.
    #[must_use]
    pub fn size(&self) -> u8 {
        self.start().size().get()
    }

    /// What to do, in words.
    #[must_use]
    pub fn task(&self) -> String {
        let me = self.solver();
        match self.kind {
            PuzzleKind::Tinue => {
                let moves = self.depth.div_ceil(2);
                let moves = crate::words::count(moves as usize, "move", "moves");
                format!("{me} to play and force a road in {moves}")
            }
            PuzzleKind::Defend => format!("{me} to play: stop {}'s road", !me),
            PuzzleKind::Best => format!("{me} to play: find the best move"),
        }
    }

    /// Other first moves that work as well as the solution's (the `Accept` tags).
    #[must_use]
    pub fn accepted(&self) -> Vec<Move> {
        let size = self.start().size();
        self.record
            .tags()
            .iter()
            .filter(|(name, _)| *name == "Accept")
            .filter_map(|(_, value)| crate::notation::parse_move(value.trim(), size).ok())
            .collect()
    }

    /// The position after `moves` from the start.
    fn after(&self, moves: &[Move]) -> Option<Position> {
        let mut position = self.start().clone();
        for &mv in moves {
            position.play(mv).ok()?;
        }
        Some(position)
    }

    /// Quiet moves (ones that threaten no road) the solution's attacker makes before its
    /// last move: the solver is allowed as many.
    #[must_use]
    pub fn quiet_moves(&self) -> u32 {
        let mut position = self.start().clone();
        let attacker = self.solver();
        let mut quiet = 0;
        let solution = self.solution();
        for (i, &mv) in solution.iter().enumerate() {
            let _ = position.play(mv);
            let last = i + 1 == solution.len();
            if i % 2 == 0 && !last && position.threats(attacker).is_empty() {
                quiet += 1;
            }
        }
        quiet
    }

    /// The move that solves the puzzle from here, after `line` (the player's and the
    /// defender's moves, the player to move): the solution's, while `line` follows it; else,
    /// in a tinue, the solver's first move of a road in the plies left. `None` once the
    /// solution is complete, off its line in a defence or best-move puzzle (solved in one
    /// move), or when the solver finds no road within `budget`.
    #[must_use]
    pub fn next_move(&self, line: &[Move], budget: u64) -> Option<Move> {
        let solution = self.solution();
        if solution.starts_with(line) {
            return solution.get(line.len()).copied();
        }
        if self.kind != PuzzleKind::Tinue {
            return None;
        }
        let position = self.after(line)?;
        let left = self.depth.saturating_sub(line.len() as u32);
        match solve(&position, left, self.quiet_moves(), budget).verdict {
            Verdict::Win(road) => road.first().copied(),
            Verdict::NoWin | Verdict::Unknown => None,
        }
    }

    /// The answer to the player's moves so far (`line`: the player's and the defender's,
    /// the player's last): solved, the defence, or why it is wrong.
    #[must_use]
    pub fn respond(&self, line: &[Move], budget: u64) -> Reply {
        self.respond_until(line, budget, &AtomicBool::new(false))
    }

    /// [`Puzzle::respond`], giving up ([`Reply::Unsure`]) once `stop` is set: for an answer
    /// worked out away from the screen, which may be left before it comes.
    #[must_use]
    pub fn respond_until(&self, line: &[Move], budget: u64, stop: &AtomicBool) -> Reply {
        let Some(position) = self.after(line) else {
            return Reply::Wrong("that move is not legal here".into());
        };
        let me = self.solver();
        match self.kind {
            PuzzleKind::Tinue => {
                if matches!(position.result(), GameResult::Win { winner, .. } if winner == me) {
                    return Reply::Solved;
                }
                if position.is_over() {
                    return Reply::Wrong("the game is over, and not with your road".into());
                }
                let left = self.depth.saturating_sub(line.len() as u32);
                let solution = self.solution();
                if solution.starts_with(line) && line.len() < solution.len() {
                    return Reply::Defence(solution[line.len()]);
                }
                let quiet = self.quiet_moves();
                match in_tinue_quiet(&position, left, quiet, budget, stop).verdict {
                    Verdict::Win(line) => natural_defence(&position, &line, quiet, budget)
                        .map_or(Reply::Unsure, Reply::Defence),
                    Verdict::NoWin => Reply::Wrong(format!(
                        "{} escapes after that: no road is forced in time",
                        !me
                    )),
                    Verdict::Unknown => Reply::Unsure,
                }
            }
            PuzzleKind::Defend => match solve_until(&position, self.depth, 0, budget, stop).verdict
            {
                Verdict::Win(road) => Reply::Wrong(format!(
                    "{} still forces a road: {}",
                    !me,
                    moves_text(&road)
                )),
                Verdict::NoWin => Reply::Solved,
                Verdict::Unknown => Reply::Unsure,
            },
            PuzzleKind::Best => {
                let first = line.first().copied();
                if first == self.solution().first().copied()
                    || first.is_some_and(|mv| self.accepted().contains(&mv))
                {
                    Reply::Solved
                } else {
                    Reply::Wrong("there is a clearly better move here".into())
                }
            }
        }
    }

    /// Checks the solution: that it works and that no other first move does. `Err` says what
    /// is wrong.
    pub fn verify(&self, budget: u64) -> Result<(), String> {
        match self.kind {
            PuzzleKind::Tinue => self.verify_tinue(budget),
            PuzzleKind::Defend => self.verify_defence(budget),
            PuzzleKind::Best => self.verify_best(),
        }
    }

    fn verify_tinue(&self, budget: u64) -> Result<(), String> {
        let solution = self.solution();
        let me = self.solver();
        let end = self.after(&solution).ok_or("the solution is not legal")?;
        if !matches!(end.result(), GameResult::Win { winner, reason: WinReason::Road { .. } } if winner == me)
        {
            return Err("the solution does not end in the solver's road".into());
        }
        let quiet = self.quiet_moves();
        let stop = AtomicBool::new(false);
        // No shorter road, and each defence in the solution holds out the longest.
        for cut in (0..solution.len()).step_by(2) {
            let position = self.after(&solution[..cut]).ok_or("illegal")?;
            let left = (solution.len() - cut) as u32;
            match solve(&position, left, quiet, budget).verdict {
                Verdict::Win(line) if line.len() as u32 == left => {}
                Verdict::Win(line) => {
                    return Err(format!(
                        "after {} a shorter road exists: {}",
                        cut,
                        moves_text(&line)
                    ));
                }
                Verdict::NoWin => return Err(format!("no road is forced after ply {cut}")),
                Verdict::Unknown => return Err("the solver ran out of budget".into()),
            }
        }
        // No other first move forces a road as soon, but those accepted; and those do.
        let start = self.start();
        let accepted = self.accepted();
        for mv in start.legal_moves() {
            if mv == solution[0] {
                continue;
            }
            if accepted.contains(&mv) {
                let mut position = start.clone();
                let _ = position.play(mv);
                let left = solution.len() as u32 - 1;
                let wins = matches!(position.result(), GameResult::Win { winner, .. } if winner == me)
                    || matches!(
                        in_tinue_quiet(&position, left, quiet, budget, &stop).verdict,
                        Verdict::Win(_)
                    );
                if !wins {
                    return Err(format!("{mv} is accepted but does not force a road"));
                }
                continue;
            }
            let mut position = start.clone();
            let _ = position.play(mv);
            if matches!(position.result(), GameResult::Win { winner, .. } if winner == me) {
                return Err(format!("{mv} wins at once too"));
            }
            let left = solution.len() as u32 - 1;
            match in_tinue_quiet(&position, left, quiet, budget, &stop).verdict {
                Verdict::Win(_) => return Err(format!("{mv} forces a road too: not unique")),
                Verdict::NoWin => {}
                Verdict::Unknown => return Err(format!("cannot tell whether {mv} wins too")),
            }
        }
        Ok(())
    }

    fn verify_defence(&self, budget: u64) -> Result<(), String> {
        let defence = self.solution()[0];
        let start = self.start();
        let mut works = Vec::new();
        for mv in start.legal_moves() {
            let mut position = start.clone();
            let _ = position.play(mv);
            match solve(&position, self.depth, 0, budget).verdict {
                Verdict::NoWin => works.push(mv),
                Verdict::Win(_) => {}
                Verdict::Unknown => return Err(format!("cannot tell whether {mv} holds")),
            }
        }
        let accepted = self.accepted();
        works.retain(|mv| !accepted.contains(mv));
        // "The one move that holds" must hold as far as the board's own "is this tinue?"
        // looks, or the app would contradict the puzzle.
        if works.contains(&defence) {
            let mut position = start.clone();
            let _ = position.play(defence);
            match solve(&position, HOLDS_FOR, 0, budget).verdict {
                Verdict::NoWin => {}
                Verdict::Win(road) => {
                    return Err(format!(
                        "{defence} stops the road in {} plies, but not this one: {}",
                        self.depth,
                        moves_text(&road)
                    ));
                }
                Verdict::Unknown => return Err(format!("cannot tell whether {defence} holds")),
            }
        }
        match works.as_slice() {
            [only] if *only == defence => Ok(()),
            [] => Err("no move stops the road".into()),
            _ if !works.contains(&defence) => Err(format!("{defence} does not stop the road")),
            _ => Err(format!(
                "not unique: {} all stop the road",
                moves_text(&works)
            )),
        }
    }

    fn verify_best(&self) -> Result<(), String> {
        let best = self.solution()[0];
        let start = self.start();
        let margin = self
            .record
            .tags()
            .get("Margin")
            .and_then(|m| m.trim().parse::<i32>().ok())
            .unwrap_or(100);
        let think = |exclude: Vec<Move>| {
            let limits = Limits {
                depth: Some(self.depth),
                exclude,
                ..Limits::default()
            };
            let stop = AtomicBool::new(false);
            let control = Control {
                stop: &stop,
                elapsed: &|| std::time::Duration::ZERO,
            };
            // Best-move puzzles were chosen by the engine with its hand-set weights, and their
            // margins are in that evaluation's centiflats: that judge checks them, so that
            // refitting the evaluation does not change which puzzles are right.
            Engine::with_weights(16, Weights::hand_set()).think(
                start,
                &limits,
                &control,
                &mut |_| {},
            )
        };
        let accepted = self.accepted();
        let first = think(Vec::new());
        if first.best != Some(best) && !first.best.is_some_and(|mv| accepted.contains(&mv)) {
            return Err(format!(
                "the engine prefers {} at depth {}",
                first
                    .best
                    .map_or_else(|| "nothing".into(), |m| m.to_string()),
                self.depth
            ));
        }
        let mut exclude = accepted;
        exclude.push(best);
        let second = think(exclude);
        let gap = first.info.score.centiflats() - second.info.score.centiflats();
        if gap < margin {
            return Err(format!(
                "{} is only {gap} centiflats worse: not clearly best",
                second
                    .best
                    .map_or_else(|| "nothing".into(), |m| m.to_string())
            ));
        }
        Ok(())
    }
}
