//! The series played at one Locke screen: each finished game's starter and result,
//! kept across `n` as Kaen's series table is, and drawn beside the board.

use ratatui::text::Line;

use super::LockeScreen;
use crate::locke::{EndReason, Ending, Player};
use crate::tui::theme::Theme;
use crate::tui::widgets::series_table::{Row, SeriesTable};

/// A game of the series, finished.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Finished {
    /// Who started it.
    pub first: Player,
    /// How it ended.
    pub ending: Ending,
}

impl Finished {
    /// `player`'s points for it, in halves: 2 a win, 1 a draw, 0 a loss.
    #[must_use]
    pub fn halves(self, player: Player) -> u32 {
        match self.ending.winner {
            Some(winner) if winner == player => 2,
            Some(_) => 0,
            None => 1,
        }
    }
}

/// The most games the table lists (the last ones).
const ROWS: usize = 4;

/// Points written from halves: `1`, `0.5`, `2.5` (ASCII, for every terminal).
fn points(halves: u32) -> String {
    if halves.is_multiple_of(2) {
        (halves / 2).to_string()
    } else {
        format!("{}.5", halves / 2)
    }
}

impl LockeScreen {
    /// The games of the series finished so far, this screen's first first.
    #[must_use]
    pub fn series(&self) -> &[Finished] {
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
        let total = |p| points(finished.iter().map(|g| g.halves(p)).sum());
        SeriesTable {
            names: Player::ALL.map(|p| self.short_name(p)),
            games,
            total: Row {
                label: "total".to_owned(),
                cells: Player::ALL.map(total),
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
