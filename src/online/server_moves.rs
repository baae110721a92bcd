//! Moves in the server's notation (`P A1 C`, `M A1 A3 1 1`) to and from taktui's moves.
//!
//! The server writes a placement as `P` and the square (upper-case file), then `C` for a
//! capstone or `W` for a wall; a spread as `M`, the square it leaves, the square it ends on and
//! the pieces dropped on each square passed, nearest first. A [`ServerMove`] is such a move as
//! text allows (squares `A1` to `H8`, a straight spread whose drops fill its squares); whether
//! it is legal is a question for a position: [`from_server`] and [`to_server`] ask taktui's
//! rules and say why when they refuse.

use std::fmt;

use crate::rules::{
    BoardSize, Direction, Drops, IllegalMove, Move, MoveKind, Position, Role, Square,
};

/// A move as the server writes it: a placement, or a straight spread that stays on the
/// largest board. Made by [`ServerMove::parse_words`] or [`to_server`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct ServerMove(Move);

/// Why words are not a move in the server's notation.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum BadServerMove {
    /// Neither `P SQUARE [C|W]` nor `M FROM TO DROPS...`.
    #[error("not a move: expected `P SQUARE [C|W]` or `M FROM TO DROP...`")]
    Form,
    /// A square that is not `A1` to `H8`.
    #[error("{0:?} is not a square: a file A-H then a rank 1-8")]
    Square(String),
    /// A piece letter other than `C` or `W`.
    #[error("{0:?} is not a piece: C (capstone) or W (wall)")]
    Piece(String),
    /// A drop that is not a count 1 to 8.
    #[error("{0:?} is not a drop: a count of pieces from 1 to 8")]
    Drop(String),
    /// A spread whose ends are not on one file or rank, or the same square.
    #[error("a spread from {from} to {to} is not along one file or rank")]
    NotStraight {
        /// Where it starts.
        from: String,
        /// Where it ends.
        to: String,
    },
    /// A spread whose drops do not fill the squares it passes.
    #[error("a spread over {squares} squares needs {squares} drops, not {drops}")]
    DropsDoNotFit {
        /// The squares from the start to the end.
        squares: usize,
        /// The drops given.
        drops: usize,
    },
    /// More pieces carried than any board allows.
    #[error("carries {0} pieces: no board carries more than 8")]
    TooMany(u32),
}

/// Why a move cannot go between the server and a position.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum ServerMoveError {
    /// The move names a square off this board.
    #[error("{mv}: {square} is off the {size} board")]
    OffBoard {
        /// The move, in the server's notation.
        mv: ServerMove,
        /// The square off the board.
        square: Square,
        /// The board.
        size: BoardSize,
    },
    /// taktui's rules refuse the move here.
    #[error("{mv} is not legal here: {why}")]
    Illegal {
        /// The move, in the server's notation.
        mv: ServerMove,
        /// Why not.
        why: IllegalMove,
    },
    /// A spread that leaves the largest board: the server has no way to write it.
    #[error("a spread from {0} leaves the board")]
    Unwritable(Square),
}

impl ServerMove {
    /// The move as taktui's rules know it (not yet checked against any position).
    #[must_use]
    pub const fn to_move(self) -> Move {
        self.0
    }

    /// Reads the words after `Game#N`: `P A1`, `P A1 C`, `P A1 W`, `M A1 A3 1 1`.
    pub fn parse_words(words: &[&str]) -> Result<ServerMove, BadServerMove> {
        match words {
            ["P", square] => Ok(ServerMove(Move::place(read_square(square)?, Role::Flat))),
            ["P", square, piece] => {
                let role = match *piece {
                    "C" => Role::Cap,
                    "W" => Role::Wall,
                    other => return Err(BadServerMove::Piece(other.to_owned())),
                };
                Ok(ServerMove(Move::place(read_square(square)?, role)))
            }
            ["M", from, to, drops @ ..] if !drops.is_empty() => {
                let (start, end) = (read_square(from)?, read_square(to)?);
                let not_straight = || BadServerMove::NotStraight {
                    from: (*from).to_owned(),
                    to: (*to).to_owned(),
                };
                let (direction, squares) = line_between(start, end).ok_or_else(not_straight)?;
                if squares != drops.len() {
                    return Err(BadServerMove::DropsDoNotFit {
                        squares,
                        drops: drops.len(),
                    });
                }
                let counts = drops
                    .iter()
                    .map(|drop| match drop.parse::<u8>() {
                        Ok(n @ 1..=8) if drop.bytes().all(|b| b.is_ascii_digit()) => Ok(n),
                        _ => Err(BadServerMove::Drop((*drop).to_owned())),
                    })
                    .collect::<Result<Vec<u8>, _>>()?;
                let drops = Drops::from_counts(&counts).ok_or_else(|| {
                    BadServerMove::TooMany(counts.iter().map(|&n| u32::from(n)).sum())
                })?;
                Ok(ServerMove(Move::spread(start, direction, drops)))
            }
            _ => Err(BadServerMove::Form),
        }
    }

