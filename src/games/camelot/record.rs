//! Numbered game records in WCF style: `1.E6-E8 H11-F9 2.H6-F8 …`, a lone
//! Black move written `6....D10-D8xD6?`, annotation marks ignored, a final
//! result (`1-0`, `0-1`, `1/2-1/2`, `*`) allowed.

use super::error::ParseError;
use super::moves::Move;
use super::notation::{format_move, parse_move};
use super::state::Camelot;

/// The move texts of a record, move numbers and result stripped.
fn move_texts(record: &str) -> Result<Vec<&str>, ParseError> {
    let mut texts = Vec::new();
    for token in record.split_whitespace() {
        if matches!(token, "1-0" | "0-1" | "1/2-1/2" | "½-½" | "*") {
            continue;
        }
        let digits = token.bytes().take_while(u8::is_ascii_digit).count();
        let rest = &token[digits..];
        if digits == 0 {
            texts.push(token);
            continue;
        }
        let dots = rest.bytes().take_while(|&b| b == b'.').count();
        if dots == 0 {
            return Err(ParseError::BadMoveNumber(token.to_string()));
        }
        let text = &rest[dots..];
        if !text.is_empty() {
            texts.push(text);
        }
    }
    Ok(texts)
}

/// Replays a record from `start`, returning every move and the final state;
/// the first illegal or unreadable ply is reported with its number.
pub fn replay(start: &Camelot, record: &str) -> Result<(Vec<Move>, Camelot), ParseError> {
    let mut state = start.clone();
    let mut moves = Vec::new();
    for (index, text) in move_texts(record)?.into_iter().enumerate() {
        let mv = parse_move(&state, text).map_err(|reason| ParseError::RecordPly {
            ply: index + 1,
            text: text.to_string(),
            reason: Box::new(reason),
        })?;
        state.play(mv);
        moves.push(mv);
    }
    Ok((moves, state))
}

/// Writes moves played from `start` as a numbered record in canonical
/// notation.
#[must_use]
pub fn format_record(start: &Camelot, moves: &[Move]) -> String {
    let mut state = start.clone();
    let mut parts = Vec::new();
    let mut number = 1;
    for (index, &mv) in moves.iter().enumerate() {
        let text = format_move(&state, mv);
        match state.side_to_move() {
            super::board::Color::White => parts.push(format!("{number}.{text}")),
            super::board::Color::Black if index == 0 => parts.push(format!("{number}...{text}")),
            super::board::Color::Black => parts.push(text),
        }
        if state.side_to_move() == super::board::Color::Black {
            number += 1;
        }
        state.play(mv);
    }
    parts.join(" ")
}
