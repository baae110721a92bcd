//! Openings for matches: positions the games start from, each played with both colours, so
//! neither player gains from the book. A file of openings is a PTN file (each game's moves,
//! from its TPS if it has one) or a list of TPS, one a line (`#` starts a comment line).

use std::fmt;

use crate::notation::{MoveSyntax, Tps, TpsError, clip};
use crate::record::{GameRecord, PtnError, ReadOptions, Tags, read_ptn_with};
use crate::rules::{BoardSize, GameConfig, IllegalMove, Move, Position};

/// Where a game of a match starts: a position, and moves already played from it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    /// The TPS the game starts from, if not the empty board.
    pub tps: Option<String>,
    /// The moves played before the players take over.
    pub moves: Vec<Move>,
}

/// A file of openings that cannot be used: where in it, and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OpeningsError {
    /// A line of a list that is not an opening.
    #[error("line {number}: {error}")]
    Line {
        /// The line (from 1).
        number: usize,
        /// What is wrong with it.
        error: BadOpening,
    },
    /// A game of a PTN file that is not an opening.
    #[error("game {number}: {error}")]
    Game {
        /// The game (from 1).
        number: usize,
        /// What is wrong with it.
        error: BadOpening,
    },
    /// The PTN file does not read.
    #[error(transparent)]
    Ptn(#[from] PtnError),
    /// A game of the PTN file whose moves do not read.
    #[error("game {number}: {error}")]
    Unreadable {
        /// The game (from 1).
        number: usize,
        /// Where it goes wrong, and how.
        error: PtnError,
    },
    /// A game of the PTN file with no game in it (its tags give none).
    #[error("game {number}: no game to start from")]
    NoGame {
        /// The game (from 1).
        number: usize,
    },
    /// The PTN file's games are on two boards.
    #[error(
        "game {number} is a {size} opening, and the first is {first}: the openings of a \
         match are on one board"
    )]
    TwoBoards {
        /// The first game on another board (from 1).
        number: usize,
        /// Its board.
        size: BoardSize,
        /// The first game's board.
        first: BoardSize,
    },
    /// The PTN file's games are on another board than the match.
    #[error(
        "game {number} is a {size} opening and the match is on {board}: give --size {} (or \
         leave --size out to play on the openings' board)",
        .size.get()
    )]
    OtherBoard {
        /// The game (from 1).
        number: usize,
        /// Its board.
        size: BoardSize,
        /// The match's board.
        board: BoardSize,
    },
    /// Nothing in the file but comments and blank lines.
    #[error("no openings in the file")]
    Empty,
}

/// Why one opening cannot start a game of the match.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BadOpening {
    /// A line that reads neither as a TPS nor as moves.
    #[error(
        "\"{}\" is neither a TPS nor a list of moves ({}: {syntax})",
        clip(.line),
        clip(.word)
    )]
    NeitherTpsNorMoves {
        /// The line.
        line: String,
        /// Its first word that is not a move.
        word: String,
        /// Why it is not a move.
        syntax: MoveSyntax,
    },
    /// Its TPS does not read.
    #[error("\"{}\" is not a TPS: {error}", clip(.tps))]
    NotTps {
        /// The TPS.
        tps: String,
        /// What is wrong with it.
        error: TpsError,
    },
    /// Its TPS is for another board than the match's.
    #[error(
        "\"{}\" is for a {size} board, and the match is played on {board}",
        clip(.tps)
    )]
    TpsSize {
        /// The TPS.
        tps: String,
        /// Its board.
        size: BoardSize,
        /// The match's board.
        board: BoardSize,
    },
    /// Its TPS is no position with the match's settings (more pieces than its reserves).
    #[error("\"{}\": {error}", clip(.tps))]
    NoPosition {
        /// The TPS.
        tps: String,
        /// Why.
        error: TpsError,
    },
    /// One of its moves breaks a rule.
    #[error("opening {opening}: {mv} is not legal: {error}")]
    Illegal {
        /// The opening, cut short.
        opening: String,
        /// The move.
        mv: Move,
        /// The rule it breaks.
        error: IllegalMove,
    },
    /// Its moves end the game.
    #[error("opening {opening}: the game is over before it starts")]
    Over {
        /// The opening, cut short.
        opening: String,
    },
}

impl Opening {
    /// The empty board.
    #[must_use]
    pub const fn empty() -> Opening {
        Opening {
            tps: None,
            moves: Vec::new(),
        }
    }

    /// A game's record with these `tags` (its `TPS` tag set when the opening has one), the
    /// opening's moves played.
    pub fn record(&self, config: GameConfig, mut tags: Tags) -> Result<GameRecord, BadOpening> {
        let start = match &self.tps {
            Some(text) => {
                tags.set("TPS", text.clone());
                start_of(text, config)?
            }
            None => Position::new(config),
        };
        let mut record = GameRecord::new(start, tags);
        for &mv in &self.moves {
            record.play(mv).map_err(|error| BadOpening::Illegal {
                opening: self.quoted(),
                mv,
                error,
            })?;
        }
        if record.position().is_over() {
            return Err(BadOpening::Over {
                opening: self.quoted(),
            });
        }
        Ok(record)
    }
}

