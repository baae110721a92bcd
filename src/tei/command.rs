//! TEI commands from the controlling program, read from one line each.
//!
//! Reading is lenient as the protocol asks: unknown words in `go` are skipped, names are
//! case-insensitive, and a line that cannot be understood becomes [`Command::Unknown`] (or
//! [`Command::BadPosition`], [`Command::BadGo`]) with a reason, never an error that ends the
//! session. A known word with a value that cannot be read is such a line, not a word to
//! skip: `go depth -1` searching without end would hang the controller that sent it.

use std::time::Duration;

use crate::notation::clip;
use crate::rules::Komi;

/// One command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `tei`: identify and list the options.
    Tei,
    /// `isready`: answer `readyok`.
    IsReady,
    /// `setoption name N [value V]`.
    SetOption {
        /// The option's name, lowercased.
        name: String,
        /// Its value, if given.
        value: Option<String>,
    },
    /// `teinewgame N` or `teinewgame size N [halfkomi K]`: a new game.
    NewGame {
        /// The board size, if given.
        size: Option<u8>,
        /// The komi, if given.
        komi: Option<Komi>,
    },
    /// `position startpos|tps TPS [moves ...]`.
    Position {
        /// The TPS text (three fields), or `None` for the start position.
        tps: Option<String>,
        /// The moves to play from there, as PTN.
        moves: Vec<String>,
    },
    /// `go ...`.
    Go(Go),
    /// A `position` that cannot be read: the position is forgotten, as after a bad move.
    BadPosition(String),
    /// A `go` with a limit that cannot be read: answered at once, without a search.
    BadGo(String),
    /// A `teinewgame` that cannot be read: no game is played until one that can.
    BadNewGame(String),
    /// `stop`.
    Stop,
    /// `quit`.
    Quit,
    /// An empty line.
    Nothing,
    /// Anything else, with what was wrong.
    Unknown(String),
}

/// The parameters of `go`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Go {
    /// White's time left.
    pub wtime: Option<Duration>,
    /// Black's time left.
    pub btime: Option<Duration>,
    /// White's increment.
    pub winc: Option<Duration>,
    /// Black's increment.
    pub binc: Option<Duration>,
    /// Moves to the next time control (shares the clock over them).
    pub movestogo: Option<u32>,
    /// Plies to search.
    pub depth: Option<u32>,
    /// Nodes to search.
    pub nodes: Option<u64>,
    /// Time for this move.
    pub movetime: Option<Duration>,
    /// Search until `stop`, whatever else is given.
    pub infinite: bool,
}

impl Command {
    /// Reads one line.
    #[must_use]
    pub fn parse(line: &str) -> Command {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&first, rest)) = words.split_first() else {
            return Command::Nothing;
        };
        match first {
            "tei" => Command::Tei,
            "isready" => Command::IsReady,
            "stop" => Command::Stop,
            "quit" => Command::Quit,
            "setoption" => set_option(rest),
            "teinewgame" => new_game(rest),
            "position" => position(rest),
            "go" => go(rest),
            other => Command::Unknown(format!("unknown command {:?}", clip(other))),
        }
    }

    /// A line that cannot be read at all (cut for its length, not UTF-8: `why`), as the
    /// command its start names would be refused: a `position` forgets the position, a `go` is
    /// answered at once, a `teinewgame` leaves no game; anything else is unknown.
    #[must_use]
    pub fn unreadable(start: &[u8], why: String) -> Command {
        let first = start.split(u8::is_ascii_whitespace).find(|w| !w.is_empty());
        match first {
            Some(b"position") => Command::BadPosition(why),
            Some(b"go") => Command::BadGo(why),
            Some(b"teinewgame") => Command::BadNewGame(why),
            _ => Command::Unknown(why),
        }
    }
}

