//! CTL-AN move text and numbered game records, and the typed errors of every
//! C'escacs parser.
//!
//! Moves are written as the author's implementation writes them
//! (`E7-E13`, `NE3-C7`, `G23×DH26=D+∞`, `F12@@G9`, `KRD-DE`, `E27=D`) and
//! read leniently: `x`, `×` or `*` for captures, `-`, `‐` or `–` for moves,
//! check marks optional.

use std::fmt::Write;

use thiserror::Error;

use super::board::Special;
use super::geometry::{hex_name, parse_hex_prefix, Hex};
use super::movegen::{checkers, is_promotion_hex, CheckKind};
use super::moves::{castling_by_name, Move, MoveKind, CASTLINGS};
use super::piece::{color_of, kind_of, Color, Kind, EMPTY};
use super::{pdtl, Cescacs, Options};
use crate::game::{Game, Notation};

/// Why C'escacs text could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseError {
    /// A PDTL string has the wrong number of fields.
    #[error("PDTL needs 6 space-separated fields (placement side castling special halfmove move), found {0}")]
    FieldCount(usize),
    /// The placement field is not wrapped in slashes.
    #[error("the placement field must start and end with `/`")]
    PlacementSlashes,
    /// A placement entry is not `LINE:CONTENT`.
    #[error("placement entry `{0}` is not LINE:CONTENT")]
    LineEntry(String),
    /// A cross-line number is not 0..=28.
    #[error("`{0}` is not a cross-line number (0 to 28)")]
    LineNumber(String),
    /// Lines must be listed once each, from 28 down to 0.
    #[error("line {0} is repeated or out of order (lines go from 28 down to 0)")]
    LineOrder(usize),
    /// A line's content does not describe exactly its hexes.
    #[error("line {line} must describe exactly {expected} hexes")]
    LineLength {
        /// The cross-line.
        line: usize,
        /// Its number of hexes.
        expected: usize,
    },
    /// An unknown piece letter.
    #[error("`{0}` is not a piece letter")]
    PieceLetter(char),
    /// A side without exactly one King.
    #[error("{color:?} has {kings} kings; exactly one is required")]
    KingCount {
        /// The side.
        color: Color,
        /// How many it has.
        kings: usize,
    },
    /// The side to move is not `w` or `b`.
    #[error("the side to move must be `w` or `b`, not `{0}`")]
    Side(String),
    /// The castling field is malformed.
    #[error(
        "castling field `{0}` is not `-` or White's RKR/KR/RK/K followed by Black's rkr/kr/rk/k"
    )]
    Castling(String),
    /// The castling field claims an unmoved man that is not at home.
    #[error("castling field gives {color:?} an unmoved {what}, but it is not on {hex}")]
    CastlingBoard {
        /// The side.
        color: Color,
        /// Which man.
        what: &'static str,
        /// Its home hex.
        hex: String,
    },
    /// The special-capture field is malformed or contradicts the board.
    #[error("special capture field `{text}`: {why}")]
    Special {
        /// The field.
        text: String,
        /// What is wrong.
        why: &'static str,
    },
    /// The half-move clock is not a number.
    #[error("half-move clock `{0}` is not a number")]
    Clock(String),
    /// The move number is not a positive number or `-`.
    #[error("move number `{0}` is not a positive number or `-`")]
    MoveNumber(String),
    /// The side that just moved is in check.
    #[error("the side that is not to move is in check")]
    OpponentInCheck,
    /// More men of a kind than the army has (promotion only brings back
    /// captured pieces), unless the option `free_setup` is on.
    #[error("impossible position: {color:?} has {count} {kind} (at most {limit}; the option free_setup accepts it)")]
    TooManyOfKind {
        /// The side.
        color: Color,
        /// The kind, in words.
        kind: &'static str,
        /// How many it has.
        count: usize,
        /// How many an army can have.
        limit: usize,
    },
    /// Move text is empty.
    #[error("empty move text")]
    EmptyMove,
    /// Move text is not CTL-AN.
    #[error("`{text}` is not CTL-AN move text: {why}")]
    MoveSyntax {
        /// The text.
        text: String,
        /// What is wrong.
        why: &'static str,
    },
    /// Well-formed move text naming no legal move.
    #[error("`{text}` is not legal here: {why}")]
    IllegalMove {
        /// The text.
        text: String,
        /// Why it matches no legal move.
        why: String,
    },
    /// A game record line is malformed.
    #[error("game record line {line}: {why}")]
    Record {
        /// 1-based line number.
        line: usize,
        /// What is wrong.
        why: String,
    },
}

