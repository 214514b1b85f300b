//! Zobrist keys, generated at compile time from a fixed seed so hashes are
//! the same in every build and run.

use super::geometry::HEXES;
use crate::splitmix::splitmix64;

/// All keys of the position hash.
pub struct Keys {
    /// `piece[cell code][hex]` (cell codes up to 32).
    pub piece: [[u64; HEXES]; 32],
    /// Black to move.
    pub black_to_move: u64,
    /// One key per castling-rights bit.
    pub rights: [u64; 6],
    /// An available en-passant capture, by the double-stepped pawn's hex.
    pub en_passant: [u64; HEXES],
    /// An available scornful capture, by the scornful pawn's hex.
    pub scornful: [u64; HEXES],
}

const fn build() -> Keys {
    let mut keys = Keys {
        piece: [[0; HEXES]; 32],
        black_to_move: 0,
        rights: [0; 6],
        en_passant: [0; HEXES],
        scornful: [0; HEXES],
    };
    let mut state = 0x7A75_1E55_CE5C_AC55;
    let mut code = 0;
    while code < 32 {
        let mut h = 0;
        while h < HEXES {
            let (s, k) = splitmix64(state);
            state = s;
            keys.piece[code][h] = k;
            h += 1;
        }
        code += 1;
    }
    let (s, k) = splitmix64(state);
    state = s;
    keys.black_to_move = k;
    let mut i = 0;
    while i < 6 {
        let (s, k) = splitmix64(state);
        state = s;
        keys.rights[i] = k;
        i += 1;
    }
    let mut h = 0;
    while h < HEXES {
        let (s, k) = splitmix64(state);
        let (s, k2) = splitmix64(s);
        state = s;
        keys.en_passant[h] = k;
        keys.scornful[h] = k2;
        h += 1;
    }
    keys
}

/// The keys.
pub static KEYS: Keys = build();
