//! The side panel: players and reserves, flats, whose turn, Tak warnings, the result, the stack
//! under the cursor, and the move list.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Padding, Paragraph};

use super::inspector;
use super::move_list::MoveList;
use super::record_info::RecordInfo;
use super::wrap::wrap;
use crate::game::player_name;
use crate::record::GameRecord;
use crate::rules::{ByColor, Color, Move, Position, Square};
use crate::tui::theme::Theme;
use crate::words::count;

/// What the panel shows, given explicitly so it can be drawn (and clicked) from any screen.
#[derive(Clone, Debug)]
pub struct PanelView<'a> {
    /// The look.
    pub theme: Theme,
    /// The game (its players and its moves).
    pub record: &'a GameRecord,
    /// The position shown.
    pub position: &'a Position,
    /// Plies of the record shown.
    pub shown: usize,
    /// The moves that would win by road at once, for each player.
    pub threats: &'a ByColor<Vec<Move>>,
    /// Learning mode: the threatening moves are named.
    pub learn: bool,
    /// The square whose stack the inspector shows.
    pub inspect: Square,
    /// A replay's record information, when replaying.
    pub replay: Option<RecordInfo<'a>>,
    /// A match's line (game number and points), when in a match.
    pub match_line: Option<&'a str>,
    /// Each player's clock face, and which one runs, when the game has clocks.
    pub clocks: Option<(ByColor<String>, Option<Color>)>,
    /// How the game ended other than on the board (time, a forfeit, a resignation, an agreed
    /// draw), if it did.
    pub ending: Option<&'a crate::game::Ending>,
    /// Lines under the players: the computer's thinking.
    pub notes: Vec<Line<'static>>,
}

/// The panel's box: a column kept free inside its right border, so no text runs into it.
fn bordered() -> Block<'static> {
    Block::bordered().padding(Padding::right(1))
}

