//! How the lobby's lists are shown: which seeks and games pass a filter (size, time control,
//! rated), and in what order.

use std::cmp::Ordering;
use std::ops::RangeInclusive;
use std::time::Duration;

use crate::online::protocol::{GameSettings, GameSummary, Seek};
use crate::rules::BoardSize;

/// Which seeks or games a list shows; `None` fields let everything through.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct ListFilter {
    /// Only this board size.
    pub size: Option<BoardSize>,
    /// Only a starting time in this range.
    pub time: Option<RangeInclusive<Duration>>,
    /// Only rated games (`Some(true)`) or only unrated ones (`Some(false)`).
    pub rated: Option<bool>,
}

impl ListFilter {
    /// Whether a game with these settings passes.
    #[must_use]
    pub fn admits(&self, settings: &GameSettings) -> bool {
        self.size.is_none_or(|size| size == settings.size)
            && self
                .time
                .as_ref()
                .is_none_or(|range| range.contains(&settings.time))
            && self.rated.is_none_or(|rated| rated == settings.rated)
    }
}

/// What a list is sorted by.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum SortKey {
    /// The server's number: the order things were posted.
    #[default]
    Number,
    /// The seeker's name (for games, White's), ignoring case.
    Name,
    /// Board size.
    Size,
    /// Time control: starting time, then increment.
    Time,
    /// Rated first.
    Rated,
}

/// A sort: a key and a direction (ties go by number, oldest first).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct ListOrder {
    /// What to compare.
    pub key: SortKey,
    /// Largest (latest, longest, rated) first.
    pub descending: bool,
}

impl ListOrder {
    /// Compares two entries by their name and settings.
    fn compare(self, a: (&str, &GameSettings), b: (&str, &GameSettings)) -> Ordering {
        let (a_name, a) = a;
        let (b_name, b) = b;
        let ordering = match self.key {
            SortKey::Number => Ordering::Equal,
            SortKey::Name => a_name
                .to_lowercase()
                .cmp(&b_name.to_lowercase())
                .then_with(|| a_name.cmp(b_name)),
            SortKey::Size => a.size.cmp(&b.size),
            SortKey::Time => (a.time, a.increment).cmp(&(b.time, b.increment)),
            SortKey::Rated => a.rated.cmp(&b.rated),
        };
        if self.descending {
            ordering.reverse()
        } else {
            ordering
        }
    }

    /// Sorts seeks (given in number order) by this order.
    pub fn sort_seeks(self, seeks: &mut [&Seek]) {
        seeks.sort_by(|a, b| {
            let by_key = self.compare((&a.player, &a.settings), (&b.player, &b.settings));
            by_key.then_with(|| self.by_number(a.id.0, b.id.0))
        });
    }

    /// Sorts games (given in number order) by this order.
    pub fn sort_games(self, games: &mut [&GameSummary]) {
        games.sort_by(|a, b| {
            let by_key = self.compare((&a.white, &a.settings), (&b.white, &b.settings));
            by_key.then_with(|| self.by_number(a.game.0, b.game.0))
        });
    }

    /// By number: the key itself when sorting by number, otherwise oldest first.
    fn by_number(self, a: u32, b: u32) -> Ordering {
        if self.key == SortKey::Number && self.descending {
            b.cmp(&a)
        } else {
            a.cmp(&b)
        }
    }
}
