//! Drawing the Locke screen: the title, the board, the panel (stacks, reserves, the middle
//! row, repetitions, the turns played, hints), the message line, the input line and the keys.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};

use super::grid::{self, GridView, Zoom};
use super::{Focus, LockeScreen, describe};
use crate::locke::{Player, Turn, Variant};
use crate::tui::context::Context;
use crate::tui::layout;
use crate::tui::theme::Theme;
use crate::tui::widgets::{bottom, input_line, names};

/// Columns the panel beside a zoomed board needs, so that its lines seldom wrap.
const PANEL_WIDTH: u16 = 48;

impl LockeScreen {
    /// The board as it is to be drawn now.
    #[must_use]
    pub fn grid_view(&self) -> GridView {
        let position = self.position();
        let from = self
            .carried
            .map(|c| c.from)
            .or(self.marked)
            .or_else(|| self.learn.then_some(self.cursor));
        let reach = from
            .map(|square| {
                position
                    .moves_from(square)
                    .into_iter()
                    .filter_map(|(turn, effect)| turn.target().map(|t| (t, effect)))
                    .collect()
            })
            .unwrap_or_default();
        // A stack carried stays drawn on its square, marked ( ); the cursor shows where it
        // would be put down.
        GridView {
            board: position.board().clone(),
            cursor: (self.focus == Focus::Board).then_some(self.cursor),
            from: self.carried.map(|c| c.from).or(self.marked),
            reach,
            last: self
                .session
                .record()
                .turns()
                .last()
                .and_then(|(t, _)| t.target()),
        }
    }

    /// The key bar's entries for this moment.
    #[must_use]
    pub fn key_bar(&self) -> Vec<(&'static str, &'static str)> {
        if self.is_stepping() {
            return crate::tui::screens::stepping::STEPPING.bar(|_| true);
        }
        let over = self.position().ending().is_some();
        let mut entries = self.table().bar(|_| true);
        if self.focus == Focus::Board {
            if over {
                entries.retain(|(key, _)| matches!(*key, "u" | "w" | "r" | "?" | "q"));
                entries.insert(0, ("n", "next game"));
            } else if self.carried.is_some() {
                entries.retain(|(key, _)| !matches!(*key, "e" | ":" | "H"));
                // Carrying, Enter only puts down: said short, to leave the rules room.
                if let Some(enter) = entries.iter_mut().find(|(key, _)| *key == "Enter") {
                    enter.1 = "put";
                }
                entries.insert(2, ("Esc", "put back"));
            }
        }
        entries
    }

    /// Draws the screen over `area`.
    pub fn render(&self, frame: &mut Frame<'_>, area: Rect, ctx: &Context) {
        let theme = ctx.theme();
        let h = area.height;
        // The key bar wraps between its entries onto a second row rather than lose one.
        let bar = bottom::key_bar_rows(&self.key_bar(), area.width, 2, theme);
        let k = u16::try_from(bar.len()).unwrap_or(1);
        let title = Rect::new(area.x, area.y, area.width, 1);
        let body = Rect::new(area.x, area.y + 1, area.width, h.saturating_sub(3 + k));
        let status = Rect::new(area.x, area.y + h.saturating_sub(2 + k), area.width, 1);
        let input = Rect::new(area.x, area.y + h.saturating_sub(1 + k), area.width, 1);
        let keys = Rect::new(area.x, area.y + h.saturating_sub(k), area.width, k);
        frame.render_widget(Paragraph::new(self.title_line(theme, area.width)), title);
        // Bigger on a big terminal, as Tak's board grows, with room before the panel.
        let (zoom, board, panel) = layout::zoomed(
            body,
            [Zoom(3), Zoom(2), Zoom(1)],
            |zoom| (zoom.width() + 8, zoom.height() + 2),
            PANEL_WIDTH,
        );
        let lines = grid::lines(&self.grid_view(), theme, zoom);
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
        self.input_line(frame, input, theme);
        bottom::screen_key_bar_rows(frame, keys, bar, ctx);
    }