fn set_option(words: &[&str]) -> Command {
    // `name` and `value` split the line; both parts may contain spaces.
    let mut name = Vec::new();
    let mut value: Option<Vec<&str>> = None;
    let mut in_name = false;
    for &word in words {
        match word.to_ascii_lowercase().as_str() {
            "name" if value.is_none() => in_name = true,
            "value" if value.is_none() => {
                in_name = false;
                value = Some(Vec::new());
            }
            _ => match &mut value {
                Some(value) => value.push(word),
                None if in_name => name.push(word),
                None => {}
            },
        }
    }
    if name.is_empty() {
        return Command::Unknown("setoption without a name".to_owned());
    }
    Command::SetOption {
        name: name.join(" ").to_ascii_lowercase(),
        value: value.map(|v| v.join(" ")),
    }
}

fn new_game(words: &[&str]) -> Command {
    let mut size = None;
    let mut komi = None;
    let mut i = 0;
    while i < words.len() {
        let next = words.get(i + 1).copied();
        let bad = |what: &str| {
            Command::BadNewGame(format!(
                "teinewgame: {what} needs a value, not {:?}",
                clip(next.unwrap_or_default())
            ))
        };
        match words[i] {
            "size" => {
                let Some(n) = next.and_then(|n| n.parse().ok()) else {
                    return bad("size");
                };
                size = Some(n);
                i += 1;
            }
            "halfkomi" => {
                let Some(k) = next.and_then(|k| k.parse::<i16>().ok()) else {
                    return bad("halfkomi");
                };
                match Komi::from_halves(k) {
                    Ok(k) => komi = Some(k),
                    Err(error) => return Command::BadNewGame(format!("teinewgame: {error}")),
                }
                i += 1;
            }
            "komi" => {
                let Some(k) = next.and_then(|k| k.parse().ok()) else {
                    return bad("komi");
                };
                komi = Some(k);
                i += 1;
            }
            word => match word.parse() {
                Ok(n) => size = Some(n),
                Err(_) => {
                    return Command::BadNewGame(format!(
                        "teinewgame: {:?} is not a board size (teinewgame 6, or teinewgame \
                         size 6 halfkomi 4)",
                        clip(word)
                    ));
                }
            },
        }
        i += 1;
    }
    Command::NewGame { size, komi }
}

fn position(words: &[&str]) -> Command {
    let (tps, rest) = match words.split_first() {
        Some((&"startpos", rest)) => (None, rest),
        Some((&"tps", rest)) if rest.len() >= 3 => (Some(rest[..3].join(" ")), &rest[3..]),
        _ => return Command::BadPosition("position needs startpos or tps TPS".to_owned()),
    };
    let moves = match rest.split_first() {
        Some((&"moves", moves)) => moves.iter().map(|&m| m.to_owned()).collect(),
        None => Vec::new(),
        Some((other, _)) => {
            return Command::BadPosition(format!(
                "position: {:?} after the position, where only moves ... may follow",
                clip(other)
            ));
        }
    };
    Command::Position { tps, moves }
}

