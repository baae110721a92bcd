//! The whole game analysed in the replay (`A`): every position given to the analysis engine in
//! turn, its progress in the panel, then the evaluation graph with the ply shown marked, the
//! marks (`?`, `??`, `!`) in the move list, and the analysed game written beside the file, as
//! `tak analyse` writes it (the file itself is never changed).

use std::time::Duration;

use ratatui::text::Line;

use super::ReplayScreen;
use crate::engine::Limits;
use crate::game::Replay;
use crate::game::analysis::{
    Analyser, GameAnalysis, Step, analysed_path, show_line, without_analysis,
};
use crate::record::{GameRecord, save_ptn};
use crate::rules::Color;
use crate::tui::context::Context;
use crate::tui::theme::Theme;
use crate::tui::widgets::eval_graph;

/// The thinking time for each position: a quick look, so a game takes a minute or so.
const MOVETIME: Duration = Duration::from_millis(500);
/// How often the screen looks for the engine's news.
const POLL: Duration = Duration::from_millis(100);

/// A whole-game analysis: running, or done (its results kept for the graph).
#[derive(Debug)]
pub(super) struct WholeGame {
    /// The analysis running; `None` once it is over.
    analyser: Option<Analyser>,
    /// What is known so far.
    analysis: GameAnalysis,
}

impl Clone for WholeGame {
    /// A copy keeps what is known; the engine stays with the original.
    fn clone(&self) -> WholeGame {
        WholeGame {
            analyser: None,
            analysis: self.analysis.clone(),
        }
    }
}

impl WholeGame {
    /// The analysis `record`'s comments carry, when an analysis wrote them: a file analysed
    /// before shows its graph at once.
    pub(super) fn read(record: &GameRecord) -> Option<WholeGame> {
        GameAnalysis::from_comments(record).map(|analysis| WholeGame {
            analyser: None,
            analysis,
        })
    }
}

impl ReplayScreen {
    /// Starts the analysis of the whole game, or stops it (what is known is kept).
    pub(super) fn toggle_game_analysis(&mut self, ctx: &mut Context) {
        if let Some(analyser) = self.whole.as_mut().and_then(|w| w.analyser.as_mut()) {
            analyser.stop();
            if let Some(whole) = &mut self.whole {
                whole.analyser = None;
            }
            ctx.info("the game's analysis is stopped (A starts it again)");
            return;
        }
        // The game as the file has it, not a copy annotated by an earlier analysis in this
        // session, and without what an analysis wrote in the file (it would be said twice).
        let record = self
            .library
            .games()
            .get(self.game.index)
            .and_then(|game| game.record.as_ref())
            .map_or_else(
                || without_analysis(self.game.replay.record()),
                without_analysis,
            );
        let limits = Limits {
            movetime: Some(MOVETIME),
            ..Limits::default()
        };
        let own = ctx.analysis_engine.is_none();
        let analyser = Analyser::new(record, ctx.analyst(), limits, own);
        self.whole = Some(WholeGame {
            analysis: analyser.analysis().clone(),
            analyser: Some(analyser),
        });
        ctx.info(format!(
            "{} analyses every ply (A stops); the graph and marks follow",
            ctx.analyst_name()
        ));
    }

    /// Reads the whole-game analysis's news; when it is done, marks the moves and writes the
    /// analysed game beside the file.
    pub(super) fn hear_game_analysis(&mut self, ctx: &mut Context) {
        let Some(whole) = &mut self.whole else {
            return;
        };
        let Some(analyser) = &mut whole.analyser else {
            return;
        };
        let step = analyser.poll();
        whole.analysis = analyser.analysis().clone();
        match step {
            // Its progress is read from the analysis itself, position by position.
            Step::Working { .. } => {}
            Step::Failed(why) => {
                whole.analyser = None;
                ctx.error(format!("the game's analysis stopped: {why}"));
            }
            Step::Finished => {
                let name = ctx.analyst_name().to_owned();
                let annotated = whole.analysis.annotate(analyser.record(), &name);
                whole.analyser = None;
                let path = analysed_path(self.library.file());
                let said = match save_ptn(&path, std::slice::from_ref(&annotated)) {
                    Ok(()) => format!(
                        "analysed: the marks are in the move list; saved in {}",
                        path.display()
                    ),
                    Err(error) => format!(
                        "analysed, but {} could not be written: {error}",
                        path.display()
                    ),
                };
                let ply = self.game.replay.ply();
                self.game.replay = Replay::new(annotated, ply);
                ctx.info(said);
            }
        }
    }

