//! Arbitrary bytes into the PTN reader; every game read without error must survive a round
//! trip through the canonical writer.
//!
//! What "survive" means, from reading `src/record/{read,write,tags}.rs`:
//!
//! * `Tags` keeps its tags in canonical order as they are pushed (the conventional ones first,
//!   the rest in the order read) and `write_game` writes them in that order, so a game read
//!   back is equal (`GameRecord: PartialEq`) to the game written: tags, start and end
//!   positions, game comments, plies with their marks and comments, and the result token.
//!   Comments cannot hold `}` when read, so the writer's `}` -> `)` never applies here.
//! * The canonical text is a fixed point: writing the game read back gives the same text.
//! * Several games through `write_ptn` come back as the same games in the same order (a tag
//!   after a blank line starts a new game, so even games with no move text keep their
//!   boundaries).

#![no_main]

use libfuzzer_sys::fuzz_target;
use taktui::record::{GameRecord, read_ptn, write_game, write_ptn};

/// Reads `written`, which must hold exactly the `expected` games, each without error.
fn read_back(written: &str, expected: &[GameRecord]) {
    let games = read_ptn(written)
        .unwrap_or_else(|e| panic!("the written text cannot be read: {e}\n{written}"));
    assert_eq!(
        games.len(),
        expected.len(),
        "{} written game(s) read back as {}:\n{written}",
        expected.len(),
        games.len()
    );
    for (game, record) in games.iter().zip(expected) {
        assert_eq!(
            game.error, None,
            "a written game reads back with an error:\n{written}"
        );
        assert_eq!(
            game.record.as_ref(),
            Some(record),
            "a game read back differs:\n{written}"
        );
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(games) = read_ptn(text) else {
        return;
    };
    // Every game read in full, without error.
    let records: Vec<GameRecord> = games
        .into_iter()
        .filter(|game| game.error.is_none())
        .filter_map(|game| game.record)
        .collect();
    for record in &records {
        let written = write_game(record);
        read_back(&written, std::slice::from_ref(record));
        let again = read_ptn(&written).expect("read above");
        let again = again[0].record.as_ref().expect("checked above");
        assert_eq!(
            write_game(again),
            written,
            "the canonical text is not a fixed point"
        );
    }
    if records.len() > 1 {
        read_back(&write_ptn(&records), &records);
    }
});
