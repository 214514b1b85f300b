//! UCI long algebraic move text (`e2e4`, `e7e8q`, castling as `e1g1`).

use thiserror::Error;

use super::bitboard::{parse_square, Piece};
use super::moves::Move;

/// Why UCI move text was rejected.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum UciError {
    /// Not two squares and an optional promotion letter.
    #[error("`{0}` is not a UCI move (like e2e4 or e7e8q)")]
    Malformed(String),
    /// Well formed but not among the legal moves.
    #[error("`{0}` is not a legal move here")]
    Illegal(String),
}

/// Reads UCI text as one of `legal`.
pub fn parse_uci(text: &str, legal: &[Move]) -> Result<Move, UciError> {
    let malformed = || UciError::Malformed(text.to_string());
    let text_trimmed = text.trim();
    if !text_trimmed.is_ascii() || !(4..=5).contains(&text_trimmed.len()) {
        return Err(malformed());
    }
    let from = parse_square(&text_trimmed[0..2]).ok_or_else(malformed)?;
    let to = parse_square(&text_trimmed[2..4]).ok_or_else(malformed)?;
    let promotion = match text_trimmed[4..].chars().next() {
        None => None,
        Some(c) if "nbrqNBRQ".contains(c) => Piece::from_letter(c),
        Some(_) => return Err(malformed()),
    };
    legal
        .iter()
        .copied()
        .find(|m| m.from() == from && m.to() == to && m.promotion() == promotion)
        .ok_or_else(|| UciError::Illegal(text.to_string()))
}
