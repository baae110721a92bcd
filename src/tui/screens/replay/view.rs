//! Drawing the replay: the board at the ply shown, the panel with the record's information,
//! what the reader had to say, and the keys.

use ratatui::Frame;
use ratatui::text::Line;
use ratatui::widgets::Paragraph;

use super::{REPLAY, ReplayIntent, ReplayScreen};
use crate::tui::context::Context;
use crate::tui::keys::Does;
use crate::tui::layout::GameLayout;
use crate::tui::theme::Theme;
use crate::tui::widgets::board::{BoardView, touched};
use crate::tui::widgets::bottom;
use crate::tui::widgets::panel::PanelView;
use crate::tui::widgets::record_info::RecordInfo;

impl ReplayScreen {
    /// The board as it is to be drawn.
    #[must_use]
    pub fn board_view(&self) -> BoardView {
        let mut view = BoardView::of(self.position(), self.last_move());
        view.marks.cursor = Some(self.cursor);
        // The analysis's move is marked where it goes, as at the board.
        if let Some(mv) = self.suggestion() {
            view.marks.hint = touched(self.position(), mv);
        }
        view
    }

    /// The panel's contents, for a panel `width` columns wide.
    #[must_use]
    pub fn panel(&self, theme: Theme, width: u16) -> PanelView<'_> {
        let replay = &self.game.replay;
        PanelView {
            theme,
            record: replay.record(),
            position: replay.position(),
            shown: replay.ply(),
            threats: &self.threats,
            learn: false,
            inspect: self.cursor,
            replay: Some(RecordInfo {
                variation: !replay.on_main_line(),
                record: replay.record(),
                shown: replay.ply(),
                position: replay.position(),
                autoplay: replay.autoplay(),
                roads: self.road_marks(),
                theme,
            }),
            match_line: None,
            clocks: None,
            ending: None,
            notes: [
                self.stop_lines(theme),
                self.analysis_lines(theme),
                self.game_analysis_lines(theme, width),
                self.road_marks_lines(theme),
            ]
            .concat(),
        }
    }

    /// At the end of a record cut short by an error: the error, whole (the message line under
    /// the board may be too narrow for it).
    fn stop_lines(&self, theme: Theme) -> Vec<Line<'static>> {
        match &self.game.error {
            Some(error)
                if self.game.replay.on_main_line()
                    && self.game.replay.ply() == self.game.replay.record().plies().len() =>
            {
                vec![Line::styled(
                    format!("  The record stops here: {error}"),
                    theme.error(),
                )]
            }
            _ => Vec::new(),
        }
    }

    /// Draws the screen into `game`'s regions.
    pub fn render(&self, frame: &mut Frame<'_>, game: &GameLayout, ctx: &Context) {
        let theme = ctx.theme();
        self.board_view().draw(frame.buffer_mut(), game, theme);
        self.panel(theme, game.panel.width).draw(frame, game.panel);
        // Without a message: why the record stops early, else what the reader went past.
        let otherwise = if let Some(error) = &self.game.error {
            bottom::status_line(
                &crate::tui::context::Status {
                    kind: crate::tui::context::StatusKind::Error,
                    text: format!("{error} (the record stops there)"),
                },
                theme,
            )
        } else if let Some(warning) = self.game.warnings.first() {
            Line::styled(format!("note: {warning}"), theme.dim())
        } else {
            Line::default()
        };
        bottom::status(frame, game.status, ctx.status.as_ref(), otherwise, theme);
        // The file's name, not its folders: the line is short, and `i` shows the record.
        let file = self.library.file();
        let name = file.file_name().map_or_else(
            || file.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        // The speed only while autoplay runs (the key bar offers Space for it).
        let text = if self.autoplay().is_some() {
            format!(
                "Replaying {name} · autoplay, {}: any key stops it",
                self.game.replay.speed_label()
            )
        } else {
            format!("Replaying {name} · p plays on from here")
        };
        let line = bottom::one_line(Line::styled(text, theme.dim()), game.input.width, theme);
        frame.render_widget(Paragraph::new(line), game.input);
        // Esc leads back to a list, which a file of one game has not; first, so that it stays
        // when the bar is too narrow for every entry.
        let mut bar =
            REPLAY.bar(|binding| !matches!(binding.does, Does::Intent(ReplayIntent::Back)));
        if self.library.len() > 1 {
            bar.insert(0, ("Esc", "list"));
        }
        bottom::screen_key_bar(frame, game.keys, &bar, ctx);
    }
}
