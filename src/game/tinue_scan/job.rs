//! A scan on a thread of its own, so the screen stays live: its progress and then its marks
//! over a channel, each position's search cut off after [`POSITION_TIME`] (the solver's node
//! budget alone does not bound the time: on big boards a position with tall stacks has
//! thousands of moves to try at every node), and everything stopped when it is dropped.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, TryRecvError, channel};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use super::{Memo, Scan, ScanLimits, scan};
use crate::rules::{Move, Position};

/// The longest a position is searched before it is left unknown: enough for the node budget
/// on 5x5 and 6x6 (the hardest positions of real games take half a second), while on bigger
/// boards a few hard positions cost seconds, not minutes.
pub const POSITION_TIME: Duration = Duration::from_secs(1);
/// How often the watch looks at the clock.
const WATCH_EVERY: Duration = Duration::from_millis(5);

/// What a scan running in the background has to say.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ScanStep {
    /// Still searching: positions searched, and in all.
    Working {
        /// Positions searched.
        done: usize,
        /// Positions in all.
        total: usize,
    },
    /// Done: the marks, and how long it took.
    Finished(Scan, Duration),
    /// The scan's thread ended without an answer.
    Failed,
}

/// News from the scan's thread.
#[derive(Debug)]
enum News {
    Progress(usize, usize),
    Done(Scan, Duration),
}

/// What the scan's thread and its watch share.
#[derive(Debug)]
struct Watch {
    /// When the search of the position being searched is cut off. Held while `cut` is
    /// lowered or raised, so a cut meant for one position never lands on the next.
    deadline: Mutex<Instant>,
    /// Raised to end the search under way (lowered between positions unless `stop` is up).
    cut: AtomicBool,
    /// Raised when the marks are no longer wanted.
    stop: AtomicBool,
    /// Raised when the scan is over: the watch ends.
    over: AtomicBool,
}

impl Watch {
    /// The next position's search starts now.
    fn next(&self, limit: Duration) {
        let mut deadline = self.deadline.lock().unwrap_or_else(PoisonError::into_inner);
        *deadline = Instant::now() + limit;
        if !self.stop.load(Ordering::Relaxed) {
            self.cut.store(false, Ordering::Relaxed);
        }
    }

    /// Cuts the search under way off once its time is up or the scan is stopped, until the
    /// scan is over.
    fn keep(&self) {
        while !self.over.load(Ordering::Relaxed) {
            std::thread::sleep(WATCH_EVERY);
            let deadline = self.deadline.lock().unwrap_or_else(PoisonError::into_inner);
            if self.stop.load(Ordering::Relaxed) || Instant::now() >= *deadline {
                self.cut.store(true, Ordering::Relaxed);
            }
        }
    }
}

/// A scan running on a thread of its own; dropping it stops the search.
#[derive(Debug)]
pub struct ScanJob {
    start: Position,
    moves: Vec<Move>,
    news: Receiver<News>,
    watch: Arc<Watch>,
    /// The last progress heard.
    progress: (usize, usize),
}

impl ScanJob {
    /// Starts scanning `moves` from `start` within `limits`, each position searched for at
    /// most `position_time`, asking `memo` first and adding to it. The memo is locked while
    /// the scan runs: a new scan waits for the one before it, which ends quickly once its job
    /// is dropped.
    #[must_use]
    pub fn start(
        start: &Position,
        moves: &[Move],
        limits: ScanLimits,
        position_time: Duration,
        memo: Arc<Mutex<Memo>>,
    ) -> ScanJob {
        let (sender, news) = channel();
        let watch = Arc::new(Watch {
            deadline: Mutex::new(Instant::now() + position_time),
            cut: AtomicBool::new(false),
            stop: AtomicBool::new(false),
            over: AtomicBool::new(false),
        });
        let watched = Arc::clone(&watch);
        std::thread::spawn(move || watched.keep());
        let shared = Arc::clone(&watch);
        let (from, line) = (start.clone(), moves.to_vec());
        std::thread::spawn(move || {
            let mut memo = memo.lock().unwrap_or_else(PoisonError::into_inner);
            let began = Instant::now();
            shared.next(position_time);
            let mut report = |done, total| {
                shared.next(position_time);
                let _ = sender.send(News::Progress(done, total));
            };
            let found = scan(&from, &line, limits, &shared.cut, &mut report, &mut memo);
            shared.over.store(true, Ordering::Relaxed);
            let _ = sender.send(News::Done(found, began.elapsed()));
        });
        ScanJob {
            start: start.clone(),
            moves: moves.to_vec(),
            news,
            watch,
            progress: (0, moves.len() + 1),
        }
    }

