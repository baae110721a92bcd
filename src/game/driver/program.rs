//! The programs at the driver's seats: asked for a move when their turn comes, asked to weigh
//! a draw offered to them, heard as they report, and ruled on when they fail.

use std::time::{Duration, Instant};

use super::{Driver, DriverEvent, OnFailure, Reasoning, Search};
use crate::engine::{ClockLimits, Limits, Thought};
use crate::game::computer::{Computer, Report};
use crate::game::seat::{Program, Seat};
use crate::rules::Color;

/// How often a program thinking is looked at.
pub(super) const LOOK: Duration = Duration::from_millis(20);

/// How long a program thinks over a draw offered to it.
pub(super) const DRAW_TIME: Duration = Duration::from_secs(1);

impl Driver {
    /// The program to move starts thinking, if its turn has come and it is not yet asked
    /// (and the clocks are not paused).
    pub(super) fn ask_program(&mut self, now: Instant) {
        if self.search.is_some() || self.paused() || !self.program_to_move() {
            return;
        }
        let position = self.position().clone();
        let mover = position.to_move();
        let clock = self.clock.as_ref().map(|clock| {
            let increment = clock.control().increment;
            ClockLimits {
                mine: clock.left(mover, now),
                theirs: clock.left(!mover, now),
                my_increment: increment,
                their_increment: increment,
            }
        });
        let seed = self.seed ^ u64::from(position.ply()).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let Some(program) = self.seats[mover].program_mut() else {
            return;
        };
        let limits = program.player().limits(clock, seed);
        program.computer_mut().think(&position, limits);
        self.search = Some(Search {
            color: mover,
            draw: false,
            asked: now,
            excused: Duration::ZERO,
            latest: None,
            held: None,
        });
    }

    /// The program at `color` weighs a draw offered to it (it is not to move): it thinks a
    /// moment, and its answer comes with a later poll.
    pub(super) fn ask_draw_of(&mut self, color: Color, now: Instant) {
        let position = self.position().clone();
        let limits = Limits {
            movetime: Some(DRAW_TIME),
            seed: self.seed,
            ..Limits::default()
        };
        let Some(program) = self.seats[color].program_mut() else {
            return;
        };
        program.computer_mut().think(&position, limits);
        self.search = Some(Search {
            color,
            draw: true,
            asked: now,
            excused: Duration::ZERO,
            latest: None,
            held: None,
        });
    }

    /// Stops the program thinking, if one is, without waiting for it.
    pub(super) fn stop_search(&mut self) {
        self.held.clear();
        if let Some(search) = self.search.take()
            && let Some(program) = self.seats[search.color].program_mut()
        {
            program.computer_mut().stop();
        }
    }

    /// The computer of the search running.
    fn searching(&mut self) -> Option<&mut Computer> {
        let color = self.search.as_ref()?.color;
        self.seats[color].program_mut().map(Program::computer_mut)
    }

    /// Waits up to `wait` for news of the program thinking, for a caller with nothing else
    /// to do (a match with no screen); the news is ruled on at the next poll. With no program
    /// thinking, simply sleeps.
    pub fn wait(&mut self, wait: Duration) {
        if !self.held.is_empty() {
            return;
        }
        match self.searching() {
            Some(computer) => {
                if let Some(report) = computer.wait(wait) {
                    self.held.push(report);
                }
            }
            None => std::thread::sleep(wait),
        }
    }

