//! Plain chess's feature set for a learned evaluation: each of the six
//! piece types, own or enemy, on each of the 64 squares. It reads the
//! board alone, so it describes plain chess (`cards=off`, what `tauler uci`
//! plays); the card layer's held cards, temporary effects and colour swap
//! are not among its inputs, which is why `tauler train` refuses card
//! chess data with cards, and why a profile with `eval = "network"` must
//! play plain chess (`options = ["cards=off"]`). The trained network built
//! into the program is `networks/chess.nnue` (`networks/chess.md` says how
//! it was made).

use std::sync::Arc;

use crate::knowledge::network::{BuiltIn, FeatureSet, Network, NetworkError, NetworkInput};

use super::chess::bitboard::Squares;
use super::chess::{Color, Piece, Position};
use super::CardChess;

/// Squares of the board, a1 = 0, b1 = 1, …, h8 = 63.
const SQUARES: usize = 64;

/// A square seen from Black's side: the same file, the rank counted from
/// the other edge (a1 ↔ a8; the initial position maps onto itself, colours
/// swapped).
fn mirror(square: usize) -> usize {
    square ^ 56
}

/// 6 piece types × 2 sides × 64 squares: 768 inputs a perspective.
pub static FEATURES: FeatureSet = FeatureSet {
    game: "cardchess",
    name: "chess-square-1",
    cells: SQUARES,
    kinds: Piece::ALL.len(),
    mirror,
};

impl NetworkInput for CardChess {
    fn feature_set() -> &'static FeatureSet {
        &FEATURES
    }

    /// `1 + piece + 6 · colour`, White being colour 0 (the first seat's in
    /// plain chess).
    fn write_cells(&self, out: &mut [u8]) {
        out.fill(0);
        let pos = self.position();
        for colour in Color::ALL {
            for piece in Piece::ALL {
                let code = 1 + piece.index() + Piece::ALL.len() * colour.index();
                for square in Squares(pos.pieces_of(colour, piece)) {
                    out[usize::from(square)] = code as u8;
                }
            }
        }
    }

    /// The colour to move (White 0), which in plain chess is the seat to
    /// move.
    fn side_to_move(&self) -> usize {
        self.position().side().index()
    }

    /// In plain chess once neither side may castle: the rules then treat
    /// the a- and h-files alike. (With castling rights the king and rooks
    /// stand on fixed files; with cards, the card state is not reflected.)
    fn reflected(&self) -> Option<Self> {
        if self.options.cards || self.pos.castling() != 0 {
            return None;
        }
        let pos = Position::from_fen_as(&reflected_fen(&self.pos.to_fen()), self.options.chess960)
            .ok()?;
        Some(CardChess::from_position(pos, &self.options))
    }
}

/// A FEN without castling rights reflected left to right: each rank read
/// from the h-file, the en-passant square on the reflected file.
fn reflected_fen(fen: &str) -> String {
    let mut fields: Vec<String> = fen.split(' ').map(str::to_string).collect();
    if let Some(board) = fields.first_mut() {
        *board = board
            .split('/')
            .map(|rank| rank.chars().rev().collect::<String>())
            .collect::<Vec<_>>()
            .join("/");
    }
    if let Some(en_passant) = fields.get_mut(3) {
        *en_passant = en_passant
            .chars()
            .map(|c| match c {
                'a'..='h' => char::from(b'a' + b'h' - c as u8),
                other => other,
            })
            .collect();
    }
    fields.join(" ")
}

