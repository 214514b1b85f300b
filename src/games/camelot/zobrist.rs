//! Zobrist keys: one per (piece, square), one for Black to move, and one per
//! (player, castle moves used), generated at compile time.

use super::board::{Cell, Color, Square, GRID};
use crate::splitmix::splitmix64;

struct Keys {
    pieces: [[u64; GRID]; 4],
    black_to_move: u64,
    castle_moves: [[u64; 3]; 2],
}

const fn build() -> Keys {
    let mut keys = Keys {
        pieces: [[0; GRID]; 4],
        black_to_move: 0,
        castle_moves: [[0; 3]; 2],
    };
    let mut state = 0x0CA3_E107_u64;
    let mut piece = 0;
    while piece < 4 {
        let mut square = 0;
        while square < GRID {
            let (next, key) = splitmix64(state);
            state = next;
            keys.pieces[piece][square] = key;
            square += 1;
        }
        piece += 1;
    }
    let (next, key) = splitmix64(state);
    state = next;
    keys.black_to_move = key;
    let mut color = 0;
    while color < 2 {
        let mut used = 0;
        while used < 3 {
            let (next, key) = splitmix64(state);
            state = next;
            keys.castle_moves[color][used] = key;
            used += 1;
        }
        color += 1;
    }
    keys
}

static KEYS: Keys = build();

/// The key of a piece (a non-empty cell) on a square.
#[inline]
#[must_use]
pub fn piece(cell: Cell, square: Square) -> u64 {
    KEYS.pieces[(cell - 1) as usize][square as usize]
}

/// The key of a side to move (zero for White).
#[inline]
#[must_use]
pub fn side(color: Color) -> u64 {
    match color {
        Color::White => 0,
        Color::Black => KEYS.black_to_move,
    }
}

/// The key of a player having used `used` (0..=2) castle moves.
#[inline]
#[must_use]
pub fn castle_moves(color: Color, used: u8) -> u64 {
    KEYS.castle_moves[color.index()][used.min(2) as usize]
}