    /// The title, `width` columns at most where shorter names make it fit.
    fn title_line(&self, theme: Theme, width: u16) -> Line<'static> {
        let position = self.position();
        let config = position.config();
        let variant = match config.variant() {
            Variant::Classic => "classic",
            Variant::Modern => "modern",
        };
        let doing = match position.ending() {
            Some(ending) => self.ending_text(ending),
            None => format!(
                "turn {}: {} to move",
                position.turns() + 1,
                self.name(position.to_move())
            ),
        };
        // The game's number once a series is under way.
        let game = if self.series().is_empty() {
            String::new()
        } else {
            format!("· game {} ", self.series().len() + 1)
        };
        let heading = format!("Locke · {variant}, {} pieces {game}", config.pieces());
        let mut doing = format!("· {doing}");
        if heading.chars().count() + doing.chars().count() > usize::from(width) {
            let tags = self.session.record().tags();
            let named: Vec<String> = ["Player1", "Player2"]
                .iter()
                .filter_map(|tag| tags.get(tag).map(str::to_owned))
                .collect();
            doing = names::shortened_in(&doing, &named);
        }
        Line::from(vec![
            Span::styled(heading, theme.heading()),
            Span::raw(doing),
        ])
    }

    fn panel_lines(&self, theme: Theme, width: u16, height: u16) -> Vec<Line<'static>> {
        let position = self.position();
        let board = position.board();
        // Names as wide as the panel lets the table stay one line a player (9 at the least
        // size), up to 20.
        let name_width = usize::from(width)
            .saturating_sub(2 + 7 + 5 + 5)
            .clamp(9, 20);
        let (res, mid) = if name_width > 9 { (5, 5) } else { (4, 4) };
        let mut lines = vec![Line::from(Span::styled(
            format!(
                "{:<w$}{:>7}{:>res$}{:>mid$}",
                "",
                "stacks",
                "res",
                "mid",
                w = name_width + 2
            ),
            theme.dim(),
        ))];
        for player in Player::ALL {
            let marker = if position.ending().is_none() && position.to_move() == player {
                "> "
            } else {
                "  "
            };
            let stacks = board.stack_count(player);
            let name = self.panel_name(player, name_width, theme.ascii);
            lines.push(Line::from(vec![
                Span::raw(marker),
                Span::styled(format!("{name:<name_width$}"), theme.player(player)),
                Span::styled(
                    format!("{stacks:>7}"),
                    if stacks <= 3 {
                        theme.warning()
                    } else {
                        ratatui::style::Style::new()
                    },
                ),
                Span::raw(format!(
                    "{:>res$}{:>mid$}",
                    position.reserve(player),
                    board.on_centerline(player)
                )),
            ]));
        }
        lines.push(Line::from(Span::styled(
            "under 3 stacks loses; 3 in the middle win",
            theme.dim(),
        )));
        lines.push(Line::from(format!(
            "position seen {}x (a 3rd: draw)",
            position.repetitions()
        )));
        if let Some((from, to)) = position.last_step(position.to_move())
            && position.ending().is_none()
        {
            lines.push(Line::from(Span::styled(
                format!("no reverse: {to} may not go straight back to {from}"),
                theme.dim(),
            )));
        }
        // The marks on the board, when there are any to read.
        if !self.grid_view().reach.is_empty() {
            lines.push(Line::from(Span::styled(
                "+ step · & join · x capture",
                theme.dim(),
            )));
        }
        if self.learn {
            lines.extend(self.hints(theme));
        }
        let table = self.series_lines(theme, width);
        if !table.is_empty() {
            lines.push(Line::default());
            lines.extend(table);
        }
        lines.push(Line::default());
        lines.push(Line::from(Span::styled("turns", theme.heading())));
        let turns = self.session.record().turns();
        let room = usize::from(height).saturating_sub(lines.len() + 1).max(1);
        let pairs: Vec<String> = turns
            .chunks(2)
            .enumerate()
            .map(|(i, pair)| {
                let text: Vec<String> = pair
                    .iter()
                    .map(|(t, e)| {
                        let mark = if matches!(e, crate::locke::Effect::Capture(_)) {
                            "x"
                        } else {
                            ""
                        };
                        format!("{t}{mark}")
                    })
                    .collect();
                format!("{:>3}. {}", i + 1, text.join("  "))
            })
            .collect();
        let skip = pairs.len().saturating_sub(room);
        lines.extend(pairs.into_iter().skip(skip).map(Line::from));
        lines
    }

    /// `player`'s name in at most `width` columns, never cut inside: the name and side
    /// (`Ann (White)`), shorter (`Computer 8 (White)`), without the side, else cut with a mark.
    fn panel_name(&self, player: Player, width: usize, ascii: bool) -> String {
        let tag = if player == Player::White {
            "Player1"
        } else {
            "Player2"
        };
        let Some(name) = self
            .session
            .record()
            .tags()
            .get(tag)
            .filter(|n| !n.trim().is_empty())
        else {
            return names::fitted(&player.to_string(), width, ascii);
        };
        let forms = names::shorter_forms(name);
        let mut all: Vec<String> = forms.iter().map(|f| format!("{f} ({player})")).collect();
        all.extend(forms);
        names::first_fitting(&all, width, ascii)
    }

    /// Learning hints: where the stack under the cursor may go; who threatens the middle row.
    fn hints(&self, theme: Theme) -> Vec<Line<'static>> {
        let position = self.position();
        let mut hints = Vec::new();
        let moves = position.moves_from(self.cursor);
        if !moves.is_empty() {
            let list: Vec<String> = moves.iter().map(|(t, e)| describe(*t, *e)).collect();
            hints.push(format!("hint: from {}: {}", self.cursor, list.join("; ")));
        }
        let player = position.to_move();
        let text = |turns: Vec<Turn>| {
            turns
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        };
        let winning = position.winning_turns(player);
        let threats = position.winning_turns(!player);
        if !winning.is_empty() {
            hints.push(format!(
                "hint: {} wins now with {}",
                self.name(player),
                text(winning)
            ));
        } else if !threats.is_empty() {
            // Only when no win comes first: then the threat is what to answer.
            hints.push(format!(
                "hint: {} threatens to win next turn with {}: stop it",
                self.name(!player),
                text(threats)
            ));
        }
        hints
            .into_iter()
            .map(|text| Line::from(Span::styled(text, theme.good())))
            .collect()
    }

    fn input_line(&self, frame: &mut Frame<'_>, area: Rect, theme: Theme) {
        let focused = self.focus == Focus::Input;
        // While a stack is carried the line says so, whatever messages come and go.
        let carrying = self.carried.map(|carried| self.carrying(carried));
        let idle = Some(
            carrying
                .as_deref()
                .unwrap_or("press : to type a turn (c1, c2+, b3>2)"),
        );
        input_line::draw(
            frame,
            area,
            &self.input,
            focused,
            idle,
            |text| self.preview(text, theme),
            theme,
        );
    }

    /// What putting the carried stack down where it hovers would do.
    fn carrying(&self, carried: super::Carried) -> String {
        let height = self
            .position()
            .board()
            .at(carried.from)
            .map_or(0, |stack| stack.height);
        let lead = format!("carrying {} (height {height})", carried.from);
        if carried.hover == carried.from {
            return format!("{lead}: arrows move it, Esc puts it back");
        }
        match super::line(carried.from, carried.hover)
            .and_then(|turn| self.position().check(turn).ok().map(|e| (turn, e)))
        {
            Some((turn, effect)) => format!(
                "{lead}: Enter {}, Esc puts it back",
                super::describe(turn, effect)
            ),
            None if self.passes_over(carried.from, carried.hover) => format!(
                "{lead}: passing over {}, where it may not stop; carry it on, Esc puts it back",
                carried.hover
            ),
            None => format!("{lead}: Esc puts it back"),
        }
    }

    fn preview(&self, text: &str, theme: Theme) -> Span<'static> {
        let text = text.trim();
        if text.is_empty() {
            return Span::styled("type a turn such as c1, c2+ or b3>2", theme.dim());
        }
        match text.parse::<Turn>() {
            Err(error) => Span::styled(error.to_string(), theme.dim()),
            Ok(turn) => match self.position().check(turn) {
                Ok(effect) => {
                    Span::styled(format!("Enter: {}", describe(turn, effect)), theme.good())
                }
                Err(error) => Span::styled(format!("refused: {error}"), theme.error()),
            },
        }
    }
}
