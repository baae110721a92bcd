//! The helper engine about a position shown: a hint for whoever is to move, analysis of the
//! position (its evaluation as a bar, its best line), and "is this tinue?". One helper for
//! every board that offers engine help: the play screen and an online game looked on. The
//! screen says which position is shown and when help is allowed; this only asks and hears.

use std::time::Duration;

use ratatui::text::Line;

use crate::engine::{Info, Limits};
use crate::game::computer::{Computer, Report};
use crate::game::tinue_check::TinueCheck;
use crate::rules::{Move, Position};
use crate::tui::context::Context;
use crate::tui::theme::Theme;
use crate::tui::widgets::thinking;

/// How often the screen looks for the helper's news while it thinks.
const POLL: Duration = Duration::from_millis(50);

/// How long the analysis thinks about one position before it rests.
const ANALYSIS_TIME: Duration = Duration::from_secs(60);

/// How long a hint thinks.
const HINT_TIME: Duration = Duration::from_millis(1500);

/// What the search running is for, with the latest report of it.
#[derive(Clone, Debug, Default, PartialEq)]
enum Search {
    /// No search runs (or none the screen waits for).
    #[default]
    Idle,
    /// A move suggested to the side to move.
    Hint(Option<Info>),
    /// Analysis of the position shown, kept after it ends (until the position changes).
    Analysis(Option<Info>),
}

impl Search {
    /// The latest report, if any.
    const fn progress(&self) -> Option<&Info> {
        match self {
            Search::Hint(info) | Search::Analysis(info) => info.as_ref(),
            Search::Idle => None,
        }
    }
}

/// The helper engine, what it searches for, and what it found.
#[derive(Debug, Default)]
pub(crate) struct Helper {
    engine: Option<Computer>,
    /// What the search running is for, and its latest report.
    search: Search,
    /// The move last suggested, shown on the board until the next change.
    pub(crate) hint: Option<Move>,
    /// Analysis is on: the engine thinks about each position it is given.
    analysing: bool,
    /// "Is this tinue?" being answered about a position.
    tinue: Option<TinueCheck>,
}

impl Helper {
    /// The program of the search running.
    fn active(&mut self) -> Option<&mut Computer> {
        match self.search {
            Search::Hint(_) | Search::Analysis(_) => self.engine.as_mut(),
            Search::Idle => None,
        }
    }

    /// Whether the helper engine is thinking (a hint or analysis).
    pub(crate) fn thinking(&self) -> bool {
        let active = match self.search {
            Search::Hint(_) | Search::Analysis(_) => self.engine.as_ref(),
            Search::Idle => None,
        };
        active.is_some_and(Computer::is_thinking)
    }

    /// Whether analysis is on.
    pub(crate) const fn analysing(&self) -> bool {
        self.analysing
    }

    /// Stops the search running, if any.
    pub(crate) fn stop(&mut self) {
        if let Some(computer) = self.active() {
            computer.stop();
        }
        self.search = Search::Idle;
    }

    /// Turns analysis on or off (the analysis engine taken from `ctx`); whether it is on now.
    /// The caller starts it on the position shown when it may.
    pub(crate) fn toggle_analysis(&mut self, ctx: &Context) -> bool {
        self.analysing = !self.analysing;
        if self.analysing {
            if self.engine.is_none() {
                self.engine = Some(ctx.analyst());
            }
        } else if matches!(self.search, Search::Analysis(_)) {
            self.stop();
        }
        self.analysing
    }

    /// Stops a search about another position than `shown`; a finished analysis was of the
    /// position before.
    pub(crate) fn stop_stale(&mut self, shown: &Position) {
        let stale = self
            .active()
            .and_then(|c| c.thinking_about().cloned())
            .is_some_and(|about| about != *shown);
        if stale {
            self.stop();
        }
        if matches!(self.search, Search::Analysis(_)) && !self.thinking() {
            self.search = Search::Idle;
        }
    }

    /// Analysis starts again on `shown`, if it is on and nothing else thinks.
    pub(crate) fn resume_analysis(&mut self, shown: &Position, seed: u64) {
        if self.analysing && !self.thinking() {
            self.start_analysis(shown, seed);
        }
    }

    /// The analysis thinks about `shown`.
    pub(crate) fn start_analysis(&mut self, shown: &Position, seed: u64) {
        let limits = Limits {
            movetime: Some(ANALYSIS_TIME),
            seed,
            ..Limits::default()
        };
        self.engine
            .get_or_insert_with(Computer::default)
            .think(shown, limits);
        self.search = Search::Analysis(None);
    }

    /// The analysis's best move in the position it thinks about, once it has one.
    pub(crate) fn suggestion(&self) -> Option<Move> {
        match &self.search {
            Search::Analysis(Some(info)) => info.pv.first().copied(),
            _ => None,
        }
    }

