//! The helper engine at the board: a hint for a person who asks, analysis of each position
//! where a person is to move, "is this tinue?"; and the thoughts of whatever thinks (depth,
//! evaluation, best line) shown as they come. The programs playing a side are the game
//! driver's (`seats`); this engine only helps.

use std::time::Duration;

use ratatui::text::Line;

use super::PlayScreen;
use crate::engine::{Info, Limits};
use crate::game::Player;
use crate::game::computer::{Computer, Report};
use crate::game::tinue_check::TinueCheck;
use crate::rules::{ByColor, Move};
use crate::tui::context::Context;
use crate::tui::theme::Theme;
use crate::tui::widgets::thinking;

/// How often the screen looks for the computer's news while it thinks.
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
    /// A move suggested to the person to move.
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

/// The helper engine at the board, and what the panel says of the programs.
#[derive(Debug, Default)]
pub(super) struct Opponent {
    hints: Option<Computer>,
    /// What the search running is for, and its latest report.
    search: Search,
    /// The move last suggested, shown on the board until the next change.
    pub(super) hint: Option<Move>,
    /// Analysis is on: taktui's engine thinks about every position where a person is to move.
    analysing: bool,
    /// "Is this tinue?" being answered about the position on the board.
    tinue: Option<TinueCheck>,
    /// The program that stopped on each side (crashed, hung, cheated), whose side a person
    /// has taken over: said in the panel for as long as it is so.
    pub(super) stopped: ByColor<Option<String>>,
}

impl Opponent {
    /// The program of the search running.
    fn active(&mut self) -> Option<&mut Computer> {
        match self.search {
            Search::Hint(_) | Search::Analysis(_) => self.hints.as_mut(),
            Search::Idle => None,
        }
    }

    pub(super) fn thinking(&self) -> bool {
        let active = match self.search {
            Search::Hint(_) | Search::Analysis(_) => self.hints.as_ref(),
            Search::Idle => None,
        };
        active.is_some_and(Computer::is_thinking)
    }

    /// Stops the search running, if any.
    fn stop(&mut self) {
        if let Some(computer) = self.active() {
            computer.stop();
        }
        self.search = Search::Idle;
    }
}

impl PlayScreen {
    /// Turns analysis on or off: the analysis engine (taktui's own unless another was chosen)
    /// thinking about each position where a person is to move, its line shown and its move
    /// marked; `P` plays that move.
    pub(super) fn toggle_analysis(&mut self, ctx: &mut Context) {
        self.opponent.analysing = !self.opponent.analysing;
        if self.opponent.analysing {
            if self.opponent.hints.is_none() {
                self.opponent.hints = Some(ctx.analyst());
            }
            ctx.info(format!(
                "analysis by {} on: its best move is marked (P plays it, a stops)",
                ctx.analyst_name()
            ));
            if !self.computer_turn() && !self.driver.session().is_over() {
                self.start_analysis();
            }
        } else {
            if matches!(self.opponent.search, Search::Analysis(_)) {
                self.opponent.stop();
            }
            ctx.info("analysis off");
        }
    }

    /// Stops a helper's search about a position no longer shown; a finished analysis was of
    /// the position before.
    pub(super) fn stop_stale_help(&mut self) {
        let position = self.position().clone();
        let stale = self
            .opponent
            .active()
            .and_then(|c| c.thinking_about().cloned())
            .is_some_and(|about| about != position);
        if stale {
            self.opponent.stop();
        }
        if matches!(self.opponent.search, Search::Analysis(_)) && !self.opponent.thinking() {
            self.opponent.search = Search::Idle;
        }
    }

    /// Analysis starts again on the position shown, if it is on and nothing else thinks.
    pub(super) fn resume_analysis(&mut self) {
        if self.opponent.analysing && !self.opponent.thinking() {
            self.start_analysis();
        }
    }

    fn start_analysis(&mut self) {
        let limits = Limits {
            movetime: Some(ANALYSIS_TIME),
            seed: self.seed,
            ..Limits::default()
        };
        let position = self.position().clone();
        self.opponent
            .hints
            .get_or_insert_with(Computer::default)
            .think(&position, limits);
        self.opponent.search = Search::Analysis(None);
    }

    /// The analysis's best move here, once it has one.
    #[must_use]
    pub fn suggestion(&self) -> Option<Move> {
        match &self.opponent.search {
            Search::Analysis(Some(info)) => info.pv.first().copied(),
            _ => None,
        }
    }

    /// Plays the analysis's move, if there is one.
    pub(super) fn play_suggestion(&mut self, ctx: &mut Context) {
        match self.suggestion() {
            Some(mv) => {
                self.play(mv, ctx);
            }
            None if self.opponent.analysing => ctx.info("the analysis has no move yet"),
            None => ctx.info("analysis is off: a turns it on"),
        }
    }

    /// Asks the analysing engine (taktui's unless another was given) for a move for the person
    /// to move, shown on the board when found.
    pub(super) fn ask_hint(&mut self, ctx: &mut Context) {
        if self.driver.session().is_over() {
            ctx.info("the game is over: no move to suggest");
            return;
        }
        if self.computer_turn() {
            let mover = self.position().to_move();
            let who = match &self.players[mover] {
                Player::Engine(entry) => entry.name.clone(),
                _ => "the computer".to_owned(),
            };
            ctx.info(format!("{who} is to move: it is thinking already"));
            return;
        }
        let limits = Limits {
            movetime: Some(HINT_TIME),
            clock: None,
            seed: self.seed,
            ..Limits::default()
        };
        let position = self.position().clone();
        self.opponent.stop();
        self.opponent
            .hints
            .get_or_insert_with(|| ctx.analyst())
            .think(&position, limits);
        self.opponent.search = Search::Hint(None);
        let who = if ctx.analyst_name() == "taktui" {
            "the computer".to_owned()
        } else {
            ctx.analyst_name().to_owned()
        };
        ctx.info(format!("{who} is looking for a move for you…"));
    }

