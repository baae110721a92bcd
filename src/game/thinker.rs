//! A computer's thought about Kaen or Locke on a thread of its own, so the screen stays live
//! while it thinks. The thought is pure and bounded (by positions searched, not time). One no
//! longer wanted is dropped, and its answer with it; a stoppable one (Kaen's) is also given a
//! flag that [`Thinker::stop`] raises, to answer at once.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, TryRecvError, channel};

/// A thought under way, about the position after `played` actions of the record.
#[derive(Debug)]
pub struct Thinker<T> {
    answer: Receiver<T>,
    played: usize,
    /// The flag the thought watches (a thought that watches none ignores it).
    stop: Arc<AtomicBool>,
}

impl<T: Send + 'static> Thinker<T> {
    /// Starts `thought` on its own thread, about the position after `played` actions.
    pub fn start(played: usize, thought: impl FnOnce() -> T + Send + 'static) -> Thinker<T> {
        Thinker::stoppable(played, move |_| thought())
    }

    /// Starts `thought` on its own thread, about the position after `played` actions, with a
    /// flag to watch: [`Thinker::stop`] raises it.
    pub fn stoppable(
        played: usize,
        thought: impl FnOnce(&AtomicBool) -> T + Send + 'static,
    ) -> Thinker<T> {
        let (send, answer) = channel();
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        std::thread::spawn(move || {
            // Nobody listening any more (the thought was dropped) is no error.
            let _ = send.send(thought(&flag));
        });
        Thinker {
            answer,
            played,
            stop,
        }
    }

    /// Asks the thought to answer now, with what it has (a stoppable one does).
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
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

    #[test]
    fn a_stopped_thought_sees_its_flag_raised() {
        // The thought waits for its flag: it answers only once stopped.
        let thinker = Thinker::stoppable(0, |stop: &AtomicBool| {
            while !stop.load(Ordering::Relaxed) {
                std::thread::yield_now();
            }
            "stopped"
        });
        thinker.stop();
        let answer = loop {
            if let Some(answer) = thinker.answer(0) {
                break answer;
            }
            std::thread::yield_now();
        };
        assert_eq!(answer, Some("stopped"));
    }
}
