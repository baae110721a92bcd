//! PTN moves: `a1`, `Sb2`, `Cc3`, `a1+`, `3c3>12`; read generously, written canonically.

use std::fmt;
use std::str::FromStr;

use super::Marks;
use crate::rules::{BoardSize, Direction, Drops, Move, MoveKind, Role, Square};

/// Text that is not a PTN move, with where and why.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("\"{}\": {syntax}", super::clip(.text))]
pub struct ParseMoveError {
    text: String,
    column: usize,
    syntax: MoveSyntax,
}

impl ParseMoveError {
    /// The text that was read.
    #[must_use]
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The character (1-based) where the problem is.
    #[must_use]
    pub const fn column(&self) -> usize {
        self.column
    }

    /// What is wrong.
    #[must_use]
    pub const fn syntax(&self) -> &MoveSyntax {
        &self.syntax
    }
}

/// What is wrong with a move's text.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum MoveSyntax {
    /// Nothing was given.
    #[error("no move given")]
    Empty,
    /// A square (file letter then rank digit) was expected.
    #[error("expected a square such as c3 at character {column}")]
    ExpectedSquare {
        /// Where (1-based).
        column: usize,
    },
    /// The file letter is beyond the board.
    #[error("file {file} is off {}", article(*.size))]
    FileOffBoard {
        /// The file letter.
        file: char,
        /// The board.
        size: BoardSize,
    },
    /// The rank number is beyond the board.
    #[error("rank {rank} is off {}", article(*.size))]
    RankOffBoard {
        /// The rank digit.
        rank: char,
        /// The board.
        size: BoardSize,
    },
    /// More than 8 pieces: no board's carry limit allows it.
    #[error("cannot carry {0} pieces: no board's carry limit is above 8")]
    CountTooLarge(u32),
    /// A count of 0.
    #[error("a move carries at least 1 piece, not 0")]
    CountZero,
    /// A count before a placement (`2Sa1`).
    #[error("a count goes only before a stack move (a square and a direction), as in 2a1>")]
    CountWithoutDirection,
    /// A drop of 0 pieces.
    #[error("every square passed gets at least 1 piece, but the drop at character {column} is 0")]
    ZeroDrop {
        /// Where (1-based).
        column: usize,
    },
    /// The drops do not add up to the pieces carried.
    #[error("the drops add up to {dropped} but {} picked up", pieces_are(*.picked))]
    DropsMismatch {
        /// The drops' sum.
        dropped: u32,
        /// The count.
        picked: u32,
    },
    /// A piece letter written in lowercase (`ca1`): PTN's piece letters are capitals.
    #[error("piece letters are capitals: {}, not {letter}", letter.to_ascii_uppercase())]
    LowercasePiece {
        /// The letter as written.
        letter: char,
    },
    /// Something that belongs nowhere in a move.
    #[error("unexpected \"{}\" at character {column}", shown(*.found))]
    Unexpected {
        /// The character.
        found: char,
        /// Where (1-based).
        column: usize,
    },
}

/// A character as an error shows it: control characters escaped (`\0`), as they would be
/// invisible or drive the terminal.
fn shown(c: char) -> String {
    if c.is_control() {
        c.escape_debug().collect()
    } else {
        c.to_string()
    }
}

fn pieces_are(count: u32) -> String {
    if count == 1 {
        "1 piece is".to_owned()
    } else {
        format!("{count} pieces are")
    }
}

fn article(size: BoardSize) -> String {
    let a = if size.get() == 8 { "an" } else { "a" };
    format!("{a} {size} board")
}

/// Moves in PTN, a space between each: how a line is written in messages and comments.
#[must_use]
pub fn moves_text(moves: &[crate::rules::Move]) -> String {
    let words: Vec<String> = moves.iter().map(ToString::to_string).collect();
    words.join(" ")
}

/// Reads one move for a board of `size`, ignoring trailing marks (`*`, `'`, `!` ...).
pub fn parse_move(text: &str, size: BoardSize) -> Result<Move, ParseMoveError> {
    parse_ply(text, size).map(|(mv, _)| mv)
}

