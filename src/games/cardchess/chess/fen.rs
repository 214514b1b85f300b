//! Forsyth–Edwards Notation: reading and writing positions.
//!
//! Card chess allows positions standard chess forbids (several checkers, a
//! missing king after a king capture), so only what the move generator truly
//! needs is enforced: at most one king per side, no pawn on the first or
//! last rank, castling rights backed by king and rook on their squares.

use thiserror::Error;

use super::bitboard::{square, square_name, Color, Piece, Square};
use super::position::{Position, BLACK_OO, BLACK_OOO, WHITE_OO, WHITE_OOO};

/// Why a FEN string was rejected.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum FenError {
    /// Fewer than the four required fields (board, side, castling, en passant).
    #[error("FEN needs at least 4 fields (board side castling en-passant), found {0}")]
    MissingFields(usize),
    /// More than six fields.
    #[error("FEN has {0} fields, at most 6 expected")]
    TooManyFields(usize),
    /// The board field does not have eight ranks.
    #[error("FEN board has {0} ranks, 8 expected")]
    RankCount(usize),
    /// A rank does not describe exactly eight squares.
    #[error("FEN rank {rank} describes {squares} squares, 8 expected")]
    RankLength {
        /// The rank (1–8).
        rank: usize,
        /// The squares it described.
        squares: usize,
    },
    /// An unknown character in the board field.
    #[error("FEN board has unknown character `{0}`")]
    BadPiece(char),
    /// A side with more than one king.
    #[error("{0:?} has more than one king")]
    TooManyKings(Color),
    /// A pawn on the first or eighth rank.
    #[error("pawn on {0}, a pawn may not stand on the first or eighth rank")]
    PawnOnEdge(String),
    /// The side-to-move field is not `w` or `b`.
    #[error("side to move `{0}` is not `w` or `b`")]
    BadSide(String),
    /// The castling field has an unknown character.
    #[error("castling field `{0}` is not `-` or a combination of KQkq")]
    BadCastling(String),
    /// A castling right without the king and rook on their initial squares.
    #[error("castling right `{0}` without king and rook on their initial squares")]
    CastlingWithoutPieces(char),
    /// The en-passant field is not `-` or a square on the third or sixth rank.
    #[error("en-passant field `{0}` is not `-` or a square on the 3rd or 6th rank")]
    BadEnPassant(String),
    /// A move counter is not a number.
    #[error("move counter `{0}` is not a number")]
    BadCounter(String),
}

