//! The language of Tak: names players give to stacks and wins (the rulebook's glossary).
//!
//! The glossary describes rather than defines, so where it says "usually" or "tall" these are
//! the readings used here:
//! - captives are the controller's opponent's pieces in a stack, reserves the controller's own
//!   pieces under the top;
//! - a Hunter is two stones (flats or a wall on a flat) of one colour;
//! - a Lady is a capstone on a piece of its own colour, three or more high;
//! - a Tumbler is a capstone on a piece of the other colour, three or more high;
//! - a Marred Tower is a wall on top of three or more pieces;
//! - a Hipper is a stack at least twice the carry limit;
//! - a Trifoil is a road win whose road touches all four edges (a double road).

use crate::rules::{Bitboard, Color, GameResult, Position, Role, Stack, WinReason};

/// A named kind of stack.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum StackName {
    /// Two stones of one colour.
    Hunter,
    /// A capstone on its own colour, three or more high.
    Lady,
    /// A capstone on the other colour, three or more high.
    Tumbler,
    /// A wall on top of a tall stack.
    MarredTower,
    /// A stack at least twice the carry limit.
    Hipper,
}

impl StackName {
    /// The name, as players say it.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            StackName::Hunter => "Hunter",
            StackName::Lady => "Lady",
            StackName::Tumbler => "Tumbler",
            StackName::MarredTower => "Marred Tower",
            StackName::Hipper => "Hipper",
        }
    }

    /// What the name means, in a few words (the readings of the module's heading).
    #[must_use]
    pub const fn meaning(self) -> &'static str {
        match self {
            StackName::Hunter => "two stones of one colour",
            StackName::Lady => "a capstone on its own colour, three or more high",
            StackName::Tumbler => "a capstone on the other colour, three or more high",
            StackName::MarredTower => "a wall on three or more pieces",
            StackName::Hipper => "a stack twice the carry limit or taller",
        }
    }
}

/// The names that fit `stack` on a board whose carry limit is `carry_limit`, most telling
/// first (a tall Lady is also a Hipper).
#[must_use]
pub fn stack_names(stack: Stack, carry_limit: u8) -> Vec<StackName> {
    let mut names = Vec::new();
    let height = stack.height();
    let (Some(top), Some(below)) = (
        stack.top(),
        height.checked_sub(2).and_then(|i| stack.get(i)),
    ) else {
        return names;
    };
    match top.role {
        Role::Cap if height >= 3 && below.color == top.color => names.push(StackName::Lady),
        Role::Cap if height >= 3 => names.push(StackName::Tumbler),
        Role::Wall if height >= 4 => names.push(StackName::MarredTower),
        Role::Flat | Role::Wall if height == 2 && below.color == top.color => {
            names.push(StackName::Hunter);
        }
        _ => {}
    }
    if height >= 2 * u32::from(carry_limit) {
        names.push(StackName::Hipper);
    }
    names
}

/// Captives (the other colour's pieces) and reserves (the controller's own, under the top) in
/// a stack, for the player who controls it.
#[must_use]
pub fn captives_and_reserves(stack: Stack) -> Option<(u32, u32)> {
    let controller: Color = stack.controller()?;
    Some((stack.count(!controller), stack.count(controller) - 1))
}

/// Whether the game was won by a Trifoil: a road touching all four edges of the board.
#[must_use]
pub fn is_trifoil(position: &Position) -> bool {
    let GameResult::Win {
        reason: WinReason::Road { squares },
        ..
    } = position.result()
    else {
        return false;
    };
    let size = position.size();
    [
        Bitboard::north_edge(size),
        Bitboard::south_edge(size),
        Bitboard::west_edge(size),
        Bitboard::east_edge(size),
    ]
    .iter()
    .all(|&edge| !(squares & edge).is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::Tps;

    fn stack(owners: &[Color], top: Role) -> Stack {
        Stack::from_owners(owners.iter().copied(), top).unwrap()
    }

    #[test]
    fn stacks_are_named_as_the_glossary_describes_them() {
        use Color::{Black as B, White as W};
        assert_eq!(
            stack_names(stack(&[W, W], Role::Flat), 5),
            [StackName::Hunter]
        );
        assert_eq!(
            stack_names(stack(&[B, B], Role::Wall), 5),
            [StackName::Hunter]
        );
        assert!(
            stack_names(stack(&[W, B], Role::Flat), 5).is_empty(),
            "two colours"
        );
        assert!(
            stack_names(stack(&[W, W, W], Role::Flat), 5).is_empty(),
            "three is no Hunter"
        );
        assert_eq!(
            stack_names(stack(&[B, W, W], Role::Cap), 5),
            [StackName::Lady]
        );
        assert_eq!(
            stack_names(stack(&[W, W, B], Role::Cap), 5),
            [StackName::Tumbler]
        );
        assert!(
            stack_names(stack(&[W, W], Role::Cap), 5).is_empty(),
            "a Lady is three high"
        );
        assert_eq!(
            stack_names(stack(&[W, B, W, B], Role::Wall), 5),
            [StackName::MarredTower]
        );
        let tall = [W, B, W, B, W, B, W, B, W, W];
        assert_eq!(
            stack_names(stack(&tall, Role::Cap), 5),
            [StackName::Lady, StackName::Hipper]
        );
        assert_eq!(
            stack_names(stack(&tall, Role::Cap), 6),
            [StackName::Lady],
            "6 is the limit"
        );
    }

    #[test]
    fn captives_are_the_other_colour_reserves_the_same() {
        use Color::{Black as B, White as W};
        assert_eq!(
            captives_and_reserves(stack(&[B, W, B, W], Role::Cap)),
            Some((2, 1))
        );
        assert_eq!(captives_and_reserves(stack(&[W], Role::Flat)), Some((0, 0)));
        assert_eq!(captives_and_reserves(Stack::EMPTY), None);
    }

    #[test]
    fn a_road_touching_all_four_edges_is_a_trifoil() {
        // White's cross: rank 2 and file b both full on a 3x3 board, made by the last move.
        let cross: Tps = "x,1,x/1,1,1/x,1,x 2 8".parse().unwrap();
        let position = cross.to_standard_position().unwrap();
        assert!(is_trifoil(&position));
        let line: Tps = "x3/1,1,1/x,2,x 2 8".parse().unwrap();
        assert!(!is_trifoil(&line.to_standard_position().unwrap()));
    }
}
