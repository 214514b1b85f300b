//! SplitMix64, the fixed-seed generator behind every Zobrist key table and
//! every derived seed: usable at compile time, identical in every build.

/// Advances `state` and returns `(next state, output)`.
#[must_use]
pub const fn splitmix64(state: u64) -> (u64, u64) {
    let next = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = next;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (next, z ^ (z >> 31))
}
