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
    #[error("castling field `{0}` is not `-` or a combination of KQkq (Chess960: or rook files A-H, a-h)")]
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
        Position::from_fen_as(text, false)
    }

    /// Reads a FEN string; with `chess960`, a Chess960 position whose
    /// castling field is X-FEN (`K`/`Q`: the outermost rook on that side
    /// of the king) or Shredder-FEN (the rook's file, `HAha`), and whose
    /// castling moves are written as the king taking its rook.
    pub fn from_fen_as(text: &str, chess960: bool) -> Result<Position, FenError> {
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
        if chess960 {
            pos.set_chess960(true);
            read_chess960_castling(&mut pos, fields[2])?;
        } else {
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
                out.push(self.castling_letter(bit, c));
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

impl Position {
    /// The X-FEN letter of castling right `bit` (`letter` is its `KQkq`
    /// letter): that letter when the right's rook is the outermost rook on
    /// its side of the king, else the rook's file.
    fn castling_letter(&self, bit: u8, letter: char) -> char {
        let rook = self.castle_rook(bit);
        let color = if letter.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        if outermost_rook(self, color, letter.eq_ignore_ascii_case(&'k')) == Some(rook) {
            return letter;
        }
        let file = (b'a' + (rook & 7)) as char;
        if color == Color::White {
            file.to_ascii_uppercase()
        } else {
            file
        }
    }
}

/// The outermost rook of `color` on its back rank on the king's right
/// (`short`) or left.
fn outermost_rook(pos: &Position, color: Color, short: bool) -> Option<Square> {
    let king = pos.king(color)?;
    let back = king & 56;
    let mut files: Vec<u8> = (0..8).collect();
    if short {
        files.reverse();
    }
    files
        .into_iter()
        .map(|file| back + file)
        .take_while(|&sq| sq != king)
        .find(|&sq| pos.piece_at(sq) == Some(Piece::Rook) && pos.color_at(sq) == Some(color))
}

/// Reads a Chess960 castling field (X-FEN or Shredder-FEN) into `pos`.
fn read_chess960_castling(pos: &mut Position, field: &str) -> Result<(), FenError> {
    if field == "-" {
        return Ok(());
    }
    for c in field.chars() {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let king = pos.king(color).ok_or(FenError::CastlingWithoutPieces(c))?;
        let back = if color == Color::White { 0 } else { 56 };
        let rook = match c.to_ascii_lowercase() {
            'k' => outermost_rook(pos, color, true),
            'q' => outermost_rook(pos, color, false),
            file @ 'a'..='h' => Some(back + (file as u8 - b'a')),
            _ => return Err(FenError::BadCastling(field.to_string())),
        }
        .ok_or(FenError::CastlingWithoutPieces(c))?;
        let short = rook > king;
        let bit = match (color, short) {
            (Color::White, true) => WHITE_OO,
            (Color::White, false) => WHITE_OOO,
            (Color::Black, true) => BLACK_OO,
            (Color::Black, false) => BLACK_OOO,
        };
        if !pos.add_castling_right(bit, king, rook) {
            return Err(FenError::CastlingWithoutPieces(c));
        }
    }
    Ok(())
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
    fn chess960_castling_reads_x_fen_and_shredder_fen() {
        let shredder = "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1";
        let pos = Position::from_fen_as(shredder, true).unwrap();
        assert_eq!(pos.castle_rook(WHITE_OO), 7);
        assert_eq!(pos.castle_rook(WHITE_OOO), 5);
        assert_eq!(pos.castle_rook(BLACK_OOO), 61);
        assert_eq!(
            pos.to_fen(),
            "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1"
        );
        let again = Position::from_fen_as(&pos.to_fen(), true).unwrap();
        assert_eq!(again, pos);
        // An inner rook is written by its file.
        let inner = "1k1r2r1/8/8/8/8/8/8/1K1R2R1 w Dd - 0 1";
        assert_eq!(Position::from_fen_as(inner, true).unwrap().to_fen(), inner);
        assert_eq!(
            Position::from_fen_as("k7/8/8/8/8/8/8/K7 w K - 0 1", true),
            Err(FenError::CastlingWithoutPieces('K'))
        );
        assert!(
            Position::from_fen("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1").is_err()
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
