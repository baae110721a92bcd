//! TPS, the Tak Positional System: `x5/x5/x2,12C,x2/x5/x5 1 3`.

use std::fmt::Write as _;
use std::str::FromStr;

use super::clip;
use crate::rules::{BoardSize, Color, GameConfig, Position, Role, SetupError, Square, Stack};

/// A position as TPS gives it: the stacks, who moves, and the move number. Turn it into a
/// playable [`Position`] with [`Tps::to_position`], which adds the game's settings (komi,
/// reserves) and checks the pieces against them.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Tps {
    size: BoardSize,
    stacks: Vec<(Square, Stack)>,
    to_move: Color,
    move_number: u32,
}

/// TPS that cannot be read, or describes a position that cannot arise.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum TpsError {
    /// Not three space-separated fields.
    #[error("TPS has {0} field(s); expected 3: the board, the player to move, the move number")]
    Fields(usize),
    /// A row count outside 3 to 8.
    #[error("the board has {0} rows separated by '/'; board sizes are 3 to 8")]
    Rows(usize),
    /// A row of the wrong width.
    #[error(
        "row {row} (rank {rank}) has {found} squares, but the TPS has {} rows: a row has as \
         many squares as there are rows",
        .size.get()
    )]
    RowWidth {
        /// 1-based row, counted from the top.
        row: usize,
        /// The rank that row is.
        rank: usize,
        /// Squares found.
        found: usize,
        /// The board.
        size: BoardSize,
    },
    /// A square's text is not `x`, `xN` or a stack.
    #[error(
        "rank {rank}, square {square}: {:?} is not a square; write x, xN for N empties, \
         or a stack of 1s and 2s bottom to top, ending in S or C for a wall or capstone",
        clip(.text)
    )]
    Square {
        /// The rank.
        rank: usize,
        /// 1-based square in the row.
        square: usize,
        /// The text.
        text: String,
    },
    /// The player field is not `1` or `2`.
    #[error("player {:?} must be 1 (White) or 2 (Black)", clip(.0))]
    Player(String),
    /// The move number is not a number from 1 to 10000.
    #[error("move number {:?} must be a whole number from 1 to 10000", clip(.0))]
    MoveNumber(String),
    /// The position does not fit the game's settings.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// The settings are for another board size.
    #[error("the TPS is for a {tps} board but the game is on a {game} board")]
    SizeMismatch {
        /// The TPS's size.
        tps: BoardSize,
        /// The game's.
        game: BoardSize,
    },
}

impl Tps {
    /// The board size (from the number of rows).
    #[must_use]
    pub const fn size(&self) -> BoardSize {
        self.size
    }

    /// Who moves next.
    #[must_use]
    pub const fn to_move(&self) -> Color {
        self.to_move
    }

    /// The full-move number.
    #[must_use]
    pub const fn move_number(&self) -> u32 {
        self.move_number
    }

    /// The playable position with these settings (which must be for the same size).
    pub fn to_position(&self, config: GameConfig) -> Result<Position, TpsError> {
        if config.size() != self.size {
            return Err(TpsError::SizeMismatch {
                tps: self.size,
                game: config.size(),
            });
        }
        let position = Position::from_setup(
            config,
            self.stacks.iter().copied(),
            self.to_move,
            self.move_number,
        )?;
        Ok(position)
    }

    /// The playable position with the standard settings for its size and no komi.
    pub fn to_standard_position(&self) -> Result<Position, TpsError> {
        self.to_position(GameConfig::new(self.size))
    }
}

impl FromStr for Tps {
    type Err = TpsError;

    fn from_str(text: &str) -> Result<Tps, TpsError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        let &[board, player, number] = fields.as_slice() else {
            return Err(TpsError::Fields(fields.len()));
        };
        let rows: Vec<&str> = board.split('/').collect();
        let size = u8::try_from(rows.len())
            .ok()
            .and_then(|n| BoardSize::new(n).ok())
            .ok_or(TpsError::Rows(rows.len()))?;
        let mut stacks = Vec::new();
        for (row_index, row) in rows.iter().enumerate() {
            let rank = size.as_usize() - row_index;
            let mut file = 0usize;
            for (square_index, text) in row.split(',').enumerate() {
                let bad = || TpsError::Square {
                    rank,
                    square: square_index + 1,
                    text: text.to_owned(),
                };
                match parse_square(text).ok_or_else(bad)? {
                    Cell::Empty(run) => file += run,
                    Cell::Stack(stack) => {
                        if file < size.as_usize() {
                            stacks.push((Square::new(file as u8, (rank - 1) as u8), stack));
                        }
                        file += 1;
                    }
                }
            }
            if file != size.as_usize() {
                return Err(TpsError::RowWidth {
                    row: row_index + 1,
                    rank,
                    found: file,
                    size,
                });
            }
        }
        let to_move = match player {
            "1" => Color::White,
            "2" => Color::Black,
            _ => return Err(TpsError::Player(player.to_owned())),
        };
        let move_number = digits(number)
            .filter(|&n| (1..=crate::rules::MAX_MOVE_NUMBER).contains(&n))
            .ok_or_else(|| TpsError::MoveNumber(number.to_owned()))?;
        Ok(Tps {
            size,
            stacks,
            to_move,
            move_number,
        })
    }
}

/// A plain run of ASCII digits (no sign, no leading zero) as a number.
fn digits(text: &str) -> Option<u32> {
    let plain = !text.is_empty()
        && text.bytes().all(|b| b.is_ascii_digit())
        && !(text.len() > 1 && text.starts_with('0'));
    plain.then(|| text.parse().ok()).flatten()
}

enum Cell {
    Empty(usize),
    Stack(Stack),
}

fn parse_square(text: &str) -> Option<Cell> {
    if let Some(run) = text.strip_prefix('x') {
        if run.is_empty() {
            return Some(Cell::Empty(1));
        }
        let run = digits(run).filter(|n| (1..=8).contains(n))? as usize;
        return Some(Cell::Empty(run));
    }
    let (owners, top) = match text.as_bytes().last()? {
        b'S' => (&text[..text.len() - 1], Role::Wall),
        b'C' => (&text[..text.len() - 1], Role::Cap),
        _ => (text, Role::Flat),
    };
    let colors = owners.bytes().map(|b| match b {
        b'1' => Some(Color::White),
        b'2' => Some(Color::Black),
        _ => None,
    });
    let colors: Option<Vec<Color>> = colors.collect();
    Stack::from_owners(colors?, top).map(Cell::Stack)
}

/// The position in TPS, empty squares run together (`x5`).
#[must_use]
pub fn to_tps(position: &Position) -> String {
    let mut text = String::new();
    let size = position.size().get();
    for rank in (0..size).rev() {
        let mut empties = 0;
        let mut squares = Vec::new();
        for file in 0..size {
            let stack = position.board().stack(Square::new(file, rank));
            if stack.is_empty() {
                empties += 1;
                continue;
            }
            if empties > 0 {
                squares.push(run(empties));
                empties = 0;
            }
            squares.push(stack.to_string());
        }
        if empties > 0 {
            squares.push(run(empties));
        }
        text.push_str(&squares.join(","));
        if rank > 0 {
            text.push('/');
        }
    }
    let _ = write!(
        text,
        " {} {}",
        position.to_move().number(),
        position.move_number()
    );
    text
}

fn run(empties: u8) -> String {
    if empties == 1 {
        "x".to_owned()
    } else {
        format!("x{empties}")
    }
}