    /// The square a spread ends on (the placed square for a placement).
    #[must_use]
    pub fn last_square(self) -> Square {
        match self.0.kind {
            MoveKind::Place(_) => self.0.square,
            // A spread is made only when its end is on the board (`new`, `parse_words`).
            MoveKind::Spread(direction, drops) => {
                along(self.0.square, direction, drops.squares()).unwrap_or(self.0.square)
            }
        }
    }

    /// The move in the server's notation, if it can be written (a spread must stay on the
    /// largest board); not checked against any position: [`to_server`] does that.
    pub fn new(mv: Move) -> Result<ServerMove, ServerMoveError> {
        if let MoveKind::Spread(direction, drops) = mv.kind
            && along(mv.square, direction, drops.squares()).is_none()
        {
            return Err(ServerMoveError::Unwritable(mv.square));
        }
        Ok(ServerMove(mv))
    }
}

/// The square `steps` squares from `square` towards `direction`, if it is on the largest
/// board (the server's squares are `A1` to `H8` whatever the game's size).
fn along(square: Square, direction: Direction, steps: u8) -> Option<Square> {
    let (file, rank) = (i16::from(square.file()), i16::from(square.rank()));
    let steps = i16::from(steps);
    let (file, rank) = match direction {
        Direction::Up => (file, rank + steps),
        Direction::Down => (file, rank - steps),
        Direction::Left => (file - steps, rank),
        Direction::Right => (file + steps, rank),
    };
    let file = u8::try_from(file).ok().filter(|&f| f < 8)?;
    let rank = u8::try_from(rank).ok().filter(|&r| r < 8)?;
    Some(Square::new(file, rank))
}

/// A square as the server writes it: `A1` to `H8`.
fn read_square(text: &str) -> Result<Square, BadServerMove> {
    match text.as_bytes() {
        &[file @ b'A'..=b'H', rank @ b'1'..=b'8'] => Ok(Square::new(file - b'A', rank - b'1')),
        _ => Err(BadServerMove::Square(text.to_owned())),
    }
}

/// The direction from `from` to `to` and how many squares apart they are, if they are two
/// squares of one file or rank.
fn line_between(from: Square, to: Square) -> Option<(Direction, usize)> {
    let (f1, r1, f2, r2) = (from.file(), from.rank(), to.file(), to.rank());
    let direction = match () {
        () if f1 == f2 && r2 > r1 => Direction::Up,
        () if f1 == f2 && r2 < r1 => Direction::Down,
        () if r1 == r2 && f2 > f1 => Direction::Right,
        () if r1 == r2 && f2 < f1 => Direction::Left,
        () => return None,
    };
    Some((direction, usize::from(f1.abs_diff(f2) + r1.abs_diff(r2))))
}

/// Writes a square as the server does: `A1`.
fn write_square(f: &mut fmt::Formatter<'_>, square: Square) -> fmt::Result {
    write!(
        f,
        "{}{}",
        square.file_char().to_ascii_uppercase(),
        square.rank() + 1
    )
}

impl fmt::Display for ServerMove {
    /// The words the server reads and writes: `P A1 C`, `M A1 A3 1 1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0.kind {
            MoveKind::Place(role) => {
                f.write_str("P ")?;
                write_square(f, self.0.square)?;
                match role {
                    Role::Flat => Ok(()),
                    Role::Wall => f.write_str(" W"),
                    Role::Cap => f.write_str(" C"),
                }
            }
            MoveKind::Spread(_, drops) => {
                f.write_str("M ")?;
                write_square(f, self.0.square)?;
                f.write_str(" ")?;
                write_square(f, self.last_square())?;
                drops.iter().try_for_each(|drop| write!(f, " {drop}"))
            }
        }
    }
}

/// The server's move as a move of this position, if taktui's rules allow it here.
pub fn from_server(position: &Position, mv: ServerMove) -> Result<Move, ServerMoveError> {
    let size = position.size();
    let squares = [mv.0.square, mv.last_square()];
    if let Some(square) = squares.into_iter().find(|&s| !size.contains(s)) {
        return Err(ServerMoveError::OffBoard { mv, square, size });
    }
    position
        .check(mv.0)
        .map_err(|why| ServerMoveError::Illegal { mv, why })?;
    Ok(mv.0)
}

/// A move of this position in the server's notation, if taktui's rules allow it here (a
/// move is checked before it is sent, so the server never has to refuse one).
pub fn to_server(position: &Position, mv: Move) -> Result<ServerMove, ServerMoveError> {
    let server = ServerMove::new(mv)?;
    from_server(position, server)?;
    Ok(server)
}

#[cfg(test)]
mod tests;
