//! The chess core under card chess: bitboards and magic attack tables,
//! positions with copy-make and Zobrist hashing, legal move generation (a
//! fast plain path and a card-effect path), FEN, SAN and UCI text, perft.

pub mod attacks;
pub mod bitboard;
pub mod eval;
pub mod fen;
pub mod movegen;
pub mod moves;
pub mod perft;
pub mod position;
pub mod san;
pub mod uci;

pub use bitboard::{Bitboard, Color, Piece, Square};
pub use fen::FenError;
pub use movegen::{legal_moves, MoveList, MoveRules};
pub use moves::{Move, MoveKind};
pub use position::Position;
pub use san::SanError;
pub use uci::UciError;
