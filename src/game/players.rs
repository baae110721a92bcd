//! Who plays a side: a person, taktui's computer at a level, or an external engine. Written on
//! the command line as a name, `computer[:LEVEL]`, `engine:NAME` or `engine:cmd:PROGRAM ...`.

use std::fmt;
use std::str::FromStr;

use crate::engine::{ClockLimits, Level, Limits};
use crate::game::engines::{EngineEntry, EngineSpec};

/// The level the computer plays at when none is given.
pub const DEFAULT_LEVEL: u8 = 5;

/// Who plays one side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Player {
    /// A person at the keyboard, by name (empty: no name given).
    Person(String),
    /// taktui's engine at this level.
    Computer(Level),
    /// An external engine over TEI.
    Engine(EngineEntry),
}

/// A player spec that does not read: what was given, and what is wrong with it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0:?}: {1}")]
pub struct ParsePlayerError(pub String, pub String);

/// Reads a side: `computer[:LEVEL]`, `engine:NAME` (one of `configured`),
/// `engine:cmd:PROGRAM ARGS...`, else a person's name.
pub fn parse_player(text: &str, configured: &[EngineEntry]) -> Result<Player, ParsePlayerError> {
    let trimmed = text.trim();
    let Some(rest) = trimmed
        .get(..7)
        .filter(|head| head.eq_ignore_ascii_case("engine:"))
        .map(|_| &trimmed[7..])
    else {
        return trimmed.parse();
    };
    let bad = |why: String| ParsePlayerError(text.to_owned(), why);
    let spec = EngineSpec::parse(rest).ok_or_else(|| {
        bad("name an engine, as in engine:tiltak or engine:cmd:/path/to/engine".into())
    })?;
    spec.resolve(configured).map(Player::Engine).map_err(bad)
}

impl FromStr for Player {
    type Err = ParsePlayerError;

    /// `computer` (at the default level), `computer:N` (N from 1 to 10), else a person's name.
    fn from_str(text: &str) -> Result<Player, ParsePlayerError> {
        let trimmed = text.trim();
        if trimmed.len() >= 7 && trimmed[..7].eq_ignore_ascii_case("engine:") {
            return parse_player(trimmed, &[]);
        }
        let levels = || {
            ParsePlayerError(
                text.to_owned(),
                "the computer's levels are 1 to 10, as in computer:5".to_owned(),
            )
        };
        let Some(rest) = trimmed
            .get(..8)
            .filter(|head| head.eq_ignore_ascii_case("computer"))
            .map(|_| &trimmed[8..])
        else {
            return Ok(Player::Person(trimmed.to_owned()));
        };
        let level = match rest.strip_prefix(':') {
            None if rest.is_empty() => DEFAULT_LEVEL,
            Some(n) => n.trim().parse::<u8>().map_err(|_| levels())?,
            None => return Ok(Player::Person(trimmed.to_owned())),
        };
        Level::new(level).map(Player::Computer).ok_or_else(levels)
    }
}

impl Player {
    /// The name written in the record's tags: the person's (if given), or the computer's with
    /// its level.
    #[must_use]
    pub fn tag_name(&self) -> Option<String> {
        match self {
            Player::Person(name) if name.is_empty() => None,
            Player::Person(name) => Some(name.clone()),
            Player::Computer(level) => Some(format!("Computer (level {})", level.get())),
            Player::Engine(entry) => Some(entry.name.clone()),
        }
    }

    /// The player a record's tag names, read back as [`Player::tag_name`] writes it, so that
    /// a game kept unfinished goes on with the same players: `Computer (level N)` is the
    /// computer at that level, a name of one of the `configured` engines is that engine,
    /// anything else a person (with no name when there is no tag). Names alone cannot tell
    /// everything: a person named like the computer or a configured engine comes back as it,
    /// and an engine started by its command (`engine:cmd:...`) comes back as a person.
    ///
    /// ```
    /// use taktui::engine::Level;
    /// use taktui::game::Player;
    ///
    /// let computer = Player::Computer(Level::new(3).unwrap());
    /// let tag = computer.tag_name();
    /// assert_eq!(Player::from_tag(tag.as_deref(), &[]), computer);
    /// assert_eq!(Player::from_tag(Some("Ann"), &[]), Player::Person("Ann".into()));
    /// assert_eq!(Player::from_tag(None, &[]), Player::Person(String::new()));
    /// ```
    #[must_use]
    pub fn from_tag(name: Option<&str>, configured: &[EngineEntry]) -> Player {
        let Some(name) = name else {
            return Player::Person(String::new());
        };
        let level = name
            .strip_prefix("Computer (level ")
            .and_then(|rest| rest.strip_suffix(')'))
            .and_then(|n| n.parse().ok())
            .and_then(Level::new);
        if let Some(level) = level {
            return Player::Computer(level);
        }
        match configured.iter().find(|entry| entry.name == name) {
            Some(entry) => Player::Engine(entry.clone()),
            None => Player::Person(name.to_owned()),
        }
    }

    /// Whether a program plays this side (taktui's engine or another).
    #[must_use]
    pub const fn is_program(&self) -> bool {
        !matches!(self, Player::Person(_))
    }

    /// How long this program thinks about a move: the computer by its level, an engine by the
    /// game's `clock` (or its own default time a move without one). `seed` varies the weak
    /// levels' play.
    #[must_use]
    pub fn limits(&self, clock: Option<ClockLimits>, seed: u64) -> Limits {
        match self {
            Player::Computer(level) => level.limits(clock, seed),
            Player::Person(_) | Player::Engine(_) => Limits {
                clock,
                seed,
                ..Limits::default()
            },
        }
    }

    /// The computer's level, if the computer plays this side.
    #[must_use]
    pub const fn level(&self) -> Option<Level> {
        match self {
            Player::Computer(level) => Some(*level),
            Player::Person(_) | Player::Engine(_) => None,
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Player::Person(name) if name.is_empty() => f.write_str("a person"),
            Player::Person(name) => f.write_str(name),
            Player::Computer(level) => write!(f, "the computer, level {level}"),
            Player::Engine(entry) => write!(f, "the engine {}", entry.name),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn players_read_as_names_or_the_computer_at_a_level() {
        assert_eq!("Ann".parse(), Ok(Player::Person("Ann".to_owned())));
        assert_eq!(
            "computer".parse(),
            Ok(Player::Computer(Level::new(DEFAULT_LEVEL).unwrap()))
        );
        assert_eq!(
            "computer:3".parse(),
            Ok(Player::Computer(Level::new(3).unwrap()))
        );
        assert_eq!(
            "Computer:10".parse::<Player>().unwrap().level(),
            Level::new(10)
        );
        assert!("computer:11".parse::<Player>().is_err());
        assert!("computer:x".parse::<Player>().is_err());
        assert_eq!(
            "computers".parse(),
            Ok(Player::Person("computers".to_owned()))
        );
        assert_eq!(
            "computer:2"
                .parse::<Player>()
                .unwrap()
                .tag_name()
                .as_deref(),
            Some("Computer (level 2)")
        );
    }
}
