//! Pages and dialogs over the game: help, quit, save, new game, resume.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};

use super::super::app::{App, NewGameForm, Overlay};
use super::super::theme::Theme;
use crate::rules::{BoardSize, Reserves};

/// Draws the overlay, if any, centred over `area`.
pub fn draw(frame: &mut Frame<'_>, area: Rect, app: &App) {
    let theme = app.options().theme;
    let Some(overlay) = app.overlay() else {
        return;
    };
    let (title, lines, width) = match overlay {
        // Drawn by the rules pages themselves.
        Overlay::Rules(_) => return,
        Overlay::MatchGameOver => (" Game over ", match_lines(app, false), 66),
        Overlay::MatchSummary => (" The match is over ", match_lines(app, true), 66),
        Overlay::Help if app.replay_state().is_some() => {
            (" Replay help: ? or Esc to close ", replay_help(theme), 76)
        }
        Overlay::Help => (" Help: ? or Esc to close ", help(theme), 76),
        Overlay::ConfirmQuit => (
            " Quit? ",
            vec![
                Line::from("This game has moves that are not saved."),
                Line::from("(It stays in the recovery file: the next `tak` offers it back.)"),
                Line::default(),
                keys_line(
                    theme,
                    &[
                        ("s", "save and quit"),
                        ("y", "quit"),
                        ("n/Esc", "keep playing"),
                    ],
                ),
            ],
            66,
        ),
        Overlay::SaveAs(field) => (
            " Save as ",
            vec![
                Line::from("File name (PTN):"),
                Line::from(vec![
                    Span::styled("> ", theme.heading()),
                    Span::raw(field.text().to_owned()),
                ]),
                Line::default(),
                keys_line(theme, &[("Enter", "save"), ("Esc", "cancel")]),
            ],
            60,
        ),
        Overlay::NewGame(form) => (" New game ", new_game(app, *form, theme), 66),
        Overlay::GameList(selected) => (
            " Games in this file ",
            game_list(app, *selected, area.height),
            76,
        ),
        Overlay::Goto(field) => (
            " Go to ",
            vec![
                Line::from("Move number: 12 (after White's ply), 12b (after Black's), 0"),
                Line::from(vec![
                    Span::styled("> ", theme.heading()),
                    Span::raw(field.text().to_owned()),
                ]),
                Line::default(),
                keys_line(theme, &[("Enter", "go"), ("Esc", "cancel")]),
            ],
            66,
        ),
        Overlay::Resume(record) => (
            " Resume? ",
            vec![
                Line::from("An unfinished game was left when tak last stopped:"),
                Line::from(format!(
                    "  {} x {}, {} plies, {} to move",
                    record.position().size().get(),
                    record.position().size().get(),
                    record.plies().len(),
                    record.position().to_move()
                )),
                Line::default(),
                keys_line(theme, &[("y", "resume it"), ("n", "start a new game")]),
            ],
            60,
        ),
    };
    let width = width.min(area.width);
    let height = (lines.len() as u16 + 2).min(area.height);
    let rect = Rect::new(
        area.x + (area.width - width) / 2,
        area.y + (area.height - height) / 2,
        width,
        height,
    );
    let block = Block::bordered()
        .border_set(theme.border())
        .title(Span::styled(title, theme.heading()));
    frame.render_widget(Clear, rect);
    frame.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .block(block),
        rect,
    );
    if let Overlay::SaveAs(field) | Overlay::Goto(field) = overlay {
        let x = rect.x + 3 + field.cursor() as u16;
        frame.set_cursor_position((x.min(rect.x + rect.width.saturating_sub(2)), rect.y + 2));
    }
}

