//! The transposition table: what earlier searches found about positions, keyed by hash.
//!
//! Entries go in pairs: the first slot keeps the deeper search (it saves the most work), the
//! second always takes the newest, so recent positions are never locked out. Entries from
//! earlier searches (an older generation) give way to the current one's.
//!
//! The threads of a search share the table without locks: each slot is two atomic words, the
//! entry packed in one and the key combined with it by exclusive or in the other. Two threads writing one slot at
//! once may leave the words of different entries side by side; the key read back from them
//! then matches no position, so a torn entry is never returned, only lost.

use std::sync::atomic::{AtomicU64, Ordering};

use super::roads::direction_index;
use crate::rules::{Direction, Drops, Move, MoveKind, Role, Square};

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
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Entry {
    pub key: u64,
    pub mv: Option<Move>,
    /// Relative to the node (see `score::to_table`).
    pub value: i32,
    pub depth: u8,
    pub bound: Bound,
    generation: u8,
}

/// One entry as two words: `check` is the key exclusive-ored with `data`.
#[derive(Debug, Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

/// The table: up to a fixed number of entry pairs.
///
/// The memory is taken as searches need it: a search of at most N nodes stores at most N
/// entries, so a weak level's node budget needs a small table, and a search without a node
/// limit starts small and grows (`grow`) as its node count does. Making an engine (for a hint,
/// or a computer that may never move) costs nothing. Growing needs the table to itself
/// (`&mut`): a search with threads grows it between iterations, when only the main thread runs.
#[derive(Debug)]
pub(crate) struct Table {
    pairs: Vec<[Slot; 2]>,
    /// The most pairs the table may grow to (its size in MiB).
    most: usize,
    generation: u8,
}

/// The fewest pairs a table holds once used.
const FEWEST_PAIRS: usize = 1024;
/// The pairs a search without a node limit starts with (1 MiB).
const FIRST_PAIRS: usize = 1 << 15;

impl Table {
    /// A table of about `mib` MiB (at least 1024 pairs), none of it taken yet.
    pub(crate) fn new(mib: usize) -> Table {
        let pair = std::mem::size_of::<[Slot; 2]>();
        Table {
            pairs: Vec::new(),
            most: (mib.saturating_mul(1 << 20) / pair).max(FEWEST_PAIRS),
            generation: 0,
        }
    }

    /// Empties the table.
    pub(crate) fn clear(&mut self) {
        for slot in self.pairs.iter_mut().flatten() {
            *slot = Slot::default();
        }
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
        if !self.wants(pairs) {
            return;
        }
        let wanted = usize::try_from(pairs).map_or(self.most, |n| n.min(self.most));
        let fresh = std::iter::repeat_with(<[Slot; 2]>::default)
            .take(wanted)
            .collect();
        let old = std::mem::replace(&mut self.pairs, fresh);
        // Entries are placed by the table's length, so each is stored again; the current
        // generation is kept as it was.
        let generation = self.generation;
        for entry in old.iter().flatten().filter_map(read).filter(|e| e.key != 0) {
            self.generation = entry.generation;
            self.store(entry.key, entry.mv, entry.value, entry.depth, entry.bound);
        }
        self.generation = generation;
    }

    /// Whether `grow(pairs)` would grow the table.
    pub(crate) fn wants(&self, pairs: u64) -> bool {
        let wanted = usize::try_from(pairs).map_or(self.most, |n| n.min(self.most));
        self.pairs.len() < wanted
    }

    /// How many pairs the table holds now.
    #[cfg(test)]
    fn len(&self) -> usize {
        self.pairs.len()
    }

    fn pair(&self, key: u64) -> Option<&[Slot; 2]> {
        // The high half of a 64x64 multiply maps the key evenly onto any table length.
        let index = ((u128::from(key) * self.pairs.len() as u128) >> 64) as usize;
        self.pairs.get(index)
    }

    /// The entry for `key`, if stored.
    pub(crate) fn probe(&self, key: u64) -> Option<Entry> {
        // An unused table is empty: nothing is found.
        let pair = self.pair(key)?;
        pair.iter()
            .filter_map(read)
            .find(|e| e.key == key && key != 0)
    }

