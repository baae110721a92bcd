//! "Is this tinue?" asked at the board: the solver on a thread of its own, so the screen stays
//! live, its answer picked up when it comes, and dropped if the board has moved on.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, channel};

use crate::rules::{Color, Position};
use crate::tinue::{Solution, Verdict, in_tinue_watched, solve_watched};

/// The longest line looked for from the board, in plies.
pub const PLIES: u32 = 7;
/// Positions the check may visit (a few seconds at most).
const BUDGET: u64 = 5_000_000;

/// A check running in the background; dropping it stops the search.
#[derive(Debug)]
pub struct TinueCheck {
    position: Position,
    answer: Receiver<String>,
    stop: Arc<AtomicBool>,
    /// Positions searched so far, counted by the solver as it goes.
    searched: Arc<AtomicU64>,
}

impl TinueCheck {
    /// Starts looking for a forced road in `position`, for either side.
    #[must_use]
    pub fn start(position: &Position) -> TinueCheck {
        let (sender, answer) = channel();
        let asked = position.clone();
        let stop = Arc::new(AtomicBool::new(false));
        let stopped = Arc::clone(&stop);
        let searched = Arc::new(AtomicU64::new(0));
        let counted = Arc::clone(&searched);
        std::thread::spawn(move || {
            let mover = asked.to_move();
            let count = Some(counted.as_ref());
            let win = solve_watched(&asked, PLIES, 1, BUDGET, &stopped, count);
            let against = match win.verdict {
                Verdict::Win(_) => None,
                _ => Some(in_tinue_watched(
                    &asked,
                    PLIES - 1,
                    0,
                    BUDGET,
                    &stopped,
                    count,
                )),
            };
            let _ = sender.send(brief(mover, &win, against.as_ref()));
        });
        TinueCheck {
            position: position.clone(),
            answer,
            stop,
            searched,
        }
    }

    /// Positions searched so far (counted a thousand or so at a time).
    #[must_use]
    pub fn searched(&self) -> u64 {
        self.searched.load(Ordering::Relaxed)
    }

    /// What the message line says while the search runs: how far it has got, and how to
    /// stop it.
    #[must_use]
    pub fn progress(&self) -> String {
        format!(
            "looking for a forced road from here: {} searched (Esc stops)",
            crate::words::count(
                usize::try_from(self.searched()).unwrap_or(usize::MAX),
                "position",
                "positions"
            )
        )
    }

    /// The position asked about.
    #[must_use]
    pub const fn position(&self) -> &Position {
        &self.position
    }

    /// The answer in words, short enough for the message line, once there is one.
    #[must_use]
    pub fn answer(&self) -> Option<String> {
        self.answer.try_recv().ok()
    }
}

/// The answer for the message line: who forces a road and how, the line first in mind (the
/// command line's `tak tinue` says more: positions searched, the bound).
fn brief(mover: Color, win: &Solution, against: Option<&Solution>) -> String {
    match (&win.verdict, against.map(|a| &a.verdict)) {
        (Verdict::Win(line), _) => fitted(
            &format!(
                "{mover} forces a road in {}: ",
                crate::words::count(line.len(), "ply", "plies")
            ),
            line,
        ),
        (_, Some(Verdict::Win(line))) => fitted(
            &format!("{mover} is in tinue: {} forces a road, as in ", !mover),
            line,
        ),
        (Verdict::NoWin, Some(Verdict::NoWin)) => {
            format!("no forced road for either side within {PLIES} plies")
        }
        (Verdict::NoWin, _) => format!(
            "no forced road for {mover} within {PLIES} plies; for {} the search stopped first",
            !mover
        ),
        (Verdict::Unknown, _) => {
            format!("not settled: the search stopped before finding a road for {mover}")
        }
    }
}

impl Drop for TinueCheck {
    /// An answer no longer wanted: the search ends at once.
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

impl Clone for TinueCheck {
    /// A copy of a screen asks again.
    fn clone(&self) -> TinueCheck {
        TinueCheck::start(&self.position)
    }
}

/// `words` then as many plies of `line` as fit an 80-column message line, `…` after them
/// when it goes on (`tak tinue` gives it whole).
fn fitted(words: &str, line: &[crate::rules::Move]) -> String {
    const WIDTH: usize = 80;
    let mut text = words.to_owned();
    for (i, mv) in line.iter().enumerate() {
        let ply = mv.to_string();
        let last = i + 1 == line.len();
        // Room for the ply, and for " …" after it unless it is the last.
        let needed = ply.len() + usize::from(i > 0) + if last { 0 } else { 2 };
        if text.chars().count() + needed > WIDTH {
            text.push_str(if i > 0 { " …" } else { "…" });
            return text;
        }
        if i > 0 {
            text.push(' ');
        }
        text.push_str(&ply);
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn solution(verdict: Verdict) -> Solution {
        Solution {
            verdict,
            nodes: 116,
        }
    }

    fn line(moves: &[&str]) -> Vec<crate::rules::Move> {
        moves.iter().map(|m| m.parse().unwrap()).collect()
    }

    #[test]
    fn the_answer_fits_the_message_line_of_an_80_column_terminal() {
        let win = solution(Verdict::Win(line(&["c1+", "2b2>", "c1", "c4+"])));
        // The longest a line may be, in the longest moves a 5x5 board writes.
        let long = solution(Verdict::Win(line(&["5a1>2111"; 7])));
        let none = solution(Verdict::NoWin);
        let answers = [
            brief(Color::White, &win, None),
            brief(Color::White, &none, Some(&win)),
            brief(Color::Black, &none, Some(&none)),
            brief(Color::Black, &solution(Verdict::Unknown), Some(&none)),
            brief(Color::Black, &none, Some(&solution(Verdict::Unknown))),
            brief(Color::White, &long, None),
            brief(Color::White, &none, Some(&long)),
        ];
        assert_eq!(
            answers[0],
            "White forces a road in 4 plies: c1+ 2b2> c1 c4+"
        );
        assert_eq!(
            answers[1],
            "White is in tinue: Black forces a road, as in c1+ 2b2> c1 c4+"
        );
        assert_eq!(answers[2], "no forced road for either side within 7 plies");
        for answer in &answers {
            assert!(answer.chars().count() <= 80, "{answer}");
        }
        // A long line is cut where it no longer fits, and says so.
        assert!(
            answers[6].ends_with("5a1>2111 5a1>2111 …"),
            "{}",
            answers[6]
        );
    }
}
