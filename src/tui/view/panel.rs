//! The side panel: players and reserves, flats, whose turn, Tak warnings, the result, the stack
//! under the cursor, and the move list.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};

use super::super::app::App;
use super::super::builder::MoveBuilder;
use super::super::theme::Theme;
use super::{moves, record_info};
use crate::glossary;
use crate::rules::{Color, GameResult, Square, WinReason};

/// Draws the panel into `area`.
pub fn draw(frame: &mut Frame<'_>, area: Rect, app: &App) {
    let theme = app.options().theme;
    let block = Block::bordered()
        .border_set(theme.border())
        .border_style(theme.dim())
        .title(Span::styled(" Tak ", theme.heading()));
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let lines = top_lines(app, inner.width);
    let list = list_area(inner, lines.len());
    frame.render_widget(Paragraph::new(lines), inner);
    if let Some(list) = list {
        frame.render_widget(Paragraph::new(moves::lines(app, list.height)), list);
    }
}

/// Everything above the move list.
fn top_lines(app: &App, width: u16) -> Vec<Line<'static>> {
    let theme = app.options().theme;
    let mut lines = Vec::new();
    if app.replay_state().is_some() {
        lines.extend(record_info::header(app, width));
    }
    if let Some(matchup) = app.matchup() {
        let number = (matchup.finished.len() + usize::from(!matchup.filed)).min(matchup.games);
        let [a, b] = &matchup.players;
        let [ta, tb] = matchup.totals();
        lines.push(Line::styled(
            format!(
                "  Match game {number} of {}: {a} {ta}, {b} {tb}",
                matchup.games
            ),
            theme.heading(),
        ));
    }
    lines.extend(players(app, theme));
    if app.replay_state().is_some() {
        lines.extend(record_info::ply_lines(app, width));
    }
    lines.push(Line::default());
    lines.extend(inspector(app, theme, width));
    lines
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

/// The ply a click at (column, row) in the panel `area` points at, in the move list: the
/// number of plies shown after going there.
#[must_use]
pub fn ply_at(app: &App, area: Rect, column: u16, row: u16) -> Option<usize> {
    let inner = Block::bordered().inner(area);
    let list = list_area(inner, top_lines(app, inner.width).len())?;
    moves::ply_at(app, list, column, row)
}

fn players(app: &App, theme: Theme) -> Vec<Line<'static>> {
    let position = app.position();
    let session = app.session();
    let mut lines = Vec::new();
    for color in Color::ALL {
        let reserves = position.reserves(color);
        let turn = position.to_move() == color && !position.is_over();
        let marker = if turn { theme.turn_marker() } else { " " };
        let name = session.player(color);
        let mut spans = vec![
            Span::styled(format!("{marker} "), theme.heading()),
            Span::styled(color.to_string(), theme.player(color)),
        ];
        if name != color.to_string() {
            spans.push(Span::raw(format!("  {name}")));
        }
        lines.push(Line::from(spans));
        let caps = match (position.config().pieces(color).caps, reserves.caps) {
            (0, _) => String::new(),
            (_, 1) => ", 1 capstone".to_owned(),
            (_, n) => format!(", {n} capstones"),
        };
        let spans = vec![Span::styled(
            format!("    {} stones{caps}", reserves.stones),
            theme.dim(),
        )];
        lines.push(Line::from(spans));
    }
    let flats = position.flat_count();
    let komi = if flats.komi.halves() == 0 {
        String::new()
    } else {
        format!(" komi {}", flats.komi)
    };
    lines.push(Line::from(vec![
        Span::raw("  Flats on top  "),
        Span::styled(flats.white.to_string(), theme.player(Color::White)),
        Span::raw(" : "),
        Span::styled(flats.black.to_string(), theme.player(Color::Black)),
        Span::raw(komi),
    ]));
    lines.extend(turn_lines(app, theme));
    lines.extend(result_lines(app, theme));
    lines
}

