//! The move list: two plies a line, following the ply shown, which is highlighted.

use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};

use crate::game::tinue_scan::PlyTinue;
use crate::record::GameRecord;
use crate::rules::Color;
use crate::tui::theme::Theme;

/// The move list of `record` with `shown` plies shown: what it draws and where each ply sits.
#[derive(Clone, Copy, Debug)]
pub struct MoveList<'a> {
    /// The game.
    pub record: &'a GameRecord,
    /// Plies shown (all of them while playing).
    pub shown: usize,
    /// Where each ply gave a forced road away or missed one (empty when not marked).
    pub roads: &'a [PlyTinue],
    /// The look.
    pub theme: Theme,
}

/// One line of the list: the move number and the plies (index, text) of each player.
struct Row {
    number: u32,
    white: Option<(usize, String)>,
    black: Option<(usize, String)>,
}

/// Columns where Black's ply starts in a row (after marker, number and White's ply).
const BLACK_COLUMN: u16 = 17;

fn rows(record: &GameRecord, roads: &[PlyTinue], theme: Theme) -> Vec<Row> {
    let mut rows: Vec<Row> = Vec::new();
    for (index, ply) in record.plies().iter().enumerate() {
        let mut text = format!("{}{}", ply.mv, ply.marks);
        // Other moves were tried here: the branch list (b) shows them.
        if record.branches().iter().any(|b| b.at == index) {
            text.push_str(theme.branch_marker());
        }
        // The forced roads marked (M in a replay): the panel tells more at the ply.
        if let Some(marks) = roads.get(index) {
            if marks.gives.is_some() {
                text.push_str(theme.road_given_marker());
            }
            if marks.missed.is_some() {
                text.push_str(theme.road_missed_marker());
            }
        }
        let (number, color) = record.ply_number(index);
        match (color, rows.last_mut()) {
            (Color::Black, Some(row)) if row.number == number && row.black.is_none() => {
                row.black = Some((index, text));
            }
            (Color::Black, _) => rows.push(Row {
                number,
                white: None,
                black: Some((index, text)),
            }),
            (Color::White, _) => rows.push(Row {
                number,
                white: Some((index, text)),
                black: None,
            }),
        }
    }
    rows
}

/// The row of the last ply shown, and the first row to show so that it stays in view.
fn window(rows: &[Row], shown: usize, room: usize) -> (Option<usize>, usize) {
    let current = shown.checked_sub(1).and_then(|ply| {
        rows.iter().position(|row| {
            row.white.as_ref().is_some_and(|(i, _)| *i == ply)
                || row.black.as_ref().is_some_and(|(i, _)| *i == ply)
        })
    });
    let target = current.unwrap_or(0);
    // Keep the current row a third of the way down, so what follows shows too.
    let skip = target
        .saturating_sub(room.saturating_sub(1) * 2 / 3)
        .min(rows.len().saturating_sub(room));
    (current, skip)
}

impl MoveList<'_> {
    /// The list's lines for a region `height` lines tall (a heading, then the rows).
    #[must_use]
    pub fn lines(&self, height: u16) -> Vec<Line<'static>> {
        let theme = self.theme;
        let rows = rows(self.record, self.roads, self.theme);
        let mut lines = vec![Line::styled("  Moves", theme.heading())];
        if rows.is_empty() {
            lines.push(Line::styled("  (none yet)", theme.dim()));
            return lines;
        }
        let shown = self.shown;
        let room = height.saturating_sub(1) as usize;
        let (current, skip) = window(&rows, shown, room);
        for (i, row) in rows.iter().enumerate().skip(skip).take(room) {
            let marker = if Some(i) == current {
                theme.turn_marker()
            } else {
                " "
            };
            let ply_style = |ply: &Option<(usize, String)>| match ply {
                Some((index, _)) if *index + 1 == shown => theme.cursor(),
                Some((index, _)) if *index >= shown => theme.dim(),
                _ => Style::new(),
            };
            let white = row.white.as_ref().map_or("--", |(_, t)| t.as_str());
            let black = row.black.as_ref().map_or("", |(_, t)| t.as_str());
            lines.push(Line::from(vec![
                Span::styled(marker.to_owned(), theme.heading()),
                Span::raw(format!("{:>3}. ", row.number)),
                Span::styled(format!("{white:<10}"), ply_style(&row.white)),
                Span::raw(" "),
                Span::styled(black.to_owned(), ply_style(&row.black)),
            ]));
        }
        lines
    }

    /// The plies shown after clicking at (column, row) in the list drawn in `area`.
    #[must_use]
    pub fn ply_at(&self, area: Rect, column: u16, row: u16) -> Option<usize> {
        if !(area.x..area.x + area.width).contains(&column)
            || row <= area.y
            || row >= area.y + area.height
        {
            return None;
        }
        let rows = rows(self.record, self.roads, self.theme);
        let room = area.height.saturating_sub(1) as usize;
        let (_, skip) = window(&rows, self.shown, room);
        let clicked = rows.get(skip + usize::from(row - area.y - 1))?;
        let ply = if column - area.x >= BLACK_COLUMN {
            clicked.black.as_ref().or(clicked.white.as_ref())
        } else {
            clicked.white.as_ref().or(clicked.black.as_ref())
        };
        ply.map(|(index, _)| index + 1)
    }
}
