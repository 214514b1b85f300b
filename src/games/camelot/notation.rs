//! WCF move text (rules §8): squares joined by `-` for plain moves and
//! canters and by `x` before each square reached by a jump, e.g.
//! `C6-E6-G6-G8xE10`. Written moves give the canonical path; read moves may
//! give any legal path, full or abbreviated, in either case, with `^` also
//! accepted for canters and trailing annotation marks (`?`, `!`) ignored.
//! A move is matched by its start, end and captured squares.

use super::board::{file_of, parse_square, rank_of, square_at, square_name, Square, Squares};
use super::error::ParseError;
use super::moves::path::canonical_path;
use super::moves::Move;
use super::rules::Status;
use super::state::Camelot;

/// The canonical text of a legal move of `state`.
#[must_use]
pub fn format_move(state: &Camelot, mv: Move) -> String {
    canonical_path(state.board(), state.side_to_move(), mv).map_or_else(
        || format!("{}-{}", square_name(mv.from), square_name(mv.to)),
        |path| path.text(),
    )
}

/// A written move broken into squares and the separators before each.
struct Written {
    squares: Vec<Square>,
    jumps: Vec<bool>,
}

fn split(text: &str) -> Result<Written, ParseError> {
    let body = text.trim().trim_end_matches(['?', '!', '+', '#']);
    if body.is_empty() {
        return Err(ParseError::Empty);
    }
    let mut squares = Vec::new();
    let mut jumps = Vec::new();
    let mut jump_next = false;
    let mut start = 0;
    let bytes = body.as_bytes();
    for index in 0..=bytes.len() {
        let separator = bytes.get(index).copied();
        if matches!(separator, Some(b'-' | b'x' | b'X' | b'^' | b':') | None) {
            let name = &body[start..index];
            let square =
                parse_square(name).ok_or_else(|| ParseError::BadSquare(name.to_string()))?;
            squares.push(square);
            jumps.push(jump_next);
            jump_next = matches!(separator, Some(b'x' | b'X' | b':'));
            start = index + 1;
        } else if !separator.is_some_and(|b| b.is_ascii_alphanumeric()) {
            let found = body[index..].chars().next().unwrap_or(' ');
            return Err(ParseError::BadSquare(format!(
                "{}{found}",
                &body[start..index]
            )));
        }
    }
    if squares.len() < 2 {
        return Err(ParseError::ShortMove(text.to_string()));
    }
    Ok(Written { squares, jumps })
}

/// The square a single leap from `a` to `b` passes over, if it is one.
fn leapt_over(a: Square, b: Square) -> Option<Square> {
    let (df, dr) = (
        file_of(b) as i32 - file_of(a) as i32,
        rank_of(b) as i32 - rank_of(a) as i32,
    );
    let straight = matches!(df, -2 | 0 | 2) && matches!(dr, -2 | 0 | 2) && (df, dr) != (0, 0);
    if !straight {
        return None;
    }
    square_at(file_of(a) as i32 + df / 2, rank_of(a) as i32 + dr / 2)
}

/// Reads a move legal in `state`.
pub fn parse_move(state: &Camelot, text: &str) -> Result<Move, ParseError> {
    let written = split(text)?;
    if state.status() != Status::Ongoing {
        return Err(ParseError::GameOver);
    }
    let from = written.squares[0];
    let to = written.squares[written.squares.len() - 1];
    let mut known = Squares::EMPTY;
    let mut complete = true;
    for (pair, &jump) in written.squares.windows(2).zip(&written.jumps[1..]) {
        match leapt_over(pair[0], pair[1]) {
            Some(over) if jump => known.insert(over),
            Some(_) => {}
            None => {
                let step = file_of(pair[0]).abs_diff(file_of(pair[1])) <= 1
                    && rank_of(pair[0]).abs_diff(rank_of(pair[1])) <= 1;
                complete &= step && !jump;
            }
        }
    }
    let mut moves = Vec::new();
    state.moves(&mut moves);
    let candidates: Vec<Move> = moves
        .into_iter()
        .filter(|mv| {
            mv.from == from
                && mv.to == to
                && if complete {
                    mv.captures == known
                } else {
                    known.iter().all(|square| mv.captures.contains(square))
                }
        })
        .collect();
    match candidates.as_slice() {
        [] => Err(ParseError::IllegalMove(text.to_string())),
        [only] => Ok(*only),
        several => Err(ParseError::AmbiguousMove {
            text: text.to_string(),
            candidates: several
                .iter()
                .map(|&mv| format_move(state, mv))
                .collect::<Vec<_>>()
                .join(", "),
        }),
    }
}
