//! What the store's copy of a game says beyond the game: who sat at each side and the file the
//! game was saved in, so that a game resumed goes on as it was being played (a game played on
//! from a replay stays both sides' keyboard's, though its record names the computer; `w` saves
//! to the file it was saved in before, while that file still holds this game). Only the kept
//! copy carries these tags: resuming takes them out, so a file saved later says nothing of
//! them.

use std::path::{Path, PathBuf};

use super::played_on::{TAGS as PLAYED_ON_TAGS, read_played_on};
use super::{KeptRecord, read_any};
use crate::game::engines::EngineEntry;
use crate::game::{PlayedOn, Player};
use crate::record::Tags;
use crate::rules::{ByColor, Color};

/// The tag naming the file a kept game was saved in (an absolute path).
pub const SAVED_IN_TAG: &str = "SavedIn";

/// The tag naming the file a kept game was read from (an absolute path), for saying so in
/// the list of unfinished games and offering that file again when it is saved.
pub const CAME_FROM_TAG: &str = "CameFrom";

/// The tag saying who plays `color`'s side of a kept game: `keyboard`, `computer:N` or
/// `engine:NAME`.
#[must_use]
pub const fn seat_tag(color: Color) -> &'static str {
    match color {
        Color::White => "Player1Seat",
        Color::Black => "Player2Seat",
    }
}

/// Notes in a kept copy's `tags` who plays each side and where the game was saved, if it was.
pub fn note(tags: &mut Tags, players: Option<&ByColor<Player>>, saved_in: Option<&Path>) {
    if let Some(players) = players {
        for (color, player) in players.iter() {
            tags.set(seat_tag(color), seat(player));
        }
    }
    set_path(tags, SAVED_IN_TAG, saved_in);
}

/// Notes in a kept copy's `tags` the file the game was read from, if it was.
pub fn note_origin(tags: &mut Tags, came_from: Option<&Path>) {
    set_path(tags, CAME_FROM_TAG, came_from);
}

/// Sets the tag `name` to `path` made absolute, or removes it. Only a path a tag can hold
/// exactly: one not UTF-8, or with a line break, is not noted (resuming then asks for a file,
/// as for a game never saved).
pub(super) fn set_path(tags: &mut Tags, name: &str, path: Option<&Path>) {
    let path = path
        .and_then(|path| std::path::absolute(path).ok())
        .and_then(|path| path.to_str().map(str::to_owned))
        .filter(|path| !path.chars().any(char::is_control));
    match path {
        Some(path) => tags.set(name, path),
        None => tags.remove(name),
    }
}

/// How a seat is written.
fn seat(player: &Player) -> String {
    match player {
        Player::Person(_) => "keyboard".to_owned(),
        Player::Computer(level) => format!("computer:{}", level.get()),
        Player::Engine(entry) => format!("engine:{}", entry.name),
    }
}

/// How a resumed game was being played, as its kept copy said.
#[derive(Clone, Debug, PartialEq)]
pub struct HowPlayed {
    /// Who plays each side, as the seat tags (else the players' tags) say: a Tak game's
    /// players; in Kaen and Locke the computer's seats (an engine does not play them).
    pub players: ByColor<Player>,
    /// The file the game was saved in, when that file still holds it as saved (or is gone).
    pub saved_in: Option<PathBuf>,
    /// The file the game was read from, while it is there: saving offers it again (and asks
    /// before replacing it).
    pub came_from: Option<PathBuf>,
    /// The record a Tak game was played on from (`p` in a replay), if it was: saved, the
    /// record keeps its own main line and result.
    pub played_on: Option<PlayedOn>,
    /// What the player is told: a side's engine not configured here, a file saved in that no
    /// longer holds the game.
    pub notes: Vec<String>,
}

