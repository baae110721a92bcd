//! Drawing the Kaen screen: the title line, the diamond, the panel (holdings, bets, pot, the
//! marker, the die, open rows, what is not offered and why, the series table), the message
//! line and the key bar.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};

use super::diamond::{self, DiamondView, Zoom};
use super::{KAEN, KaenIntent, KaenScreen};
use crate::kaen::{Action, Face, KaenError, Marker, Phase, Player, SeriesEnd};
use crate::tui::context::Context;
use crate::tui::keys::Does;
use crate::tui::layout;
use crate::tui::theme::Theme;
use crate::tui::widgets::bottom;

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
            K::Undo
            | K::Save
            | K::Help
            | K::Quit
            | K::Redo
            | K::SaveAs
            | K::Rules
            | K::ToggleLearn => true,
            K::NewSeries => series.end().is_some(),
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
        let title = Rect::new(area.x, area.y, area.width, 1);
        let body = Rect::new(area.x, area.y + 1, area.width, height.saturating_sub(3));
        let status = Rect::new(area.x, area.y + height.saturating_sub(2), area.width, 1);
        let keys = Rect::new(area.x, area.y + height.saturating_sub(1), area.width, 1);
        frame.render_widget(Paragraph::new(self.title_line(theme)), title);
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
        let side = |p| self.name(p).chars().take(12).collect::<String>();
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
            Paragraph::new(self.panel_lines(theme)).wrap(Wrap { trim: false }),
            panel,
        );
        bottom::status(frame, status, ctx.status.as_ref(), Line::default(), theme);
        bottom::screen_key_bar(frame, keys, &self.key_bar(), ctx);
    }

    fn title_line(&self, theme: Theme) -> Line<'static> {
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
        Line::from(vec![
            Span::styled(
                format!("Kaen · game {number} of {} ", config.games()),
                theme.heading(),
            ),
            Span::raw(format!("· {doing}")),
        ])
    }

    fn panel_lines(&self, theme: Theme) -> Vec<Line<'static>> {
        let series = self.session.record().series();
        let game = self.shown_game();
        let mut lines = vec![Line::from(Span::styled(
            format!("{:<12}{:>6}{:>5}{:>7}", "", "holds", "bet", "stones"),
            theme.dim(),
        ))];
        for player in Player::BOTH {
            let marker = if !game.is_over() && game.actor() == player {
                "> "
            } else {
                "  "
            };
            let name: String = self.name(player).chars().take(10).collect();
            lines.push(Line::from(vec![
                Span::raw(marker),
                Span::styled(format!("{name:<10}"), theme.player(color(player))),
                Span::raw(format!(
                    "{:>6}{:>5}{:>7}",
                    game.holdings(player),
                    game.bet(player),
                    game.stones(player)
                )),
            ]));
        }
        let marker = match game.marker() {
            // The rulebook passes the marker with the offer, before it is answered.
            _ if game.phase() == Phase::DoubleOffered => {
                format!("passed to {} with the offer", self.name(game.actor()))
            }
            Marker::Neutral => "neutral (either may double)".to_owned(),
            Marker::With(p) => format!("with {} (only they may double)", self.name(p)),
        };
        lines.push(Line::from(format!("pot {} · marker {marker}", game.pot())));
        if let Some(face) = self.tumbling() {
            lines.push(Line::from(vec![
                Span::raw("die: "),
                Span::styled(
                    format!("{} ({}) …rolling", face.name(), face.number()),
                    theme.dim(),
                ),
            ]));
        } else if let Phase::Place(face) | Phase::FullRow(face) = game.phase() {
            lines.push(Line::from(vec![
                Span::raw("die: "),
                Span::styled(
                    format!("{} ({})", face.name(), face.number()),
                    theme.warning(),
                ),
                Span::raw(format!(
                    ": {}'s row {}",
                    self.name(game.to_move()),
                    face.number()
                )),
            ]));
        }
        lines.push(Line::from(format!(
            "open rows: {} {} · {} {}",
            self.name(Player::One),
            rows(&game.board().open_rows(Player::One)),
            self.name(Player::Two),
            rows(&game.board().open_rows(Player::Two)),
        )));
        for line in self.not_offered() {
            lines.push(Line::from(Span::styled(line, theme.error())));
        }
        if self.learn {
            lines.extend(self.hints(theme));
        }
        lines.push(Line::default());
        lines.extend(self.series_table(theme));
        if let Some(end) = series.end() {
            let why = match end {
                SeriesEnd::AllPlayed => "every game played".to_owned(),
                SeriesEnd::Broke(p) => format!("{} cannot cover the bet", self.name(p)),
            };
            let (one, two) = (series.worth(Player::One), series.worth(Player::Two));
            let verdict = match one.cmp(&two) {
                std::cmp::Ordering::Greater => {
                    format!(
                        "{} wins the series, {one} chips to {two}",
                        self.name(Player::One)
                    )
                }
                std::cmp::Ordering::Less => {
                    format!(
                        "{} wins the series, {two} chips to {one}",
                        self.name(Player::Two)
                    )
                }
                std::cmp::Ordering::Equal => format!("the series is drawn, {one} chips each"),
            };
            lines.push(Line::from(Span::styled(
                format!("series over: {why}; {verdict}"),
                theme.good(),
            )));
        }
        lines
    }

    /// The learning hints: the odds of a blocked roll, what each choice costs.
    fn hints(&self, theme: Theme) -> Vec<Line<'static>> {
        let game = self.shown_game();
        if game.is_over() {
            return Vec::new();
        }
        if game.phase() == Phase::DoubleOffered {
            // The answer is the one waited for: what each costs.
            let answerer = game.actor();
            let bet = game.bet(answerer);
            let accepting = if game.check(Action::Accept).is_ok() {
                format!(
                    "hint: accepting puts {bet} more in the pot ({} holds {}); the doubler \
                     does too, and only {} may double next",
                    self.name(answerer),
                    game.holdings(answerer),
                    self.name(answerer)
                )
            } else {
                format!(
                    "hint: accepting would take {bet} more, and {} holds only {}",
                    self.name(answerer),
                    game.holdings(answerer)
                )
            };
            return [
                accepting,
                format!("hint: forfeiting ends the game and loses the {bet} bet"),
            ]
            .into_iter()
            .map(|text| Line::from(Span::styled(text, theme.good())))
            .collect();
        }
        let mover = game.to_move();
        let open = game.board().open_rows(mover).len();
        let bet = game.bet(mover);
        let bridge = "hint: a bridge joins an Earth edge to the Sky edge opposite: row 1 to row 4 \
                      of either player's rows";
        // After the roll only what the rules allow now: no surrender, and a match or a
        // forfeit only on a full row.
        let now = match game.phase() {
            Phase::Place(face) => Some(format!(
                "hint: {} open in row {}: a stone there, no match or forfeit while the row \
                 has room",
                crate::words::count(
                    game.board().open_in_row(mover, face).len(),
                    "square",
                    "squares"
                ),
                face.number()
            )),
            Phase::FullRow(_) if self.can_match() => Some(format!(
                "hint: a match costs {bet} and play goes on; a forfeit loses the {bet} bet"
            )),
            Phase::FullRow(_) => Some(format!(
                "hint: a match would cost {bet}, more than {} holds: forfeit",
                self.name(mover)
            )),
            _ => None,
        };
        if let Some(now) = now {
            return [now, bridge.to_owned()]
                .into_iter()
                .map(|text| Line::from(Span::styled(text, theme.good())))
                .collect();
        }
        [
            match 4 - open {
                0 => format!(
                    "hint: all of {}'s rows have room: any roll can be placed",
                    self.name(mover)
                ),
                full => format!(
                    "hint: {} has {}: the odds of rolling one are {full} in 4",
                    self.name(mover),
                    crate::words::count(full, "full row", "full rows")
                ),
            },
            // Surrender only where the rules allow it now (not after one's own double).
            if game.check(Action::Surrender).is_ok() {
                format!(
                    "hint: surrender gets back {}, a forfeit loses {bet}, a match costs {bet}",
                    bet / 2
                )
            } else {
                format!("hint: a forfeit loses {bet}, a match costs {bet}")
            },
            bridge.to_owned(),
        ]
        .into_iter()
        .map(|text| Line::from(Span::styled(text, theme.good())))
        .collect()
    }

    fn series_table(&self, theme: Theme) -> Vec<Line<'static>> {
        let series = self.session.record().series();
        let names = Player::BOTH.map(|p| self.name(p).chars().take(12).collect::<String>());
        // Columns as wide as the names, the way each game ended last (it may wrap).
        let w = names
            .iter()
            .map(|n| n.chars().count())
            .max()
            .unwrap_or(0)
            .max(6)
            + 1;
        let mut lines = vec![Line::from(Span::styled(
            format!("{:<6}{:>w$}{:>w$}", "game", names[0], names[1]),
            theme.heading(),
        ))];
        // The last games only, so that the worth row stays in view on a small terminal.
        let played = series.played();
        let skipped = played.len().saturating_sub(SERIES_ROWS);
        if skipped > 0 {
            lines.push(Line::styled(
                format!(
                    "  ... {} before (w saves the whole series)",
                    crate::words::count(skipped, "game", "games")
                ),
                theme.dim(),
            ));
        }
        for (i, game) in played.iter().enumerate().skip(skipped) {
            lines.push(Line::from(format!(
                "{:<6}{:>+w$}{:>+w$}  {}",
                i + 1,
                game.gain[0],
                game.gain[1],
                self.ending(game.ending)
            )));
            if game.reload > 0 {
                lines.push(Line::from(Span::styled(
                    format!(
                        "{:<6}{:>+w$}{:>+w$}  reloaded: both given chips, the bet doubled",
                        "", game.reload, game.reload
                    ),
                    theme.dim(),
                )));
            }
        }
        // Each player's chips all told: those held and those bet in the game now played
        // (the panel above shows the two apart).
        lines.push(Line::from(vec![
            Span::raw(format!(
                "{:<6}{:>w$}{:>w$}",
                "worth",
                series.worth(Player::One),
                series.worth(Player::Two)
            )),
            Span::styled("  held + bet", theme.dim()),
        ]));
        lines
    }
}

/// The most games the series table lists (the last ones).
const SERIES_ROWS: usize = 4;

fn rows(faces: &[Face]) -> String {
    if faces.is_empty() {
        return "none".to_owned();
    }
    faces
        .iter()
        .map(|f| f.number().to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

const fn color(player: Player) -> crate::rules::Color {
    match player {
        Player::One => crate::rules::Color::White,
        Player::Two => crate::rules::Color::Black,
    }
}
