//! A position set out from text, for tests, lessons and puzzles: five rows from rank 5 down
//! to rank 1, split by `/`, each five squares split by `,`: `x` empty, `W2` a White stack of
//! 2, `B1` a Black piece. Pieces not on the board are in reserve.

use super::{Board, Config, Player, Position, Square, Stack};

/// Text that does not set out a position.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum ArrangeError {
    /// Not five rows of five squares.
    #[error("a position is five rows of five squares (x, W1, B2, ...), rank 5 first")]
    Shape,
    /// A square that is not `x`, `W` or `B` with a height.
    #[error("{0:?} is not a square: x for empty, W or B and a height for a stack")]
    Square(String),
    /// More pieces than the player has.
    #[error("{player} has {pieces} pieces, not {on_board}")]
    TooMany {
        /// Whose.
        player: Player,
        /// How many they have.
        pieces: u8,
        /// How many are on the board.
        on_board: u32,
    },
}

impl Position {
    /// The position the text sets out (see the module's notes), `to_move` to play. Neither
    /// player has a last step to reverse.
    pub fn arranged(config: Config, rows: &str, to_move: Player) -> Result<Position, ArrangeError> {
        let rows: Vec<&str> = rows.split('/').collect();
        if rows.len() != 5 {
            return Err(ArrangeError::Shape);
        }
        let mut board = Board::default();
        for (row, text) in rows.iter().enumerate() {
            let squares: Vec<&str> = text.split(',').map(str::trim).collect();
            if squares.len() != 5 {
                return Err(ArrangeError::Shape);
            }
            for (file, token) in squares.iter().enumerate() {
                let stack = match token.split_at_checked(1) {
                    Some(("x", "")) => None,
                    Some((owner @ ("W" | "B"), height)) => {
                        let height = height
                            .parse::<u8>()
                            .ok()
                            .filter(|&h| h > 0)
                            .ok_or_else(|| ArrangeError::Square((*token).to_owned()))?;
                        let owner = if owner == "W" {
                            Player::White
                        } else {
                            Player::Black
                        };
                        Some(Stack { owner, height })
                    }
                    _ => return Err(ArrangeError::Square((*token).to_owned())),
                };
                let square = Square::new(file as u8, 4 - row as u8).ok_or(ArrangeError::Shape)?;
                board.set(square, stack);
            }
        }
        let mut reserves = [0; 2];
        for player in Player::ALL {
            let on_board = board.pieces(player);
            let pieces = config.pieces();
            reserves[player.index()] = u32::from(pieces)
                .checked_sub(on_board)
                .and_then(|r| u8::try_from(r).ok())
                .ok_or(ArrangeError::TooMany {
                    player,
                    pieces,
                    on_board,
                })?;
        }
        Ok(Position::from_parts(config, board, reserves, to_move))
    }
}
