//! The analysis of a game, step by step: each position in turn given to an engine (on its
//! thread, through [`Computer`]), then, where the played move was the engine's best and the
//! engine can leave a move out (taktui's own), the position again without that move, to tell
//! an only move. Polled by a screen between frames, or waited on by the command line.

use std::time::Duration;

use super::{Eval, GameAnalysis, final_score};
use crate::engine::{Info, Limits};
use crate::game::computer::{Computer, Report};
use crate::record::GameRecord;

/// Where an analysis stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// Still thinking: searches done and to do.
    Working {
        /// Searches finished.
        done: usize,
        /// Searches in all (as far as known: alternatives are added as they are needed).
        total: usize,
    },
    /// Every position is analysed.
    Finished,
    /// The engine failed: what it did. The analysis so far is kept.
    Failed(String),
}

/// One search: the position after `ply` plies, or the same without the move played there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Task {
    ply: usize,
    alternative: bool,
}

/// A game being analysed.
#[derive(Debug)]
pub struct Analyser {
    record: GameRecord,
    analysis: GameAnalysis,
    computer: Computer,
    limits: Limits,
    /// Whether the engine can be asked to leave a move out (taktui's own can).
    can_exclude: bool,
    /// The search running, if one does.
    current: Option<Task>,
    /// The searches still to start, first first.
    queue: Vec<Task>,
    /// Searches finished.
    done: usize,
    /// The last progress report of the search running.
    latest: Option<Info>,
}

impl Analyser {
    /// Analyses `record` with `computer`, each search within `limits`; `can_exclude` when the
    /// engine is taktui's own (only it can be asked for the best move but one).
    #[must_use]
    pub fn new(record: GameRecord, computer: Computer, limits: Limits, can_exclude: bool) -> Self {
        let plies = record.plies().len();
        let mut analysis = GameAnalysis::new(plies);
        let mut queue = Vec::new();
        for ply in 0..=plies {
            let position = record.position_at(ply);
            if position.is_over() {
                analysis.set(
                    ply,
                    Eval {
                        score: final_score(&position),
                        depth: 0,
                        pv: Vec::new(),
                        alternative: None,
                    },
                );
            } else {
                queue.push(Task {
                    ply,
                    alternative: false,
                });
            }
        }
        queue.reverse();
        Analyser {
            record,
            analysis,
            computer,
            limits,
            can_exclude,
            current: None,
            queue,
            done: 0,
            latest: None,
        }
    }

    /// The game analysed.
    #[must_use]
    pub const fn record(&self) -> &GameRecord {
        &self.record
    }

    /// What is known so far.
    #[must_use]
    pub const fn analysis(&self) -> &GameAnalysis {
        &self.analysis
    }

    /// The position being thought about now (plies from the start), and the engine's last
    /// word on it.
    #[must_use]
    pub fn thinking(&self) -> Option<(usize, Option<&Info>)> {
        self.current.map(|task| (task.ply, self.latest.as_ref()))
    }

    /// Reads what the engine said since the last call and starts the next search when one
    /// ends; never waits.
    pub fn poll(&mut self) -> Step {
        let reports = self.computer.reports();
        self.after(reports)
    }

    /// As [`poll`](Self::poll), but waits up to `wait` for the engine to say something.
    pub fn wait(&mut self, wait: Duration) -> Step {
        let reports = self.computer.wait(wait).into_iter().collect();
        self.after(reports)
    }

    /// Stops the search running: the analysis so far is kept.
    pub fn stop(&mut self) {
        self.computer.stop();
        if let Some(task) = self.current.take() {
            self.queue.push(task);
        }
    }

    fn after(&mut self, reports: Vec<Report>) -> Step {
        for report in reports {
            match report {
                Report::Progress(info) => self.latest = Some(info),
                // No clock runs in an analysis.
                Report::Started(_) => {}
                Report::Done(thought) => {
                    // The move the engine chose leads its line, whatever its last info said.
                    let mut info = thought.info;
                    if let Some(best) = thought.best
                        && info.pv.first() != Some(&best)
                    {
                        info.pv = vec![best];
                    }
                    self.finished(info);
                }
                Report::Failed(why) => {
                    self.current = None;
                    self.queue.clear();
                    return Step::Failed(why);
                }
            }
        }
        if self.current.is_some() && !self.computer.is_thinking() {
            // The engine stopped without its move (it was stopped): try again.
            self.stop();
        }
        if self.current.is_none() {
            self.start_next();
        }
        if self.current.is_none() {
            return Step::Finished;
        }
        Step::Working {
            done: self.done,
            total: self.done + self.queue.len() + 1,
        }
    }

    /// Files a finished search, and queues the search for the alternative when it is needed.
    fn finished(&mut self, info: Info) {
        let Some(task) = self.current.take() else {
            return;
        };
        self.done += 1;
        self.latest = None;
        if task.alternative {
            self.analysis.set_alternative(task.ply, info.score);
            return;
        }
        let played = self.record.plies().get(task.ply).map(|ply| ply.mv);
        let only_one = self.record.position_at(task.ply).legal_moves().len() < 2;
        if self.can_exclude && !only_one && played.is_some() && info.pv.first() == played.as_ref() {
            self.queue.push(Task {
                ply: task.ply,
                alternative: true,
            });
        }
        self.analysis.set(
            task.ply,
            Eval {
                score: info.score,
                depth: info.depth,
                pv: info.pv,
                alternative: None,
            },
        );
    }

    fn start_next(&mut self) {
        let Some(task) = self.queue.pop() else {
            return;
        };
        let position = self.record.position_at(task.ply);
        let mut limits = self.limits.clone();
        if task.alternative
            && let Some(ply) = self.record.plies().get(task.ply)
        {
            limits.exclude = vec![ply.mv];
        }
        self.computer.think(&position, limits);
        self.current = Some(task);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Engine;
    use crate::game::analysis::Judgement;
    use crate::rules::{BoardSize, GameConfig};

    #[test]
    fn every_position_is_analysed_and_a_thrown_game_is_marked() {
        let mut record = GameRecord::for_config(GameConfig::new(BoardSize::new(4).unwrap()));
        // White builds a road on file b while Black plays elsewhere: Black's 4... c1 ignores
        // the threat of b4 (b1 b2 b3 b4 is White's road).
        for mv in ["a1", "d4", "b1", "d3", "b2", "d2", "b3", "c1", "b4"] {
            record.play(mv.parse().unwrap()).unwrap();
        }
        let limits = Limits {
            depth: Some(3),
            ..Limits::default()
        };
        let mut analyser =
            Analyser::new(record.clone(), Computer::new(Engine::new(1)), limits, true);
        let mut steps = 0;
        loop {
            match analyser.wait(Duration::from_secs(5)) {
                Step::Finished => break,
                Step::Failed(why) => panic!("{why}"),
                Step::Working { done, total } => assert!(done < total),
            }
            steps += 1;
            assert!(steps < 10_000, "the analysis never ends");
        }
        let analysis = analyser.analysis();
        assert_eq!(analysis.done(), record.plies().len() + 1);
        assert_eq!(
            analysis.judgement(&record, 7),
            Some(Judgement::Blunder),
            "c1 loses"
        );
        assert_eq!(
            analysis.eval(9).map(|e| e.depth),
            Some(0),
            "the game is over after b4"
        );
    }
}