    /// The position the line scanned starts from.
    #[must_use]
    pub const fn start_position(&self) -> &Position {
        &self.start
    }

    /// The line scanned.
    #[must_use]
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The news since last asked: the latest progress, or the marks once they are known.
    pub fn poll(&mut self) -> ScanStep {
        loop {
            match self.news.try_recv() {
                Ok(News::Progress(done, total)) => self.progress = (done, total),
                Ok(News::Done(found, took)) => return ScanStep::Finished(found, took),
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => return ScanStep::Failed,
            }
        }
        let (done, total) = self.progress;
        ScanStep::Working { done, total }
    }
}

impl Drop for ScanJob {
    /// Marks no longer wanted: the search ends at once.
    fn drop(&mut self) {
        self.watch.stop.store(true, Ordering::Relaxed);
        self.watch.cut.store(true, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::Tps;

    fn start() -> (Position, Vec<Move>) {
        let tps = "x3,2,2/1,x4/1,x4/x,2S,x3/x,1,1,1,x 1 5";
        let start = tps.parse::<Tps>().unwrap().to_standard_position().unwrap();
        let moves = ["a2", "c3", "a1", "e1", "a5"].map(|m| m.parse().unwrap());
        (start, moves.to_vec())
    }

    /// Polls until the job has its marks (or fails), at most `seconds`.
    fn finish(job: &mut ScanJob, seconds: u64) -> (Scan, Vec<(usize, usize)>) {
        let deadline = Instant::now() + Duration::from_secs(seconds);
        let mut heard = Vec::new();
        loop {
            match job.poll() {
                ScanStep::Finished(found, _) => return (found, heard),
                ScanStep::Working { done, total } => heard.push((done, total)),
                ScanStep::Failed => panic!("the thread ended without an answer"),
            }
            assert!(Instant::now() < deadline, "not done in {seconds} s");
            std::thread::sleep(Duration::from_millis(2));
        }
    }

    #[test]
    fn the_job_reports_progress_then_the_marks() {
        let (start, moves) = start();
        let mut job = ScanJob::start(
            &start,
            &moves,
            ScanLimits::default(),
            POSITION_TIME,
            Arc::default(),
        );
        assert_eq!(job.moves(), moves.as_slice());
        assert_eq!(job.start_position(), &start);
        let (found, heard) = finish(&mut job, 30);
        assert_eq!((found.given(), found.missed(), found.unknown), (1, 0, 0));
        assert!(
            heard
                .iter()
                .all(|&(done, total)| done <= total && total == 6)
        );
    }

    #[test]
    fn the_watch_cuts_a_search_off_when_its_time_is_up_and_not_the_next() {
        let watch = Arc::new(Watch {
            deadline: Mutex::new(Instant::now()),
            cut: AtomicBool::new(false),
            stop: AtomicBool::new(false),
            over: AtomicBool::new(false),
        });
        let watched = Arc::clone(&watch);
        let keeper = std::thread::spawn(move || watched.keep());
        watch.next(Duration::ZERO);
        let cut_by = Instant::now() + Duration::from_secs(10);
        while !watch.cut.load(Ordering::Relaxed) {
            assert!(Instant::now() < cut_by, "no time given: cut off");
            std::thread::sleep(WATCH_EVERY);
        }
        watch.next(Duration::from_secs(60));
        assert!(
            !watch.cut.load(Ordering::Relaxed),
            "the next position has its time"
        );
        std::thread::sleep(WATCH_EVERY * 4);
        assert!(!watch.cut.load(Ordering::Relaxed));
        // Stopped: cut off, and kept so for every later position.
        watch.stop.store(true, Ordering::Relaxed);
        std::thread::sleep(WATCH_EVERY * 4);
        watch.next(Duration::from_secs(60));
        assert!(watch.cut.load(Ordering::Relaxed));
        watch.over.store(true, Ordering::Relaxed);
        keeper.join().unwrap();
    }
}