/// The trained network, built into the program (`networks/chess.md` says
/// how it was made).
static BUILT_IN: BuiltIn = BuiltIn::new(include_bytes!("../../../networks/chess.nnue"), &FEATURES);

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
    use crate::game::{Game, GameOptions, Notation};
    use crate::games::cardchess::CardChessOptions;

    fn plain(fen: &str) -> CardChess {
        let options = CardChessOptions::from_pairs(["cards=off"]).unwrap();
        CardChess::parse_position(fen, &options).unwrap()
    }

    fn cells(state: &CardChess) -> Vec<u8> {
        let mut cells = vec![0; SQUARES];
        state.write_cells(&mut cells);
        cells
    }

    /// The position with colours swapped and the board turned: each man
    /// moved to the mirror square as the other colour, the other side to
    /// move. Its features from Black's perspective are the original's from
    /// White's, and the other way round.
    fn colour_swapped(cells: &[u8]) -> Vec<u8> {
        let kinds = Piece::ALL.len() as u8;
        (0..SQUARES)
            .map(|square| match cells[mirror(square)] {
                0 => 0,
                code if code <= kinds => code + kinds,
                code => code - kinds,
            })
            .collect()
    }

    fn sorted(mut features: Vec<u16>) -> Vec<u16> {
        features.sort_unstable();
        features
    }

    #[test]
    fn the_mirror_turns_the_initial_position_onto_itself() {
        let state = CardChess::new(&CardChessOptions::from_pairs(["cards=off"]).unwrap());
        let cells = cells(&state);
        assert_eq!(cells.iter().filter(|&&code| code != 0).count(), 32);
        assert_eq!(
            cells[4],
            1 + Piece::King.index() as u8,
            "the white king on e1"
        );
        assert_eq!(
            cells[59],
            7 + Piece::Queen.index() as u8,
            "the black queen on d8"
        );
        for square in 0..SQUARES {
            assert_eq!(mirror(mirror(square)), square);
        }
        assert_eq!(colour_swapped(&cells), cells);
        let [white, black] = FEATURES.active(&cells);
        assert_eq!(
            sorted(white),
            sorted(black),
            "the start looks the same from both sides"
        );
        assert_eq!(FEATURES.inputs(), 768);
    }

    /// Asymmetric positions and their colour-swapped twins (board turned,
    /// colours exchanged, the other side to move): each perspective of one
    /// is the other perspective of the twin, and the side to move's view
    /// is the same.
    #[test]
    fn a_position_and_its_colour_swapped_twin_look_alike_from_the_movers_side() {
        for (fen, twin) in [
            (
                "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
                "rnbqkb1r/pppp1ppp/5n2/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR b KQkq - 2 3",
            ),
            (
                "8/5k2/8/3p4/8/2N5/6PP/6K1 b - - 0 40",
                "6k1/6pp/2n5/8/3P4/8/5K2/8 w - - 0 41",
            ),
            (
                "r3k2r/1b3ppp/p7/1p6/8/1B3Q2/PPP2PPP/2KR3R w kq - 0 18",
                "2kr3r/ppp2ppp/1b3q2/8/1P6/P7/1B3PPP/R3K2R b KQ - 0 18",
            ),
        ] {
            let (state, twin) = (plain(fen), plain(twin));
            let (cells, twin_cells) = (cells(&state), cells(&twin));
            assert_eq!(colour_swapped(&cells), twin_cells, "{fen}");
            assert_ne!(cells, twin_cells, "{fen} is asymmetric");
            assert_ne!(state.side_to_move(), twin.side_to_move());
            let [white, black] = FEATURES.active(&cells);
            let [twin_white, twin_black] = FEATURES.active(&twin_cells);
            assert_eq!(sorted(white), sorted(twin_black), "{fen}");
            assert_eq!(sorted(black), sorted(twin_white), "{fen}");
        }
    }

    /// An own pawn on e2 seen by White and by Black on e7 is one input;
    /// an enemy man comes after the six own kinds.
    #[test]
    fn features_are_own_and_enemy_men_by_square() {
        let pawn = 1 + Piece::Pawn.index() as u8;
        let e2 = 12;
        assert_eq!(FEATURES.feature(0, pawn, e2), e2);
        assert_eq!(FEATURES.feature(1, pawn + 6, mirror(e2)), e2);
        assert_eq!(FEATURES.feature(1, pawn, e2), 6 * SQUARES + 52);
    }

    #[test]
    fn the_built_in_network_reads_these_features() {
        let network = built_in().unwrap();
        assert_eq!(network.inputs, FEATURES.inputs());
        assert_eq!(network.features, FEATURES.name);
    }
}