    /// Hears the program thinking at `now`: progress kept, its start-up excused, its move
    /// played or its answer to a draw given, or its failure ruled on.
    pub(super) fn hear(&mut self, now: Instant, events: &mut Vec<DriverEvent>) {
        // A move held for a pause is played once the pause is over.
        if let Some(search) = &self.search
            && let Some(held) = &search.held
        {
            if now >= held.due {
                let mut search = self.search.take().unwrap_or_else(|| unreachable!());
                let held = search.held.take().unwrap_or_else(|| unreachable!());
                // The pause is not the program's: its clock gets it back.
                let paused = now.saturating_duration_since(held.chosen);
                search.excused += paused;
                if let Some(clock) = &mut self.clock {
                    clock.excuse(search.color, paused, now);
                }
                self.thought(&search, held.thought, now, events);
            }
            return;
        }
        let Some(computer) = self.searching() else {
            self.held.clear();
            return;
        };
        let mut reports = computer.reports();
        let stopped = !computer.is_thinking();
        reports.splice(0..0, std::mem::take(&mut self.held));
        for report in reports {
            let Some(search) = &mut self.search else {
                return;
            };
            match report {
                Report::Progress(info) => search.latest = Some(info),
                Report::Started(took) => {
                    search.excused += took;
                    // A draw weighed runs on the time of the side to move.
                    let charged = if search.draw {
                        self.position().to_move()
                    } else {
                        search.color
                    };
                    if let Some(clock) = &mut self.clock {
                        clock.excuse(charged, took, now);
                    }
                }
                Report::Done(thought) => {
                    let (color, draw, asked) = (search.color, search.draw, search.asked);
                    if !draw
                        && self.offer != Some(!color)
                        && let Some(held) = self.hold(color, &thought, asked, now)
                    {
                        if let Some(search) = &mut self.search {
                            search.held = Some(held);
                        }
                        return;
                    }
                    let search = self.search.take().unwrap_or_else(|| unreachable!());
                    self.thought(&search, thought, now, events);
                    return;
                }
                Report::Failed(why) => {
                    let color = search.color;
                    self.fail(color, why, now, events);
                    return;
                }
            }
        }
        if stopped && let Some(search) = &self.search {
            let color = search.color;
            self.fail(
                color,
                "stopped thinking without a move".to_owned(),
                now,
                events,
            );
        }
    }

    /// The program of `search` is done: its move played (checked by the rules), or its
    /// answer to a draw given.
    fn thought(
        &mut self,
        search: &Search,
        thought: Thought,
        now: Instant,
        events: &mut Vec<DriverEvent>,
    ) {
        let color = search.color;
        // The score is for the side to move: the program's own when it chose a move.
        let own = if self.position().to_move() == color {
            thought.info.score
        } else {
            thought.info.score.flip()
        };
        if search.draw || self.offer == Some(!color) {
            let accepted = own.prefers_a_draw();
            self.offer = None;
            self.offered_at[!color] = Some(self.position().clone());
            events.push(DriverEvent::DrawAnswered {
                by: color,
                accepted,
                score: Some(own),
            });
            if accepted {
                self.session.agree_draw();
                self.ended(now, events);
                return;
            }
            if search.draw {
                return;
            }
        }
        let Some(mv) = thought.best else {
            self.fail(
                color,
                "gave no move in a game not over".to_owned(),
                now,
                events,
            );
            return;
        };
        if let Err(e) = self.session.play(mv) {
            let why = format!("chose {mv}, which is not legal: {e}");
            self.fail(color, why, now, events);
            return;
        }
        let took = now
            .saturating_duration_since(search.asked)
            .saturating_sub(search.excused);
        events.push(DriverEvent::Moved {
            color,
            mv,
            reasoning: Some(Reasoning {
                info: thought.info,
                took,
            }),
        });
        self.after_ply(color, now, events);
    }

    /// The program at `color` failed (`why`): ruled on as the driver was told.
    pub(super) fn fail(
        &mut self,
        color: Color,
        why: String,
        now: Instant,
        events: &mut Vec<DriverEvent>,
    ) {
        self.stop_search();
        events.push(DriverEvent::ProgramFailed {
            color,
            why: why.clone(),
            ruled: self.on_failure,
        });
        match self.on_failure {
            OnFailure::Forfeit => {
                self.session.lose_by_forfeit(color, why);
                self.ended(now, events);
            }
            OnFailure::HandOver => {
                self.seats[color] = Seat::Keyboard;
                // An offer it was weighing is for the person to answer now.
                if self.offer == Some(!color) {
                    events.push(DriverEvent::DrawOffered { by: !color });
                }
            }
        }
    }
}
