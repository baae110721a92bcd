//! Arbitrary text into the PTN move parser (every board size) and the TPS parser; whatever
//! they accept, their canonical output must read back as the same thing.

#![no_main]

use libfuzzer_sys::fuzz_target;
use taktui::notation::{Tps, parse_move, parse_ply, to_tps};
use taktui::rules::BoardSize;

fn moves(text: &str) {
    for n in 3..=8 {
        let size = BoardSize::new(n).expect("3 to 8 are board sizes");
        let Ok((mv, marks)) = parse_ply(text, size) else {
            continue;
        };
        let canonical = mv.to_string();
        let again = parse_move(&canonical, size).unwrap_or_else(|e| {
            panic!("{text:?} reads on {size} but its canonical {canonical:?} does not: {e}")
        });
        assert_eq!(again, mv, "{text:?} on {size} written as {canonical:?}");
        assert_eq!(again.to_string(), canonical, "not a fixed point");
        // With the marks too.
        let ply = format!("{mv}{marks}");
        assert_eq!(
            parse_ply(&ply, size).ok(),
            Some((mv, marks)),
            "{text:?} on {size} written as {ply:?}"
        );
    }
}

fn tps(text: &str) {
    let Ok(tps) = text.parse::<Tps>() else {
        return;
    };
    let Ok(position) = tps.to_standard_position() else {
        return;
    };
    let written = to_tps(&position);
    let reparsed: Tps = written
        .parse()
        .unwrap_or_else(|e| panic!("{text:?} reads but its TPS {written:?} does not: {e}"));
    assert_eq!(reparsed, tps, "{text:?} written as {written:?}");
    let again = reparsed
        .to_standard_position()
        .unwrap_or_else(|e| panic!("{written:?} (from {text:?}) is not a position: {e}"));
    assert_eq!(again, position, "{text:?} written as {written:?}");
    assert_eq!(to_tps(&again), written, "not a fixed point");
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    moves(text);
    tps(text);
});
