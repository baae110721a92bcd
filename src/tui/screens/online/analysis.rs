//! Engine help on a game looked on (watched, or ours once over): the analysis engine thinks
//! about the position shown (`a` turns it on and off), started afresh whenever that position
//! changes (a move comes, or a step back or on), its evaluation and best line in the panel.
//! While we play a person it is off: the key says why.

use std::time::Duration;

use ratatui::text::Line;

use super::OnlineBoard;
use crate::engine::{Info, Limits};
use crate::game::computer::{Computer, Report};
use crate::rules::{Move, Position};
use crate::tui::context::Context;
use crate::tui::theme::Theme;
use crate::tui::widgets::thinking;

/// How long the engine thinks about one position before it rests.
const THINKING_TIME: Duration = Duration::from_secs(60);

/// How often the screen looks for the engine's news.
const POLL: Duration = Duration::from_millis(100);

/// The engine analysing, the position it thinks about, and what it has said.
#[derive(Debug)]
pub(super) struct Analysis {
    computer: Computer,
    about: Option<Position>,
    latest: Option<Info>,
    /// What the engine did when it failed (analysis then rests).
    failure: Option<String>,
}

impl OnlineBoard {
    /// Turns analysis on or off.
    pub(super) fn toggle_analysis(&mut self, ctx: &mut Context) {
        if let Some(mut analysis) = self.analysis.take() {
            analysis.computer.stop();
            ctx.info("analysis off");
        } else {
            self.analysis = Some(Analysis {
                computer: ctx.analyst(),
                about: None,
                latest: None,
                failure: None,
            });
            ctx.info(format!(
                "analysis on: {} thinks about the position shown",
                ctx.analyst_name()
            ));
            self.keep_analysing();
        }
    }

    /// Starts the engine afresh when the position shown is not the one it thinks about.
    pub(super) fn keep_analysing(&mut self) {
        let position = self.position();
        let Some(analysis) = &mut self.analysis else {
            return;
        };
        if analysis.about.as_ref() == Some(&position) {
            return;
        }
        analysis.latest = None;
        if position.is_over() || analysis.failure.is_some() {
            analysis.computer.stop();
            analysis.about = Some(position);
            return;
        }
        let limits = Limits {
            movetime: Some(THINKING_TIME),
            ..Limits::default()
        };
        analysis.computer.think(&position, limits);
        analysis.about = Some(position);
    }

    /// Reads the engine's news.
    pub(super) fn hear_analysis(&mut self) {
        let Some(analysis) = &mut self.analysis else {
            return;
        };
        for report in analysis.computer.reports() {
            match report {
                Report::Progress(info) => analysis.latest = Some(info),
                Report::Done(thought) => analysis.latest = Some(thought.info),
                Report::Failed(why) => analysis.failure = Some(why),
                Report::Started(_) => {}
            }
        }
    }

    /// How soon the screen should look for the engine's news.
    pub(super) fn analysis_wake(&self) -> Option<Duration> {
        self.analysis
            .as_ref()
            .is_some_and(|a| a.computer.is_thinking())
            .then_some(POLL)
    }

    /// The engine's best move in the position shown, once it has one.
    #[must_use]
    pub fn suggestion(&self) -> Option<Move> {
        self.analysis.as_ref()?.latest.as_ref()?.pv.first().copied()
    }

    /// The panel's lines about the analysis.
    pub(super) fn analysis_lines(&self, theme: Theme) -> Vec<Line<'static>> {
        let Some(analysis) = &self.analysis else {
            return Vec::new();
        };
        if let Some(why) = &analysis.failure {
            return vec![Line::styled(
                format!("  Analysis failed: {why}"),
                theme.error(),
            )];
        }
        let who = if analysis.computer.is_thinking() {
            "Analysis"
        } else {
            "Analysis (resting)"
        };
        thinking::lines(
            who,
            analysis.latest.as_ref(),
            self.position().to_move(),
            theme,
        )
    }
}
