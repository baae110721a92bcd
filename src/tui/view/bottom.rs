//! The three lines under the board: the message, the input line, the keys for this moment.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};

use super::super::app::{App, Focus, StatusKind};
use crate::notation::parse_move;

/// Draws the message line.
pub fn status(frame: &mut Frame<'_>, area: Rect, app: &App) {
    let theme = app.options().theme;
    let line = if let Some(status) = app.status() {
        match status.kind {
            StatusKind::Error => Line::from(vec![
                Span::styled("! ", theme.error()),
                Span::styled(status.text.clone(), theme.error()),
            ]),
            StatusKind::Info => Line::from(Span::styled(status.text.clone(), theme.good())),
        }
    } else if let Some(error) = app.replay_state().and_then(|r| r.error.as_ref()) {
        Line::from(vec![
            Span::styled("! ", theme.error()),
            Span::styled(format!("{error} (the record stops there)"), theme.error()),
        ])
    } else if let Some(warning) = app.replay_state().and_then(|r| r.warnings.first()) {
        Line::styled(format!("note: {warning}"), theme.dim())
    } else if let Some(builder) = app.builder() {
        // Short enough for 80 columns: the key bar below spells the keys out.
        let hint = if builder.direction().is_none() {
            "an arrow sets the direction"
        } else {
            "a digit drops that many, the arrow 1, Enter all"
        };
        Line::from(vec![
            Span::styled(format!("Moving {} ", builder.ptn()), theme.heading()),
            Span::raw(format!("· {} in hand · {hint}", builder.in_hand())),
        ])
    } else if let Some(token) = app.position().result().ptn()
        && app.replay_state().is_none()
    {
        Line::from(Span::styled(
            format!(
                "{}: {token}. u: undo, n: new game, w: save, q: quit",
                app.position().result()
            ),
            theme.good(),
        ))
    } else {
        Line::default()
    };
    frame.render_widget(Paragraph::new(line).wrap(Wrap { trim: true }), area);
}

/// Draws the input line, with what the typed text would do.
pub fn input(frame: &mut Frame<'_>, area: Rect, app: &App) {
    let theme = app.options().theme;
    if let Some(replay) = app.replay_state() {
        let file = app
            .file()
            .map_or_else(String::new, |f| f.display().to_string());
        let speed = replay.speed_label();
        let text = format!("Replaying {file} · autoplay {speed} · p plays on from here");
        frame.render_widget(Paragraph::new(Line::styled(text, theme.dim())), area);
        return;
    }
    let focused = app.focus() == Focus::Input;
    let prompt_style = if focused {
        theme.heading()
    } else {
        theme.dim()
    };
    let text = app.input().text();
    let mut spans = vec![Span::styled(
        if focused { "> " } else { ": " },
        prompt_style,
    )];
    if text.is_empty() && !focused {
        spans.push(Span::styled(
            "press : or Tab to type a move in PTN",
            theme.dim(),
        ));
    } else {
        spans.push(Span::raw(text.to_owned()));
        spans.push(Span::raw("  "));
        spans.push(preview(app, text));
    }
    frame.render_widget(Paragraph::new(Line::from(spans)), area);
    if focused {
        let x = area.x + 2 + app.input().cursor() as u16;
        frame.set_cursor_position((x.min(area.x + area.width.saturating_sub(1)), area.y));
    }
}

/// What the typed text would do: the move it plays, or why it cannot.
fn preview(app: &App, text: &str) -> Span<'static> {
    let theme = app.options().theme;
    let text = text.trim();
    if text.is_empty() {
        return Span::styled("type a move such as c3, Sb2, 3c3>12", theme.dim());
    }
    let position = app.position();
    match parse_move(text, position.size()) {
        Err(error) => Span::styled(format!("{}", error.syntax()), theme.dim()),
        Ok(mv) => match position.check(mv) {
            Ok(()) => Span::styled(format!("Enter plays {mv}"), theme.good()),
            Err(error) => Span::styled(format!("illegal: {error}"), theme.error()),
        },
    }
}

/// Draws the key bar for the current moment.
pub fn keys(frame: &mut Frame<'_>, area: Rect, app: &App) {
    let theme = app.options().theme;
    let dot = if theme.ascii { " | " } else { " · " };
    let replay: &[&str] = &[
        "arrows step",
        "Home/End",
        "g go to",
        "Space auto",
        "p play on",
        "? help",
        "q quit",
    ];
    let keys: &[&str] = match (app.focus(), app.builder().is_some()) {
        _ if app.replay_state().is_some() => replay,
        (Focus::Input, _) => &[
            "Enter play",
            "Up/Down recall",
            "Esc/Tab board",
            "Ctrl+C quit",
        ],
        (Focus::Board, true) => &[
            "arrows steer",
            "1-8 drop",
            "Enter drop all",
            "Bksp back",
            "Esc cancel",
        ],
        (Focus::Board, false) if app.position().is_over() => {
            &["u undo", "n new", "w save", "? help", "q quit"]
        }
        (Focus::Board, false) => &[
            "arrows move",
            "f/s/c place",
            "Enter pick up",
            "u undo",
            ": type",
            "? help",
            "q quit",
        ],
    };
    let mut spans = Vec::new();
    for (i, key) in keys.iter().enumerate() {
        if i > 0 {
            spans.push(Span::styled(dot, theme.dim()));
        }
        let (key, what) = key.split_once(' ').unwrap_or((key, ""));
        spans.push(Span::styled(key.to_owned(), theme.heading()));
        if !what.is_empty() {
            spans.push(Span::raw(format!(" {what}")));
        }
    }
    frame.render_widget(Paragraph::new(Line::from(spans)), area);
}
