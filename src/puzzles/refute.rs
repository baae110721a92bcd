//! What answers a wrong move at a puzzle: the defence that holds against a try at a tinue, the
//! road still forced after a try at a defence, and what the better move gains at a best move.

use std::sync::atomic::AtomicBool;

use super::{Puzzle, PuzzleKind};
use crate::engine::{Control, Engine, Limits, Score};
use crate::notation::moves_text;
use crate::rules::{GameResult, Move, Position};
use crate::tinue::{Verdict, solve_until};

/// Each defence tried against a wrong try at a tinue may visit this share of the budget.
const ESCAPE_SHARE: u64 = 16;

impl Puzzle {
    /// What answers the player's last move of `line` (the player's and the defender's moves,
    /// the player's last), a wrong one, in words: `None` when the solver or the engine cannot
    /// tell within `budget` (or `stop` is raised), or the move is not wrong.
    #[must_use]
    pub fn refutation(&self, line: &[Move], budget: u64, stop: &AtomicBool) -> Option<String> {
        let position = self.after(line)?;
        let me = self.solver();
        match self.kind {
            PuzzleKind::Tinue => {
                let left = self.depth.saturating_sub(line.len() as u32);
                let escape = escape(&position, left, self.quiet_moves(), budget, stop)?;
                Some(format!(
                    "{} escapes with {escape}: no road is forced after it",
                    !me
                ))
            }
            PuzzleKind::Defend => match solve_until(&position, self.depth, 0, budget, stop).verdict
            {
                Verdict::Win(road) => Some(format!(
                    "{} still forces a road: {}",
                    !me,
                    moves_text(&road)
                )),
                Verdict::NoWin | Verdict::Unknown => None,
            },
            PuzzleKind::Best => {
                let tried = *line.first()?;
                let best = self.solution().first().copied()?;
                let think = |position: &Position, depth: u32| {
                    let limits = Limits {
                        depth: Some(depth),
                        ..Limits::default()
                    };
                    let control = Control {
                        stop,
                        elapsed: &|| std::time::Duration::ZERO,
                    };
                    Engine::new(16).think(position, &limits, &control, &mut |_| {})
                };
                let mut after_best = self.start().clone();
                after_best.play(best).ok()?;
                // Each side's score after its move, seen from the player's side.
                let gains = think(&after_best, self.depth.saturating_sub(1))
                    .info
                    .score
                    .flip();
                let keeps = think(&position, self.depth.saturating_sub(1))
                    .info
                    .score
                    .flip();
                Some(format!(
                    "{best} was better: {} for you after it, {} after {tried} (the engine at \
                     depth {})",
                    in_words(gains),
                    in_words(keeps),
                    self.depth
                ))
            }
        }
    }
}

/// A defence of the side to move in `position` after which the attacker forces no road in
/// the `left` plies of the puzzle (the defence among them), if the solver finds one.
fn escape(
    position: &Position,
    left: u32,
    quiet: u32,
    budget: u64,
    stop: &AtomicBool,
) -> Option<Move> {
    let attacker = !position.to_move();
    let share = (budget / ESCAPE_SHARE).max(1);
    position.legal_moves().into_iter().find(|&mv| {
        let mut after = position.clone();
        if after.play(mv).is_err() {
            return false;
        }
        match after.result() {
            GameResult::Win { winner, .. } => winner != attacker,
            GameResult::Draw => true,
            GameResult::Ongoing => matches!(
                solve_until(&after, left.saturating_sub(1), quiet, share, stop).verdict,
                Verdict::NoWin
            ),
        }
    })
}

/// A score for the player in words: `+1.25 flats`, or a forced win or loss.
fn in_words(score: Score) -> String {
    match score {
        Score::Centiflats(value) => format!("{:+.2} flats", f64::from(value) / 100.0),
        Score::WinIn(plies) => format!("a win in {plies} plies"),
        Score::LossIn(plies) => format!("a loss in {plies} plies"),
    }
}