    /// Stores what a search found at `key`.
    pub(crate) fn store(&self, key: u64, mv: Option<Move>, value: i32, depth: u8, bound: Bound) {
        let Some(pair) = self.pair(key) else {
            return; // Not yet prepared by `new_search`: nothing is kept.
        };
        let generation = self.generation;
        let entry = Entry {
            key,
            mv,
            value,
            depth,
            bound,
            generation,
        };
        // A slot that does not read back whole (torn by another thread) holds nothing.
        let first = read(&pair[0]).unwrap_or_default();
        let (slot, there) =
            if first.key == key || first.generation != generation || depth >= first.depth {
                (&pair[0], first)
            } else {
                (&pair[1], read(&pair[1]).unwrap_or_default())
            };
        // Keep the move of an earlier search of this position if this one found none.
        let mv = if mv.is_none() && there.key == key {
            there.mv
        } else {
            mv
        };
        write(slot, &Entry { mv, ..entry });
    }
}

/// The entry in `slot`, if its words can be read as one (the key is checked by the caller).
fn read(slot: &Slot) -> Option<Entry> {
    // Relaxed is enough: a mismatch of the two words shows in the key, whatever the order.
    let data = slot.data.load(Ordering::Relaxed);
    let key = slot.check.load(Ordering::Relaxed) ^ data;
    unpack(key, data)
}

fn write(slot: &Slot, entry: &Entry) {
    let data = pack(entry);
    slot.check.store(entry.key ^ data, Ordering::Relaxed);
    slot.data.store(data, Ordering::Relaxed);
}

/// Bits of the packed entry: the move, the value, depth, bound and generation, low to high.
const MOVE_BITS: u32 = 18;
const VALUE_BITS: u32 = 22;
const VALUE_SHIFT: u32 = MOVE_BITS;
const DEPTH_SHIFT: u32 = VALUE_SHIFT + VALUE_BITS;
const BOUND_SHIFT: u32 = DEPTH_SHIFT + 8;
const GENERATION_SHIFT: u32 = BOUND_SHIFT + 2;

fn pack(entry: &Entry) -> u64 {
    // Values are within a win and the plies to it (about ±2^20): 22 bits hold them.
    let value = u64::from(entry.value as u32) & ((1 << VALUE_BITS) - 1);
    let bound = match entry.bound {
        Bound::Exact => 0,
        Bound::Lower => 1,
        Bound::Upper => 2,
    };
    entry.mv.map_or(0, pack_move)
        | (value << VALUE_SHIFT)
        | (u64::from(entry.depth) << DEPTH_SHIFT)
        | (bound << BOUND_SHIFT)
        | (u64::from(entry.generation) << GENERATION_SHIFT)
}

/// The entry packed in `data` for `key`; `None` if `data` is no entry (a torn write's).
fn unpack(key: u64, data: u64) -> Option<Entry> {
    let mv = match data & ((1 << MOVE_BITS) - 1) {
        0 => None,
        bits => Some(unpack_move(bits)?),
    };
    // Shifted up to the sign bit and back: the value's sign is extended.
    let value = ((data >> VALUE_SHIFT) as i32) << (32 - VALUE_BITS) >> (32 - VALUE_BITS);
    let bound = match (data >> BOUND_SHIFT) & 3 {
        0 => Bound::Exact,
        1 => Bound::Lower,
        2 => Bound::Upper,
        _ => return None,
    };
    Some(Entry {
        key,
        mv,
        value,
        depth: (data >> DEPTH_SHIFT) as u8,
        bound,
        generation: (data >> GENERATION_SHIFT) as u8,
    })
}

/// A move in 18 bits, never 0: a set top bit, the square (6 bits), and the kind (11 bits: a
/// placement's role, or a spread's flag, direction and drops).
fn pack_move(mv: Move) -> u64 {
    let kind = match mv.kind {
        MoveKind::Place(role) => role as u64,
        MoveKind::Spread(direction, drops) => {
            (1 << 10) | ((direction_index(direction) as u64) << 8) | u64::from(drops.bits())
        }
    };
    (1 << 17) | ((mv.square.index() as u64) << 11) | kind
}

fn unpack_move(bits: u64) -> Option<Move> {
    if bits >> 17 != 1 {
        return None;
    }
    let square = Square::from_index(((bits >> 11) & 63) as u8)?;
    let kind = if bits & (1 << 10) == 0 {
        MoveKind::Place(*Role::ALL.get((bits & 0x3ff) as usize)?)
    } else {
        let direction: Direction = Direction::ALL[((bits >> 8) & 3) as usize];
        let drops = Drops::from_bits(std::num::NonZeroU8::new(bits as u8)?);
        MoveKind::Spread(direction, drops)
    };
    Some(Move { square, kind })
}

#[cfg(test)]
mod tests;
