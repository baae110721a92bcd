//! Drawing the lobby: a heading that says who and where, the tabs of the lists with the sort
//! and filter, the list shown, the chat panel under it, the message line and the keys.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use super::{LOBBY, LOBBY_CHAT, Link, List, LobbyScreen, rows};
use crate::online::lobby::Channel;
use crate::tui::context::Context;
use crate::tui::theme::Theme;
use crate::tui::widgets::bottom;
use crate::tui::widgets::choice_list::{chosen_lines, fit};
use crate::tui::widgets::input_line;

/// The smallest terminal the lobby is drawn in.
pub const MIN_SIZE: (u16, u16) = (50, 12);

/// A channel's name as the chat panel says it.
fn channel_name(channel: &Channel) -> String {
    match channel {
        Channel::Global => "global".to_owned(),
        Channel::Room(room) => format!("#{room}"),
        Channel::Private(name) => format!("@{name}"),
    }
}

impl LobbyScreen {
    /// The heading: the server, who we are, how many are online, or where the connection is.
    fn heading(&self, ctx: &Context) -> Line<'static> {
        let theme = ctx.theme();
        let mut spans = vec![Span::styled(
            format!(" PlayTak at {} ", self.server),
            theme.heading(),
        )];
        match &self.link {
            Link::Connecting => spans.push(Span::styled(" connecting...", theme.warning())),
            Link::Online(name) => {
                spans.push(Span::raw(format!(" you are {name}")));
                if let Some(count) = self.lobby.online() {
                    spans.push(Span::styled(format!(" · {count} online"), theme.dim()));
                }
            }
            Link::Dropped { retry_at, .. } => {
                let wait = retry_at.saturating_duration_since(ctx.now).as_secs();
                spans.push(Span::styled(
                    format!(" connection lost: connecting again in {wait} s"),
                    theme.error(),
                ));
            }
            Link::Failed(_) => {
                spans.push(Span::styled(" disconnected (q quits)", theme.error()));
            }
        }
        Line::from(spans)
    }

    /// The tabs of the lists, their counts, the sort and the filter.
    fn tabs(&self, seeks: usize, games: usize, theme: Theme) -> Line<'static> {
        let players = self.lobby.players().len();
        let mut spans = Vec::new();
        for (list, name, count) in [
            (List::Seeks, "Seeks", seeks),
            (List::Games, "Games", games),
            (List::Players, "Players", players),
            (List::Past, "Past", self.past.len()),
        ] {
            let style = if list == self.list {
                theme.cursor()
            } else {
                Style::new()
            };
            spans.push(Span::raw(" "));
            spans.push(Span::styled(format!(" {name} {count} "), style));
        }
        let mut shown = Vec::new();
        if let Some(size) = self.filter.size {
            shown.push(format!("{0}x{0}", size.get()));
        }
        match self.time_filter {
            1 => shown.push("<5 min".to_owned()),
            2 => shown.push("5-20 min".to_owned()),
            3 => shown.push(">20 min".to_owned()),
            _ => {}
        }
        match self.filter.rated {
            Some(true) => shown.push("rated".to_owned()),
            Some(false) => shown.push("unrated".to_owned()),
            None => {}
        }
        let mut about = format!("   sort: {}", self.describe_order());
        if !shown.is_empty() {
            about.push_str(" · only ");
            about.push_str(&shown.join(", "));
        }
        spans.push(Span::styled(about, theme.dim()));
        Line::from(spans)
    }

    /// Draws the lobby over `area`.
    pub fn render(&self, frame: &mut Frame<'_>, area: Rect, ctx: &Context) {
        let theme = ctx.theme();
        let width = area.width;
        let seeks = self.lobby.seeks(&self.filter, self.order);
        let games = self.lobby.games(&self.filter, self.order);
        let row = |y: u16, height: u16| Rect::new(area.x, area.y + y, width, height);
        let lines_of = |lines: Vec<Line<'static>>| Paragraph::new(lines);
        frame.render_widget(
            lines_of(vec![
                bottom::one_line(self.heading(ctx), width, theme),
                bottom::one_line(self.tabs(seeks.len(), games.len(), theme), width, theme),
            ]),
            row(0, 2),
        );
        // The chat takes two fifths of what is left under the tabs, the lists the rest.
        let middle = area.height.saturating_sub(4);
        let chat_height = (middle * 2 / 5).max(3);
        let list_height = middle.saturating_sub(chat_height);
        let room = usize::from(list_height.saturating_sub(1));
        // The lists are filtered and sorted once a frame: their lengths come from them too.
        let len = match self.list {
            List::Seeks => seeks.len(),
            List::Games => games.len(),
            List::Players => self.lobby.players().len(),
            List::Past => self.past.len(),
        };
        let chosen = self.chosen_of(len);
        let (heading, mut lines, empty) = match self.list {
            List::Seeks => {
                let me = self.lobby.me();
                let lines = chosen_lines(
                    seeks.len(),
                    chosen,
                    room,
                    |i| {
                        let seek = seeks[i];
                        fit(
                            rows::seek(seek, Some(seek.player.as_str()) == me),
                            width,
                            theme,
                        )
                    },
                    theme,
                );
                (rows::SEEK_HEADING, lines, "no seeks: n posts one")
            }
            List::Games => {
                let lines = chosen_lines(
                    games.len(),
                    chosen,
                    room,
                    |i| fit(rows::game(games[i]), width, theme),
                    theme,
                );
                (rows::GAME_HEADING, lines, "no games being played")
            }
            List::Players => {
                let players = self.lobby.players();
                let lines = chosen_lines(
                    players.len(),
                    chosen,
                    room,
                    |i| fit(format!("   {}", players[i]), width, theme),
                    theme,
                );
                ("   name", lines, "no one else online")
            }
            List::Past => {
                let lines = chosen_lines(
                    self.past.len(),
                    chosen,
                    room,
                    |i| fit(super::past::row(&self.past[i]), width, theme),
                    theme,
                );
                (
                    super::past::PAST_HEADING,
                    lines,
                    "no past online games yet: each is saved when it ends",
                )
            }
        };
        if len == 0 {
            lines = vec![Line::styled(format!("   {empty}"), theme.dim())];
        }
        lines.insert(
            0,
            Line::styled(fit(heading.to_owned(), width, theme), theme.dim()),
        );
        frame.render_widget(lines_of(lines), row(2, list_height));
        self.render_chat(frame, row(2 + list_height, chat_height), ctx);
        let status = row(area.height.saturating_sub(2), 1);
        bottom::status(frame, status, ctx.status.as_ref(), Line::default(), theme);
        let keys = row(area.height.saturating_sub(1), 1);
        let bar = if self.typing {
            LOBBY_CHAT.bar(|_| true)
        } else {
            LOBBY.bar(|_| true)
        };
        bottom::screen_key_bar(frame, keys, &bar, ctx);
    }

    /// The chat panel: a rule naming the channel shown and the others, its last lines, and
    /// the line being typed.
    fn render_chat(&self, frame: &mut Frame<'_>, area: Rect, ctx: &Context) {
        let theme = ctx.theme();
        if area.height < 2 {
            return;
        }
        let others: Vec<String> = self
            .channels()
            .iter()
            .filter(|c| **c != self.channel)
            .map(channel_name)
            .collect();
        let rule = if theme.ascii { "-" } else { "─" };
        let mut title = format!(
            "{rule}{rule} chat: {} {rule}{rule}",
            channel_name(&self.channel)
        );
        if !others.is_empty() {
            title.push_str(" [ ] ");
            title.push_str(&others.join(" "));
            title.push(' ');
        }
        let fill = usize::from(area.width).saturating_sub(title.chars().count());
        title.push_str(&rule.repeat(fill));
        let room = usize::from(area.height - 2);
        let said: Vec<_> = self.lobby.chat().lines(&self.channel).collect();
        let mut lines = vec![Line::styled(fit(title, area.width, theme), theme.dim())];
        if said.is_empty() {
            lines.push(Line::styled(
                "nothing said here yet: c to chat, [ and ] for other channels",
                theme.dim(),
            ));
        }
        for line in said.iter().skip(said.len().saturating_sub(room)) {
            let name_style = if line.mine {
                theme.good()
            } else {
                theme.heading()
            };
            let text = fit(format!("{}: {}", line.from, line.text), area.width, theme);
            let (name, rest) = text.split_at(text.find(':').unwrap_or(0));
            lines.push(Line::from(vec![
                Span::styled(name.to_owned(), name_style),
                Span::raw(rest.to_owned()),
            ]));
        }
        frame.render_widget(
            Paragraph::new(lines),
            Rect::new(area.x, area.y, area.width, area.height - 1),
        );
        let input = Rect::new(area.x, area.y + area.height - 1, area.width, 1);
        input_line::draw(
            frame,
            input,
            &self.field,
            self.typing,
            Some("c to chat"),
            |_| Span::raw(""),
            theme,
        );
    }
}
