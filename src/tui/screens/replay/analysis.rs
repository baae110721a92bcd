//! Analysis in the replay: the analysis engine (taktui's own unless another was chosen)
//! thinking about the position shown (`a` turns it on and off), its evaluation, depth and best
//! line in the panel as it deepens, started afresh on every ply the replay moves to.

use std::time::Duration;

use ratatui::text::Line;

use super::ReplayScreen;
use crate::engine::{Info, Limits};
use crate::game::computer::{Computer, Report};
use crate::rules::Move;
use crate::tui::context::Context;
use crate::tui::theme::Theme;
use crate::tui::widgets::thinking;

/// How long the engine thinks about one position before it rests (an analysis board's search
/// would otherwise run for as long as the position is shown).
const THINKING_TIME: Duration = Duration::from_secs(60);

/// How often the screen looks for the engine's news.
const POLL: Duration = Duration::from_millis(100);

/// The engine analysing, and what it has said about the position shown.
#[derive(Debug, Default)]
pub(super) struct Analysis {
    computer: Computer,
    latest: Option<Info>,
    /// What the engine did when it failed (analysis then rests).
    failure: Option<String>,
}

impl Clone for Analysis {
    /// A copy of the screen analyses afresh (with taktui's engine).
    fn clone(&self) -> Analysis {
        Analysis::default()
    }
}

impl ReplayScreen {
    /// Turns analysis on (thinking about the position shown) or off.
    pub(super) fn toggle_analysis(&mut self, ctx: &Context) {
        if let Some(mut analysis) = self.analysis.take() {
            analysis.computer.stop();
        } else {
            self.analysis = Some(Analysis {
                computer: ctx.analyst(),
                latest: None,
                failure: None,
            });
            self.analyse();
        }
    }

    /// Whether analysis is on.
    #[must_use]
    pub const fn analysing(&self) -> bool {
        self.analysis.is_some()
    }

    /// Starts the engine afresh on the position shown, when analysis is on.
    pub(super) fn analyse(&mut self) {
        let position = self.game.replay.position().clone();
        let Some(analysis) = &mut self.analysis else {
            return;
        };
        analysis.latest = None;
        if position.is_over() || analysis.failure.is_some() {
            analysis.computer.stop();
            return;
        }
        let limits = Limits {
            movetime: Some(THINKING_TIME),
            ..Limits::default()
        };
        analysis.computer.think(&position, limits);
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

    /// The engine's best move here, once it has one.
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
                format!("  Live search failed: {why}"),
                theme.error(),
            )];
        }
        let mover = self.position().to_move();
        // "Live": searched now, deeper than the whole-game analysis's line below it, which
        // says "Game analysis here": two numbers, each saying which it is.
        let who = if analysis.computer.is_thinking() {
            "Live search"
        } else {
            "Live search (resting)"
        };
        thinking::lines(who, analysis.latest.as_ref(), mover, theme)
    }
}