impl PanelView<'_> {
    /// Draws the panel into `area`.
    pub fn draw(&self, frame: &mut Frame<'_>, area: Rect) {
        let theme = self.theme;
        let block = bordered()
            .border_set(theme.border())
            .border_style(theme.dim())
            .title(Span::styled(
                if self.learn {
                    " Tak · learning "
                } else {
                    " Tak "
                },
                theme.heading(),
            ));
        let inner = block.inner(area);
        frame.render_widget(block, area);
        let lines = self.fitted_top_lines(inner);
        let list = list_area(inner, lines.len());
        frame.render_widget(Paragraph::new(lines), inner);
        if let Some(list) = list {
            frame.render_widget(Paragraph::new(self.moves().lines(list.height)), list);
        }
    }

    /// The ply a click at (column, row) in the panel drawn in `area` points at, in the move
    /// list: the number of plies shown after going there.
    #[must_use]
    pub fn ply_at(&self, area: Rect, column: u16, row: u16) -> Option<usize> {
        let inner = bordered().inner(area);
        let list = list_area(inner, self.fitted_top_lines(inner).len())?;
        self.moves().ply_at(list, column, row)
    }

    fn moves(&self) -> MoveList<'_> {
        MoveList {
            record: self.record,
            shown: self.shown,
            roads: self
                .replay
                .as_ref()
                .and_then(|info| info.roads)
                .unwrap_or(&[]),
            theme: self.theme,
        }
    }

    fn player(&self, color: Color) -> String {
        player_name(self.record, color)
    }

    /// Everything above the move list, in `inner`: with the inspector in two lines when its
    /// whole stack would not fit (at 80x24 a tall stack's lower pieces fell off the panel).
    fn fitted_top_lines(&self, inner: Rect) -> Vec<Line<'static>> {
        let lines = self.top_lines(inner.width, false);
        if lines.len() > usize::from(inner.height) {
            self.top_lines(inner.width, true)
        } else {
            lines
        }
    }

    /// Everything above the move list, the inspector `compact` or whole.
    fn top_lines(&self, width: u16, compact: bool) -> Vec<Line<'static>> {
        let mut lines = Vec::new();
        if let Some(info) = &self.replay {
            lines.extend(info.header());
        }
        if let Some(text) = self.match_line {
            lines.push(Line::styled(format!("  {text}"), self.theme.heading()));
        }
        lines.extend(self.players());
        lines.extend(self.notes.iter().cloned());
        if let Some(info) = &self.replay {
            lines.extend(info.ply_lines(width));
        }
        if !compact {
            lines.push(Line::default());
        }
        let mut lines = wrap(lines, width);
        let inspector = if compact {
            inspector::compact
        } else {
            inspector::lines
        };
        lines.extend(inspector(self.position, self.inspect, self.theme, width));
        // The legend explains the whole inspector's marks, which the compact one leaves out.
        if self.learn && !compact {
            lines.extend(wrap(
                inspector::legend(self.position, self.inspect, self.theme),
                width,
            ));
        }
        lines
    }

    fn players(&self) -> Vec<Line<'static>> {
        let (position, theme) = (self.position, self.theme);
        let mut lines = Vec::new();
        for color in Color::ALL {
            let reserves = position.reserves(color);
            let turn = position.to_move() == color && !position.is_over() && self.ending.is_none();
            let marker = if turn { theme.turn_marker() } else { " " };
            let name = self.player(color);
            let mut spans = vec![
                Span::styled(format!("{marker} "), theme.heading()),
                Span::styled(color.to_string(), theme.player(color)),
            ];
            if name != color.to_string() {
                spans.push(Span::raw(format!("  {name}")));
            }
            if let Some((faces, running)) = &self.clocks {
                let style = if *running == Some(color) {
                    theme.heading()
                } else {
                    theme.dim()
                };
                spans.push(Span::styled(format!("  {}", faces[color]), style));
                // Stopped mid-game: moves wait until p, which would otherwise only show
                // when one is refused.
                let begun = !self.record.plies().is_empty();
                if running.is_none() && begun && turn {
                    spans.push(Span::styled("  paused (p)", theme.warning()));
                }
            }
            lines.push(Line::from(spans));
            let caps = match position.config().pieces(color).caps {
                0 => String::new(),
                _ => format!(
                    ", {}",
                    count(usize::from(reserves.caps), "capstone", "capstones")
                ),
            };
            let spans = vec![Span::styled(
                format!(
                    "    {}{caps}",
                    count(usize::from(reserves.stones), "stone", "stones")
                ),
                theme.dim(),
            )];
            lines.push(Line::from(spans));
        }
        // As on PlayTak, no clock runs before the first move: said, or a clock standing still
        // looks broken.
        if self.clocks.is_some() && self.record.plies().is_empty() && !position.is_over() {
            lines.push(Line::styled(
                "  Clocks start with the first move.",
                theme.dim(),
            ));
        }
        let flats = position.flat_count();
        let komi = if flats.komi.halves() == 0 {
            String::new()
        } else {
            format!(", komi {}", flats.komi)
        };
        lines.push(Line::from(vec![
            Span::raw("  Flats: "),
            Span::styled(format!("White {}", flats.white), theme.player(Color::White)),
            Span::raw(", "),
            Span::styled(format!("Black {}", flats.black), theme.player(Color::Black)),
            Span::raw(komi),
        ]));
        lines.extend(self.turn_lines());
        lines.extend(self.result_lines());
        lines
    }

    fn turn_lines(&self) -> Vec<Line<'static>> {
        let (position, theme) = (self.position, self.theme);
        if position.is_over() || self.ending.is_some() {
            return Vec::new();
        }
        let mover = position.to_move();
        let name = self.player(mover);
        if position.is_opening() {
            return vec![Line::from(vec![
                Span::styled(format!("  {name}"), theme.player(mover)),
                Span::raw(" places one of "),
                Span::styled(format!("{}'s", !mover), theme.player(!mover)),
                Span::raw(" flats"),
            ])];
        }
        let mut lines = vec![Line::from(vec![
            Span::styled(format!("  {name}"), theme.player(mover)),
            Span::raw(" to move"),
        ])];
        // "Tak": the player who just moved threatens to finish a road next turn. Where is
        // said (and marked ! on the board): a player should not have to hunt for it.
        let threats = &self.threats[!mover];
        if !threats.is_empty() {
            let list: Vec<String> = threats.iter().take(4).map(ToString::to_string).collect();
            let more = threats.len().saturating_sub(list.len());
            let named = match more {
                0 => format!(": {}", crate::words::either(&list)),
                _ => format!(": {} and {more} more", list.join(", ")),
            };
            lines.push(Line::from(vec![
                Span::styled("  Tak! ", theme.warning()),
                Span::styled(self.player(!mover), theme.player(!mover)),
                Span::raw(format!(" threatens a road{named}")),
            ]));
        }
        // Only when asked for: in a real game, seeing your own winning move is for you to do.
        if self.learn && !self.threats[mover].is_empty() {
            lines.push(Line::from(vec![
                Span::styled(format!("  {name}"), theme.player(mover)),
                Span::styled(" can win by road now", theme.warning()),
            ]));
        }
        lines
    }

    fn result_lines(&self) -> Vec<Line<'static>> {
        if let Some(ending) = self.ending {
            return super::ending::off_board(self.record, ending, self.theme);
        }
        super::ending::lines_without_flats(self.record, self.position, self.theme)
    }
}

/// Where the move list goes in the panel's inner area, below `used` lines, if there is room.
fn list_area(inner: Rect, used: usize) -> Option<Rect> {
    let used = used as u16;
    (inner.height > used + 2).then(|| {
        Rect::new(
            inner.x,
            inner.y + used + 1,
            inner.width,
            inner.height - used - 1,
        )
    })
}