impl HowPlayed {
    /// Takes what `game`'s kept copy says of how it was played out of its tags. Copies kept
    /// before seats were noted name the players as the record's tags imply
    /// ([`Player::from_tags`]); engines are looked up among the `configured` ones.
    pub fn take(game: &mut KeptRecord, configured: &[EngineEntry]) -> HowPlayed {
        let mut notes = Vec::new();
        let players = ByColor::from_fn(|color| {
            let (player, missing) = seated(game.tags(), color, configured);
            notes.extend(missing);
            player
        });
        let saved_in = game.tags().get(SAVED_IN_TAG).map(PathBuf::from);
        let came_from = game
            .tags()
            .get(CAME_FROM_TAG)
            .map(PathBuf::from)
            .filter(|path| path.is_file());
        let played_on = match &*game {
            KeptRecord::Tak(record) => read_played_on(record.tags(), record.start().size())
                .unwrap_or_else(|error| {
                    notes.push(format!(
                        "the record it was played on from does not read ({error}): w saves the \
                         moves as played"
                    ));
                    None
                }),
            KeptRecord::Kaen(_) | KeptRecord::Locke(_) => None,
        };
        forget(game.tags_mut());
        let saved_in = saved_in.filter(|path| {
            // The name alone: the message line is short, and `w` shows the whole path.
            let name = path.file_name().unwrap_or(path.as_os_str()).display();
            if matches!(path.try_exists(), Ok(false)) {
                // Nothing there to overwrite: saving writes it again.
                notes.push(format!(
                    "{name}, where it was saved, is gone: w writes it again"
                ));
                return true;
            }
            // Changed since in any way that is not this game's past (another game, this one
            // further on, unreadable): never written over unasked.
            let holds = read_any(path).is_some_and(|saved| game.continues(&saved));
            if !holds {
                notes.push(format!(
                    "{name} no longer holds this game as it was saved: w asks for a file"
                ));
            }
            holds
        });
        HowPlayed {
            players,
            saved_in,
            came_from,
            played_on,
            notes,
        }
    }
}

/// Takes every tag only a kept copy carries out of `tags` (a game taken up by a match, which
/// has its own players and file).
pub fn forget(tags: &mut Tags) {
    for color in Color::ALL {
        tags.remove(seat_tag(color));
    }
    tags.remove(SAVED_IN_TAG);
    tags.remove(CAME_FROM_TAG);
    for name in PLAYED_ON_TAGS {
        tags.remove(name);
    }
}

/// Who plays `color`'s side: as its seat tag says, else as the record's tags imply.
fn seated(tags: &Tags, color: Color, configured: &[EngineEntry]) -> (Player, Option<String>) {
    let name = || tags.player(color).unwrap_or_default().to_owned();
    match tags.get(seat_tag(color)) {
        Some("keyboard") => (Player::Person(name()), None),
        Some(seat) if seat.starts_with("computer:") => match seat.parse() {
            Ok(player) => (player, None),
            Err(_) => (Player::Person(name()), None),
        },
        Some(seat) => match seat.strip_prefix("engine:") {
            Some(engine) => Player::engine_named(color, engine, tags.player(color), configured),
            None => Player::from_tags(tags, color, configured),
        },
        None => Player::from_tags(tags, color, configured),
    }
}

impl KeptRecord {
    /// The record's tags.
    #[must_use]
    pub fn tags(&self) -> &Tags {
        match self {
            KeptRecord::Tak(record) => record.tags(),
            KeptRecord::Kaen(record) => record.tags(),
            KeptRecord::Locke(record) => record.tags(),
        }
    }

    /// The record's tags, to change.
    pub fn tags_mut(&mut self) -> &mut Tags {
        match self {
            KeptRecord::Tak(record) => record.tags_mut(),
            KeptRecord::Kaen(record) => record.tags_mut(),
            KeptRecord::Locke(record) => record.tags_mut(),
        }
    }

    /// Whether this game goes on from `earlier`: the same game (begun at the same moment by
    /// the same players, from the same start with the same settings), its first moves
    /// `earlier`'s. Openings repeat: the moves alone never say it is the same game.
    #[must_use]
    pub fn continues(&self, earlier: &KeptRecord) -> bool {
        let same = |names: &[&str]| {
            names
                .iter()
                .all(|name| self.tags().get(name) == earlier.tags().get(name))
        };
        if !same(&["Date", "Time", "Player1", "Player2"]) {
            return false;
        }
        match (self, earlier) {
            (KeptRecord::Tak(now), KeptRecord::Tak(then)) => {
                now.start() == then.start()
                    && now.plies().len() >= then.plies().len()
                    && now
                        .plies()
                        .iter()
                        .zip(then.plies())
                        .all(|(a, b)| a.mv == b.mv)
            }
            (KeptRecord::Kaen(now), KeptRecord::Kaen(then)) => {
                // A file without a seed is given one when opened: only two seeds can differ.
                let seeds = match (now.tags().get("Seed"), then.tags().get("Seed")) {
                    (Some(a), Some(b)) => a == b,
                    _ => true,
                };
                seeds
                    && same(&["Chips", "Bet", "Games", "Reload", "First"])
                    && now.actions().starts_with(then.actions())
            }
            (KeptRecord::Locke(now), KeptRecord::Locke(then)) => {
                now.config() == then.config()
                    && now.first() == then.first()
                    && now.turns().len() >= then.turns().len()
                    && now
                        .turns()
                        .iter()
                        .zip(then.turns())
                        .all(|(a, b)| a.0 == b.0)
            }
            _ => false,
        }
    }
}