impl Opening {
    /// The opening as an error message quotes it: cut short, so that a file's 15 MB line of
    /// moves makes a message of one short line, not 15 MB on stderr.
    fn quoted(&self) -> String {
        clip(&self.to_string()).into_owned()
    }
}

impl fmt::Display for Opening {
    /// The TPS (if any) and the moves, as `x5/.../x5 1 1: a1 e5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let moves: Vec<String> = self.moves.iter().map(ToString::to_string).collect();
        match (&self.tps, moves.is_empty()) {
            (Some(tps), true) => write!(f, "{tps}"),
            (Some(tps), false) => write!(f, "{tps}: {}", moves.join(" ")),
            (None, true) => f.write_str("the empty board"),
            (None, false) => f.write_str(&moves.join(" ")),
        }
    }
}

/// The position a TPS gives with `config`'s settings.
fn start_of(text: &str, config: GameConfig) -> Result<Position, BadOpening> {
    let tps: Tps = text.parse().map_err(|error| BadOpening::NotTps {
        tps: text.to_owned(),
        error,
    })?;
    if tps.size() != config.size() {
        return Err(BadOpening::TpsSize {
            tps: text.to_owned(),
            size: tps.size(),
            board: config.size(),
        });
    }
    tps.to_position(config)
        .map_err(|error| BadOpening::NoPosition {
            tps: text.to_owned(),
            error,
        })
}

/// The openings in a file's `text`, checked against the match's `config`: a PTN file's games
/// (when the text has tags or move numbers), else one TPS a line.
pub fn read_openings(text: &str, config: GameConfig) -> Result<Vec<Opening>, OpeningsError> {
    let lines: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .map(|(i, line)| (i + 1, line.trim()))
        .filter(|(_, line)| !line.is_empty() && !line.starts_with('#'))
        .collect();
    let is_ptn = lines
        .first()
        .is_some_and(|(_, line)| line.starts_with('[') || line.starts_with("1."));
    let openings = if is_ptn {
        from_ptn(text, config)?
    } else {
        let mut openings = Vec::new();
        for (number, line) in lines {
            let at_line = |error| OpeningsError::Line { number, error };
            let opening = line_opening(line, config).map_err(at_line)?;
            opening
                .record(config, Tags::for_config(&config))
                .map_err(at_line)?;
            openings.push(opening);
        }
        openings
    };
    if openings.is_empty() {
        return Err(OpeningsError::Empty);
    }
    Ok(openings)
}

/// One line of a list of openings: a TPS, or the moves from the empty board (`a1 e5 c3`,
/// move numbers allowed: `1. a1 e5 2. c3`).
fn line_opening(line: &str, config: GameConfig) -> Result<Opening, BadOpening> {
    let moves: Result<Vec<Move>, (&str, MoveSyntax)> = line
        .split_whitespace()
        .filter(|word| !is_move_number(word))
        .map(|word| {
            crate::notation::parse_move(word, config.size())
                // The move's error quotes the word whole: the word is said once, cut short.
                .map_err(|e| (word, e.syntax().clone()))
        })
        .collect();
    match (moves, line.parse::<Tps>()) {
        (Ok(moves), Err(_)) => Ok(Opening { tps: None, moves }),
        (_, Ok(_)) => Ok(Opening {
            tps: Some(line.to_owned()),
            moves: Vec::new(),
        }),
        (Err((word, syntax)), Err(_)) => Err(BadOpening::NeitherTpsNorMoves {
            line: line.to_owned(),
            word: word.to_owned(),
            syntax,
        }),
    }
}