/// A match's table: each finished game (who was White, the result, the score) and the totals;
/// then the keys for going on.
fn match_lines(app: &App, finished: bool) -> Vec<Line<'static>> {
    let theme = app.options().theme;
    let Some(matchup) = app.matchup() else {
        return Vec::new();
    };
    let [a, b] = &matchup.players;
    let mut lines = Vec::new();
    if !finished {
        let position = app.position();
        let result = position.result();
        let mut text = format!("{result}: {}", result.ptn().unwrap_or(""));
        if let Some((winner, score)) = position.score() {
            let name = app.session().player(winner);
            text = text.replacen(&winner.to_string(), &format!("{name} ({winner})"), 1);
            text = format!("{text}, {score} points");
        }
        lines.push(Line::styled(text, theme.good().patch(theme.heading())));
        lines.push(Line::default());
    }
    lines.push(Line::styled(
        "  #  White        Black        result  score".to_owned(),
        theme.heading(),
    ));
    for (i, game) in matchup.finished.iter().enumerate() {
        let (white, black) = (
            &matchup.players[game.white],
            &matchup.players[1 - game.white],
        );
        let token = game.record.position().result().ptn().unwrap_or("*");
        let score = game.winner.map_or_else(
            || "draw".to_owned(),
            |(p, s)| format!("{s} to {}", matchup.players[p]),
        );
        lines.push(Line::from(format!(
            "{:>3}  {white:<12} {black:<12} {token:<7} {score}",
            i + 1
        )));
    }
    let [ta, tb] = matchup.totals();
    let [wa, wb] = matchup.wins();
    lines.push(Line::styled(
        format!("  Points: {a} {ta} ({wa} won), {b} {tb} ({wb} won)"),
        theme.heading(),
    ));
    lines.push(Line::from(format!("  Saved in {}", matchup.path.display())));
    lines.push(Line::default());
    if finished {
        lines.push(keys_line(theme, &[("q", "quit")]));
    } else {
        lines.push(keys_line(
            theme,
            &[
                (
                    "Enter",
                    if matchup.is_over() {
                        "the summary"
                    } else {
                        "next game"
                    },
                ),
                ("u", "take the last ply back"),
                ("q", "quit"),
            ],
        ));
    }
    lines
}

/// One line per game of the file: players, date, size, result, plies; the chosen one marked.
fn game_list(app: &App, selected: usize, height: u16) -> Vec<Line<'static>> {
    let theme = app.options().theme;
    let room = height.saturating_sub(6) as usize;
    let skip = selected.saturating_sub(room.saturating_sub(1));
    let mut lines = Vec::new();
    for (i, game) in app.library().iter().enumerate().skip(skip).take(room) {
        let text = match &game.record {
            Some(record) => {
                let tags = record.tags();
                let name = |tag: &str, color: &str| tags.get(tag).unwrap_or(color).to_owned();
                format!(
                    "{:>3}. {} vs {}  {}  {}  {}  {} plies{}",
                    i + 1,
                    name("Player1", "White"),
                    name("Player2", "Black"),
                    tags.get("Date").unwrap_or("-"),
                    record.position().size(),
                    record.recorded_result().unwrap_or("*"),
                    record.plies().len(),
                    if game.error.is_some() {
                        "  (error)"
                    } else {
                        ""
                    },
                )
            }
            None => format!(
                "{:>3}. unreadable: {}",
                i + 1,
                game.error
                    .as_ref()
                    .map_or_else(String::new, ToString::to_string)
            ),
        };
        let style = if i == selected {
            theme.cursor()
        } else {
            ratatui::style::Style::new()
        };
        lines.push(Line::styled(text, style));
    }
    lines.push(Line::default());
    lines.push(keys_line(
        theme,
        &[("Up/Down", "choose"), ("Enter", "replay"), ("q", "quit")],
    ));
    lines
}

fn keys_line(theme: Theme, keys: &[(&str, &str)]) -> Line<'static> {
    let mut spans = Vec::new();
    for (key, what) in keys {
        spans.push(Span::styled((*key).to_owned(), theme.heading()));
        spans.push(Span::raw(format!(" {what}   ")));
    }
    Line::from(spans)
}

