//! Drawing the Kaen screen: the title line, the diamond, the panel (holdings, bets, pot, the
//! marker, the die, open rows, what is not offered and why, the series table), the message
//! line and the key bar.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};

use super::diamond::{self, DiamondView, Zoom};
use super::{KAEN, KaenIntent, KaenScreen};
use crate::kaen::{Action, KaenError, Phase, Player};
use crate::tui::context::Context;
use crate::tui::keys::Does;
use crate::tui::layout;
use crate::tui::theme::Theme;
use crate::tui::widgets::{bottom, names};

/// Columns the panel beside a zoomed diamond needs, so that its lines seldom wrap.
const PANEL_WIDTH: u16 = 56;

impl KaenScreen {
    /// The diamond as it is to be drawn now.
    #[must_use]
    pub fn diamond_view(&self) -> DiamondView {
        let game = self.shown_game();
        let rolled = match game.phase() {
            // While the die tumbles no row is lit.
            _ if self.tumbling().is_some() => None,
            Phase::Place(face) | Phase::FullRow(face) => Some((game.to_move(), face)),
            _ => None,
        };
        let bridge = game
            .ending()
            .and_then(crate::kaen::Ending::winner)
            .and_then(|w| game.board().bridge(w))
            .unwrap_or_default();
        DiamondView {
            board: game.board().clone(),
            rolled,
            cursor: self.chosen().filter(|_| self.tumbling().is_none()),
            bridge,
        }
    }

    /// Whether the key bar offers `intent` now: what the rules allow and can be paid for.
    #[must_use]
    pub fn offers(&self, intent: KaenIntent) -> bool {
        use KaenIntent as K;
        let series = self.session.record().series();
        let game = series.game();
        let action = |a| game.check(a).is_ok();
        match intent {
            // Only when there is something a player may take back: a roll stands.
            K::Undo => self.session.can_take_back().is_ok(),
            K::Save | K::Help | K::Quit | K::Redo | K::SaveAs | K::Rules | K::ToggleLearn => true,
            K::NewSeries => series.end().is_some(),
            K::Hint => !self.review && !game.is_over() && !self.computer_to_act(),
            _ if self.review => intent == K::Go && series.end().is_none(),
            K::Go => matches!(game.phase(), Phase::BeforeRoll | Phase::Place(_)),
            K::Choose(_) | K::PlaceAt(_) => matches!(game.phase(), Phase::Place(_)),
            K::Double => action(Action::Double),
            K::Accept => action(Action::Accept),
            K::Surrender => action(Action::Surrender),
            K::Match => action(Action::Match),
            K::Forfeit => action(Action::Forfeit),
        }
    }

    /// The choices of this moment that cannot be paid for, each with why.
    #[must_use]
    pub fn not_offered(&self) -> Vec<String> {
        if self.review {
            return Vec::new();
        }
        let game = self.session.record().series().game();
        let candidates: &[(Action, &str)] = match game.phase() {
            Phase::BeforeRoll => &[(Action::Double, "double")],
            Phase::DoubleOffered => &[(Action::Accept, "accept")],
            Phase::FullRow(_) => &[(Action::Match, "match")],
            _ => &[],
        };
        candidates
            .iter()
            .filter_map(|&(action, word)| match game.check(action) {
                Err(error @ KaenError::CannotCover { .. }) => {
                    Some(format!("no {word}: {}", self.explain(&error)))
                }
                _ => None,
            })
            .collect()
    }

    /// The key bar's entries for this moment.
    #[must_use]
    pub fn key_bar(&self) -> Vec<(&'static str, &'static str)> {
        if self.is_stepping() {
            return crate::tui::screens::stepping::STEPPING.bar(|_| true);
        }
        let mut entries = KAEN.bar(|binding| match binding.does {
            Does::Intent(intent) => self.offers(intent),
            Does::WithChar(_) => false,
        });
        let game = self.session.record().series().game();
        if let Some(entry) = entries.iter_mut().find(|(key, _)| *key == "Enter") {
            entry.1 = if self.review {
                "next game"
            } else if matches!(game.phase(), Phase::Place(_)) {
                "place"
            } else {
                "roll"
            };
        }
        entries
    }

