//! The computer's seats at Kaen's and Locke's boards: which of the two players it is, its
//! thought under way and a hint being thought for the person, each on a thread of its own.
//! Dropping a thought stops it, so forgetting one is how it is stopped.

use crate::engine::Level;
use crate::game::thinker::Thinker;
use crate::tui::context::Context;

/// Which of two players the computer is, and what it is thinking (answers of type `T`).
#[derive(Debug)]
pub struct ComputerSeats<T> {
    /// The computer's level for each player it is (the first player first).
    pub(super) levels: [Option<Level>; 2],
    /// Its thought under way.
    pub(super) thinking: Option<Thinker<T>>,
    /// A hint being thought for the person.
    pub(super) hint: Option<Thinker<T>>,
}

impl<T> Default for ComputerSeats<T> {
    fn default() -> Self {
        ComputerSeats {
            levels: [None; 2],
            thinking: None,
            hint: None,
        }
    }
}

impl<T> Clone for ComputerSeats<T> {
    /// A copy seats the same players; a thought under way is not copied (it starts again).
    fn clone(&self) -> Self {
        ComputerSeats {
            levels: self.levels,
            ..ComputerSeats::default()
        }
    }
}

impl<T> ComputerSeats<T> {
    /// Stops the computer's thought and the hint's (a new game, or the screen left).
    pub(super) fn stop_all(&mut self) {
        self.thinking = None;
        self.hint = None;
    }

    /// Esc while a hint is thought: it stops, and says so. Whether there was one to stop.
    pub(super) fn stop_hint(&mut self, ctx: &mut Context) -> bool {
        if self.hint.take().is_some() {
            ctx.info("hint stopped");
            return true;
        }
        false
    }
}
