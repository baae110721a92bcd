//! Moves: placing a piece, or spreading a stack.

use super::{Direction, Drops, Role, Square};

/// One ply: what a player does on their turn.
///
/// Reading and writing moves in PTN (`Sc3`, `3c3>12`) is [`crate::notation`]'s work.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Move {
    /// The square placed on, or the square of the stack that spreads.
    pub square: Square,
    /// What happens there.
    pub kind: MoveKind,
}

/// What a move does at its square.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum MoveKind {
    /// Place a new piece of this role on the (empty) square.
    Place(Role),
    /// Carry pieces off the stack in a direction, dropping them square by square.
    Spread(Direction, Drops),
}

impl Move {
    /// Place a piece of `role` on `square`.
    #[must_use]
    pub const fn place(square: Square, role: Role) -> Move {
        Move {
            square,
            kind: MoveKind::Place(role),
        }
    }

    /// Spread the stack on `square` towards `direction`, dropping as `drops` says.
    #[must_use]
    pub const fn spread(square: Square, direction: Direction, drops: Drops) -> Move {
        Move {
            square,
            kind: MoveKind::Spread(direction, drops),
        }
    }

    /// The squares the move puts pieces on, in order: the placed square, or each square a
    /// spread drops on (stopping at the edge of a board of `size`).
    pub fn targets(self, size: super::BoardSize) -> impl Iterator<Item = Square> {
        let (direction, steps) = match self.kind {
            MoveKind::Place(_) => (None, 0),
            MoveKind::Spread(direction, drops) => (Some(direction), drops.squares()),
        };
        let mut square = Some(self.square);
        let mut left = if direction.is_some() { steps } else { 1 };
        std::iter::from_fn(move || {
            if left == 0 {
                return None;
            }
            left -= 1;
            square = match direction {
                Some(direction) => square?.step(direction, size),
                None => square,
            };
            square
        })
    }

    /// Whether this move places a piece.
    #[must_use]
    pub const fn is_place(self) -> bool {
        matches!(self.kind, MoveKind::Place(_))
    }
}
