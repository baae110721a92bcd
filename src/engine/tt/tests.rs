use super::*;

fn mv(text: &str) -> Move {
    text.parse().unwrap()
}

#[test]
fn stores_and_finds() {
    let mut table = Table::new(1);
    table.new_search(None);
    table.store(42, Some(mv("c3")), 17, 3, Bound::Lower);
    let entry = table.probe(42).unwrap();
    assert_eq!(
        (entry.mv, entry.value, entry.depth),
        (Some(mv("c3")), 17, 3)
    );
    assert_eq!(entry.bound, Bound::Lower);
    assert!(table.probe(43).is_none());
    table.clear();
    assert!(table.probe(42).is_none());
}

#[test]
fn every_move_value_and_bound_reads_back_as_stored() {
    let mut table = Table::new(1);
    table.new_search(None);
    let moves = [
        "a1", "Sh8", "Ce5", "5a1>1121", "3c3<12", "d4+", "2b7-11", "h1<",
    ];
    let values = [
        0, 1, -1, 1_000_000, -1_000_000, 1_000_999, -1_000_999, 12_345,
    ];
    let bounds = [Bound::Exact, Bound::Lower, Bound::Upper];
    for (i, text) in moves.iter().enumerate() {
        for (j, &value) in values.iter().enumerate() {
            let key = ((i * 100 + j + 1) as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            let bound = bounds[(i + j) % 3];
            let depth = (i * 7 + j) as u8;
            table.store(key, Some(mv(text)), value, depth, bound);
            let entry = table.probe(key).unwrap();
            assert_eq!(
                (entry.mv, entry.value, entry.depth, entry.bound),
                (Some(mv(text)), value, depth, bound),
                "{text} {value}"
            );
        }
    }
}

#[test]
fn a_torn_entry_is_never_returned() {
    let mut table = Table::new(1);
    table.new_search(None);
    table.store(42, Some(mv("c3")), 17, 3, Bound::Lower);
    table.store(43, Some(mv("a1")), -5, 1, Bound::Exact);
    let slot_42 = table
        .pair(42)
        .unwrap()
        .iter()
        .find(|s| read(s).unwrap().key == 42);
    let slot_43 = table
        .pair(43)
        .unwrap()
        .iter()
        .find(|s| read(s).unwrap().key == 43);
    // Half of one write and half of another, as two threads storing at once may leave.
    let data_43 = slot_43.unwrap().data.load(Ordering::Relaxed);
    slot_42.unwrap().data.store(data_43, Ordering::Relaxed);
    assert!(
        table.probe(42).is_none(),
        "the key no longer matches its data"
    );
    assert_eq!(table.probe(43).map(|e| e.value), Some(-5));
}

#[test]
fn threads_storing_at_once_never_read_another_positions_entry() {
    let mut table = Table::new(1);
    table.new_search(Some(1_024));
    // A few thousand keys on a thousand pairs, stored and read over and over; every entry's
    // value and depth are made from its key, so an entry read for a key it was not stored
    // for shows.
    let key = |i: u64| (i + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let value_of = |key: u64| (key % 100_000) as i32;
    let depth_of = |key: u64| (key % 200) as u8;
    let found = AtomicU64::new(0);
    std::thread::scope(|scope| {
        for thread in 0..2_u64 {
            let (table, found) = (&table, &found);
            scope.spawn(move || {
                let mut random = thread + 1;
                for _ in 0..200_000 {
                    random = random
                        .wrapping_mul(6_364_136_223_846_793_005)
                        .wrapping_add(1_442_695_040_888_963_407);
                    let stored = key((random >> 33) % 4_096);
                    table.store(
                        stored,
                        None,
                        value_of(stored),
                        depth_of(stored),
                        Bound::Exact,
                    );
                    let asked = key((random >> 45) % 4_096);
                    if let Some(entry) = table.probe(asked) {
                        assert_eq!((entry.key, entry.value), (asked, value_of(asked)));
                        assert_eq!(entry.depth, depth_of(asked));
                        found.fetch_add(1, Ordering::Relaxed);
                    }
                }
            });
        }
    });
    assert!(
        found.into_inner() > 10_000,
        "the threads read each other's entries"
    );
}

#[test]
fn the_deeper_entry_stays_first_and_the_newest_goes_second() {
    let mut table = Table::new(1);
    table.new_search(Some(1_024));
    // Keys with the same top bits share a pair.
    let (deep, shallow, newer) = (1 << 40, 2 << 40, 3 << 40);
    table.store(deep, Some(mv("a1")), 1, 8, Bound::Exact);
    table.store(shallow, Some(mv("b1")), 2, 3, Bound::Exact);
    table.store(newer, Some(mv("c1")), 3, 2, Bound::Exact);
    assert_eq!(
        table.probe(deep).map(|e| e.value),
        Some(1),
        "the deeper stays"
    );
    assert!(
        table.probe(shallow).is_none(),
        "the second slot takes the newest"
    );
    assert_eq!(table.probe(newer).map(|e| e.value), Some(3));
    // A search of the same position keeps its move if the new one found none.
    table.store(deep, None, 4, 9, Bound::Upper);
    assert_eq!(table.probe(deep).and_then(|e| e.mv), Some(mv("a1")));
    // In a new search, the old deep entry gives way even to a shallow one.
    table.new_search(Some(1_024));
    table.store(shallow, Some(mv("b1")), 2, 1, Bound::Exact);
    assert!(table.probe(deep).is_none(), "an older generation gives way");
    assert_eq!(table.probe(shallow).map(|e| e.depth), Some(1));
}

#[test]
fn takes_memory_only_for_what_a_search_can_fill() {
    let mut table = Table::new(64);
    assert_eq!(table.len(), 0);
    table.store(42, None, 1, 1, Bound::Exact);
    assert!(table.probe(42).is_none(), "an unused table keeps nothing");
    table.new_search(Some(60));
    assert_eq!(table.len(), FEWEST_PAIRS);
    table.store(42, Some(mv("c3")), 5, 2, Bound::Upper);
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
    assert!(table.most * std::mem::size_of::<[Slot; 2]>() <= 64 << 20);
}

/// The table as it was on one thread, plain entries in pairs: the shared table must keep and
/// give way exactly as it did, so that a search on one thread plays as before.
struct Plain {
    pairs: Vec<[Entry; 2]>,
    generation: u8,
}

impl Plain {
    fn store(&mut self, key: u64, mv: Option<Move>, value: i32, depth: u8, bound: Bound) {
        let index = ((u128::from(key) * self.pairs.len() as u128) >> 64) as usize;
        let pair = &mut self.pairs[index];
        let entry = Entry {
            key,
            mv,
            value,
            depth,
            bound,
            generation: self.generation,
        };
        let first = &mut pair[0];
        let slot =
            if first.key == key || first.generation != self.generation || depth >= first.depth {
                &mut pair[0]
            } else {
                &mut pair[1]
            };
        let mv = if mv.is_none() && slot.key == key {
            slot.mv
        } else {
            mv
        };
        *slot = Entry { mv, ..entry };
    }

    fn probe(&self, key: u64) -> Option<Entry> {
        let index = ((u128::from(key) * self.pairs.len() as u128) >> 64) as usize;
        self.pairs[index]
            .iter()
            .find(|e| e.key == key && key != 0)
            .copied()
    }
}

#[test]
fn keeps_and_replaces_as_the_plain_table_did() {
    let mut table = Table::new(1);
    table.new_search(Some(1_024));
    let mut plain = Plain {
        pairs: vec![[Entry::default(); 2]; 1_024],
        generation: table.generation,
    };
    let moves = [None, Some(mv("a1")), Some(mv("3c3<12")), Some(mv("Cb2"))];
    let key = |i: u64| (i + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let mut random = 7_u64;
    for step in 0..100_000 {
        random = random
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let k = key((random >> 33) % 3_000);
        if step % 10_000 == 9_999 {
            table.new_search(Some(1_024));
            plain.generation = table.generation;
        }
        let depth = ((random >> 20) % 12) as u8;
        let value = ((random >> 40) % 2_000) as i32 - 1_000;
        let bound = [Bound::Exact, Bound::Lower, Bound::Upper][((random >> 50) % 3) as usize];
        let mv = moves[((random >> 55) % 4) as usize];
        table.store(k, mv, value, depth, bound);
        plain.store(k, mv, value, depth, bound);
        let asked = key((random >> 13) % 3_000);
        assert_eq!(table.probe(asked), plain.probe(asked), "step {step}");
    }
}
