//! Seeded noise for the weaker levels: the engine never reads an outside source of randomness,
//! so a seed always gives the same games.

use crate::rules::Move;

/// The `SplitMix64` finaliser: a bijection of `u64` that spreads every input bit over the output.
pub(crate) const fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A value in `0..bound` fixed by the seed and the move (0 when `bound` is 0): the same move
/// gets the same noise at every depth of one search, and other noise under another seed.
pub(crate) fn noise(seed: u64, mv: Move, bound: u32) -> i32 {
    if bound == 0 {
        return 0;
    }
    let mut key = mix(seed);
    for byte in mv.to_string().bytes() {
        key = mix(key ^ u64::from(byte));
    }
    ((key >> 33) % u64::from(bound)) as i32
}