/// A move as written, before matching it with the legal moves.
#[derive(Debug, Default)]
struct Written {
    piece: Option<Kind>,
    from: Hex,
    separator: Separator,
    captured: Option<Kind>,
    to: Hex,
    promotion: Option<Option<Kind>>,
}

#[derive(Debug, Default, PartialEq, Eq, Clone, Copy)]
enum Separator {
    #[default]
    Move,
    Capture,
    Special,
    FirstPassed,
}

fn normalize(text: &str) -> String {
    let mut s: String = text
        .trim()
        .chars()
        .map(|c| match c {
            '×' | '*' => 'x',
            '‐' | '–' => '-',
            other => other,
        })
        .collect();
    for suffix in ["+∞", "+^", "++", "+", "#", "∞", "^"] {
        if let Some(stripped) = s.strip_suffix(suffix) {
            s = stripped.to_string();
            break;
        }
    }
    s
}

/// Reads `[letter]HEX` at the start of `text`; returns the letter, the hex
/// and the bytes read.
fn man_and_hex(text: &str) -> Option<(Option<Kind>, Hex, usize)> {
    if let Some((h, n)) = parse_hex_prefix(text) {
        return Some((None, h, n));
    }
    let letter = text.chars().next()?;
    let kind = Kind::from_letter(letter)?;
    let (h, n) = parse_hex_prefix(&text[1..])?;
    Some((Some(kind), h, n + 1))
}

fn parse_written(text: &str) -> Result<Written, &'static str> {
    let (piece, from, n) = man_and_hex(text).ok_or("expected [piece letter] and a hex")?;
    let rest = &text[n..];
    if let Some(promo) = rest.strip_prefix('=') {
        let kind = single_letter(promo).ok_or("expected a piece letter after `=`")?;
        return Ok(Written {
            piece,
            from,
            to: from,
            promotion: Some(Some(kind)),
            ..Written::default()
        });
    }
    let (separator, rest) = if let Some(r) = rest.strip_prefix("@@") {
        (Separator::FirstPassed, r)
    } else if let Some(r) = rest.strip_prefix('@') {
        (Separator::Special, r)
    } else if let Some(r) = rest.strip_prefix('x') {
        (Separator::Capture, r)
    } else if let Some(r) = rest.strip_prefix('-') {
        (Separator::Move, r)
    } else {
        return Err("expected `-`, `x`, `@` or `@@` after the first hex");
    };
    let (captured, to, n) =
        man_and_hex(rest).ok_or("expected [piece letter] and a destination hex")?;
    let promotion = match &rest[n..] {
        "" => None,
        "=&" => Some(None),
        tail => {
            let letter = tail
                .strip_prefix('=')
                .ok_or("unexpected text after the destination")?;
            Some(Some(
                single_letter(letter).ok_or("expected a piece letter or `&` after `=`")?,
            ))
        }
    };
    Ok(Written {
        piece,
        from,
        separator,
        captured,
        to,
        promotion,
    })
}

fn single_letter(text: &str) -> Option<Kind> {
    let mut chars = text.chars();
    let kind = Kind::from_letter(chars.next()?)?;
    chars.next().is_none().then_some(kind)
}