fn new_game(app: &App, form: NewGameForm, theme: Theme) -> Vec<Line<'static>> {
    let pick = |on: bool| {
        if on {
            theme.cursor()
        } else {
            ratatui::style::Style::new()
        }
    };
    let size = BoardSize::new(form.size).unwrap_or(app.position().size());
    let reserves = Reserves::standard(size);
    let komi = crate::rules::Komi::from_halves(form.komi).unwrap_or_default();
    let mut lines = vec![
        Line::from(vec![
            Span::raw("Board size  "),
            Span::styled(format!(" < {0}x{0} > ", form.size), pick(!form.on_komi)),
        ]),
        Line::from(vec![
            Span::raw("Komi        "),
            Span::styled(format!(" < {komi} > "), pick(form.on_komi)),
            Span::raw("  flats added to Black's count"),
        ]),
        Line::from(format!(
            "Each player: {} stones{}",
            reserves.stones,
            match reserves.caps {
                0 => String::new(),
                1 => " and 1 capstone".to_owned(),
                n => format!(" and {n} capstones"),
            }
        )),
        Line::from("The game ends with a road joining two opposite edges, or"),
        Line::from("when the board fills or a reserve runs out: most flats wins."),
    ];
    if app.session().is_dirty() && !app.session().record().plies().is_empty() {
        lines.push(Line::styled(
            "The current game is not saved (Esc, then w saves it).",
            theme.warning(),
        ));
    }
    lines.push(Line::default());
    lines.push(keys_line(
        theme,
        &[
            ("Up/Down", "field"),
            ("Left/Right", "change"),
            ("Enter", "start"),
            ("Esc", "cancel"),
        ],
    ));
    lines
}

fn replay_help(theme: Theme) -> Vec<Line<'static>> {
    let row = |keys: &str, what: &str| {
        Line::from(vec![
            Span::styled(format!("  {keys:<17}"), theme.heading()),
            Span::raw(what.to_owned()),
        ])
    };
    vec![
        Line::styled("Stepping through a game record", theme.heading()),
        row("Right / Left", "one ply forward / back (also l / h)"),
        row("Down / Up", "one full move forward / back (also ] / [)"),
        row("Home / End", "the start / the end of the game"),
        row("g", "go to a move: 12 (after White's ply), 12b, 0"),
        row("Space", "autoplay; + and - change its speed, any key stops"),
        row("click", "a square to inspect its stack, a move to go there"),
        row(
            "p",
            "play on from here as a new game (the file is unchanged)",
        ),
        row("q", "quit"),
        Line::default(),
        Line::from("  The panel shows the record's tags, the ply shown with its comments,"),
        Line::from("  and at the end whether the recorded result agrees with the rules."),
    ]
}

fn help(theme: Theme) -> Vec<Line<'static>> {
    let h = |text: &str| Line::styled(text.to_owned(), theme.heading());
    let row = |keys: &str, what: &str| {
        Line::from(vec![
            Span::styled(format!("  {keys:<17}"), theme.heading()),
            Span::raw(what.to_owned()),
        ])
    };
    vec![
        h("On the board"),
        row("arrows, hjkl", "move the cursor; steer a stack being moved"),
        row(
            "f  s  c",
            "place a flat, a wall (standing stone), a capstone",
        ),
        row(
            "Enter",
            "place a flat, or pick up your stack (all it can carry)",
        ),
        row("1-8", "pick up that many; once moving, drop that many"),
        row(
            "Enter (moving)",
            "drop all that is left; the same arrow drops 1",
        ),
        row("Backspace  Esc", "take back the last step; cancel the move"),
        row("u  U (Ctrl+R)", "undo, redo (no limit)"),
        row(
            "m  t  L",
            "moves from here; name road threats; learning mode",
        ),
        row(": or Tab", "type moves in PTN (Esc or Tab comes back)"),
        row("w (Ctrl+S)  n", "save the game as PTN; start a new game"),
        row(
            "q (Ctrl+C)  ? r",
            "quit (asks if unsaved); this help; the rules",
        ),
        h("PTN, the notation"),
        row("c3  Sc3  Cc3", "place a flat, a wall, a capstone on c3"),
        row(
            "c3+ c3- c3< c3>",
            "move the piece on c3 up, down, left, right",
        ),
        row("3c3>12", "carry 3 from c3 rightwards: drop 1, then 2"),
        h("The board"),
        Line::from(vec![
            Span::raw("  "),
            Span::styled("F S C", theme.player(crate::rules::Color::White)),
            Span::raw(" White's flat, wall, capstone   "),
            Span::styled("f s c", theme.player(crate::rules::Color::Black)),
            Span::raw(" Black's"),
        ]),
        Line::from("  2nd line of a square: owners bottom to top, 1 White, 2 Black"),
        Line::from(format!(
            "  marks: {} last move   + where the stack being moved can go   # road",
            theme.mark_glyph(super::super::theme::Mark::Last)
        )),
    ]
}