/// A move number as PTN writes it: `12.` (or `12...`, Black's ply of move 12).
fn is_move_number(word: &str) -> bool {
    let digits = word.trim_end_matches('.');
    digits.len() < word.len() && !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

/// The board size the openings in `text` are for, when it says (the first game's `Size` tag
/// or TPS, or the first TPS line): a match given no `--size` plays on it.
#[must_use]
pub fn openings_size(text: &str) -> Option<BoardSize> {
    let first = text
        .lines()
        .map(str::trim)
        .find(|line| !line.is_empty() && !line.starts_with('#'))?;
    if first.starts_with('[') || first.starts_with("1.") {
        let games = read_ptn_with(text, &ReadOptions::default()).ok()?;
        let record = games.first()?.record.as_ref()?;
        Some(record.start().size())
    } else {
        first.parse::<Tps>().ok().map(|tps| tps.size())
    }
}

/// Each game of a PTN text as an opening: each must be on `config`'s board.
fn from_ptn(text: &str, config: GameConfig) -> Result<Vec<Opening>, OpeningsError> {
    let games = read_ptn_with(text, &ReadOptions::default())?;
    let mut openings = Vec::new();
    for (index, game) in games.iter().enumerate() {
        let number = index + 1;
        if let Some(error) = &game.error {
            return Err(OpeningsError::Unreadable {
                number,
                error: error.clone(),
            });
        }
        let Some(record) = &game.record else {
            return Err(OpeningsError::NoGame { number });
        };
        let size = record.start().size();
        if size != config.size() && index > 0 && openings_size(text) == Some(config.size()) {
            // The match is on the first opening's board: the file mixes two.
            return Err(OpeningsError::TwoBoards {
                number,
                size,
                first: config.size(),
            });
        }
        if size != config.size() {
            return Err(OpeningsError::OtherBoard {
                number,
                size,
                board: config.size(),
            });
        }
        let opening = Opening {
            tps: record.tags().get("TPS").map(str::to_owned),
            moves: record.plies().iter().map(|ply| ply.mv).collect(),
        };
        opening
            .record(config, Tags::for_config(&config))
            .map_err(|error| OpeningsError::Game { number, error })?;
        openings.push(opening);
    }
    Ok(openings)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::BoardSize;

    fn five() -> GameConfig {
        GameConfig::new(BoardSize::new(5).unwrap())
    }

    #[test]
    fn openings_on_another_board_are_refused_and_say_their_size() {
        let text = "[Size \"4\"]\n\n1. a1 d4\n\n[Size \"4\"]\n\n1. a1 d4 2. b2\n";
        assert_eq!(openings_size(text), BoardSize::new(4).ok());
        let error = read_openings(text, five()).unwrap_err().to_string();
        assert!(
            error.contains("game 1 is a 4x4 opening and the match is on 5x5"),
            "{error}"
        );
        let four = GameConfig::new(BoardSize::new(4).unwrap());
        assert_eq!(read_openings(text, four).unwrap().len(), 2);
        assert_eq!(
            openings_size("# a list\nx6/x6/x6/x6/x6/x6 1 1\n"),
            BoardSize::new(6).ok()
        );
    }

    #[test]
    fn a_list_line_of_moves_is_an_opening_from_the_empty_board() {
        let openings = read_openings("a1 e5\n# and\na1 e5 c3\n", five()).unwrap();
        assert_eq!(openings.len(), 2);
        assert_eq!(openings[1].to_string(), "a1 e5 c3");
        let error = read_openings("a1 a1\n", five()).unwrap_err().to_string();
        assert!(error.contains("line 1"), "{error}");
        // Move numbers, as PTN writes them, are read past.
        let openings = read_openings("a1 e5\n1. a5 e1 2. c3 c2\n", five()).unwrap();
        assert_eq!(openings[1].to_string(), "a5 e1 c3 c2");
        let error = read_openings("a1 e5\n1. a5 zz\n", five())
            .unwrap_err()
            .to_string();
        assert!(
            error.starts_with("line 2: \"1. a5 zz\" is neither a TPS nor a list of moves (zz: "),
            "{error}"
        );
    }

    #[test]
    fn openings_on_two_boards_are_refused_as_such() {
        let text = "[Size \"5\"]\n\n1. a1 e5\n\n[Size \"6\"]\n\n1. a1 f6\n";
        let error = read_openings(text, five()).unwrap_err().to_string();
        assert_eq!(
            error,
            "game 2 is a 6x6 opening, and the first is 5x5: the openings of a match are on one \
             board"
        );
    }

    #[test]
    fn a_ptn_file_gives_each_games_moves() {
        let text = "[Size \"5\"]\n\n1. a1 e5 2. c3\n\n[Size \"5\"]\n1. e1 a5\n";
        let openings = read_openings(text, five()).unwrap();
        assert_eq!(openings.len(), 2);
        assert_eq!(openings[0].to_string(), "a1 e5 c3");
        let record = openings[1]
            .record(five(), Tags::for_config(&five()))
            .unwrap();
        assert_eq!(record.plies().len(), 2);
    }

    #[test]
    fn a_tps_list_gives_positions_and_says_which_line_is_wrong() {
        let text = "# two openings\nx5/x5/x5/x5/2,x4 1 2\n\nx5/x5/x5/x5/2,1,x3 2 2\n";
        let openings = read_openings(text, five()).unwrap();
        assert_eq!(openings.len(), 2);
        let record = openings[0]
            .record(five(), Tags::for_config(&five()))
            .unwrap();
        assert_eq!(record.tags().get("TPS"), Some("x5/x5/x5/x5/2,x4 1 2"));
        let six = "x6/x6/x6/x6/x6/x6 1 1";
        let error = read_openings(&format!("x5/x5/x5/x5/x5 1 1\n{six}\n"), five()).unwrap_err();
        assert!(error.to_string().starts_with("line 2: "), "{error}");
        assert!(error.to_string().contains("6x6"), "{error}");
        assert!(read_openings("# nothing\n", five()).is_err());
    }
}