/// Reads a move in CTL-AN and finds it among the legal moves of `game`.
pub fn parse_move(game: &Cescacs, text: &str) -> Result<Move, ParseError> {
    let normalized = normalize(text);
    if normalized.is_empty() {
        return Err(ParseError::EmptyMove);
    }
    let mut legal = Vec::new();
    game.legal_actions(&mut legal);
    let illegal = |why: &str| ParseError::IllegalMove {
        text: text.to_string(),
        why: why.to_string(),
    };
    if normalized.starts_with("KR") && normalized.len() > 4 {
        let index = castling_by_name(&normalized).ok_or_else(|| ParseError::MoveSyntax {
            text: text.to_string(),
            why: "no castling has this name",
        })?;
        return legal
            .into_iter()
            .find(|m| m.kind() == MoveKind::Castle && m.castle_index() == index)
            .ok_or_else(|| illegal("that castling is not available"));
    }
    let written = parse_written(&normalized).map_err(|why| ParseError::MoveSyntax {
        text: text.to_string(),
        why,
    })?;
    let board = game.board();
    let man = board.at(written.from);
    if man == EMPTY || color_of(man) != board.side() {
        return Err(illegal(&format!(
            "no man of the side to move on {}",
            hex_name(written.from)
        )));
    }
    let kind = kind_of(man);
    if written.piece.unwrap_or(Kind::Pawn) != kind {
        return Err(illegal(&format!(
            "the man on {} is a {kind:?}",
            hex_name(written.from)
        )));
    }
    let candidates: Vec<Move> = legal
        .into_iter()
        .filter(|m| {
            m.from() == written.from && m.to() == written.to && m.kind() != MoveKind::Castle
        })
        .collect();
    if candidates.is_empty() {
        return Err(illegal("that man has no legal move to that hex"));
    }
    let target = board.at(written.to);
    let capture = candidates[0].kind() == MoveKind::EnPassant
        || (target != EMPTY && written.to != written.from);
    match (written.separator, capture) {
        (Separator::Move, true) => return Err(illegal("it is a capture: write `×`")),
        (Separator::Capture | Separator::Special | Separator::FirstPassed, false) => {
            return Err(illegal("nothing is captured there"))
        }
        _ => {}
    }
    if let (Some(letter), true) = (written.captured, target != EMPTY) {
        if letter != kind_of(target) {
            return Err(illegal(&format!(
                "the man on {} is a {:?}",
                hex_name(written.to),
                kind_of(target)
            )));
        }
    }
    match written.promotion {
        Some(Some(promo)) => candidates
            .into_iter()
            .find(|m| m.promotion() == Some(promo))
            .ok_or_else(|| illegal(&format!("promotion to {promo:?} is not available"))),
        _ if candidates.len() > 1 => {
            Err(illegal("say which piece the pawn promotes to, e.g. `=D`"))
        }
        _ if candidates[0].promotion().is_some() => {
            Err(illegal("say which piece the pawn promotes to"))
        }
        _ => Ok(candidates[0]),
    }
}

/// Writes a legal move of `game` in the author's form, with its check mark.
#[must_use]
pub fn format_move(game: &Cescacs, mv: Move) -> String {
    let board = game.board();
    let us = board.side();
    let mut out = String::new();
    match mv.kind() {
        MoveKind::Castle => out.push_str(CASTLINGS[us.index()][mv.castle_index()].name),
        MoveKind::PromoteInPlace => {
            let promo = mv.promotion().map_or('?', Kind::letter);
            let _ = write!(out, "{}={promo}", hex_name(mv.from()));
        }
        kind => {
            let man = kind_of(board.at(mv.from()));
            if man != Kind::Pawn {
                out.push(man.letter());
            }
            out.push_str(&hex_name(mv.from()));
            let target = board.at(mv.to());
            let scornful = matches!(board.special(), Special::Scornful { scorned, scornful }
                if scorned == mv.from() && scornful == mv.to() && man == Kind::Pawn);
            let captured = match (kind, board.special()) {
                (
                    MoveKind::EnPassant,
                    Special::EnPassant {
                        pawn,
                        passed,
                        count,
                    },
                ) => {
                    out.push_str(if count == 2 && passed[0] == mv.to() {
                        "@@"
                    } else {
                        "@"
                    });
                    board.at(pawn)
                }
                _ if scornful => {
                    out.push('@');
                    target
                }
                _ if target != EMPTY => {
                    out.push('×');
                    target
                }
                _ => {
                    out.push('-');
                    EMPTY
                }
            };
            if captured != EMPTY && kind_of(captured) != Kind::Pawn {
                out.push(kind_of(captured).letter());
            }
            out.push_str(&hex_name(mv.to()));
            match mv.promotion() {
                Some(p) => {
                    let _ = write!(out, "={}", p.letter());
                }
                None if man == Kind::Pawn && is_promotion_hex(us, mv.to()) => out.push_str("=&"),
                None => {}
            }
        }
    }
    out.push_str(&check_mark(game, mv));
    out
}

