//! The computer thinking on a thread of its own: the screen stays live while it thinks, reads
//! its reports (depth, score, best line) as they come, and can stop it at once. What thinks is
//! a [`Brain`]: taktui's engine, or an external one over TEI (`computer/external.rs`). The
//! brain goes back and forth with each search, so its memory carries over from move to move.

mod external;
mod failure;

pub use external::External;
pub use failure::EngineFailure;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, TryRecvError, channel};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use crate::engine::{Control, Engine, Info, Limits, Thought};
use crate::game::engines::EngineEntry;
use crate::rules::Position;

/// The transposition table's size for games against the computer.
pub const HASH_MIB: usize = 64;

/// What a thinking engine tells.
#[derive(Clone, Debug, PartialEq)]
pub enum Report {
    /// A depth completed: the best line so far.
    Progress(Info),
    /// The search is over: the move it chose.
    Done(Thought),
    /// An external engine had to be started, or told of a new game, before it could think:
    /// how long that took, which no clock should charge to its move.
    Started(Duration),
    /// It could not think or move (an external engine that died, hung, or sent a move that
    /// is not legal): what it did.
    Failed(String),
}

/// What thinks.
#[derive(Debug)]
pub enum Brain {
    /// taktui's own engine.
    Own(Engine),
    /// An external engine over TEI.
    External(Box<External>),
}

impl Brain {
    /// Thinks about `position` within `limits` until done or `stop`, reporting to `report`.
    fn think(
        &mut self,
        position: &Position,
        limits: &Limits,
        stop: &AtomicBool,
        report: &dyn Fn(Report),
    ) {
        match self {
            Brain::Own(engine) => {
                let start = Instant::now();
                let elapsed = move || start.elapsed();
                let control = Control {
                    stop,
                    elapsed: &elapsed,
                };
                let thought = engine.think(position, limits, &control, &mut |info| {
                    report(Report::Progress(info.clone()));
                });
                report(Report::Done(thought));
            }
            Brain::External(external) => external.think(position, limits, stop, report),
        }
    }

    /// A new game: what was learnt about the last one's positions is forgotten.
    fn new_game(&mut self) {
        match self {
            Brain::Own(engine) => engine.new_game(),
            Brain::External(external) => external.new_game(),
        }
    }
}

/// An engine thinking on its thread, or idle between searches.
#[derive(Debug)]
pub struct Computer {
    /// The brain while no search runs.
    idle: Option<Brain>,
    /// The search running, if one is.
    search: Option<Search>,
    /// A search asked to stop and not yet back: an external engine may take a moment to
    /// answer `stop`, which the screen does not wait for. Its brain is taken back when next
    /// needed.
    stopping: Option<JoinHandle<Brain>>,
    /// A search asked for while a stopped one was still on its way back: it starts once the
    /// brain is back (the screen is never held up for it).
    pending: Option<(Position, Limits)>,
}

#[derive(Debug)]
struct Search {
    reports: Receiver<Report>,
    stop: Arc<AtomicBool>,
    thread: JoinHandle<Brain>,
    /// The position thought about, so a report is never applied to another.
    position: Position,
}

impl Default for Computer {
    fn default() -> Computer {
        Computer::new(Engine::new(HASH_MIB))
    }
}

impl Computer {
    /// The computer with taktui's `engine`, idle.
    #[must_use]
    pub const fn new(engine: Engine) -> Computer {
        Computer {
            idle: Some(Brain::Own(engine)),
            search: None,
            stopping: None,
            pending: None,
        }
    }

    /// The computer for `player`: taktui's engine for the computer, the engine's process
    /// (started when first asked) for an engine, none for a person.
    #[must_use]
    pub fn for_player(player: &crate::game::Player) -> Option<Computer> {
        match player {
            crate::game::Player::Person(_) => None,
            crate::game::Player::Computer(_) => Some(Computer::default()),
            crate::game::Player::Engine(entry) => Some(Computer::external(entry.clone())),
        }
    }

    /// An external engine as the computer: started when it is first asked to think.
    #[must_use]
    pub fn external(entry: EngineEntry) -> Computer {
        Computer {
            idle: Some(Brain::External(Box::new(External::new(entry)))),
            search: None,
            stopping: None,
            pending: None,
        }
    }

    /// Whether a search runs.
    #[must_use]
    pub const fn is_thinking(&self) -> bool {
        self.search.is_some() || self.pending.is_some()
    }

    /// The position being thought about, while a search runs (or waits to).
    #[must_use]
    pub fn thinking_about(&self) -> Option<&Position> {
        self.search
            .as_ref()
            .map(|s| &s.position)
            .or(self.pending.as_ref().map(|(position, _)| position))
    }

    /// Starts thinking about `position` within `limits` (stopping any search first). The
    /// search's clock starts on its thread: now, or, when a stopped search is still on its
    /// way back, once it is (the next [`reports`](Self::reports) starts it).
    pub fn think(&mut self, position: &Position, limits: Limits) {
        self.stop();
        if self.is_stopping() {
            self.pending = Some((position.clone(), limits));
            return;
        }
        self.settle();
        self.start(position, limits);
    }

    /// Starts the search waiting for the brain, once the brain is back.
    fn start_pending(&mut self) {
        if self.pending.is_some() && !self.is_stopping() {
            self.settle();
            if let Some((position, limits)) = self.pending.take() {
                self.start(&position, limits);
            }
        }
    }