fn turn_lines(app: &App, theme: Theme) -> Vec<Line<'static>> {
    let position = app.position();
    if position.is_over() {
        return Vec::new();
    }
    let mover = position.to_move();
    let name = app.session().player(mover);
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
    // "Tak": the player who just moved threatens to finish a road next turn.
    let threats = app.threats(!mover);
    if !threats.is_empty() {
        // In learning mode the threatening moves are named (t names them on request).
        let named = if app.learning() {
            let list: Vec<String> = threats.iter().take(4).map(ToString::to_string).collect();
            format!(": {}", list.join(" "))
        } else {
            String::new()
        };
        lines.push(Line::from(vec![
            Span::styled("  Tak! ", theme.warning()),
            Span::styled(app.session().player(!mover), theme.player(!mover)),
            Span::raw(format!(" threatens a road{named}")),
        ]));
    }
    if !app.threats(mover).is_empty() {
        lines.push(Line::from(vec![
            Span::styled(format!("  {name}"), theme.player(mover)),
            Span::styled(" can win by road now", theme.warning()),
        ]));
    }
    lines
}

fn result_lines(app: &App, theme: Theme) -> Vec<Line<'static>> {
    let position = app.position();
    let result = position.result();
    let Some(token) = result.ptn() else {
        return Vec::new();
    };
    // "Alice (White) wins by road" when the players have names.
    let mut text = format!("{result}: {token}");
    if let Some(winner) = result.winner() {
        let name = app.session().player(winner);
        if name != winner.to_string() {
            text = text.replacen(&winner.to_string(), &format!("{name} ({winner})"), 1);
        }
    }
    let mut lines = vec![Line::from(vec![
        Span::raw("  "),
        Span::styled(text, theme.good().patch(theme.heading())),
    ])];
    if glossary::is_trifoil(position) {
        lines.push(Line::styled(
            "  A Trifoil: the road joins all four edges!",
            theme.warning(),
        ));
    }
    if matches!(
        result,
        GameResult::Draw
            | GameResult::Win {
                reason: WinReason::Flats,
                ..
            }
    ) {
        let flats = position.flat_count();
        let komi = if flats.komi.halves() == 0 {
            String::new()
        } else {
            format!(" + komi {}", flats.komi)
        };
        lines.push(Line::from(format!(
            "  flats {} to {}{komi}",
            flats.white, flats.black
        )));
    }
    if let Some((winner, score)) = position.score() {
        let area = position.size().area();
        lines.push(Line::from(format!(
            "  score {score} ({area} board + {} in reserve) to {winner}",
            score - area
        )));
    }
    lines
}

fn inspector(app: &App, theme: Theme, width: u16) -> Vec<Line<'static>> {
    let square: Square = app.builder().map_or(app.cursor(), MoveBuilder::from);
    let position = app.position();
    let stack = position.board().stack(square);
    let limit = u32::from(position.carry_max(square));
    let title = match stack.height() {
        0 => format!("{square}: empty"),
        1 => format!("{square}: 1 piece"),
        h => format!("{square}: {h} pieces, carry {limit}"),
    };
    let rule = if theme.ascii { "-" } else { "─" };
    let fill = (width as usize).saturating_sub(title.chars().count() + 4);
    let mut lines = vec![Line::from(vec![
        Span::styled(format!("{rule} {title} "), theme.heading()),
        Span::styled(rule.repeat(fill), theme.dim()),
    ])];
    // The language of Tak: what players call this stack, and who is held in it.
    if stack.height() > 1
        && let Some((captives, reserves)) = glossary::captives_and_reserves(stack)
    {
        let names: Vec<&str> = glossary::stack_names(stack, position.size().get())
            .iter()
            .map(|name| name.name())
            .collect();
        let mut text = format!("  {captives} captive(s), {reserves} reserve(s)");
        if !names.is_empty() {
            text = format!("  {}: {}", names.join(", "), text.trim_start());
        }
        lines.push(Line::styled(text, theme.good()));
    }
    // Top first, as a stack is seen from above; at most 6 lines.
    let pieces: Vec<_> = stack.pieces().collect();
    let shown = pieces.len().min(6);
    for (depth, piece) in pieces.iter().rev().take(shown).enumerate() {
        let place = pieces.len() - depth;
        // The pieces that can be carried off together, counted from the top.
        let carry = if (depth as u32) < limit { " <" } else { "  " };
        lines.push(Line::from(vec![
            Span::raw(format!("  {place:>3} ")),
            Span::styled(
                format!("{} {:<8}", theme.glyph(*piece), piece.role.name()),
                theme.player(piece.color),
            ),
            Span::styled(carry, theme.dim()),
        ]));
    }
    if pieces.len() > shown {
        lines.push(Line::styled(
            format!("      ... {} more below", pieces.len() - shown),
            theme.dim(),
        ));
    }
    lines
}