/// `+∞`, `+^`, `++`, `#` or nothing, for the position after `mv`.
fn check_mark(game: &Cescacs, mv: Move) -> String {
    let mut after = game.clone();
    after.apply(mv);
    let them = after.board().side();
    let checks = checkers(after.board(), them);
    if checks.is_empty() {
        return String::new();
    }
    let mut replies = Vec::new();
    after.moves(&mut replies);
    if replies.is_empty() {
        "#".into()
    } else if checks.len() > 1 {
        "++".into()
    } else if checks[0].1 == CheckKind::Adjoining {
        "+^".into()
    } else {
        "+∞".into()
    }
}

/// Writes a numbered game record from `start`: one line per move pair,
/// `1. E7-E13, E21-E15`; a game starting with Black opens `1. …, X`.
#[must_use]
pub fn format_record(start: &Cescacs, moves: &[Move]) -> String {
    let mut game = start.clone();
    let mut out = String::new();
    let mut number = game.fullmove_number();
    if game.board().side() == Color::Black && !moves.is_empty() {
        let _ = write!(out, "{number}. …");
    }
    for &mv in moves {
        let text = format_move(&game, mv);
        if game.board().side() == Color::White {
            if !out.is_empty() {
                out.push('\n');
            }
            let _ = write!(out, "{number}. {text}");
        } else {
            let _ = write!(out, ", {text}");
            number += 1;
        }
        game.apply(mv);
    }
    out
}

/// Reads a numbered game record (as [`format_record`] writes it; commas,
/// move numbers like `12.` or `1?` and `…` are skipped) and plays it from
/// `start`. Returns the final state and the moves.
pub fn parse_record(start: &Cescacs, text: &str) -> Result<(Cescacs, Vec<Move>), ParseError> {
    let mut game = start.clone();
    let mut moves = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let line = line.split(';').next().unwrap_or("");
        for token in line.split([',', ' ', '\t']) {
            let token = token.trim();
            let is_number = token
                .strip_suffix('.')
                .or_else(|| token.strip_suffix('?'))
                .is_some_and(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()));
            if token.is_empty() || is_number || token == "…" || token == "..." {
                continue;
            }
            if ["3-0", "0-3", "1-1", "2-1", "1-2", "*"].contains(&token) {
                continue;
            }
            let mv = parse_move(&game, token).map_err(|e| ParseError::Record {
                line: index + 1,
                why: e.to_string(),
            })?;
            game.apply(mv);
            moves.push(mv);
        }
    }
    Ok((game, moves))
}

impl Notation for Cescacs {
    type ParseError = ParseError;

    fn parse_action(&self, text: &str) -> Result<Move, ParseError> {
        parse_move(self, text)
    }

    fn format_action(&self, action: Move) -> String {
        format_move(self, action)
    }

    fn parse_position(text: &str, options: &Options) -> Result<Cescacs, ParseError> {
        pdtl::parse(text, options)
    }

    fn format_position(&self) -> String {
        pdtl::format(self)
    }
}
