//! Chips: the players' holdings and bets.

/// A number of chips.
pub type Chips = u32;
