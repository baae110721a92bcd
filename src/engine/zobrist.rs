//! Position hashes for the transposition table, kept up to date move by move.
//!
//! The hash of a position is the exclusive-or of one key per occupied square plus a key for
//! the side to move. A square's key is computed from everything about its stack (the owners of
//! all its pieces, its height, the role on top) by a 64-bit mixing function, rather than looked
//! up in a table of random numbers per piece and height: stacks in Tak grow to a hundred pieces,
//! and the mixer covers them all with the same collision odds as a table would. Because each
//! square contributes its own term, a move changes the hash only on the squares it touches, so
//! the search updates it in a few operations ([`Hasher::play`]).
//!
//! Reserves need no term: with the game's settings fixed, they follow from the board.

use super::rng::mix;
use crate::rules::{Color, Move, MoveKind, Position, Square, Stack, Undo};

/// Per-square seeds, so that equal stacks on different squares hash differently.
const SQUARE_SEEDS: [u64; 64] = {
    let mut seeds = [0u64; 64];
    let mut i = 0;
    while i < 64 {
        seeds[i] = mix(0x5EED_0000_0000_0000 ^ (i as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        i += 1;
    }
    seeds
};

/// Added when Black is to move.
const BLACK_TO_MOVE: u64 = 0xA3C5_9F1B_2D47_E861;
/// Added during the two opening plies, when pieces placed are the opponent's.
const OPENING: u64 = 0x71D2_4B8E_C6F3_0A95;

/// The key of one square holding `stack` (0 for an empty square).
#[must_use]
pub fn square_key(square: Square, stack: Stack) -> u64 {
    let Some(top) = stack.top() else {
        return 0;
    };
    let bits = stack.owner_bits();
    let shape = (u64::from(stack.height()) << 2) | top.role as u64;
    let low = mix(SQUARE_SEEDS[square.index()] ^ bits as u64);
    mix(low ^ (bits >> 64) as u64 ^ shape.wrapping_mul(0xD6E8_FEB8_6659_FD93))
}

/// The hash of a whole position, computed from scratch.
#[must_use]
pub fn hash(position: &Position) -> u64 {
    let board = position.board();
    let mut hash = side_key(position);
    for square in board.occupied().squares() {
        hash ^= square_key(square, board.stack(square));
    }
    hash
}

fn side_key(position: &Position) -> u64 {
    let side = if position.to_move() == Color::Black {
        BLACK_TO_MOVE
    } else {
        0
    };
    side ^ if position.is_opening() { OPENING } else { 0 }
}

/// A position with its hash, played and taken back together.
#[derive(Clone, Debug)]
pub struct Hasher {
    position: Position,
    hash: u64,
    /// The hash before each move played, to restore on undo.
    history: Vec<u64>,
}

impl Hasher {
    /// Starts from `position`.
    #[must_use]
    pub fn new(position: Position) -> Hasher {
        let hash = hash(&position);
        Hasher {
            position,
            hash,
            history: Vec::with_capacity(128),
        }
    }

    /// The position.
    #[must_use]
    pub const fn position(&self) -> &Position {
        &self.position
    }

    /// Its hash.
    #[must_use]
    pub const fn hash(&self) -> u64 {
        self.hash
    }

    /// The position, for questions that play and take back moves (which leave the hash as it
    /// was).
    pub(crate) fn position_mut(&mut self) -> &mut Position {
        &mut self.position
    }

    /// Plays a legal move (from move generation), updating the hash on the squares it touches.
    pub fn play(&mut self, mv: Move) -> Undo {
        self.history.push(self.hash);
        let size = self.position.size();
        let mut hash = self.hash ^ side_key(&self.position);
        let touched = touched(mv, size);
        let board = self.position.board();
        for &square in touched.as_slice() {
            hash ^= square_key(square, board.stack(square));
        }
        let undo = self.position.play_unchecked(mv);
        let board = self.position.board();
        for &square in touched.as_slice() {
            hash ^= square_key(square, board.stack(square));
        }
        self.hash = hash ^ side_key(&self.position);
        undo
    }

    /// Passes the move to the other player (a null move; the same call takes it back).
    pub(crate) fn pass(&mut self) {
        self.position.pass();
        self.hash ^= BLACK_TO_MOVE;
    }

    /// Takes back the last move played.
    pub fn undo(&mut self, undo: Undo) {
        self.position.undo(undo);
        self.hash = self.history.pop().unwrap_or_else(|| hash(&self.position));
    }
}

/// The squares a move changes: where it starts and every square it drops on.
pub(crate) struct Touched {
    squares: [Square; 9],
    len: usize,
}

impl Touched {
    pub(crate) fn as_slice(&self) -> &[Square] {
        &self.squares[..self.len]
    }
}

pub(crate) fn touched(mv: Move, size: crate::rules::BoardSize) -> Touched {
    let mut squares = [mv.square; 9];
    let mut len = 1;
    if let MoveKind::Spread(..) = mv.kind {
        for square in mv.targets(size) {
            squares[len] = square;
            len += 1;
        }
    }
    Touched { squares, len }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::Tps;

    #[test]
    fn the_kept_hash_matches_the_hash_from_scratch() {
        let tps: Tps = "x,2,1,x,2,x/1,121,x,2212C,x,2/x,12,1,2,211,x/2,x,1122,1,x,1S/\
                        x,1,2,x,21121C,x/2,x,1,x,x,2S 1 20"
            .parse()
            .unwrap();
        let mut hasher = Hasher::new(tps.to_standard_position().unwrap());
        let start = hasher.hash();
        for mv in hasher.position().legal_moves() {
            let undo = hasher.play(mv);
            assert_eq!(hasher.hash(), hash(hasher.position()), "after {mv}");
            for reply in hasher.position().legal_moves().into_iter().take(40) {
                let undo = hasher.play(reply);
                assert_eq!(hasher.hash(), hash(hasher.position()), "after {mv} {reply}");
                hasher.undo(undo);
            }
            hasher.undo(undo);
            assert_eq!(hasher.hash(), start);
        }
    }

    #[test]
    fn transpositions_hash_alike_and_sides_differ() {
        let start = Position::new(crate::rules::GameConfig::new(
            crate::rules::BoardSize::new(5).unwrap(),
        ));
        let line = |moves: &[&str]| {
            let mut hasher = Hasher::new(start.clone());
            for text in moves {
                hasher.play(text.parse().unwrap());
            }
            hasher.hash()
        };
        // White's b2 and c3 in either order.
        assert_eq!(
            line(&["a1", "e5", "b2", "d4", "c3"]),
            line(&["a1", "e5", "c3", "d4", "b2"])
        );
        assert_ne!(line(&["a1", "e5", "b2"]), line(&["a1", "e5", "b2", "d4"]));
    }
}