    /// Asks the analysis engine (taktui's unless another was chosen) for a move in `shown`,
    /// marked when found; says who looks for it, `for_whom`.
    pub(crate) fn ask_hint(
        &mut self,
        shown: &Position,
        seed: u64,
        for_whom: &str,
        ctx: &mut Context,
    ) {
        let limits = Limits {
            movetime: Some(HINT_TIME),
            clock: None,
            seed,
            ..Limits::default()
        };
        self.stop();
        self.engine
            .get_or_insert_with(|| ctx.analyst())
            .think(shown, limits);
        self.search = Search::Hint(None);
        let who = if ctx.analyst_name() == "taktui" {
            "the computer".to_owned()
        } else {
            ctx.analyst_name().to_owned()
        };
        ctx.info(format!("{who} is looking for a move for {for_whom}…"));
    }

    /// Asks whether either side forces a road from `shown`; the answer comes in the message
    /// line.
    pub(crate) fn ask_tinue(&mut self, shown: &Position, ctx: &mut Context) {
        let check = TinueCheck::start(shown);
        ctx.info(check.progress());
        self.tinue = Some(check);
    }

    /// Stops the search for a forced road, if one runs: `false` if none does.
    pub(crate) fn stop_tinue(&mut self, ctx: &mut Context) -> bool {
        let Some(check) = self.tinue.take() else {
            return false;
        };
        ctx.info(format!(
            "the search for a forced road is stopped, after {}",
            crate::words::count(
                usize::try_from(check.searched()).unwrap_or(usize::MAX),
                "position",
                "positions"
            )
        ));
        true
    }

    /// The answer to "is this tinue?", if it has come and `shown` is still its position.
    pub(crate) fn hear_tinue(&mut self, shown: &Position, ctx: &mut Context) {
        let Some(check) = &self.tinue else {
            return;
        };
        if check.position() != shown {
            self.tinue = None;
        } else if let Some(answer) = check.answer() {
            self.tinue = None;
            ctx.info(answer);
        } else if ctx
            .status
            .as_ref()
            .is_none_or(|status| status.text.starts_with("looking for a forced road"))
        {
            // How far it has got, unless something else is being said.
            ctx.info(check.progress());
        }
    }

    /// Reads the helper's news about `shown`: progress to show, a hint to mark, or what went
    /// wrong. How long the engine took to start, if it said so (not charged to anyone).
    pub(crate) fn hear(&mut self, shown: &Position, ctx: &mut Context) -> Option<Duration> {
        let mut started = None;
        let computer = self.active()?;
        // A search about another position than the one shown is never applied.
        if computer
            .thinking_about()
            .is_some_and(|about| about != shown)
        {
            self.stop();
            return None;
        }
        for report in computer.reports() {
            match report {
                Report::Progress(info) => match &mut self.search {
                    Search::Hint(latest) | Search::Analysis(latest) => *latest = Some(info),
                    Search::Idle => {}
                },
                Report::Started(took) => started = Some(took),
                Report::Done(thought) if matches!(self.search, Search::Analysis(_)) => {
                    // Kept, to show and to play, until the position changes.
                    self.search = Search::Analysis(Some(thought.info));
                }
                Report::Done(thought) => {
                    self.search = Search::Idle;
                    if let Some(mv) = thought.best {
                        self.hint = Some(mv);
                        ctx.info(format!(
                            "hint: {mv} ({}), marked on the board",
                            thinking::score_words(thought.info.score, shown.to_move())
                        ));
                    }
                }
                Report::Failed(why) => {
                    // An engine that failed at analysis is not started again and again.
                    if matches!(self.search, Search::Analysis(_)) {
                        self.analysing = false;
                        ctx.error(format!("{why}. Analysis is off"));
                    } else {
                        ctx.error(why);
                    }
                    self.search = Search::Idle;
                    break;
                }
            }
        }
        started
    }

    /// How soon the screen should look for the helper's news.
    pub(crate) fn wake(&self) -> Option<Duration> {
        (self.thinking() || self.tinue.is_some()).then_some(POLL)
    }

    /// What the panel says of the helper's search, `mover` to move: who thinks, how deep, the
    /// evaluation in words and as a bar, the best line.
    pub(crate) fn lines(&self, mover: crate::rules::Color, theme: Theme) -> Vec<Line<'static>> {
        let analysis = matches!(self.search, Search::Analysis(_));
        if !self.thinking() && !analysis {
            return Vec::new();
        }
        let who = match self.search {
            Search::Hint(_) => "Finding a hint",
            Search::Analysis(_) if self.thinking() => "Analysis",
            _ => "Analysis (resting)",
        };
        thinking::lines(who, self.search.progress(), mover, theme)
    }
}
