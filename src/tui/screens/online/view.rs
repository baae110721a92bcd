//! Drawing an online game: the board (the move being built or typed previewed), the panel
//! with the server's clocks and what waits (an offer, a takeback, the connection), the
//! message line, the input line and the key bar.

use ratatui::Frame;
use ratatui::text::{Line, Span};

use super::{LOW_TIME, ONLINE_GAME, ONLINE_WATCH, OnlineBoard};
use crate::game::clock::face;
use crate::notation::parse_move;
use crate::rules::{ByColor, Color};
use crate::tui::context::Context;
use crate::tui::layout::GameLayout;
use crate::tui::screens::{Focus, MOVING, TYPING};
use crate::tui::theme::Theme;
use crate::tui::widgets::board::{BoardView, touched};
use crate::tui::widgets::panel::PanelView;
use crate::tui::widgets::{bottom, input_line};

impl OnlineBoard {
    /// The board as it is to be drawn: the position shown, with the cursor, the move being
    /// built, or the typed move played on it.
    #[must_use]
    pub fn board_view(&self) -> BoardView {
        let position = self.position();
        let shown = self.shown();
        let last = shown
            .checked_sub(1)
            .and_then(|i| self.game.record().plies().get(i))
            .map(|ply| ply.mv);
        let mut view = BoardView::of(&position, last);
        if self.read_only() || self.focus != Focus::Board {
            view.marks.cursor = None;
        } else {
            view.marks.cursor = Some(self.picker.cursor());
        }
        if let Some(mv) = self.marked_hint().or_else(|| self.suggestion()) {
            view.marks.hint = touched(&position, mv);
        }
        if self.picker.builder().is_some() {
            self.picker.mark(&mut view, &position);
        } else if self.focus == Focus::Input
            && let Ok(mv) = parse_move(self.input.text().trim(), position.size())
        {
            let mut after = position.clone();
            if after.play(mv).is_ok() {
                view.board = after.board().clone();
                view.marks.reach = touched(&after, mv);
            }
        }
        view
    }