    /// Asks whether either side forces a road from the position on the board; the answer
    /// comes in the message line.
    pub(super) fn ask_tinue(&mut self, ctx: &mut Context) {
        if self.driver.session().is_over() {
            ctx.info("the game is over: no road to force");
            return;
        }
        let check = TinueCheck::start(self.position());
        ctx.info(check.progress());
        self.opponent.tinue = Some(check);
    }

    /// Stops the search for a forced road, if one runs: `false` if none does.
    pub(super) fn stop_tinue(&mut self, ctx: &mut Context) -> bool {
        let Some(check) = self.opponent.tinue.take() else {
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

    /// The answer to "is this tinue?", if it has come and the board has not moved since.
    pub(super) fn hear_tinue(&mut self, ctx: &mut Context) {
        let Some(check) = &self.opponent.tinue else {
            return;
        };
        if check.position() != self.position() {
            self.opponent.tinue = None;
        } else if let Some(answer) = check.answer() {
            self.opponent.tinue = None;
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

    /// Stops the programs (undo, a new game, quitting).
    pub(super) fn stop_opponent(&mut self) {
        self.opponent.stop();
    }

    /// Reads the news of the helper engine: progress to show, a hint to mark, or what went
    /// wrong.
    pub(super) fn hear_helper(&mut self, ctx: &mut Context) {
        let shown = self.position().clone();
        let Some(computer) = self.opponent.active() else {
            return;
        };
        // A search about another position than the one shown is never applied.
        if computer
            .thinking_about()
            .is_some_and(|about| *about != shown)
        {
            self.opponent.stop();
            return;
        }
        for report in computer.reports() {
            match report {
                Report::Progress(info) => match &mut self.opponent.search {
                    Search::Hint(latest) | Search::Analysis(latest) => *latest = Some(info),
                    Search::Idle => {}
                },
                // The engine's start is not charged to the person who asked.
                Report::Started(took) => self.driver.excuse(took, ctx.now),
                Report::Done(thought) if matches!(self.opponent.search, Search::Analysis(_)) => {
                    // Kept, to show and to play, until the position changes.
                    self.opponent.search = Search::Analysis(Some(thought.info));
                }
                Report::Done(thought) => {
                    self.opponent.search = Search::Idle;
                    if let Some(mv) = thought.best {
                        self.opponent.hint = Some(mv);
                        let mover = self.position().to_move();
                        ctx.info(format!(
                            "hint: {mv} ({}), marked on the board",
                            thinking::score_words(thought.info.score, mover)
                        ));
                    }
                }
                Report::Failed(why) => {
                    // An engine that failed at analysis is not started again and again.
                    if matches!(self.opponent.search, Search::Analysis(_)) {
                        self.opponent.analysing = false;
                        ctx.error(format!("{why}. Analysis is off"));
                    } else {
                        ctx.error(why);
                    }
                    self.opponent.search = Search::Idle;
                    break;
                }
            }
        }
    }

    /// How soon the screen should look for the news of whatever thinks.
    pub(super) fn opponent_wake(&self) -> Option<Duration> {
        let thinking = self.opponent.thinking() || self.driver.thinking().is_some();
        (thinking || self.opponent.tinue.is_some()).then_some(POLL)
    }

    /// What the panel says of the programs: which stopped (its side now a person's), and the
    /// computer's thinking: whose search, depth, evaluation as a meter from White's side, and
    /// the best line.
    pub(super) fn thinking_lines(&self, theme: Theme) -> Vec<Line<'static>> {
        let mut lines: Vec<Line<'static>> = self
            .opponent
            .stopped
            .iter()
            .filter_map(|(color, name)| {
                let name = name.as_ref()?;
                Some(Line::styled(
                    format!("  {name} stopped: you play {color}"),
                    theme.warning(),
                ))
            })
            .collect();
        lines.extend(self.search_lines(theme));
        lines
    }

    /// What the search running says: who thinks, how deep, the best line.
    fn search_lines(&self, theme: Theme) -> Vec<Line<'static>> {
        let mover = self.position().to_move();
        if let Some((program, draw, progress)) = self.driver.thinking() {
            let session = self.driver.session();
            return if draw {
                // The program's line while it weighs a draw would be a free hint.
                let who = format!("{} weighs the draw offered", session.player(program));
                thinking::lines(&who, None, mover, theme)
            } else {
                let who = format!("{} is thinking", session.player(mover));
                thinking::lines(&who, progress, mover, theme)
            };
        }
        let analysis = matches!(self.opponent.search, Search::Analysis(_));
        if !self.opponent.thinking() && !analysis {
            return Vec::new();
        }
        let who = match self.opponent.search {
            Search::Hint(_) => "Finding a hint",
            Search::Analysis(_) if self.opponent.thinking() => "Analysis",
            _ => "Analysis (resting)",
        };
        thinking::lines(who, self.opponent.search.progress(), mover, theme)
    }
}
