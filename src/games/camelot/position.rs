//! Position strings (the project's convention, see the oracle file): ranks
//! 16 down to 1 separated by `/`, each listing only its existing squares from
//! file A, digits counting empty squares, `M K` White, `m k` Black; then the
//! side to move (`w`/`b`) and the castle moves used by White and by Black,
//! e.g. `2/8/10/12/12/2kmmmmmmk2/3kmmmmk3/12/12/3KMMMMK3/2KMMMMMMK2/12/12/10/8/2 w 0,0`.

use std::fmt::Write;

use super::board::{
    all_squares, cell, cell_color, cell_kind, rank_span, Board, Color, Kind, EMPTY, RANKS,
};
use super::error::ParseError;
use super::moves::movegen::CASTLE_MOVE_LIMIT;

/// Pieces each side starts with (4 Knights, 10 Men); no position has more.
pub const PIECES_PER_SIDE: usize = 14;

/// A parsed position: the board, the side to move and the castle moves used.
pub type Parts = (Board, Color, [u8; 2]);

/// Refuses more knights (4) or men (10) of a side than it starts with:
/// Camelot adds no piece, so no count can ever grow.
pub fn check_army(board: &Board) -> Result<(), ParseError> {
    for (color, name) in [(Color::White, "White"), (Color::Black, "Black")] {
        let mut counts = [0usize; 2];
        for square in all_squares() {
            let piece = board.cells[square as usize];
            if piece != EMPTY && cell_color(piece) == color {
                counts[cell_kind(piece) as usize] += 1;
            }
        }
        for (kind, word, limit) in [(Kind::Knight, "knights", 4), (Kind::Man, "men", 10)] {
            let count = counts[kind as usize];
            if count > limit {
                return Err(ParseError::TooManyOfKind {
                    color: name,
                    kind: word,
                    count,
                    limit,
                });
            }
        }
    }
    Ok(())
}

/// Reads a position string.
pub fn parse(text: &str) -> Result<Parts, ParseError> {
    let mut fields = text.split_whitespace();
    let board_field = fields.next().ok_or(ParseError::Empty)?;
    let side_field = fields
        .next()
        .ok_or(ParseError::MissingField("side to move"))?;
    let castle_field = fields
        .next()
        .ok_or(ParseError::MissingField("castle-move counters"))?;
    if let Some(extra) = fields.next() {
        return Err(ParseError::TrailingText(extra.to_string()));
    }
    let board = parse_board(board_field)?;
    for (color, name) in [(Color::White, "White"), (Color::Black, "Black")] {
        let count = board.count(color);
        if count > PIECES_PER_SIDE {
            return Err(ParseError::TooManyPieces { color: name, count });
        }
    }
    let side = match side_field {
        "w" => Color::White,
        "b" => Color::Black,
        other => return Err(ParseError::BadSide(other.to_string())),
    };
    let castle_moves = parse_castle_moves(castle_field)?;
    Ok((board, side, castle_moves))
}

fn parse_board(field: &str) -> Result<Board, ParseError> {
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != RANKS {
        return Err(ParseError::RankCount(ranks.len()));
    }
    let mut board = Board::empty();
    for (row, text) in ranks.iter().enumerate() {
        let rank = RANKS - 1 - row;
        let (low, high) = rank_span(rank);
        let expected = high - low + 1;
        let mut filled = 0usize;
        let mut digits = 0usize;
        for ch in text.chars() {
            if let Some(d) = ch.to_digit(10) {
                digits = digits.saturating_mul(10).saturating_add(d as usize);
                continue;
            }
            filled = filled.saturating_add(digits);
            digits = 0;
            let piece = match ch {
                'M' => cell(Color::White, Kind::Man),
                'K' => cell(Color::White, Kind::Knight),
                'm' => cell(Color::Black, Kind::Man),
                'k' => cell(Color::Black, Kind::Knight),
                found => {
                    return Err(ParseError::BadPiece {
                        rank: rank + 1,
                        found,
                    })
                }
            };
            if filled >= expected {
                return Err(ParseError::RankLength {
                    rank: rank + 1,
                    found: filled + 1,
                    expected,
                });
            }
            board.put((rank * 12 + low + filled) as u8, piece);
            filled += 1;
        }
        filled = filled.saturating_add(digits);
        if filled != expected {
            return Err(ParseError::RankLength {
                rank: rank + 1,
                found: filled,
                expected,
            });
        }
    }
    Ok(board)
}

fn parse_castle_moves(field: &str) -> Result<[u8; 2], ParseError> {
    let bad = || ParseError::BadCastleMoves(field.to_string());
    let (white, black) = field.split_once(',').ok_or_else(bad)?;
    let read = |text: &str| match text.parse::<u8>() {
        Ok(n) if n <= CASTLE_MOVE_LIMIT && text.len() == 1 => Ok(n),
        _ => Err(bad()),
    };
    Ok([read(white)?, read(black)?])
}

/// Writes a position string.
#[must_use]
pub fn format(board: &Board, side: Color, castle_moves: [u8; 2]) -> String {
    let mut text = String::new();
    for rank in (0..RANKS).rev() {
        let (low, high) = rank_span(rank);
        let mut empty = 0;
        for file in low..=high {
            let piece = board.cells[rank * 12 + file];
            if piece == EMPTY {
                empty += 1;
                continue;
            }
            if empty > 0 {
                let _ = write!(text, "{empty}");
                empty = 0;
            }
            text.push(match (cell_color(piece), cell_kind(piece)) {
                (Color::White, Kind::Man) => 'M',
                (Color::White, Kind::Knight) => 'K',
                (Color::Black, Kind::Man) => 'm',
                (Color::Black, Kind::Knight) => 'k',
            });
        }
        if empty > 0 {
            let _ = write!(text, "{empty}");
        }
        if rank > 0 {
            text.push('/');
        }
    }
    let side = match side {
        Color::White => 'w',
        Color::Black => 'b',
    };
    let _ = write!(text, " {side} {},{}", castle_moves[0], castle_moves[1]);
    text
}
