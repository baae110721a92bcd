//! A computer's thought about Kaen or Locke on a thread of its own, so the screen stays live
//! while it thinks. The thought is given a stop flag, raised when the thought is no longer
//! wanted (dropped: the person took back, began another game, quit, or pressed Esc on a
//! hint), so that no search runs on for nobody.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, TryRecvError, channel};

/// A thought under way, about the position after `played` actions of the record.
#[derive(Debug)]
pub struct Thinker<T> {
    answer: Receiver<T>,
    played: usize,
    stop: Arc<AtomicBool>,
}

impl<T: Send + 'static> Thinker<T> {
    /// Starts `thought`, which watches no flag, on its own thread, about the position after
    /// `played` actions.
    pub fn start(played: usize, thought: impl FnOnce() -> T + Send + 'static) -> Thinker<T> {
        Thinker::stoppable(played, move |_| thought())
    }

    /// Starts `thought` on its own thread, about the position after `played` actions; it is
    /// handed the stop flag to look at as it thinks ([`Thinker::stop`], or the thinker
    /// dropped, raises it).
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
}

impl<T> Thinker<T> {
    /// Asks the thought to answer now, with what it has (a stoppable one does).
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// The number of actions of the position thought about.
    #[must_use]
    pub const fn played(&self) -> usize {
        self.played
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

/// The answer of the thought in `slot` about the position after `played` actions, once there
/// is one: the slot is emptied then, and at once (the thought stopped) when the thought is
/// about another position, or its thread died without an answer.
pub fn take_answer<T>(slot: &mut Option<Thinker<T>>, played: usize) -> Option<T> {
    let thinker = slot.as_ref()?;
    if thinker.played() != played {
        *slot = None;
        return None;
    }
    let answer = thinker.answer(played)?;
    *slot = None;
    answer
}

impl<T> Drop for Thinker<T> {
    /// A thought no longer wanted is told to stop.
    fn drop(&mut self) {
        self.stop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn wait<T: Send + 'static>(thinker: &Thinker<T>, played: usize) -> Option<T> {
        loop {
            if let Some(answer) = thinker.answer(played) {
                break answer;
            }
            std::thread::yield_now();
        }
    }

    #[test]
    fn an_answer_comes_back_for_its_own_position_only() {
        let thinker = Thinker::start(3, || 42);
        assert_eq!(wait(&thinker, 3), Some(42));
        let stale = Thinker::start(3, || 7);
        assert_eq!(wait(&stale, 4), None);
    }

    #[test]
    fn an_answer_taken_empties_the_slot_and_a_stale_thought_goes_at_once() {
        let mut slot = Some(Thinker::start(2, || "c2+"));
        let answer = loop {
            if let Some(answer) = take_answer(&mut slot, 2) {
                break answer;
            }
            assert!(slot.is_some(), "emptied with no answer");
            std::thread::yield_now();
        };
        assert_eq!(answer, "c2+");
        assert!(slot.is_none());
        // About another position: dropped (and so stopped) without waiting for it.
        let mut stale = Some(Thinker::stoppable(2, |stop: &AtomicBool| {
            while !stop.load(Ordering::Relaxed) {
                std::thread::yield_now();
            }
        }));
        assert_eq!(take_answer(&mut stale, 3), None);
        assert!(stale.is_none());
    }

    #[test]
    fn a_stopped_thought_sees_its_flag_raised_and_answers() {
        let thinker = Thinker::stoppable(0, |stop: &AtomicBool| {
            while !stop.load(Ordering::Relaxed) {
                std::thread::yield_now();
            }
            "stopped"
        });
        thinker.stop();
        assert_eq!(wait(&thinker, 0), Some("stopped"));
    }

    #[test]
    fn a_thought_dropped_is_told_to_stop_and_ends() {
        let (ended, told) = channel();
        let thinker = Thinker::stoppable(0, move |stop: &AtomicBool| {
            // Thinks until told to stop, however long that is.
            while !stop.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(1));
            }
            let _ = ended.send(());
        });
        std::thread::sleep(Duration::from_millis(20));
        assert!(thinker.answer(0).is_none(), "it thinks until stopped");
        drop(thinker);
        told.recv_timeout(Duration::from_secs(60))
            .expect("the thought ended once dropped");
    }
}
