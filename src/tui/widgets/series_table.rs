//! The table of a series beside Kaen's diamond and Locke's board: a heading with the two
//! players' names, a line (or more) a game, the last few only when there are many, then the
//! total. The names are fitted to the panel's width without being cut into (`Computer 8`
//! rather than `Computer (le`); each screen says what its cells and notes are.

use ratatui::text::{Line, Span};

use super::names;
use crate::tui::theme::Theme;

/// One line of the table.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Row {
    /// The first column: the game's number, `total`, or nothing under a game.
    pub label: String,
    /// The two players' cells, Player 1's (White's) first.
    pub cells: [String; 2],
    /// What follows the cells: how the game ended, what the total counts.
    pub note: String,
    /// Drawn dim (a line that adds to the game above it).
    pub dim: bool,
}

/// A series' table, as a screen fills it in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeriesTable {
    /// The players' names, Player 1's (White's) first.
    pub names: [String; 2],
    /// The games finished, each one or more rows.
    pub games: Vec<Vec<Row>>,
    /// The last row: each player's total.
    pub total: Row,
    /// Said after how many games are left out, when some are (what keeps them all).
    pub left_out: &'static str,
    /// Whether a game's note too long for its line wraps onto the next (else it is left
    /// out); the total's note is left out when it does not fit.
    pub notes_wrap: bool,
    /// Whether the table is drawn before any game is over (its total worth seeing then).
    pub from_the_start: bool,
}

/// The first column's width.
const LABEL: usize = 6;

/// The widest a name's column grows.
const NAME: usize = 12;

/// The narrowest a name's column is (before the space that parts it from the last).
const NARROWEST: usize = 6;

impl SeriesTable {
    /// The table's lines for a panel `width` columns wide, listing at most `shown` games
    /// (the last ones); nothing before the first game is over, unless `from_the_start`.
    #[must_use]
    pub fn lines(&self, theme: Theme, width: u16, shown: usize) -> Vec<Line<'static>> {
        if self.games.is_empty() && !self.from_the_start {
            return Vec::new();
        }
        let width = usize::from(width);
        // Each name in a column of its own, both columns and the label within the width.
        let room = (width.saturating_sub(LABEL) / 2)
            .saturating_sub(1)
            .clamp(4, NAME);
        let names = self
            .names
            .each_ref()
            .map(|name| names::fitted(name, room, theme.ascii));
        let column = names
            .iter()
            .map(|name| name.chars().count())
            .max()
            .unwrap_or(0)
            .max(NARROWEST)
            + 1;
        let cells = |row: &Row| {
            format!(
                "{:<LABEL$}{:>column$}{:>column$}",
                row.label, row.cells[0], row.cells[1]
            )
        };
        let mut lines = vec![Line::from(Span::styled(
            format!(
                "{:<LABEL$}{:>column$}{:>column$}",
                "game", names[0], names[1]
            ),
            theme.heading(),
        ))];
        let skipped = self.games.len().saturating_sub(shown);
        if skipped > 0 {
            let mut said = format!(
                "  ... {} before",
                crate::words::count(skipped, "game", "games")
            );
            if !self.left_out.is_empty() {
                said = format!("{said} ({})", self.left_out);
            }
            lines.push(Line::styled(said, theme.dim()));
        }
        for row in self.games.iter().skip(skipped).flatten() {
            let mut text = cells(row);
            let fits = text.chars().count() + 2 + row.note.chars().count() <= width;
            if !row.note.is_empty() && (fits || self.notes_wrap) {
                text = format!("{text}  {}", row.note);
            }
            lines.push(if row.dim {
                Line::styled(text, theme.dim())
            } else {
                Line::from(text)
            });
        }
        let total = cells(&self.total);
        let mut spans = vec![Span::raw(total.clone())];
        let note = format!("  {}", self.total.note);
        if !self.total.note.is_empty() && total.chars().count() + note.chars().count() <= width {
            spans.push(Span::styled(note, theme.dim()));
        }
        lines.push(Line::from(spans));
        lines
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(lines: &[Line<'_>]) -> Vec<String> {
        lines
            .iter()
            .map(|line| line.spans.iter().map(|s| s.content.as_ref()).collect())
            .collect()
    }

    fn table(games: usize) -> SeriesTable {
        SeriesTable {
            names: ["Computer (level 8)".to_owned(), "Ann".to_owned()],
            games: (1..=games)
                .map(|n| {
                    vec![Row {
                        label: n.to_string(),
                        cells: ["1".to_owned(), "0".to_owned()],
                        note: "middle row".to_owned(),
                        dim: false,
                    }]
                })
                .collect(),
            total: Row {
                label: "total".to_owned(),
                cells: [games.to_string(), "0".to_owned()],
                note: "points".to_owned(),
                dim: false,
            },
            left_out: "",
            notes_wrap: false,
            from_the_start: false,
        }
    }

    #[test]
    fn names_are_shortened_to_fit_and_never_cut_inside() {
        let theme = Theme::plain(false);
        let wide = text(&table(1).lines(theme, 60, 4));
        assert!(wide[0].contains("Computer 8"), "{wide:?}");
        let narrow = text(&table(1).lines(theme, 24, 4));
        assert!(narrow[0].contains("Comp. 8"), "{narrow:?}");
        for line in wide.iter().chain(&narrow) {
            assert!(!line.contains("Computer (l"), "{line}");
        }
        assert!(narrow.iter().all(|l| l.chars().count() <= 24), "{narrow:?}");
    }

    #[test]
    fn only_the_last_games_are_listed_and_the_rest_counted() {
        let lines = text(&table(6).lines(Theme::plain(false), 60, 4));
        assert!(lines[1].contains("2 games before"), "{lines:?}");
        assert!(lines[2].starts_with('3'), "{lines:?}");
        assert!(lines.last().unwrap().starts_with("total"), "{lines:?}");
        assert_eq!(lines.len(), 1 + 1 + 4 + 1);
        assert!(table(0).lines(Theme::plain(false), 60, 4).is_empty());
        let from_the_start = SeriesTable {
            from_the_start: true,
            ..table(0)
        };
        assert_eq!(from_the_start.lines(Theme::plain(false), 60, 4).len(), 2);
    }

    #[test]
    fn a_note_with_no_room_is_left_out_unless_it_may_wrap() {
        let theme = Theme::plain(false);
        let tight = text(&table(1).lines(theme, 30, 4));
        assert!(!tight[1].contains("middle row"), "{tight:?}");
        assert!(!tight[2].contains("points"), "{tight:?}");
        let wrapping = SeriesTable {
            notes_wrap: true,
            ..table(1)
        };
        assert!(text(&wrapping.lines(theme, 30, 4))[1].contains("middle row"));
        let roomy = text(&table(1).lines(theme, 60, 4));
        assert!(roomy[1].ends_with("middle row") && roomy[2].ends_with("points"));
    }
}