    /// Positions analysed and to analyse, while a whole-game analysis runs.
    pub(super) fn game_analysis_running(&self) -> Option<(usize, usize)> {
        let whole = self.whole.as_ref()?;
        whole.analyser.as_ref()?;
        Some((whole.analysis.done(), whole.analysis.len()))
    }

    /// Writes what the running whole-game analysis knows so far beside the file, as `tak
    /// analyse` does when stopped, and stops it. Whether it was written (if not, says why).
    pub(super) fn write_analysis_so_far(&mut self, ctx: &mut Context) -> bool {
        let Some(whole) = &mut self.whole else {
            return false;
        };
        let Some(analyser) = &mut whole.analyser else {
            return false;
        };
        let name = ctx.analyst_name().to_owned();
        let mut annotated = whole.analysis.annotate(analyser.record(), &name);
        annotated.add_game_comment(whole.analysis.stopped_note(None));
        let path = analysed_path(self.library.file());
        match save_ptn(&path, std::slice::from_ref(&annotated)) {
            Ok(()) => {
                analyser.stop();
                whole.analyser = None;
                true
            }
            // Still running, for another try or a plain quit.
            Err(error) => {
                ctx.error(format!("{} could not be written: {error}", path.display()));
                false
            }
        }
    }

    /// How soon the screen should look for the whole-game analysis's news.
    pub(super) fn game_analysis_wake(&self) -> Option<Duration> {
        self.whole
            .as_ref()
            .is_some_and(|w| w.analyser.is_some())
            .then_some(POLL)
    }

    /// The panel's lines about the whole-game analysis: progress, the evaluation of the ply
    /// shown, and the graph (as wide as a panel `width` columns wide allows).
    pub(super) fn game_analysis_lines(&self, theme: Theme, width: u16) -> Vec<Line<'static>> {
        let Some(whole) = &self.whole else {
            return Vec::new();
        };
        let record = self.game.replay.record();
        let shown = self.game.replay.ply();
        let mut lines = Vec::new();
        let heading = match &whole.analyser {
            // Positions, not searches: the count of searches grows as alternatives are
            // asked for, and a total that moves says nothing.
            Some(_) => format!(
                "  Game analysis: {} of {} positions…",
                whole.analysis.done(),
                whole.analysis.len()
            ),
            None => match whole.analysis.eval(shown) {
                // Over: the result says it better than a score would.
                Some(_) if record.position_at(shown).is_over() => format!(
                    "  Game analysis here: the game is over ({})",
                    record.position_at(shown).result()
                ),
                Some(eval) => {
                    let white = match record.position_at(shown).to_move() {
                        Color::White => eval.score,
                        Color::Black => eval.score.flip(),
                    };
                    format!(
                        "  Game analysis here: {} (White's side)",
                        show_line(white, &record.position_at(shown), &eval.pv)
                    )
                }
                None => "  Game analysis: not known here".to_owned(),
            },
        };
        lines.push(Line::styled(heading, theme.warning()));
        let values: Vec<Option<i32>> = (0..whole.analysis.len())
            .map(|ply| whole.analysis.white_view(record, ply))
            .collect();
        // Inside the panel's borders, after the lines' indent, a column spare at the right.
        let room = usize::from(width).saturating_sub(5);
        lines.extend(eval_graph::lines(&values, shown, room, theme));
        lines
    }
}