    /// Starts a search on the idle brain.
    fn start(&mut self, position: &Position, limits: Limits) {
        let Some(mut brain) = self.idle.take() else {
            return;
        };
        let (sender, reports) = channel();
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        let thought_about = position.clone();
        let thread = std::thread::spawn(move || {
            brain.think(&thought_about, &limits, &flag, &|report| {
                let _ = sender.send(report);
            });
            brain
        });
        self.search = Some(Search {
            reports,
            stop,
            thread,
            position: position.clone(),
        });
    }

    /// The reports since the last call; after the last (`Done`) the engine is idle again.
    pub fn reports(&mut self) -> Vec<Report> {
        self.start_pending();
        let Some(search) = &self.search else {
            return Vec::new();
        };
        let mut reports = Vec::new();
        loop {
            match search.reports.try_recv() {
                Ok(report) => {
                    let done = matches!(report, Report::Done(_) | Report::Failed(_));
                    reports.push(report);
                    if done {
                        self.finish();
                        break;
                    }
                }
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => {
                    self.finish();
                    break;
                }
            }
        }
        reports
    }

    /// The next report, waiting up to `wait` for it (for callers with nothing else to do, such
    /// as an engine match without a screen); `None` if none came or no search runs.
    pub fn wait(&mut self, wait: Duration) -> Option<Report> {
        self.start_pending();
        if self.pending.is_some() {
            // The brain is not back yet: a moment, then the caller asks again.
            std::thread::sleep(wait.min(Duration::from_millis(10)));
            return None;
        }
        let search = self.search.as_ref()?;
        match search.reports.recv_timeout(wait) {
            Ok(report) => {
                if matches!(report, Report::Done(_) | Report::Failed(_)) {
                    self.finish();
                }
                Some(report)
            }
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => None,
            Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => {
                self.finish();
                None
            }
        }
    }

    /// Stops the search at once, if one runs, without waiting for it: its last reports are
    /// dropped, and its brain is taken back when next needed (taktui's engine returns within
    /// a few positions; an external engine answers `stop` within a second or is given up on).
    pub fn stop(&mut self) {
        self.pending = None;
        if let Some(search) = self.search.take() {
            search.stop.store(true, Ordering::Relaxed);
            self.stopping = Some(search.thread);
        }
    }

    /// Whether a stopped search is still on its way back.
    #[must_use]
    pub fn is_stopping(&self) -> bool {
        self.stopping
            .as_ref()
            .is_some_and(|thread| !thread.is_finished())
    }

    /// Waits for a stopped search to come back, and takes its brain back.
    fn settle(&mut self) {
        if let Some(thread) = self.stopping.take() {
            self.idle = Some(Self::brain_of(thread));
        }
    }

    /// Waits for the search's thread and takes the engine back.
    fn finish(&mut self) {
        if let Some(search) = self.search.take() {
            self.idle = Some(Self::brain_of(search.thread));
        }
    }

    /// The brain a search's thread gives back. A thread that panicked loses its brain;
    /// taktui's engine takes its place.
    fn brain_of(thread: JoinHandle<Brain>) -> Brain {
        thread
            .join()
            .unwrap_or_else(|_| Brain::Own(Engine::new(HASH_MIB)))
    }

    /// Gets ready for games of `config` before any clock runs: an external engine is started
    /// and told of the game (taktui's own is always ready). Why not, if it cannot play them.
    /// Waits for a running search to stop first.
    pub fn prepare(&mut self, config: &crate::rules::GameConfig) -> Result<(), EngineFailure> {
        self.stop();
        self.settle();
        match &mut self.idle {
            Some(Brain::External(external)) => external.prepare(config.size(), config.komi()),
            _ => Ok(()),
        }
    }

    /// What is wrong with an external engine's configured options, found when it started
    /// (said once: taken). Nothing while a search runs.
    pub fn take_problems(&mut self) -> Vec<String> {
        match &mut self.idle {
            Some(Brain::External(external)) => external.take_problems(),
            _ => Vec::new(),
        }
    }

    /// Forgets what was learnt about earlier positions: for a new game.
    pub fn new_game(&mut self) {
        self.stop();
        self.settle();
        if let Some(brain) = &mut self.idle {
            brain.new_game();
        }
    }
}

impl Drop for Computer {
    /// No search outlives its game: quitting stops it, and waits for it.
    fn drop(&mut self) {
        self.stop();
        self.settle();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::Tps;

    #[test]
    fn a_search_reports_and_ends_with_a_move_and_can_be_stopped() {
        let position = "x5/x5/x5/2,2,2,2,x/1,1,x,1,1 1 6"
            .parse::<Tps>()
            .unwrap()
            .to_standard_position()
            .unwrap();
        let mut computer = Computer::new(Engine::new(1));
        computer.think(
            &position,
            Limits {
                depth: Some(2),
                ..Limits::default()
            },
        );
        assert!(computer.is_thinking());
        let mut done = None;
        while done.is_none() {
            for report in computer.reports() {
                if let Report::Done(thought) = report {
                    done = Some(thought);
                }
            }
            std::thread::yield_now();
        }
        assert_eq!(
            done.unwrap().best.unwrap().to_string(),
            "c1",
            "the road in one"
        );
        assert!(!computer.is_thinking());
        // Without limits it thinks until stopped, and stopping returns at once.
        computer.think(&position, Limits::default());
        computer.stop();
        assert!(!computer.is_thinking());
        assert!(computer.reports().is_empty());
        // The brain comes back from the stopped search for the next one (which waits for it
        // if need be), with what it learnt.
        computer.think(
            &position,
            Limits {
                depth: Some(1),
                ..Limits::default()
            },
        );
        assert!(
            computer.is_thinking(),
            "under way, or waiting for the brain"
        );
        while computer.is_thinking() {
            computer.reports();
            std::thread::yield_now();
        }
    }
}
