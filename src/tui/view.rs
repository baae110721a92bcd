//! The view: draws the whole screen from the app's state, with no side effects, so the same
//! state always draws the same screen (which the snapshot tests rely on).

mod board;
mod bottom;
mod moves;
mod overlay;
mod panel;
mod record_info;
mod rules_pages;

pub use rules_pages::PAGE_COUNT as RULES_PAGES;

pub use panel::ply_at;

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::Paragraph;

use super::app::{App, Focus, Overlay};
use super::layout::{Layout, layout};
use crate::rules::{Bitboard, GameResult, Position, WinReason};

/// Draws the screen.
pub fn render(frame: &mut Frame<'_>, app: &App) {
    let area = frame.area();
    let game = match layout(area.width, area.height, app.position().size()) {
        Layout::Game(game) => game,
        Layout::TooSmall(width, height) => {
            too_small(frame, area, (width, height));
            return;
        }
    };
    let position = app.position();
    let mut marks = board::Marks {
        cursor: (app.focus() == Focus::Board).then_some(app.cursor()),
        last: app
            .last_move()
            .map_or(Bitboard::EMPTY, |mv| touched(position, mv)),
        ..board::Marks::default()
    };
    if let GameResult::Win {
        reason: WinReason::Road { squares },
        ..
    } = position.result()
    {
        marks.road = squares;
    }
    if let Some(square) = app.shown_moves_from() {
        // Where the legal moves from there put pieces (the square itself, for a placement).
        marks.reach = position
            .legal_moves_from(square)
            .into_iter()
            .flat_map(|mv| mv.targets(position.size()))
            .fold(Bitboard::EMPTY, |reach, square| reach | square.bit());
    }
    let mut shown = position.board().clone();
    if let Some(builder) = app.builder() {
        marks.reach = builder.reachable(position);
        if let Some(preview) = builder.preview(position) {
            shown = preview.board;
            marks.hand = preview.hover.map(|hover| (hover, preview.hand));
            marks.cursor = preview.hover.or(marks.cursor);
        }
    } else if app.focus() == Focus::Input
        && let Some(mv) = app.typed_move()
    {
        // Show what Enter would do: the position after the typed move, if it is legal.
        let mut after = position.clone();
        if after.play(mv).is_ok() {
            shown = after.board().clone();
            marks.reach = touched(&after, mv);
        }
    }
    board::draw(
        frame.buffer_mut(),
        &game,
        &shown,
        &marks,
        app.options().theme,
    );
    panel::draw(frame, game.panel, app);
    // A message too long for one line may take the input line's row too, while nothing is
    // being typed there.
    let long = app
        .status()
        .is_some_and(|s| s.text.chars().count() + 2 > usize::from(game.status.width));
    if long && app.focus() == Focus::Board && app.input().text().is_empty() {
        let both = Rect::new(game.status.x, game.status.y, game.status.width, 2);
        bottom::status(frame, both, app);
    } else {
        bottom::status(frame, game.status, app);
        bottom::input(frame, game.input, app);
    }
    bottom::keys(frame, game.keys, app);
    match app.overlay() {
        Some(Overlay::Rules(page)) => rules_pages::draw(frame, area, app, *page),
        _ => overlay::draw(frame, area, app),
    }
}

/// The squares a move touched: the placement, or the start and every square dropped on.
fn touched(position: &Position, mv: crate::rules::Move) -> Bitboard {
    mv.targets(position.size())
        .fold(mv.square.bit(), |squares, square| squares | square.bit())
}

fn too_small(frame: &mut Frame<'_>, area: Rect, (width, height): (u16, u16)) {
    let text = vec![
        Line::from(format!("terminal too small: need {width}x{height}")),
        Line::from(format!(
            "(now {}x{}); enlarge it, or q quits",
            area.width, area.height
        )),
    ];
    frame.render_widget(
        Paragraph::new(text).wrap(ratatui::widgets::Wrap { trim: true }),
        area,
    );
}
