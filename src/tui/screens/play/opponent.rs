//! The helper engine at the board: a hint for a person who asks, analysis of each position
//! where a person is to move, "is this tinue?"; and the thoughts of whatever thinks (depth,
//! evaluation, best line) shown as they come. The programs playing a side are the game
//! driver's (`seats`); this engine only helps.

use std::time::Duration;

use ratatui::text::Line;

use super::PlayScreen;
use crate::game::Player;
use crate::rules::{ByColor, Move};
use crate::tui::context::Context;
use crate::tui::screens::helper::Helper;
use crate::tui::theme::Theme;
use crate::tui::widgets::thinking;

/// How often the screen looks for a program's news while it thinks.
const POLL: Duration = Duration::from_millis(50);

/// The helper engine at the board, and what the panel says of the programs.
#[derive(Debug, Default)]
pub(super) struct Opponent {
    /// Hints, analysis and tinue (the helper every board with engine help shares).
    pub(super) help: Helper,
    /// The program that stopped on each side (crashed, hung, cheated), whose side a person
    /// has taken over: said in the panel for as long as it is so.
    pub(super) stopped: ByColor<Option<String>>,
}

impl Opponent {
    pub(super) fn thinking(&self) -> bool {
        self.help.thinking()
    }
}

impl PlayScreen {
    /// Turns analysis on or off: the analysis engine (taktui's own unless another was chosen)
    /// thinking about each position where a person is to move, its line shown and its move
    /// marked; `P` plays that move.
    pub(super) fn toggle_analysis(&mut self, ctx: &mut Context) {
        if self.opponent.help.toggle_analysis(ctx) {
            ctx.info(format!(
                "analysis by {} on: its best move is marked (P plays it, a stops)",
                ctx.analyst_name()
            ));
            if !self.computer_turn() && !self.driver.session().is_over() {
                self.start_analysis();
            }
        } else {
            ctx.info("analysis off");
        }
    }

    /// Stops a helper's search about a position no longer shown; a finished analysis was of
    /// the position before.
    pub(super) fn stop_stale_help(&mut self) {
        let position = self.position().clone();
        self.opponent.help.stop_stale(&position);
    }

    /// Analysis starts again on the position shown, if it is on and nothing else thinks.
    pub(super) fn resume_analysis(&mut self) {
        let position = self.position().clone();
        self.opponent.help.resume_analysis(&position, self.seed);
    }

    fn start_analysis(&mut self) {
        let position = self.position().clone();
        self.opponent.help.start_analysis(&position, self.seed);
    }

    /// The analysis's best move here, once it has one.
    #[must_use]
    pub fn suggestion(&self) -> Option<Move> {
        self.opponent.help.suggestion()
    }

    /// Plays the analysis's move, if there is one.
    pub(super) fn play_suggestion(&mut self, ctx: &mut Context) {
        match self.suggestion() {
            Some(mv) => {
                self.play(mv, ctx);
            }
            None if self.opponent.help.analysing() => ctx.info("the analysis has no move yet"),
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
        let position = self.position().clone();
        self.opponent
            .help
            .ask_hint(&position, self.seed, "you", ctx);
    }

    /// Asks whether either side forces a road from the position on the board; the answer
    /// comes in the message line.
    pub(super) fn ask_tinue(&mut self, ctx: &mut Context) {
        if self.driver.session().is_over() {
            ctx.info("the game is over: no road to force");
            return;
        }
        let position = self.position().clone();
        self.opponent.help.ask_tinue(&position, ctx);
    }

    /// Stops the search for a forced road, if one runs: `false` if none does.
    pub(super) fn stop_tinue(&mut self, ctx: &mut Context) -> bool {
        self.opponent.help.stop_tinue(ctx)
    }

    /// The answer to "is this tinue?", if it has come and the board has not moved since.
    pub(super) fn hear_tinue(&mut self, ctx: &mut Context) {
        let position = self.position().clone();
        self.opponent.help.hear_tinue(&position, ctx);
    }

    /// Stops the programs (undo, a new game, quitting).
    pub(super) fn stop_opponent(&mut self) {
        self.opponent.help.stop();
    }

    /// Reads the news of the helper engine: progress to show, a hint to mark, or what went
    /// wrong.
    pub(super) fn hear_helper(&mut self, ctx: &mut Context) {
        let shown = self.position().clone();
        // The engine's start is not charged to the person who asked.
        if let Some(took) = self.opponent.help.hear(&shown, ctx) {
            self.driver.excuse(took, ctx.now);
        }
    }

    /// How soon the screen should look for the news of whatever thinks.
    pub(super) fn opponent_wake(&self) -> Option<Duration> {
        let program = self.driver.thinking().is_some().then_some(POLL);
        self.opponent.help.wake().or(program)
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
        self.opponent.help.lines(mover, theme)
    }
}