    /// Draws the screen over `area`.
    pub fn render(&self, frame: &mut Frame<'_>, area: Rect, ctx: &Context) {
        let theme = ctx.theme();
        let height = area.height;
        // The key bar wraps between its entries onto a second row rather than lose one.
        let bar = bottom::key_bar_rows(&self.key_bar(), area.width, 2, theme);
        let k = u16::try_from(bar.len()).unwrap_or(1);
        let title = Rect::new(area.x, area.y, area.width, 1);
        let body = Rect::new(area.x, area.y + 1, area.width, height.saturating_sub(2 + k));
        let status = Rect::new(area.x, area.y + height.saturating_sub(1 + k), area.width, 1);
        let keys = Rect::new(area.x, area.y + height.saturating_sub(k), area.width, k);
        frame.render_widget(Paragraph::new(self.title_line(theme, area.width)), title);
        // Bigger on a big terminal, as Tak's board grows: with the rows' note under it, and
        // three columns of room before the panel.
        let (zoom, board, panel) = layout::zoomed(
            body,
            [Zoom(3), Zoom(2), Zoom(1)],
            |zoom| (zoom.width() + 3, zoom.height() + 5),
            PANEL_WIDTH,
        );
        let mut lines = diamond::lines(&self.diamond_view(), theme, zoom);
        lines.push(Line::default());
        let side = |p| names::fitted(&self.name(p), 12, theme.ascii);
        // Two lines: the diamond's width holds no more.
        lines.push(Line::from(Span::styled(
            format!("  rows: {} on the left,", side(Player::Two)),
            theme.dim(),
        )));
        lines.push(Line::from(Span::styled(
            format!("        {} on the right", side(Player::One)),
            theme.dim(),
        )));
        frame.render_widget(Paragraph::new(lines), board);
        frame.render_widget(
            Paragraph::new(self.panel_lines(theme, panel.width, panel.height))
                .wrap(Wrap { trim: false }),
            panel,
        );
        // With no message, who is thinking (the computer, or a hint).
        let thinking = self
            .thinking_line()
            .map_or_else(Line::default, |text| Line::styled(text, theme.warning()));
        bottom::status(frame, status, ctx.status.as_ref(), thinking, theme);
        bottom::screen_key_bar_rows(frame, keys, bar, ctx);
    }

    /// The title, `width` columns at most where shorter names make it fit.
    fn title_line(&self, theme: Theme, width: u16) -> Line<'static> {
        let series = self.session.record().series();
        let config = series.config();
        let game = self.shown_game();
        let number = if self.review {
            series.played().len()
        } else {
            series.game_number()
        };
        let doing = if let Some(ending) = game.ending() {
            self.ending(ending)
        } else {
            let who = self.name(game.actor());
            match game.phase() {
                Phase::BeforeRoll => format!("{who} to move: before the roll"),
                Phase::DoubleOffered if game.check(Action::Accept).is_ok() => {
                    format!("{who}: accept the double or forfeit")
                }
                Phase::DoubleOffered => {
                    format!("{who}: the double is too dear to accept, so forfeit")
                }
                Phase::Place(_) => format!("{who} places a stone"),
                Phase::FullRow(_) if self.can_match() => {
                    format!("{who}: the row is full, match or forfeit")
                }
                Phase::FullRow(_) => format!("{who}: the row is full, and a match is too dear"),
                Phase::Over(_) => String::new(),
            }
        };
        let heading = format!("Kaen · game {number} of {} ", config.games());
        let mut doing = format!("· {doing}");
        if heading.chars().count() + doing.chars().count() > usize::from(width) {
            doing = names::shortened_in(&doing, &Player::BOTH.map(|p| self.name(p)));
        }
        Line::from(vec![
            Span::styled(heading, theme.heading()),
            Span::raw(doing),
        ])
    }
}
