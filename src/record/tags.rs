//! PTN tags: every one kept, in order, unknown ones too.

use super::Stamp;
use crate::rules::{Color, GameConfig, Reserves};

/// The tags written first, in this conventional order; the rest follow in the order read.
const TAG_ORDER: [&str; 13] = [
    "Site", "Event", "Date", "Time", "Player1", "Player2", "Clock", "Result", "Size", "Komi",
    "Flats", "Caps", "TPS",
];

/// Where a tag goes in canonical order: its place in [`TAG_ORDER`], others after them all.
fn rank(name: &str) -> usize {
    TAG_ORDER
        .iter()
        .position(|t| t.eq_ignore_ascii_case(name))
        .unwrap_or(TAG_ORDER.len())
}

/// The tag naming `color`'s player: `Player1` for White (who moves first), `Player2` for Black.
#[must_use]
pub const fn player_tag(color: Color) -> &'static str {
    match color {
        Color::White => "Player1",
        Color::Black => "Player2",
    }
}

/// The tag naming the external engine that plays `color`'s side, as taktui writes it (its
/// name in engines.toml): `Player1Engine`, `Player2Engine`. A game resumed from the store goes
/// on with that engine; a name alone never makes a side an engine.
#[must_use]
pub const fn engine_tag(color: Color) -> &'static str {
    match color {
        Color::White => "Player1Engine",
        Color::Black => "Player2Engine",
    }
}

/// How many places in canonical order there are: one per conventional tag, one for the rest.
const RANKS: usize = TAG_ORDER.len() + 1;

/// A game's tags (`[Name "value"]`), kept in canonical order: the conventional ones first
/// (`Site`, `Event`, `Date`, `Time`, `Player1`, `Player2`, `Clock`, `Result`, `Size`, `Komi`,
/// `Flats`, `Caps`, `TPS`), then the others in the order they were added. A written file has
/// them in that order, so reading it back gives the same tags. Names match case-insensitively
/// and keep their spelling.
///
/// Each place in that order has its own list, so adding a tag takes constant time however many
/// there are (a hostile file may hold hundreds of thousands).
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Tags([Vec<(String, String)>; RANKS]);

impl Tags {
    /// The tags a new game with `config` needs: `Size`, and `Komi`, `Flats` and `Caps` where
    /// they differ from the standard game.
    #[must_use]
    pub fn for_config(config: &GameConfig) -> Tags {
        let mut tags = Tags::default();
        let size = config.size();
        tags.set("Size", size.get().to_string());
        if config.komi().halves() != 0 {
            tags.set("Komi", config.komi().to_string());
        }
        let standard = Reserves::standard(size);
        let white = config.pieces(crate::rules::Color::White);
        let black = config.pieces(crate::rules::Color::Black);
        if white == black {
            if white.stones != standard.stones {
                tags.set("Flats", white.stones.to_string());
            }
            if white.caps != standard.caps {
                tags.set("Caps", white.caps.to_string());
            }
        } else {
            tags.set("Flats1", white.stones.to_string());
            tags.set("Caps1", white.caps.to_string());
            tags.set("Flats2", black.stones.to_string());
            tags.set("Caps2", black.caps.to_string());
        }
        tags
    }

    /// The value of the tag `name`, if present (the first, if repeated).
    #[must_use]
    pub fn get(&self, name: &str) -> Option<&str> {
        self.0[rank(name)]
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// Every value of the tag `name`, in the order given (a file may repeat a tag).
    pub fn values<'a>(&'a self, name: &str) -> impl Iterator<Item = &'a str> {
        self.0[rank(name)]
            .iter()
            .filter(move |(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// Sets the tag `name`, in place if present, else at the end.
    pub fn set(&mut self, name: &str, value: String) {
        match self.0[rank(name)]
            .iter_mut()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
        {
            Some((_, v)) => *v = value,
            None => self.push(name.to_owned(), value),
        }
    }

    /// Adds a tag, even if its name is already present: after the tags that come before it in
    /// canonical order and after earlier tags of its own rank.
    pub fn push(&mut self, name: String, value: String) {
        self.0[rank(&name)].push((name, value));
    }

    /// Removes the tag `name`.
    pub fn remove(&mut self, name: &str) {
        self.0[rank(name)].retain(|(n, _)| !n.eq_ignore_ascii_case(name));
    }

    /// The name of `color`'s player (the `Player1` tag for White, `Player2` for Black), when
    /// one is given.
    #[must_use]
    pub fn player(&self, color: Color) -> Option<&str> {
        self.get(player_tag(color))
            .filter(|name| !name.trim().is_empty())
    }

    /// The `Date` tag in PTN's own form, `2016.06.15`, however the file wrote it (`2016-06-15`
    /// and `2016/06/15` are common): lists of games show one form. Another text comes as written.
    #[must_use]
    pub fn date(&self) -> Option<String> {
        let date = self.get("Date")?.trim();
        if date.is_empty() {
            return None;
        }
        let parts: Vec<&str> = date.split(['-', '/', '.']).collect();
        let digits =
            |part: &str, len: usize| part.len() == len && part.bytes().all(|b| b.is_ascii_digit());
        Some(match parts[..] {
            [year, month, day] if digits(year, 4) && digits(month, 2) && digits(day, 2) => {
                format!("{year}.{month}.{day}")
            }
            _ => date.to_owned(),
        })
    }

    /// Names `color`'s player.
    pub fn set_player(&mut self, color: Color, name: String) {
        self.set(player_tag(color), name);
    }

    /// The external engine that plays `color`'s side ([`engine_tag`]), when one does.
    #[must_use]
    pub fn engine(&self, color: Color) -> Option<&str> {
        self.get(engine_tag(color))
            .filter(|name| !name.trim().is_empty())
    }

    /// Says which external engine plays `color`'s side, or (`None`) that none does.
    pub fn set_engine(&mut self, color: Color, engine: Option<String>) {
        match engine {
            Some(name) => self.set(engine_tag(color), name),
            None => self.remove(engine_tag(color)),
        }
    }

    /// Sets the `Date` and `Time` tags to `stamp`.
    pub fn set_stamp(&mut self, stamp: Stamp) {
        self.set("Date", stamp.date());
        self.set("Time", stamp.time());
    }

    /// Every tag, in order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.0
            .iter()
            .flatten()
            .map(|(n, v)| (n.as_str(), v.as_str()))
    }

    /// How many tags there are.
    #[must_use]
    pub fn len(&self) -> usize {
        self.0.iter().map(Vec::len).sum()
    }

    /// Whether there are none.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(Vec::is_empty)
    }
}

#[cfg(test)]
mod date_tests {
    use super::*;

    fn date(value: &str) -> Option<String> {
        let mut tags = Tags::default();
        tags.set("Date", value.to_owned());
        tags.date()
    }

    #[test]
    fn a_date_is_shown_in_ptn_form_whichever_separator_the_file_used() {
        for value in ["2016.06.15", "2016-06-15", "2016/06/15", " 2016-06-15 "] {
            assert_eq!(date(value).as_deref(), Some("2016.06.15"), "{value}");
        }
    }

    #[test]
    fn a_date_of_another_shape_comes_as_written_and_a_blank_one_not_at_all() {
        assert_eq!(date("June 2016").as_deref(), Some("June 2016"));
        assert_eq!(date("2016-6-15").as_deref(), Some("2016-6-15"));
        assert_eq!(date("  "), None);
        assert_eq!(Tags::default().date(), None);
    }
}
