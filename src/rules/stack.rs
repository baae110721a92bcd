//! A stack of pieces on one square.

use super::{Color, Piece, Role};

/// The most pieces one stack can hold: both players' whole reserves
/// (see [`super::MAX_PIECES_PER_PLAYER`]).
pub const MAX_HEIGHT: u32 = 128;

/// The pieces on one square, bottom to top.
///
/// Only the top piece of a stack can be a wall or a capstone: nothing is ever placed on a wall or
/// a capstone, and a capstone crushing a wall turns it into a flat. So a stack is its owners
/// bottom to top (one bit each) plus the role of its top piece.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Stack {
    /// Bit `i` is set when piece `i` from the bottom is Black's.
    colors: u128,
    height: u8,
    /// The role of the top piece (`Flat` when the stack is empty).
    top: Role,
}

/// Pieces carried off the top of a stack: owners bottom to top, the role of the topmost.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Carried {
    pub colors: u128,
    pub count: u8,
    pub top: Role,
}

const fn low_bits(count: u32) -> u128 {
    if count >= 128 {
        u128::MAX
    } else {
        (1u128 << count) - 1
    }
}

impl Stack {
    /// A square with no pieces.
    pub const EMPTY: Stack = Stack {
        colors: 0,
        height: 0,
        top: Role::Flat,
    };

    /// A stack of the given owners, bottom to top, whose top piece has role `top`; `None` when
    /// there are no owners or more than 128 of them (the most a stack holds).
    pub fn from_owners(owners: impl IntoIterator<Item = Color>, top: Role) -> Option<Stack> {
        let mut stack = Stack::EMPTY;
        for color in owners {
            if u32::from(stack.height) >= MAX_HEIGHT {
                return None;
            }
            stack.colors |= u128::from(color == Color::Black) << stack.height;
            stack.height += 1;
        }
        if stack.height == 0 {
            return None;
        }
        stack.top = top;
        Some(stack)
    }

    /// A stack of one piece.
    #[must_use]
    pub const fn single(piece: Piece) -> Stack {
        Stack {
            colors: matches!(piece.color, Color::Black) as u128,
            height: 1,
            top: piece.role,
        }
    }

    /// How many pieces are in the stack.
    #[must_use]
    pub const fn height(self) -> u32 {
        self.height as u32
    }

    /// Whether the square is empty.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.height == 0
    }

    /// The top piece, if any.
    #[must_use]
    pub const fn top(self) -> Option<Piece> {
        if self.height == 0 {
            None
        } else {
            Some(Piece::new(self.color_at(self.height as u32 - 1), self.top))
        }
    }

    /// The owner of the top piece, if any: the player who controls the stack.
    #[must_use]
    pub const fn controller(self) -> Option<Color> {
        match self.top() {
            Some(piece) => Some(piece.color),
            None => None,
        }
    }

    /// The role of the top piece, if any.
    #[must_use]
    pub const fn top_role(self) -> Option<Role> {
        if self.height == 0 {
            None
        } else {
            Some(self.top)
        }
    }

    const fn color_at(self, index: u32) -> Color {
        if (self.colors >> index) & 1 == 1 {
            Color::Black
        } else {
            Color::White
        }
    }

    /// The piece `index` places from the bottom (0 is the bottom piece), if there is one.
    #[must_use]
    pub const fn get(self, index: u32) -> Option<Piece> {
        if index >= self.height as u32 {
            None
        } else if index + 1 == self.height as u32 {
            Some(Piece::new(self.color_at(index), self.top))
        } else {
            Some(Piece::new(self.color_at(index), Role::Flat))
        }
    }

    /// The pieces bottom to top.
    #[must_use = "the iterator does nothing unless consumed"]
    pub fn pieces(self) -> impl DoubleEndedIterator<Item = Piece> {
        (0..self.height()).filter_map(move |index| self.get(index))
    }

    /// How many pieces in the stack belong to `color`.
    #[must_use]
    pub const fn count(self, color: Color) -> u32 {
        let black = (self.colors & low_bits(self.height as u32)).count_ones();
        match color {
            Color::Black => black,
            Color::White => self.height as u32 - black,
        }
    }

    /// The owners as bits, bottom piece lowest, a set bit for each of Black's pieces (bits at
    /// and above the height are clear): a compact key for hashing and counting.
    #[must_use]
    pub const fn owner_bits(self) -> u128 {
        self.colors
    }

    /// Takes the top `count` pieces off (the caller has checked `count <= height`).
    pub(crate) fn take(&mut self, count: u8) -> Carried {
        debug_assert!(count <= self.height);
        let keep = u32::from(self.height - count);
        let carried = Carried {
            colors: self.colors >> keep,
            count,
            top: self.top,
        };
        self.colors &= low_bits(keep);
        self.height -= count;
        self.top = Role::Flat;
        carried
    }

    /// Puts carried pieces on top; the topmost gets role `top`, and whatever was on top before
    /// is flattened (a capstone crushing a wall).
    pub(crate) fn put(&mut self, colors: u128, count: u8, top: Role) {
        debug_assert!(u32::from(self.height) + u32::from(count) <= MAX_HEIGHT);
        self.colors |= (colors & low_bits(u32::from(count))) << self.height;
        self.height += count;
        self.top = top;
    }

    /// Sets the role of the top piece (undoing a crush makes a wall again).
    pub(crate) fn set_top_role(&mut self, role: Role) {
        self.top = role;
    }
}

impl std::fmt::Display for Stack {
    /// The stack as TPS writes it: owners bottom to top (`1` White, `2` Black), then `S` or `C`
    /// for a wall or capstone on top (`12S`). An empty square writes nothing.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for piece in self.pieces() {
            write!(f, "{}", piece.color.number())?;
        }
        match self.top_role() {
            Some(Role::Wall) => f.write_str("S"),
            Some(Role::Cap) => f.write_str("C"),
            _ => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn take_and_put_keep_order_and_roles() {
        use Color::{Black, White};
        let mut stack = Stack::from_owners([White, Black, Black, White], Role::Cap).unwrap();
        let carried = stack.take(3);
        assert_eq!(stack.height(), 1);
        assert_eq!(stack.top(), Some(Piece::new(White, Role::Flat)));
        assert_eq!(carried.count, 3);
        assert_eq!(carried.top, Role::Cap);
        let mut other = Stack::single(Piece::new(Black, Role::Wall));
        other.put(carried.colors, carried.count, carried.top);
        let owners: Vec<Color> = other.pieces().map(|p| p.color).collect();
        assert_eq!(owners, [Black, Black, Black, White]);
        assert_eq!(
            other.get(0).unwrap().role,
            Role::Flat,
            "the crushed wall is a flat"
        );
        assert_eq!(other.top(), Some(Piece::new(White, Role::Cap)));
        assert_eq!(other.count(Black), 3);
        assert_eq!(other.count(White), 1);
    }
}