impl Position {
    /// Reads a FEN string (the two move counters are optional).
    pub fn from_fen(text: &str) -> Result<Position, FenError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.len() < 4 {
            return Err(FenError::MissingFields(fields.len()));
        }
        if fields.len() > 6 {
            return Err(FenError::TooManyFields(fields.len()));
        }
        let mut pos = Position::empty();
        let ranks: Vec<&str> = fields[0].split('/').collect();
        if ranks.len() != 8 {
            return Err(FenError::RankCount(ranks.len()));
        }
        for (row, rank_text) in ranks.iter().enumerate() {
            let rank = 7 - row as u8;
            let mut file = 0usize;
            for c in rank_text.chars() {
                if let Some(empty) = c.to_digit(10).filter(|d| (1..=8).contains(d)) {
                    file += empty as usize;
                    continue;
                }
                let piece = Piece::from_letter(c).ok_or(FenError::BadPiece(c))?;
                if file >= 8 {
                    file += 1;
                    continue;
                }
                let color = if c.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                };
                let sq = square(file as u8, rank);
                if piece == Piece::Pawn && (rank == 0 || rank == 7) {
                    return Err(FenError::PawnOnEdge(square_name(sq)));
                }
                if piece == Piece::King && pos.king(color).is_some() {
                    return Err(FenError::TooManyKings(color));
                }
                pos.put(sq, color, piece);
                file += 1;
            }
            if file != 8 {
                return Err(FenError::RankLength {
                    rank: rank as usize + 1,
                    squares: file,
                });
            }
        }
        match fields[1] {
            "w" => {}
            "b" => pos.set_side(Color::Black),
            other => return Err(FenError::BadSide(other.to_string())),
        }
        let mut rights = 0;
        if fields[2] != "-" {
            for c in fields[2].chars() {
                let bit = match c {
                    'K' => WHITE_OO,
                    'Q' => WHITE_OOO,
                    'k' => BLACK_OO,
                    'q' => BLACK_OOO,
                    _ => return Err(FenError::BadCastling(fields[2].to_string())),
                };
                rights |= bit;
            }
        }
        pos.set_castling_rights(rights);
        for (bit, c) in [
            (WHITE_OO, 'K'),
            (WHITE_OOO, 'Q'),
            (BLACK_OO, 'k'),
            (BLACK_OOO, 'q'),
        ] {
            if rights & bit != 0 && pos.castling() & bit == 0 {
                return Err(FenError::CastlingWithoutPieces(c));
            }
        }
        if fields[3] != "-" {
            let sq = super::bitboard::parse_square(fields[3])
                .filter(|&sq| sq >> 3 == 2 || sq >> 3 == 5)
                .ok_or_else(|| FenError::BadEnPassant(fields[3].to_string()))?;
            pos.set_ep_square(Some(sq));
        }
        let counter = |i: usize, default: u16| -> Result<u16, FenError> {
            fields.get(i).map_or(Ok(default), |t| {
                t.parse()
                    .map_err(|_| FenError::BadCounter((*t).to_string()))
            })
        };
        pos.set_counters(counter(4, 0)?, counter(5, 1)?.max(1));
        Ok(pos)
    }

    /// Writes the position as FEN (six fields).
    #[must_use]
    pub fn to_fen(&self) -> String {
        let mut out = String::with_capacity(90);
        for rank in (0..8u8).rev() {
            let mut empty = 0;
            for file in 0..8u8 {
                let sq: Square = square(file, rank);
                match (self.piece_at(sq), self.color_at(sq)) {
                    (Some(piece), Some(color)) => {
                        if empty > 0 {
                            out.push((b'0' + empty) as char);
                            empty = 0;
                        }
                        let letter = piece.letter();
                        out.push(if color == Color::White {
                            letter
                        } else {
                            letter.to_ascii_lowercase()
                        });
                    }
                    _ => empty += 1,
                }
            }
            if empty > 0 {
                out.push((b'0' + empty) as char);
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out.push_str(if self.side() == Color::White {
            " w "
        } else {
            " b "
        });
        let rights = self.castling();
        if rights == 0 {
            out.push('-');
        }
        for (bit, c) in [
            (WHITE_OO, 'K'),
            (WHITE_OOO, 'Q'),
            (BLACK_OO, 'k'),
            (BLACK_OOO, 'q'),
        ] {
            if rights & bit != 0 {
                out.push(c);
            }
        }
        out.push(' ');
        match self.ep() {
            Some(sq) => out.push_str(&square_name(sq)),
            None => out.push('-'),
        }
        out.push_str(&format!(" {} {}", self.halfmove(), self.fullmove()));
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_round_trips() {
        let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        let pos = Position::from_fen(fen).unwrap();
        assert_eq!(pos, Position::startpos());
        assert_eq!(pos.to_fen(), fen);
    }

    #[test]
    fn errors_name_the_problem() {
        assert_eq!(Position::from_fen("8/8 w"), Err(FenError::MissingFields(2)));
        assert_eq!(
            Position::from_fen("8/8/8/8/8/8/8 w - -"),
            Err(FenError::RankCount(7))
        );
        assert_eq!(
            Position::from_fen("k7/8/8/8/8/8/8/K6X w - -"),
            Err(FenError::BadPiece('X'))
        );
        assert_eq!(
            Position::from_fen("k7/8/8/8/8/8/8/K8 w - -"),
            Err(FenError::RankLength {
                rank: 1,
                squares: 9
            })
        );
        assert_eq!(
            Position::from_fen("k6P/8/8/8/8/8/8/K7 w - -"),
            Err(FenError::PawnOnEdge("h8".into()))
        );
        assert_eq!(
            Position::from_fen("k7/8/8/8/8/8/8/K6K w - -"),
            Err(FenError::TooManyKings(Color::White))
        );
        assert_eq!(
            Position::from_fen("k7/8/8/8/8/8/8/K7 x - -"),
            Err(FenError::BadSide("x".into()))
        );
        assert_eq!(
            Position::from_fen("k7/8/8/8/8/8/8/K7 w K -"),
            Err(FenError::CastlingWithoutPieces('K'))
        );
        assert_eq!(
            Position::from_fen("k7/8/8/8/8/8/8/K7 w - e4"),
            Err(FenError::BadEnPassant("e4".into()))
        );
        assert_eq!(
            Position::from_fen("k7/8/8/8/8/8/8/K7 w - - x 1"),
            Err(FenError::BadCounter("x".into()))
        );
    }

    #[test]
    fn unusable_en_passant_square_is_dropped() {
        let pos = Position::from_fen("k7/8/8/8/4P3/8/8/K7 b - e3 0 1").unwrap();
        assert_eq!(pos.ep(), None);
        let pos = Position::from_fen("k7/8/8/8/3pP3/8/8/K7 b - e3 0 1").unwrap();
        assert_eq!(pos.ep(), Some(20));
    }
}
