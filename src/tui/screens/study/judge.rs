//! The judge of a move at a puzzle or a lesson, working on a thread of its own: a puzzle's
//! solver may look for seconds at a move off the solution's line, and the screen stays live
//! meanwhile (its answer is heard at the next tick).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, TryRecvError, channel};

use crate::lessons::{Check, Lesson};
use crate::puzzles::{Puzzle, Reply};
use crate::rules::Move;

/// What the judge says of the player's last move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Judged {
    /// Right: the defence's reply, or none when the puzzle is solved (the lesson done).
    Right(Option<Move>),
    /// Wrong: why, and what answers it (the defence that holds, the better move's gain),
    /// when that is known.
    Wrong(String, Option<String>),
    /// The solver could not tell within its budget.
    Unsure,
}

/// A judgement being made about `line` (the moves from the start, the player's last).
#[derive(Debug)]
pub(super) struct Judging {
    line: Vec<Move>,
    answer: Receiver<Judged>,
    stop: Arc<AtomicBool>,
}

impl Judging {
    /// Starts judging `line` in `puzzle`, the solver visiting at most `budget` positions.
    pub(super) fn puzzle(puzzle: &Puzzle, line: Vec<Move>, budget: u64) -> Judging {
        let puzzle = puzzle.clone();
        Judging::start(line, move |line, stop| {
            match puzzle.respond_until(line, budget, stop) {
                Reply::Solved => Judged::Right(None),
                Reply::Defence(mv) => Judged::Right(Some(mv)),
                Reply::Wrong(why) => Judged::Wrong(why, puzzle.refutation(line, budget, stop)),
                Reply::Unsure => Judged::Unsure,
            }
        })
    }

    /// Starts checking `line` against `lesson`'s task.
    pub(super) fn lesson(lesson: &Lesson, line: Vec<Move>, budget: u64) -> Judging {
        let lesson = lesson.clone();
        Judging::start(line, move |line, _| match lesson.check(line, budget) {
            Check::Done => Judged::Right(None),
            Check::Defence(mv) => Judged::Right(Some(mv)),
            Check::NotYet(why) => Judged::Wrong(why, None),
        })
    }

    fn start(
        line: Vec<Move>,
        judge: impl FnOnce(&[Move], &AtomicBool) -> Judged + Send + 'static,
    ) -> Judging {
        let (sender, answer) = channel();
        let stop = Arc::new(AtomicBool::new(false));
        let stopped = Arc::clone(&stop);
        let judged = line.clone();
        std::thread::spawn(move || {
            let _ = sender.send(judge(&judged, &stopped));
        });
        Judging { line, answer, stop }
    }

    /// The moves judged.
    pub(super) fn line(&self) -> &[Move] {
        &self.line
    }

    /// The answer, once it has come.
    pub(super) fn answer(&self) -> Option<Judged> {
        match self.answer.try_recv() {
            Ok(judged) => Some(judged),
            Err(TryRecvError::Empty) => None,
            // The thread is gone without a word (it panicked): no answer will come.
            Err(TryRecvError::Disconnected) => Some(Judged::Unsure),
        }
    }
}

impl Drop for Judging {
    /// A judgement no longer wanted (the move taken back, the puzzle left) stops at once.
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// The judge of a study screen: the judgement under way, if any. A copy of the screen judges
/// nothing: the answer comes to the original.
#[derive(Debug, Default)]
pub(super) struct Judge(pub(super) Option<Judging>);

impl Clone for Judge {
    fn clone(&self) -> Judge {
        Judge(None)
    }
}
