//! A computer's thought about Kaen or Locke on a thread of its own, so the screen stays live
//! while it thinks. The thought is pure and bounded (by positions searched, not time), so it
//! is never stopped: one no longer wanted is dropped, and its answer with it.

use std::sync::mpsc::{Receiver, TryRecvError, channel};

/// A thought under way, about the position after `played` actions of the record.
#[derive(Debug)]
pub struct Thinker<T> {
    answer: Receiver<T>,
    played: usize,
}

impl<T: Send + 'static> Thinker<T> {
    /// Starts `thought` on its own thread, about the position after `played` actions.
    pub fn start(played: usize, thought: impl FnOnce() -> T + Send + 'static) -> Thinker<T> {
        let (send, answer) = channel();
        std::thread::spawn(move || {
            // Nobody listening any more (the thought was dropped) is no error.
            let _ = send.send(thought());
        });
        Thinker { answer, played }
    }

    /// The answer, once there is one, if the record still has `played` actions (a thought
    /// about another position is thrown away: `Some(None)`).
    pub fn answer(&self, played: usize) -> Option<Option<T>> {
        match self.answer.try_recv() {
            Ok(answer) => Some((played == self.played).then_some(answer)),
            Err(TryRecvError::Empty) => None,
            // The thread died without an answer: start again.
            Err(TryRecvError::Disconnected) => Some(None),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_answer_comes_back_for_its_own_position_only() {
        let thinker = Thinker::start(3, || 42);
        let answer = loop {
            if let Some(answer) = thinker.answer(3) {
                break answer;
            }
            std::thread::yield_now();
        };
        assert_eq!(answer, Some(42));
        let stale = Thinker::start(3, || 7);
        let answer = loop {
            if let Some(answer) = stale.answer(4) {
                break answer;
            }
            std::thread::yield_now();
        };
        assert_eq!(answer, None);
    }
}