fn go(words: &[&str]) -> Command {
    let mut go = Go::default();
    let mut i = 0;
    while i < words.len() {
        let word = words[i];
        let value = words.get(i + 1).copied();
        let number = || value.and_then(|w| w.parse::<u64>().ok());
        let millis = || number().map(Duration::from_millis);
        // `Some(())` once a known word's value is read and kept.
        let read = match word {
            "wtime" => millis().map(|t| go.wtime = Some(t)),
            "btime" => millis().map(|t| go.btime = Some(t)),
            "winc" => millis().map(|t| go.winc = Some(t)),
            "binc" => millis().map(|t| go.binc = Some(t)),
            "movetime" => millis().map(|t| go.movetime = Some(t)),
            "movestogo" => value
                .and_then(|w| w.parse().ok())
                .map(|n| go.movestogo = Some(n)),
            "depth" => value
                .and_then(|w| w.parse().ok())
                .map(|n| go.depth = Some(n)),
            "nodes" => number().map(|n| go.nodes = Some(n)),
            "infinite" => {
                go.infinite = true;
                i += 1;
                continue;
            }
            _ => {
                // An unknown word is skipped, as UCI asks.
                i += 1;
                continue;
            }
        };
        if read.is_none() {
            return Command::BadGo(format!(
                "go: {} needs a whole number, not {:?}",
                clip(word),
                clip(value.unwrap_or_default())
            ));
        }
        i += 2;
    }
    Command::Go(go)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_commands_of_a_session() {
        assert_eq!(Command::parse("tei"), Command::Tei);
        assert_eq!(Command::parse("  "), Command::Nothing);
        assert_eq!(
            Command::parse("setoption name HalfKomi value 4"),
            Command::SetOption {
                name: "halfkomi".to_owned(),
                value: Some("4".to_owned())
            }
        );
        assert_eq!(
            Command::parse("teinewgame 6"),
            Command::NewGame {
                size: Some(6),
                komi: None
            }
        );
        assert_eq!(
            Command::parse("teinewgame size 5 halfkomi 5"),
            Command::NewGame {
                size: Some(5),
                komi: Some(Komi::from_halves(5).unwrap())
            }
        );
        assert_eq!(
            Command::parse("position tps x5/x5/x5/x5/x5 1 1 moves a1 e5"),
            Command::Position {
                tps: Some("x5/x5/x5/x5/x5 1 1".to_owned()),
                moves: vec!["a1".to_owned(), "e5".to_owned()]
            }
        );
        assert_eq!(
            Command::parse("position startpos moves "),
            Command::Position {
                tps: None,
                moves: vec![]
            }
        );
        let Command::Go(go) = Command::parse("go wtime 1000 btime 2000 winc 10 binc 20") else {
            panic!("go");
        };
        assert_eq!(go.wtime, Some(Duration::from_secs(1)));
        assert_eq!(go.binc, Some(Duration::from_millis(20)));
        let Command::Go(go) = Command::parse("go infinite frobnicate depth 3") else {
            panic!("go");
        };
        assert!(go.infinite, "an unknown word is skipped");
        assert_eq!(go.depth, Some(3));
        assert!(matches!(Command::parse("fly"), Command::Unknown(_)));
        assert!(matches!(
            Command::parse("position"),
            Command::BadPosition(_)
        ));
    }

    #[test]
    fn a_value_that_cannot_be_read_makes_the_line_bad_not_a_word_to_skip() {
        for line in [
            "go depth",
            "go depth -1",
            "go movetime abc",
            "go nodes x depth 2",
        ] {
            assert!(
                matches!(Command::parse(line), Command::BadGo(_)),
                "{line}: {:?}",
                Command::parse(line)
            );
        }
        assert_eq!(
            Command::parse("go depth x"),
            Command::BadGo("go: depth needs a whole number, not \"x\"".to_owned())
        );
        for line in [
            "teinewgame abc",
            "teinewgame size",
            "teinewgame size 5 halfkomi x",
        ] {
            assert!(
                matches!(Command::parse(line), Command::BadNewGame(_)),
                "{line}"
            );
        }
        assert!(matches!(
            Command::parse("position tps x3/x3/x3 1 1 extra"),
            Command::BadPosition(_)
        ));
    }

    #[test]
    fn a_line_that_cannot_be_read_is_refused_as_the_command_it_begins() {
        let why = || "cut".to_owned();
        assert_eq!(
            Command::unreadable(b"  position startpos moves a1", why()),
            Command::BadPosition(why())
        );
        assert_eq!(
            Command::unreadable(b"go depth 9", why()),
            Command::BadGo(why())
        );
        assert_eq!(
            Command::unreadable(b"teinewgame\t6", why()),
            Command::BadNewGame(why())
        );
        assert_eq!(
            Command::unreadable(b"caf\xe9", why()),
            Command::Unknown(why())
        );
        assert_eq!(Command::unreadable(b"", why()), Command::Unknown(why()));
    }

    #[test]
    fn what_a_refusal_quotes_is_clipped() {
        let long = "z".repeat(10_000);
        for line in [
            long.clone(),
            format!("go depth {long}"),
            format!("teinewgame {long}"),
            format!("position startpos {long}"),
        ] {
            let said = format!("{:?}", Command::parse(&line));
            assert!(said.len() < 200, "{line:.40}: {said}");
        }
    }
}
