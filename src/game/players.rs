//! Who plays a side: a person, taktui's computer at a level, or an external engine. Written on
//! the command line as a name, `computer[:LEVEL]`, `engine:NAME` or `engine:cmd:PROGRAM ...`.

use std::fmt;
use std::str::FromStr;

use crate::engine::{ClockLimits, Level, Limits};
use crate::game::engines::{EngineEntry, EngineSpec, UnknownEngine};
use crate::record::Tags;
use crate::rules::Color;

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
#[error("{text:?}: {problem}")]
pub struct ParsePlayerError {
    /// What was given.
    pub text: String,
    /// What is wrong with it.
    pub problem: PlayerProblem,
}

/// What is wrong with a player spec.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayerProblem {
    /// `engine:` followed by nothing a command or a name can be read from.
    #[error("name an engine, as in engine:tiltak or engine:cmd:/path/to/engine")]
    NoEngine,
    /// `engine:NAME` for an engine not configured.
    #[error(transparent)]
    UnknownEngine(#[from] UnknownEngine),
    /// `computer:N` with N not a level.
    #[error("the computer's levels are 1 to 10, as in computer:5")]
    Level,
}

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
    let bad = |problem: PlayerProblem| ParsePlayerError {
        text: text.to_owned(),
        problem,
    };
    let spec = EngineSpec::parse(rest).ok_or_else(|| bad(PlayerProblem::NoEngine))?;
    spec.resolve(configured)
        .map(Player::Engine)
        .map_err(|unknown| bad(unknown.into()))
}

impl FromStr for Player {
    type Err = ParsePlayerError;

    /// `computer` (at the default level), `computer:N` (N from 1 to 10), else a person's name.
    fn from_str(text: &str) -> Result<Player, ParsePlayerError> {
        let trimmed = text.trim();
        if trimmed.len() >= 7 && trimmed[..7].eq_ignore_ascii_case("engine:") {
            return parse_player(trimmed, &[]);
        }
        let levels = || ParsePlayerError {
            text: text.to_owned(),
            problem: PlayerProblem::Level,
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

    /// The player of `color`'s side in a record's `tags`, read back as taktui writes them,
    /// so that a game kept unfinished goes on with the same players: the engine its
    /// `Player1Engine` / `Player2Engine` tag names when it is one of the `configured` engines,
    /// the computer at level N for the name `Computer (level N)`, else a person (with no name
    /// when there is no tag). The second value says why an engine the record names cannot
    /// play here (it is not configured): a person plays its side.
    ///
    /// ```
    /// use taktui::engine::Level;
    /// use taktui::game::Player;
    /// use taktui::record::Tags;
    /// use taktui::rules::Color;
    ///
    /// let mut tags = Tags::default();
    /// let computer = Player::Computer(Level::new(3).unwrap());
    /// tags.set_player(Color::White, computer.tag_name().unwrap());
    /// tags.set_player(Color::Black, "tiltak".into());
    /// assert_eq!(Player::from_tags(&tags, Color::White, &[]), (computer, None));
    /// // A name alone is a person's, whatever engines are configured.
    /// assert_eq!(
    ///     Player::from_tags(&tags, Color::Black, &[]),
    ///     (Player::Person("tiltak".into()), None)
    /// );
    /// tags.set_engine(Color::Black, Some("tiltak".into()));
    /// let (player, missing) = Player::from_tags(&tags, Color::Black, &[]);
    /// assert_eq!(player, Player::Person("tiltak".into()));
    /// assert!(missing.unwrap().starts_with("the engine tiltak is not configured here"));
    /// ```
    #[must_use]
    pub fn from_tags(
        tags: &Tags,
        color: Color,
        configured: &[EngineEntry],
    ) -> (Player, Option<String>) {
        let name = tags.player(color);
        if let Some(engine) = tags.engine(color) {
            return Player::engine_named(color, engine, name, configured);
        }
        let Some(name) = name else {
            return (Player::Person(String::new()), None);
        };
        let level = name
            .strip_prefix("Computer (level ")
            .and_then(|rest| rest.strip_suffix(')'))
            .and_then(|n| n.parse().ok())
            .and_then(Level::new);
        match level {
            Some(level) => (Player::Computer(level), None),
            None => (Player::Person(name.to_owned()), None),
        }
    }

    /// The `configured` engine called `engine`, to play `color`; when there is none, a person
    /// (called `name`, else as the engine) plays its side, and the second value says so.
    #[must_use]
    pub fn engine_named(
        color: Color,
        engine: &str,
        name: Option<&str>,
        configured: &[EngineEntry],
    ) -> (Player, Option<String>) {
        match configured.iter().find(|entry| entry.name == engine) {
            Some(entry) => (Player::Engine(entry.clone()), None),
            None => (
                Player::Person(name.unwrap_or(engine).to_owned()),
                Some(format!(
                    "the engine {engine} is not configured here (engines.toml): you play \
                     {color} in its place"
                )),
            ),
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
    fn a_side_is_an_engine_only_when_its_tag_names_a_configured_one() {
        let tt = EngineEntry {
            name: "tt".to_owned(),
            command: crate::tei::EngineCommand {
                program: "tt".into(),
                args: Vec::new(),
                dir: None,
            },
            options: Vec::new(),
            transcript: false,
        };
        let configured = std::slice::from_ref(&tt);
        let mut tags = Tags::default();
        tags.set_player(Color::Black, "tt".to_owned());
        // A person who happens to be named like the engine.
        assert_eq!(
            Player::from_tags(&tags, Color::Black, configured),
            (Player::Person("tt".to_owned()), None)
        );
        tags.set_engine(Color::Black, Some("tt".to_owned()));
        assert_eq!(
            Player::from_tags(&tags, Color::Black, configured),
            (Player::Engine(tt.clone()), None)
        );
        assert_eq!(
            Player::from_tags(&tags, Color::White, configured),
            (Player::Person(String::new()), None)
        );
        tags.set_engine(Color::Black, None);
        assert_eq!(tags.engine(Color::Black), None);
    }

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
