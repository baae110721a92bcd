//! The series played at one Locke screen, drawn beside the board: each finished game's
//! result, kept across `n` and in the record's `Series` tag (`game::locke`), as Kaen's
//! series is kept in its record.

use ratatui::text::Line;

use super::LockeScreen;
use crate::game::locke::{points, totals};
use crate::locke::{EndReason, Player};
use crate::tui::theme::Theme;
use crate::tui::widgets::series_table::{Row, SeriesTable};

/// The most games the table lists (the last ones).
const ROWS: usize = 4;

impl LockeScreen {
    /// The games of the series finished so far, the first first.
    #[must_use]
    pub fn series(&self) -> &[crate::game::locke::Finished] {
        &self.series
    }

    /// The series table: a line a game (the last few), then each player's points; nothing
    /// before the first game is over. How a game ended is left out where it would not fit a
    /// panel `width` columns wide.
    pub(super) fn series_lines(&self, theme: Theme, width: u16) -> Vec<Line<'static>> {
        let finished = &self.series;
        let games = finished
            .iter()
            .enumerate()
            .map(|(i, game)| {
                // A word, so that the line fits the panel at the least size.
                let why = match game.ending.reason {
                    EndReason::Centerline => "middle row",
                    EndReason::Starvation => "starved",
                    EndReason::NoMove => "no move",
                    EndReason::Repetition => "repeated",
                };
                vec![Row {
                    label: (i + 1).to_string(),
                    cells: Player::ALL.map(|p| points(game.halves(p))),
                    note: why.to_owned(),
                    dim: false,
                }]
            })
            .collect();
        SeriesTable {
            names: Player::ALL.map(|p| self.short_name(p)),
            games,
            total: Row {
                label: "total".to_owned(),
                cells: totals(finished),
                ..Row::default()
            },
            left_out: "",
            notes_wrap: false,
            from_the_start: false,
        }
        .lines(theme, width, ROWS)
    }

    /// `player`'s name as the table heads its column: the record's name, else the side.
    fn short_name(&self, player: Player) -> String {
        let tag = if player == Player::White {
            "Player1"
        } else {
            "Player2"
        };
        self.session
            .record()
            .tags()
            .get(tag)
            .filter(|n| !n.trim().is_empty())
            .map_or_else(|| player.to_string(), str::to_owned)
    }
}
