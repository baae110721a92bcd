//! "Is this tinue?" asked at the board: the solver on a thread of its own, so the screen stays
//! live, its answer picked up when it comes, and dropped if the board has moved on.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, channel};

use crate::rules::Position;
use crate::tinue::{Verdict, in_tinue_until, solve_until};

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
}

impl TinueCheck {
    /// Starts looking for a forced road in `position`, for either side.
    #[must_use]
    pub fn start(position: &Position) -> TinueCheck {
        let (sender, answer) = channel();
        let asked = position.clone();
        let stop = Arc::new(AtomicBool::new(false));
        let stopped = Arc::clone(&stop);
        std::thread::spawn(move || {
            let mover = asked.to_move();
            let win = solve_until(&asked, PLIES, 1, BUDGET, &stopped);
            let against = match win.verdict {
                Verdict::Win(_) => None,
                _ => Some(in_tinue_until(&asked, PLIES - 1, BUDGET, &stopped)),
            };
            let _ = sender.send(crate::tinue::describe(mover, PLIES, &win, against.as_ref()));
        });
        TinueCheck {
            position: position.clone(),
            answer,
            stop,
        }
    }

    /// The position asked about.
    #[must_use]
    pub const fn position(&self) -> &Position {
        &self.position
    }

    /// The answer in words (on one line), once there is one.
    #[must_use]
    pub fn answer(&self) -> Option<String> {
        self.answer
            .try_recv()
            .ok()
            .map(|text| text.replace('\n', " · "))
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
