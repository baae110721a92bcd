//! Engine help on a game looked on (watched, or ours once over), as at the board and by the
//! board's own helper: analysis of the position shown (`a`, its evaluation as a bar and its
//! best move marked), a hint for the side to move there (`H`), "is this tinue?" (`T`). The
//! helper follows the position shown: a move that comes, a step back or on. While we play a
//! person every key of it is refused, saying why.

use ratatui::text::Line;

use super::OnlineBoard;
use crate::rules::Move;
use crate::tui::context::Context;
use crate::tui::theme::Theme;

/// Why engine help is refused while we play a person.
const OFF_WHILE_PLAYING: &str =
    "engine help (analysis, hints, tinue) is off while you play a person: it would be cheating";

/// The seed of the helper's searches (the strongest level ignores it; no game to vary here).
const SEED: u64 = 0;

impl OnlineBoard {
    /// Whether engine help is allowed now; if not, says why.
    fn help_allowed(&self, ctx: &mut Context) -> bool {
        if self.read_only() {
            return true;
        }
        ctx.error(OFF_WHILE_PLAYING);
        false
    }

    /// Turns analysis of the position shown on or off.
    pub(super) fn toggle_analysis(&mut self, ctx: &mut Context) {
        if !self.help_allowed(ctx) {
            return;
        }
        if self.help.toggle_analysis(ctx) {
            ctx.info(format!(
                "analysis on: {} thinks about the position shown, its best move marked (a stops)",
                ctx.analyst_name()
            ));
            let position = self.position();
            if !position.is_over() {
                self.help.start_analysis(&position, SEED);
            }
        } else {
            ctx.info("analysis off");
        }
    }

    /// Asks for a move for the side to move in the position shown, marked when found.
    pub(super) fn ask_hint(&mut self, ctx: &mut Context) {
        if !self.help_allowed(ctx) {
            return;
        }
        let position = self.position();
        if position.is_over() {
            ctx.info("the game is over here: no move to suggest");
            return;
        }
        let mover = self.game.name(position.to_move()).to_owned();
        self.help.ask_hint(&position, SEED, &mover, ctx);
    }

    /// Asks whether either side forces a road from the position shown.
    pub(super) fn ask_tinue(&mut self, ctx: &mut Context) {
        if !self.help_allowed(ctx) {
            return;
        }
        let position = self.position();
        if position.is_over() {
            ctx.info("the game is over here: no road to force");
            return;
        }
        self.help.ask_tinue(&position, ctx);
    }

    /// When the position shown has changed (a move came, a step back or on): the hint marked
    /// goes, a search about the position before stops, and analysis starts on this one.
    pub(super) fn keep_helping(&mut self) {
        let position = self.position();
        if self.helped.as_ref() == Some(&position) {
            return;
        }
        self.help.hint = None;
        self.help.stop_stale(&position);
        if !position.is_over() {
            self.help.resume_analysis(&position, SEED);
        }
        self.helped = Some(position);
    }

    /// Reads the helper's news: the analysis's progress, a hint, the answer about tinue.
    pub(super) fn hear_help(&mut self, ctx: &mut Context) {
        let position = self.position();
        self.help.hear_tinue(&position, ctx);
        // No clock of ours to excuse the engine's start from.
        let _started = self.help.hear(&position, ctx);
    }

    /// The analysis's best move in the position shown, once it has one.
    #[must_use]
    pub fn suggestion(&self) -> Option<Move> {
        self.help.suggestion()
    }

    /// The hint marked on the board, once one was found for the position shown.
    #[must_use]
    pub const fn marked_hint(&self) -> Option<Move> {
        self.help.hint
    }

    /// The panel's lines about the helper: who thinks, the evaluation in words and as a
    /// bar, the best line.
    pub(super) fn help_lines(&self, theme: Theme) -> Vec<Line<'static>> {
        self.help.lines(self.position().to_move(), theme)
    }
}
