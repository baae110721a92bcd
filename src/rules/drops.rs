//! How a spread drops its pieces: `3c3>12` drops 1 then 2.

use std::num::NonZeroU8;

/// The drops of a spread, square by square: each at least 1, adding up to at most 8 (the
/// largest carry limit).
///
/// Stored as one byte: bit `k - 1` is set for every running total `k` of the drops, so the
/// drops `[1, 2]` (3 pieces) set bits 0 and 2. The highest bit is the number of pieces carried
/// less one and the number of set bits is the number of squares, and every non-zero byte is a
/// valid sequence of drops: the 255 of them are every way to drop 1 to 8 pieces.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Drops(NonZeroU8);

impl Drops {
    /// The most pieces any spread can carry (the carry limit on 8x8).
    pub const MAX_CARRY: u8 = 8;

    /// The drops with this bit pattern (see the type's documentation).
    #[must_use]
    pub const fn from_bits(bits: NonZeroU8) -> Drops {
        Drops(bits)
    }

    /// The bit pattern (see the type's documentation).
    #[must_use]
    pub const fn bits(self) -> u8 {
        self.0.get()
    }

    /// All `count` pieces dropped on the next square.
    #[must_use]
    pub const fn all_on_one(count: u8) -> Option<Drops> {
        if count == 0 || count > Self::MAX_CARRY {
            return None;
        }
        match NonZeroU8::new(1 << (count - 1)) {
            Some(bits) => Some(Drops(bits)),
            None => None,
        }
    }

    /// The drops with these counts, square by square; `None` when a count is 0, there are
    /// none, or they add up to more than 8.
    #[must_use]
    pub fn from_counts(counts: &[u8]) -> Option<Drops> {
        let mut bits = 0u8;
        let mut total = 0u8;
        for &count in counts {
            if count == 0 {
                return None;
            }
            total = total.checked_add(count)?;
            if total > Self::MAX_CARRY {
                return None;
            }
            bits |= 1 << (total - 1);
        }
        NonZeroU8::new(bits).map(Drops)
    }

    /// How many pieces are carried (the drops added up).
    #[must_use]
    pub const fn count(self) -> u8 {
        8 - self.0.get().leading_zeros() as u8
    }

    /// How many squares the spread drops on.
    #[must_use]
    pub const fn squares(self) -> u8 {
        self.0.get().count_ones() as u8
    }

    /// How many pieces land on the last square.
    #[must_use]
    pub const fn last(self) -> u8 {
        let bits = self.0.get();
        let without_last = bits & !(1 << (self.count() - 1));
        if without_last == 0 {
            self.count()
        } else {
            self.count() - (8 - without_last.leading_zeros() as u8)
        }
    }

    /// The drops square by square.
    pub fn iter(self) -> impl Iterator<Item = u8> {
        let mut bits = self.0.get();
        let mut done = 0u8;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let total = bits.trailing_zeros() as u8 + 1;
            bits &= bits - 1;
            let drop = total - done;
            done = total;
            Some(drop)
        })
    }
}

/// Every [`Drops`] pattern, ordered by pieces carried and then by squares used, with the index
/// where each (carried, squares) group starts: move generation takes whole slices of it.
pub(crate) struct DropsTable {
    pub patterns: [u8; 255],
    /// `start[count][len]`: the first pattern carrying `count` pieces over `len` squares.
    /// `start[count][count + 1]` (and every later column) is where the next count begins.
    pub start: [[u8; 10]; 10],
}

pub(crate) static DROPS_TABLE: DropsTable = build_table();

const fn build_table() -> DropsTable {
    let mut patterns = [0u8; 255];
    let mut start = [[0u8; 10]; 10];
    let mut next = 0usize;
    let mut count = 1u32;
    while count <= 8 {
        let mut len = 1u32;
        while len <= 9 {
            start[count as usize][len as usize] = next as u8;
            if len <= count {
                // Patterns carrying `count` pieces have bit `count - 1` as their highest bit.
                let mut bits = 1u32 << (count - 1);
                while bits < (1 << count) {
                    if bits.count_ones() == len {
                        patterns[next] = bits as u8;
                        next += 1;
                    }
                    bits += 1;
                }
            }
            len += 1;
        }
        count += 1;
    }
    // Count 9 marks the end of the table.
    let mut len = 0;
    while len <= 9 {
        start[9][len] = next as u8;
        len += 1;
    }
    DropsTable { patterns, start }
}

impl DropsTable {
    /// The patterns carrying exactly `count` pieces over at most `max_len` squares.
    pub fn up_to(&self, count: u8, max_len: u8) -> &[u8] {
        let row = &self.start[count as usize];
        let end = row[(max_len.min(count) + 1) as usize];
        &self.patterns[row[1] as usize..end as usize]
    }

    /// The patterns carrying exactly `count` pieces over exactly `len` squares.
    pub fn exactly(&self, count: u8, len: u8) -> &[u8] {
        if len == 0 || len > count {
            return &[];
        }
        let row = &self.start[count as usize];
        &self.patterns[row[len as usize] as usize..row[len as usize + 1] as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_round_trip_through_bits() {
        let drops = Drops::from_counts(&[1, 2]).unwrap();
        assert_eq!(drops.bits(), 0b101);
        assert_eq!(drops.count(), 3);
        assert_eq!(drops.squares(), 2);
        assert_eq!(drops.last(), 2);
        assert_eq!(drops.iter().collect::<Vec<_>>(), [1, 2]);
        for bits in 1..=255u8 {
            let drops = Drops::from_bits(NonZeroU8::new(bits).unwrap());
            let counts: Vec<u8> = drops.iter().collect();
            assert_eq!(Drops::from_counts(&counts), Some(drops));
            assert_eq!(counts.iter().sum::<u8>(), drops.count());
            assert_eq!(counts.len() as u8, drops.squares());
            assert_eq!(*counts.last().unwrap(), drops.last());
        }
    }

    #[test]
    fn bad_counts_are_refused() {
        assert_eq!(Drops::from_counts(&[]), None);
        assert_eq!(Drops::from_counts(&[1, 0]), None);
        assert_eq!(Drops::from_counts(&[5, 4]), None);
    }

    #[test]
    fn table_holds_every_pattern_once_in_groups() {
        let mut seen = [false; 256];
        for count in 1..=8u8 {
            for len in 1..=count {
                let group = DROPS_TABLE.exactly(count, len);
                // Compositions of `count` into `len` parts: C(count - 1, len - 1).
                assert_eq!(
                    group.len() as u64,
                    binomial(u64::from(count) - 1, u64::from(len) - 1)
                );
                for &bits in group {
                    let drops = Drops::from_bits(NonZeroU8::new(bits).unwrap());
                    assert_eq!((drops.count(), drops.squares()), (count, len));
                    assert!(!seen[bits as usize]);
                    seen[bits as usize] = true;
                }
            }
            assert_eq!(DROPS_TABLE.up_to(count, 8).len(), 1 << (count - 1));
        }
        assert_eq!(seen.iter().filter(|&&s| s).count(), 255);
    }

    fn binomial(n: u64, k: u64) -> u64 {
        (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
    }
}
