//! The transposition table: what earlier searches found about positions, keyed by hash.
//!
//! Entries go in pairs: the first slot keeps the deeper search (it saves the most work), the
//! second always takes the newest, so recent positions are never locked out. Entries from
//! earlier searches (an older generation) give way to the current one's.

use crate::rules::Move;

/// How a stored value relates to the true value of the position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub(crate) enum Bound {
    /// The value is exact.
    #[default]
    Exact,
    /// The true value is at least this (the search failed high).
    Lower,
    /// The true value is at most this (every move failed low).
    Upper,
}

/// One remembered position.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Entry {
    pub key: u64,
    pub mv: Option<Move>,
    /// Relative to the node (see `score::to_table`).
    pub value: i32,
    pub depth: u8,
    pub bound: Bound,
    generation: u8,
}

/// The table: a fixed number of entry pairs.
#[derive(Debug)]
pub(crate) struct Table {
    entries: Vec<[Entry; 2]>,
    generation: u8,
}

impl Table {
    /// A table of about `mib` MiB (at least 1024 pairs).
    pub(crate) fn new(mib: usize) -> Table {
        let pair = std::mem::size_of::<[Entry; 2]>();
        let pairs = (mib.saturating_mul(1 << 20) / pair).max(1024);
        Table {
            entries: vec![[Entry::default(); 2]; pairs],
            generation: 0,
        }
    }

    /// Empties the table.
    pub(crate) fn clear(&mut self) {
        self.entries.fill([Entry::default(); 2]);
        self.generation = 0;
    }

    /// Marks the start of a new search: older entries become first to be replaced.
    pub(crate) fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    fn index(&self, key: u64) -> usize {
        // The high half of a 64x64 multiply maps the key evenly onto any table length.
        ((u128::from(key) * self.entries.len() as u128) >> 64) as usize
    }

    /// The entry for `key`, if stored.
    pub(crate) fn probe(&self, key: u64) -> Option<Entry> {
        let pair = &self.entries[self.index(key)];
        pair.iter().find(|e| e.key == key && key != 0).copied()
    }

    /// Stores what a search found at `key`.
    pub(crate) fn store(
        &mut self,
        key: u64,
        mv: Option<Move>,
        value: i32,
        depth: u8,
        bound: Bound,
    ) {
        let generation = self.generation;
        let index = self.index(key);
        let pair = &mut self.entries[index];
        let entry = Entry {
            key,
            mv,
            value,
            depth,
            bound,
            generation,
        };
        let first = &mut pair[0];
        if first.key == key || first.generation != generation || depth >= first.depth {
            // Keep the move of an earlier search of this position if this one found none.
            let mv = if mv.is_none() && first.key == key {
                first.mv
            } else {
                mv
            };
            *first = Entry { mv, ..entry };
        } else {
            let second = &mut pair[1];
            let mv = if mv.is_none() && second.key == key {
                second.mv
            } else {
                mv
            };
            *second = Entry { mv, ..entry };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_finds() {
        let mut table = Table::new(1);
        let mv: Move = "c3".parse().unwrap();
        table.store(42, Some(mv), 17, 3, Bound::Lower);
        let entry = table.probe(42).unwrap();
        assert_eq!((entry.mv, entry.value, entry.depth), (Some(mv), 17, 3));
        assert_eq!(entry.bound, Bound::Lower);
        assert!(table.probe(43).is_none());
        table.clear();
        assert!(table.probe(42).is_none());
    }
}
