//! Pieces: a colour and a role.

use super::Color;

/// What a piece does on the board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, PartialOrd, Ord)]
pub enum Role {
    /// A flat stone: counts for roads and for the flat win, can be stacked on.
    #[default]
    Flat,
    /// A standing stone (wall): blocks roads and movement, cannot be stacked on.
    Wall,
    /// A capstone: counts for roads, cannot be stacked on, and alone crushes walls.
    Cap,
}

impl Role {
    /// All roles, in PTN order (flat, wall, capstone).
    pub const ALL: [Role; 3] = [Role::Flat, Role::Wall, Role::Cap];

    /// Whether a piece of this role counts as part of a road.
    #[must_use]
    pub const fn is_road(self) -> bool {
        !matches!(self, Role::Wall)
    }

    /// A lowercase name for messages ("flat", "wall", "capstone").
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Role::Flat => "flat",
            Role::Wall => "wall",
            Role::Cap => "capstone",
        }
    }
}

/// One piece: whose it is and what it is.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    /// The owner.
    pub color: Color,
    /// Flat, wall or capstone.
    pub role: Role,
}

impl Piece {
    /// A piece of this colour and role.
    #[must_use]
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }
}
