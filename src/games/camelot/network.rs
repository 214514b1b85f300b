//! Camelot's learned evaluation: its feature set (man or knight, own or
//! enemy, on each square of the 12 × 16 grid; the 32 missing corners are
//! never active), and the trained network built into the program
//! (`networks/camelot.md` says how it was made).

use std::sync::Arc;

use crate::knowledge::network::{BuiltIn, FeatureSet, Network, NetworkError, NetworkInput};

use super::board::{Board, EMPTY, FILES, GRID, RANKS};
use super::Camelot;

/// A square seen from Black's side: the same file, the rank counted from
/// the other edge (the initial position maps onto itself, colours
/// swapped).
fn mirror(square: usize) -> usize {
    (RANKS - 1 - square / FILES) * FILES + square % FILES
}

/// A square reflected left to right: the same rank, the file counted from
/// the other edge.
fn reflection(square: usize) -> usize {
    (square / FILES) * FILES + FILES - 1 - square % FILES
}

/// 2 kinds × 2 sides × 192 grid squares: 768 inputs a perspective.
pub static FEATURES: FeatureSet = FeatureSet {
    game: "camelot",
    name: "camelot-square-1",
    cells: GRID,
    kinds: 2,
    mirror,
};

impl NetworkInput for Camelot {
    fn feature_set() -> &'static FeatureSet {
        &FEATURES
    }

    /// The board's cells are already `1 + kind + 2 · colour`.
    fn write_cells(&self, out: &mut [u8]) {
        out.copy_from_slice(&self.board().cells);
    }

    fn side_to_move(&self) -> usize {
        Camelot::side_to_move(self).index()
    }

    /// Always: the board, its castles and the rules are symmetric left to
    /// right. The reflection has no history, as a position parsed from
    /// its text has none.
    fn reflected(&self) -> Option<Self> {
        let mut board = Board::empty();
        for (square, &cell) in self.board().cells.iter().enumerate() {
            if cell != EMPTY {
                board.put(reflection(square) as u8, cell);
            }
        }
        Some(Camelot::from_parts(
            board,
            self.side,
            self.castle_moves,
            self.options,
        ))
    }
}

/// The trained network, built into the program (`networks/camelot.md`
/// says how it was made).
static BUILT_IN: BuiltIn =
    BuiltIn::new(include_bytes!("../../../networks/camelot.nnue"), &FEATURES);

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
    use crate::game::Game;

    #[test]
    fn the_mirror_turns_the_initial_position_onto_itself() {
        let state = Camelot::new(&Default::default());
        let mut cells = vec![0; GRID];
        state.write_cells(&mut cells);
        for square in 0..GRID {
            assert_eq!(mirror(mirror(square)), square);
            let swapped = match cells[square] {
                0 => 0,
                code if code <= 2 => code + 2,
                code => code - 2,
            };
            assert_eq!(cells[mirror(square)], swapped, "square {square}");
        }
    }
}