/// Reads one ply for a board of `size`: the move and the marks after it.
pub fn parse_ply(text: &str, size: BoardSize) -> Result<(Move, Marks), ParseMoveError> {
    let error = |column, syntax| ParseMoveError {
        text: text.to_owned(),
        column,
        syntax,
    };
    let chars: Vec<char> = text.chars().collect();
    let mut reader = Reader {
        chars: &chars,
        at: 0,
    };
    if chars.is_empty() {
        return Err(error(1, MoveSyntax::Empty));
    }

    if let Some(letter) = lowercase_piece(&chars) {
        return Err(error(1, MoveSyntax::LowercasePiece { letter }));
    }
    let role = match reader.peek() {
        Some('F') => Some(Role::Flat),
        Some('S') => Some(Role::Wall),
        Some('C') => Some(Role::Cap),
        _ => None,
    };
    let count = if role.is_some() {
        reader.at += 1;
        None
    } else {
        reader.number()
    };
    if count.is_some() && matches!(reader.peek(), Some('F' | 'S' | 'C')) {
        return Err(error(1, MoveSyntax::CountWithoutDirection));
    }
    let square = reader
        .square(size)
        .map_err(|(column, syntax)| error(column, syntax))?;
    let direction = reader.direction();

    let kind = match (direction, count) {
        (None, Some(_)) => {
            return Err(error(1, MoveSyntax::CountWithoutDirection));
        }
        (None, None) => MoveKind::Place(role.unwrap_or(Role::Flat)),
        (Some(_), None) if role.is_some() => {
            return Err(error(
                reader.at,
                MoveSyntax::Unexpected {
                    found: chars[reader.at - 1],
                    column: reader.at,
                },
            ));
        }
        (Some(direction), count) => {
            let picked = count.unwrap_or(1);
            if picked == 0 {
                return Err(error(1, MoveSyntax::CountZero));
            }
            if picked > u32::from(Drops::MAX_CARRY) {
                return Err(error(1, MoveSyntax::CountTooLarge(picked)));
            }
            let mut drops = Vec::new();
            while let Some(digit) = reader.peek().and_then(|c| c.to_digit(10)) {
                if digit == 0 {
                    let column = reader.at + 1;
                    return Err(error(column, MoveSyntax::ZeroDrop { column }));
                }
                drops.push(digit);
                reader.at += 1;
            }
            let dropped: u32 = if drops.is_empty() {
                picked
            } else {
                drops.iter().sum()
            };
            if dropped != picked {
                let column = reader.at;
                return Err(error(column, MoveSyntax::DropsMismatch { dropped, picked }));
            }
            let drops = if drops.is_empty() {
                Drops::all_on_one(picked as u8)
            } else {
                let counts: Vec<u8> = drops.iter().map(|&d| d as u8).collect();
                Drops::from_counts(&counts)
            };
            let Some(drops) = drops else {
                return Err(error(1, MoveSyntax::CountTooLarge(picked)));
            };
            MoveKind::Spread(direction, drops)
        }
    };
    let rest: String = chars[reader.at..].iter().collect();
    let marks = Marks::parse(&rest).ok_or_else(|| {
        let column = reader.at + 1;
        error(
            column,
            MoveSyntax::Unexpected {
                found: chars[reader.at],
                column,
            },
        )
    })?;
    Ok((Move { square, kind }, marks))
}

/// The piece letter of a placement written in lowercase (`ca1`), which cannot be anything
/// else: a square is a letter then a digit, so `ca1` is no square followed by something.
fn lowercase_piece(chars: &[char]) -> Option<char> {
    match *chars {
        [letter @ ('f' | 's' | 'c'), file, rank, ..]
            if file.is_ascii_lowercase() && rank.is_ascii_digit() =>
        {
            Some(letter)
        }
        _ => None,
    }
}

struct Reader<'a> {
    chars: &'a [char],
    at: usize,
}

impl Reader<'_> {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    /// A run of digits, if any (a count: saturates rather than overflowing).
    fn number(&mut self) -> Option<u32> {
        let mut value: Option<u32> = None;
        while let Some(digit) = self.peek().and_then(|c| c.to_digit(10)) {
            value = Some(value.unwrap_or(0).saturating_mul(10).saturating_add(digit));
            self.at += 1;
        }
        value
    }

    fn square(&mut self, size: BoardSize) -> Result<Square, (usize, MoveSyntax)> {
        let column = self.at + 1;
        let expected = (column, MoveSyntax::ExpectedSquare { column });
        let file = self
            .peek()
            .filter(char::is_ascii_lowercase)
            .ok_or(expected.clone())?;
        let rank = self
            .chars
            .get(self.at + 1)
            .copied()
            .filter(char::is_ascii_digit)
            .ok_or(expected.clone())?;
        let (file_index, rank_index) = (file as u8 - b'a', (rank as u8).wrapping_sub(b'1'));
        if file_index >= size.get() {
            return Err((column, MoveSyntax::FileOffBoard { file, size }));
        }
        if rank_index >= size.get() {
            return Err((column + 1, MoveSyntax::RankOffBoard { rank, size }));
        }
        self.at += 2;
        Ok(Square::new(file_index, rank_index))
    }

    fn direction(&mut self) -> Option<Direction> {
        let direction = match self.peek()? {
            '+' | '↑' => Direction::Up,
            '-' | '↓' => Direction::Down,
            '<' | '←' => Direction::Left,
            '>' | '→' => Direction::Right,
            _ => return None,
        };
        self.at += 1;
        Some(direction)
    }
}

impl FromStr for Move {
    type Err = ParseMoveError;

    /// Reads a move on the largest board (8x8); see [`parse_move`] to check against a size.
    fn from_str(text: &str) -> Result<Move, ParseMoveError> {
        let largest = BoardSize::new(BoardSize::MAX).expect("8 is a board size");
        parse_move(text, largest)
    }
}

impl fmt::Display for Move {
    /// The canonical PTN: no `F`, no count of 1, no drops when all land on one square.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            MoveKind::Place(Role::Flat) => write!(f, "{}", self.square),
            MoveKind::Place(Role::Wall) => write!(f, "S{}", self.square),
            MoveKind::Place(Role::Cap) => write!(f, "C{}", self.square),
            MoveKind::Spread(direction, drops) => {
                if drops.count() > 1 {
                    write!(f, "{}", drops.count())?;
                }
                write!(f, "{}{}", self.square, direction.symbol())?;
                if drops.squares() > 1 {
                    for drop in drops.iter() {
                        write!(f, "{drop}")?;
                    }
                }
                Ok(())
            }
        }
    }
}
