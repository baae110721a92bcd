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

/// The table: up to a fixed number of entry pairs.
///
/// The memory is taken as searches need it: a search of at most N nodes stores at most N
/// entries, so a weak level's node budget needs a small table, and a search without a node
/// limit starts small and grows (`grow`) as its node count does. Making an engine (for a hint,
/// or a computer that may never move) costs nothing.
#[derive(Debug)]
pub(crate) struct Table {
    entries: Vec<[Entry; 2]>,
    /// The most pairs the table may grow to (its size in MiB).
    most: usize,
    generation: u8,
}

/// The fewest pairs a table holds once used.
const FEWEST_PAIRS: usize = 1024;
/// The pairs a search without a node limit starts with (about 1.5 MiB).
const FIRST_PAIRS: usize = 1 << 15;

impl Table {
    /// A table of about `mib` MiB (at least 1024 pairs), none of it taken yet.
    pub(crate) fn new(mib: usize) -> Table {
        let pair = std::mem::size_of::<[Entry; 2]>();
        Table {
            entries: Vec::new(),
            most: (mib.saturating_mul(1 << 20) / pair).max(FEWEST_PAIRS),
            generation: 0,
        }
    }

    /// Empties the table.
    pub(crate) fn clear(&mut self) {
        self.entries.fill([Entry::default(); 2]);
        self.generation = 0;
    }

    /// Marks the start of a new search of at most `nodes` nodes (`None`: no node limit): the
    /// table grows to what that search can use first, and older entries become first to be
    /// replaced.
    pub(crate) fn new_search(&mut self, nodes: Option<u64>) {
        self.grow(nodes.map_or(FIRST_PAIRS as u64, |n| n.max(FEWEST_PAIRS as u64)));
        self.generation = self.generation.wrapping_add(1);
    }

    /// Grows the table to hold `pairs` pairs (never beyond its size in MiB), keeping what it
    /// holds; a search calls it as its node count grows.
    pub(crate) fn grow(&mut self, pairs: u64) {
        let wanted = usize::try_from(pairs).map_or(self.most, |n| n.min(self.most));
        if self.entries.len() >= wanted {
            return;
        }
        let old = std::mem::replace(&mut self.entries, vec![[Entry::default(); 2]; wanted]);
        // Entries are placed by the table's length, so each is stored again; the current
        // generation is kept as it was.
        let generation = self.generation;
        for entry in old.iter().flatten().filter(|e| e.key != 0) {
            self.generation = entry.generation;
            self.store(entry.key, entry.mv, entry.value, entry.depth, entry.bound);
        }
        self.generation = generation;
    }

    /// How many pairs the table holds now.
    #[cfg(test)]
    fn len(&self) -> usize {
        self.entries.len()
    }

    fn index(&self, key: u64) -> usize {
        // The high half of a 64x64 multiply maps the key evenly onto any table length.
        ((u128::from(key) * self.entries.len() as u128) >> 64) as usize
    }

    /// The entry for `key`, if stored.
    pub(crate) fn probe(&self, key: u64) -> Option<Entry> {
        // An unused table is empty: nothing is found.
        let pair = self.entries.get(self.index(key))?;
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
        let Some(pair) = self.entries.get_mut(index) else {
            return; // Not yet prepared by `new_search`: nothing is kept.
        };
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
        table.new_search(None);
        let mv: Move = "c3".parse().unwrap();
        table.store(42, Some(mv), 17, 3, Bound::Lower);
        let entry = table.probe(42).unwrap();
        assert_eq!((entry.mv, entry.value, entry.depth), (Some(mv), 17, 3));
        assert_eq!(entry.bound, Bound::Lower);
        assert!(table.probe(43).is_none());
        table.clear();
        assert!(table.probe(42).is_none());
    }

    #[test]
    fn takes_memory_only_for_what_a_search_can_fill() {
        let mut table = Table::new(64);
        assert_eq!(table.len(), 0);
        table.store(42, None, 1, 1, Bound::Exact);
        assert!(table.probe(42).is_none(), "an unused table keeps nothing");
        table.new_search(Some(60));
        assert_eq!(table.len(), FEWEST_PAIRS);
        table.store(42, Some("c3".parse().unwrap()), 5, 2, Bound::Upper);
        table.new_search(Some(250_000));
        assert_eq!(table.len(), 250_000);
        assert_eq!(
            table.probe(42).map(|e| e.value),
            Some(5),
            "growing keeps entries"
        );
        table.new_search(Some(1_000));
        assert_eq!(table.len(), 250_000, "a table never shrinks");
        table.grow(u64::MAX);
        assert_eq!(table.len(), table.most);
        assert!(table.most * std::mem::size_of::<[Entry; 2]>() <= 64 << 20);
    }
}