    /// The lines under the players: watching, what waits for an answer, the connection,
    /// time running low.
    fn notes(&self, theme: Theme, now: std::time::Instant) -> Vec<Line<'static>> {
        let game = &self.game;
        let name = |color: Color| game.name(color).to_owned();
        let mut notes = Vec::new();
        let heading = match game.color() {
            Some(us) => format!("  Game {} online: you play {us}", game.id()),
            None => format!("  Game {} online: watching", game.id()),
        };
        notes.push(Line::styled(heading, theme.dim()));
        notes.extend(self.help_lines(theme));
        if let Some((why, at)) = &self.dropped {
            let wait = at.saturating_duration_since(now).as_secs();
            notes.push(Line::styled(
                format!("  Connection lost ({why}): again in {wait} s"),
                theme.warning(),
            ));
        } else if game.resuming() {
            notes.push(Line::styled(
                "  Back online: catching up with the server",
                theme.warning(),
            ));
        }
        if let Some(words) = self.result_words() {
            notes.push(Line::styled(format!("  {words}"), theme.good()));
            return notes;
        }
        if let Some(by) = game.driver().draw_offered() {
            notes.push(Line::styled(
                format!("  {} offers a draw", name(by)),
                theme.warning(),
            ));
        }
        if let Some((by, _)) = game.driver().takeback_asked() {
            notes.push(Line::styled(
                format!("  {} asks for a takeback", name(by)),
                theme.warning(),
            ));
        }
        if let (Some(us), Some(clock)) = (game.color(), game.driver().clock()) {
            let left = clock.left(us, now);
            if left < LOW_TIME {
                notes.push(Line::styled(
                    format!("  Your time is running out: {}", face(left)),
                    theme.error(),
                ));
            }
        }
        if self.shown.is_some() {
            notes.push(Line::styled(
                format!(
                    "  Ply {} of {}: End follows live",
                    self.shown(),
                    game.record().plies().len()
                ),
                theme.warning(),
            ));
        }
        notes
    }

    /// Draws the screen into `game`'s regions.
    pub fn render(&self, frame: &mut Frame<'_>, layout: &GameLayout, ctx: &Context) {
        let theme = ctx.theme();
        self.board_view().draw(frame.buffer_mut(), layout, theme);
        let position = self.position();
        let threats = ByColor::default();
        let clocks = self.game.driver().clock().map(|clock| {
            let faces = ByColor::from_fn(|color| face(clock.left(color, ctx.now)));
            (faces, clock.running())
        });
        PanelView {
            theme,
            record: self.game.record(),
            position: &position,
            shown: self.shown(),
            threats: &threats,
            learn: false,
            inspect: self.picker.inspected(),
            replay: None,
            match_line: None,
            clocks,
            ending: self.game.driver().session().ending(),
            notes: self.notes(theme, ctx.now),
        }
        .draw(frame, layout.panel);
        // Looking on, or with nothing typed, a long message takes the input line's row too.
        let long = ctx
            .status
            .as_ref()
            .is_some_and(|s| s.text.chars().count() + 2 > usize::from(layout.status.width));
        let both = self.read_only()
            || (long && self.focus == Focus::Board && self.input.text().is_empty());
        let status = if both {
            ratatui::layout::Rect::new(layout.status.x, layout.status.y, layout.status.width, 2)
        } else {
            layout.status
        };
        bottom::status(
            frame,
            status,
            ctx.status.as_ref(),
            self.status_line(theme),
            theme,
        );
        if !both {
            let focused = self.focus == Focus::Input;
            input_line::draw(
                frame,
                layout.input,
                &self.input,
                focused,
                Some("press : or Tab to type a move in PTN"),
                |text| self.preview(text, theme),
                theme,
            );
        }
        bottom::screen_key_bar(frame, layout.keys, &self.key_bar(), ctx);
    }

    /// The key bar for this moment.
    fn key_bar(&self) -> Vec<(&'static str, &'static str)> {
        if self.focus == Focus::Input {
            TYPING.bar(|_| true)
        } else if self.read_only() {
            // A rematch only after a game of ours.
            let ours = self.us().is_some();
            ONLINE_WATCH.bar(|binding| {
                ours || !matches!(
                    binding.does,
                    crate::tui::keys::Does::Intent(super::OnlineIntent::Rematch)
                )
            })
        } else if self.picker.builder().is_some() {
            MOVING.bar(|_| true)
        } else {
            ONLINE_GAME.bar(|_| true)
        }
    }

    /// What the message line says when there is no message: whose move it is.
    fn status_line(&self, theme: Theme) -> Line<'static> {
        let game = &self.game;
        if let Some(words) = self.result_words() {
            return Line::styled(words, theme.good());
        }
        let to_move = game.position().to_move();
        match game.color() {
            _ if !game.connected() => {
                Line::styled("waiting for the connection to come back", theme.warning())
            }
            Some(us) if us == to_move => Line::from(Span::styled("your move", theme.heading())),
            Some(_) => Line::styled(
                format!("waiting for {} to move", game.name(to_move)),
                theme.dim(),
            ),
            None => Line::styled(format!("{} to move", game.name(to_move)), theme.dim()),
        }
    }

    /// What the typed text would do.
    fn preview(&self, text: &str, theme: Theme) -> Span<'static> {
        let text = text.trim();
        if text.is_empty() {
            return Span::styled("type a move such as c3, Sb2, 3c3>12", theme.dim());
        }
        let position = self.game.position();
        match parse_move(text, position.size()) {
            Err(error) => Span::styled(format!("{}", error.syntax()), theme.dim()),
            Ok(mv) => match position.check(mv) {
                Ok(()) => Span::styled(format!("Enter sends {mv}"), theme.good()),
                Err(error) => Span::styled(format!("illegal: {error}"), theme.error()),
            },
        }
    }
}
