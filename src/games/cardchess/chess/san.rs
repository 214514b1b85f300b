//! Standard Algebraic Notation: writing a legal move (with disambiguation
//! and check or mate marks) and reading one back against the legal moves.

use thiserror::Error;

use super::bitboard::{file_of, parse_square, rank_of, square_name, Piece};
use super::movegen::{has_legal_move, MoveRules};
use super::moves::{Move, MoveKind};
use super::position::Position;

/// Why SAN text was rejected.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SanError {
    /// Empty text.
    #[error("empty move")]
    Empty,
    /// The text is not shaped like a SAN move.
    #[error("`{0}` is not a SAN move")]
    Malformed(String),
    /// No legal move matches.
    #[error("`{0}` is not a legal move here")]
    Illegal(String),
    /// Several legal moves match.
    #[error("`{0}` is ambiguous here")]
    Ambiguous(String),
}

/// Writes `mv` (one of `legal`, the legal moves of `pos`) in SAN.
#[must_use]
pub fn to_san(pos: &Position, mv: Move, legal: &[Move]) -> String {
    let mut out = String::new();
    let Some(piece) = pos.piece_at(mv.from()) else {
        return mv.to_string();
    };
    match mv.kind() {
        MoveKind::Castle => out.push_str(if mv.to() > mv.from() { "O-O" } else { "O-O-O" }),
        _ => {
            let capture = pos.piece_at(mv.to()).is_some() || mv.kind() == MoveKind::EnPassant;
            if piece == Piece::Pawn {
                if capture {
                    out.push((b'a' + file_of(mv.from())) as char);
                }
            } else {
                out.push(piece.letter());
                let rivals: Vec<Move> = legal
                    .iter()
                    .copied()
                    .filter(|m| {
                        m.to() == mv.to()
                            && m.from() != mv.from()
                            && pos.piece_at(m.from()) == Some(piece)
                    })
                    .collect();
                if !rivals.is_empty() {
                    let same_file = rivals
                        .iter()
                        .any(|m| file_of(m.from()) == file_of(mv.from()));
                    let same_rank = rivals
                        .iter()
                        .any(|m| rank_of(m.from()) == rank_of(mv.from()));
                    if !same_file {
                        out.push((b'a' + file_of(mv.from())) as char);
                    } else if !same_rank {
                        out.push((b'1' + rank_of(mv.from())) as char);
                    } else {
                        out.push_str(&square_name(mv.from()));
                    }
                }
            }
            if capture {
                out.push('x');
            }
            out.push_str(&square_name(mv.to()));
            if let Some(promoted) = mv.promotion() {
                out.push('=');
                out.push(promoted.letter());
            }
        }
    }
    let mut child = *pos;
    child.play(mv);
    if child.in_check() {
        out.push(if has_legal_move(&child, &MoveRules::PLAIN) {
            '+'
        } else {
            '#'
        });
    }
    out
}

/// Reads SAN text as one of `legal`, the legal moves of `pos`. Accepts
/// `0-0` for `O-O`, a missing `=` before the promotion piece, an optional
/// `x` and trailing `+ # ! ?`.
pub fn parse_san(pos: &Position, text: &str, legal: &[Move]) -> Result<Move, SanError> {
    let trimmed = text.trim().trim_end_matches(['+', '#', '!', '?']);
    if trimmed.is_empty() {
        return Err(SanError::Empty);
    }
    let illegal = || SanError::Illegal(text.to_string());
    let pick = |candidates: Vec<Move>| match candidates.len() {
        0 => Err(illegal()),
        1 => Ok(candidates[0]),
        _ => Err(SanError::Ambiguous(text.to_string())),
    };
    let castles = |long: bool| -> Vec<Move> {
        legal
            .iter()
            .copied()
            .filter(|m| m.kind() == MoveKind::Castle && (m.to() < m.from()) == long)
            .collect()
    };
    match trimmed {
        "O-O" | "0-0" => return pick(castles(false)),
        "O-O-O" | "0-0-0" => return pick(castles(true)),
        _ => {}
    }
    let malformed = || SanError::Malformed(text.to_string());
    let mut chars: Vec<char> = trimmed.chars().collect();
    let piece = match chars.first() {
        Some(&c) if "NBRQK".contains(c) => {
            chars.remove(0);
            Piece::from_letter(c).ok_or_else(malformed)?
        }
        _ => Piece::Pawn,
    };
    let mut promotion = None;
    if let Some(&last) = chars.last() {
        if let Some(p) = "NBRQnbrq"
            .contains(last)
            .then(|| Piece::from_letter(last))
            .flatten()
        {
            if piece == Piece::Pawn && chars.len() >= 3 {
                promotion = Some(p);
                chars.pop();
                if chars.last() == Some(&'=') {
                    chars.pop();
                }
            }
        }
    }
    if chars.len() < 2 {
        return Err(malformed());
    }
    let dest_text: String = chars[chars.len() - 2..].iter().collect();
    let to = parse_square(&dest_text).ok_or_else(malformed)?;
    let mut from_file = None;
    let mut from_rank = None;
    for &c in &chars[..chars.len() - 2] {
        match c {
            'a'..='h' if from_file.is_none() => from_file = Some(c as u8 - b'a'),
            '1'..='8' if from_rank.is_none() => from_rank = Some(c as u8 - b'1'),
            'x' | ':' => {}
            _ => return Err(malformed()),
        }
    }
    pick(
        legal
            .iter()
            .copied()
            .filter(|m| {
                m.to() == to
                    && m.kind() != MoveKind::Castle
                    && pos.piece_at(m.from()) == Some(piece)
                    && m.promotion() == promotion
                    && from_file.is_none_or(|f| file_of(m.from()) == f)
                    && from_rank.is_none_or(|r| rank_of(m.from()) == r)
            })
            .collect(),
    )
}
