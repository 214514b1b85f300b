//! A chess move packed in 16 bits: from, to and a kind (normal, castling,
//! en passant, or promotion to one of four pieces).

use std::fmt;

use super::bitboard::{square_name, Piece, Square};

/// A move: origin, destination and kind, in 16 bits.
///
/// Castling is written as the king's move (e1g1); en passant as the pawn's
/// move to the empty en-passant square.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move(u16);

/// The kind of a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A plain move or capture (pawn double steps included).
    Normal,
    /// Castling, as the king's two-square move.
    Castle,
    /// An en-passant capture.
    EnPassant,
    /// A pawn promotion to the given piece.
    Promotion(Piece),
}

const CASTLE: u16 = 1;
const EN_PASSANT: u16 = 2;
const PROMOTION: u16 = 4;

impl Move {
    /// A plain move or capture.
    #[inline(always)]
    #[must_use]
    pub const fn normal(from: Square, to: Square) -> Move {
        Move(from as u16 | (to as u16) << 6)
    }

    /// A move of the given kind.
    #[inline(always)]
    #[must_use]
    pub fn new(from: Square, to: Square, kind: MoveKind) -> Move {
        let flags = match kind {
            MoveKind::Normal => 0,
            MoveKind::Castle => CASTLE,
            MoveKind::EnPassant => EN_PASSANT,
            MoveKind::Promotion(piece) => PROMOTION | (piece.index() as u16 - 1) & 3,
        };
        Move(from as u16 | (to as u16) << 6 | flags << 12)
    }

    /// The origin square.
    #[inline(always)]
    #[must_use]
    pub const fn from(self) -> Square {
        (self.0 & 63) as Square
    }

    /// The destination square.
    #[inline(always)]
    #[must_use]
    pub const fn to(self) -> Square {
        ((self.0 >> 6) & 63) as Square
    }

    /// The kind of move.
    #[inline(always)]
    #[must_use]
    pub fn kind(self) -> MoveKind {
        let flags = self.0 >> 12;
        if flags & PROMOTION != 0 {
            MoveKind::Promotion(Piece::from_index(1 + (flags & 3) as usize))
        } else if flags == CASTLE {
            MoveKind::Castle
        } else if flags == EN_PASSANT {
            MoveKind::EnPassant
        } else {
            MoveKind::Normal
        }
    }

    /// The promotion piece, if any.
    #[inline(always)]
    #[must_use]
    pub fn promotion(self) -> Option<Piece> {
        match self.kind() {
            MoveKind::Promotion(piece) => Some(piece),
            _ => None,
        }
    }

    /// The 16-bit code (for hashing and compact storage).
    #[must_use]
    pub const fn code(self) -> u16 {
        self.0
    }
}

/// UCI text: `e2e4`, `e7e8q`, castling as `e1g1`.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", square_name(self.from()), square_name(self.to()))?;
        if let Some(piece) = self.promotion() {
            write!(f, "{}", piece.letter().to_ascii_lowercase())?;
        }
        Ok(())
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}
