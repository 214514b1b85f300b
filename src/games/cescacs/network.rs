//! C'escacs' learned evaluation: its piece × hex feature set, and the
//! trained network built into the program (`networks/cescacs.md` says how
//! it was made).

use std::sync::{Arc, LazyLock};

use crate::knowledge::network::{BuiltIn, FeatureSet, Network, NetworkError, NetworkInput};

use super::board::{Board, Special};
use super::geometry::{hex_at, HEXES, NONE, TABLES};
use super::piece::{Color, Kind, EMPTY};
use super::Cescacs;

/// The top cross-line: a hex on line `l` faces the one on line `28 − l`
/// of its column across the board.
const TOP_LINE: usize = 28;

/// Each hex seen from Black's side: same column, the cross-line counted
/// from the other edge (the initial array maps onto itself, colours
/// swapped).
static MIRROR: LazyLock<[u8; HEXES]> = LazyLock::new(|| {
    std::array::from_fn(|h| {
        let column = usize::from(TABLES.column[h]);
        let line = usize::from(TABLES.line[h]);
        hex_at(column, TOP_LINE - line).unwrap_or(h as u8)
    })
});

fn mirror(h: usize) -> usize {
    usize::from(MIRROR[h])
}

/// The rightmost column: column `c` faces column `14 − c` across the
/// board's middle column (F).
const LAST_COLUMN: usize = 14;

/// Each hex reflected left to right: the same cross-line, the column
/// counted from the other edge.
static REFLECTION: LazyLock<[u8; HEXES]> = LazyLock::new(|| {
    std::array::from_fn(|h| {
        let column = usize::from(TABLES.column[h]);
        let line = usize::from(TABLES.line[h]);
        hex_at(LAST_COLUMN - column, line).unwrap_or(h as u8)
    })
});

/// `h` reflected left to right ([`NONE`] stays).
fn reflect(h: u8) -> u8 {
    REFLECTION.get(usize::from(h)).copied().unwrap_or(NONE)
}

/// 9 kinds × 2 sides (own, enemy) × 169 hexes: 3042 inputs a perspective.
pub static FEATURES: FeatureSet = FeatureSet {
    game: "cescacs",
    name: "cescacs-hex-1",
    cells: HEXES,
    kinds: Kind::ALL.len(),
    mirror,
};

impl NetworkInput for Cescacs {
    fn feature_set() -> &'static FeatureSet {
        &FEATURES
    }

    fn write_cells(&self, out: &mut [u8]) {
        // A cell is `kind | colour << 4` (kind 1 to 9), so the code
        // `kind + 9 · colour` is arithmetic on it, and 0 stays 0.
        for (slot, &cell) in out.iter_mut().zip(self.board().cells()) {
            *slot = (cell & 15) + 9 * (cell >> 4);
        }
    }

    fn side_to_move(&self) -> usize {
        self.board().side().index()
    }

    /// Once neither side has a castling right left: the King and Queen
    /// start on fixed sides, and the castlings (and the unmoved King's
    /// capturing leap) follow them, but no other rule tells left from
    /// right. The pending en-passant or scornful capture is reflected
    /// with the board.
    fn reflected(&self) -> Option<Self> {
        let board = self.board();
        if board.rights(Color::White) != 0 || board.rights(Color::Black) != 0 {
            return None;
        }
        let mut out = Board::empty();
        for (h, &cell) in board.cells().iter().enumerate() {
            if cell != EMPTY {
                out.put(reflect(h as u8), cell);
            }
        }
        let special = match board.special() {
            Special::None => Special::None,
            Special::EnPassant {
                pawn,
                passed,
                count,
            } => Special::EnPassant {
                pawn: reflect(pawn),
                passed: passed.map(reflect),
                count,
            },
            Special::Scornful { scorned, scornful } => Special::Scornful {
                scorned: reflect(scorned),
                scornful: reflect(scornful),
            },
        };
        out.set_state(board.side(), 0, special);
        out.set_leap_captures(board.leap_captures());
        Some(Cescacs::from_parts(
            out,
            self.halfmove,
            self.fullmove,
            self.options.clone(),
        ))
    }
}

/// The trained network, built into the program (`networks/cescacs.md`
/// says how it was made).
static BUILT_IN: BuiltIn =
    BuiltIn::new(include_bytes!("../../../networks/cescacs.nnue"), &FEATURES);

/// The built-in network, read and checked once.
///
/// # Errors
/// A damaged network, or one for other features.
pub fn built_in() -> Result<Arc<Network>, NetworkError> {
    BUILT_IN.get()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, Notation};

    #[test]
    fn the_mirror_turns_the_initial_array_onto_itself() {
        let state = Cescacs::new(&Default::default());
        let mut cells = vec![0; HEXES];
        state.write_cells(&mut cells);
        for h in 0..HEXES {
            assert_eq!(mirror(mirror(h)), h);
            let seen = cells[mirror(h)];
            let swapped = match cells[h] {
                0 => 0,
                code if code <= 9 => code + 9,
                code => code - 9,
            };
            assert_eq!(seen, swapped, "hex {h}");
        }
        let [white, black] = FEATURES.active(&cells);
        let (mut white, mut black) = (white, black);
        white.sort_unstable();
        black.sort_unstable();
        assert_eq!(white, black, "the start looks the same from both sides");
        assert_eq!(state.format_position(), super::super::START);
    }

    #[test]
    fn the_built_in_network_reads_these_features() {
        let network = built_in().unwrap();
        assert_eq!(network.inputs, FEATURES.inputs());
    }
}
