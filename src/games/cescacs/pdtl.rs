//! PDTL (Position Description by Transversal Lines), the author's position
//! string, read and written exactly as his implementation does:
//! `placement side castling special halfmove move`.

use std::fmt::Write;

use super::board::{forward, oblique_dirs, rights, Board, Special};
use super::geometry::{hex_at, hex_color, hex_name, opposite, parse_hex, step, Hex, NONE, TABLES};
use super::movegen::in_check;
use super::moves::{king_home, king_rook_home, queen_rook_home};
use super::notation::ParseError;
use super::piece::{cell, color_of, kind_of, Color, Kind, EMPTY};
use super::{Cescacs, Options};

/// The columns `(first, last)` of cross-line `l` (every other column).
fn line_columns(l: usize) -> (usize, usize) {
    match l {
        0..=5 => (7 - l, 7 + l),
        23..=28 => (l - 21, 35 - l),
        _ if l.is_multiple_of(2) => (1, 13),
        _ => (0, 14),
    }
}

/// The hexes of cross-line `l`, left to right.
fn line_hexes(l: usize) -> impl Iterator<Item = Hex> {
    let (first, last) = line_columns(l);
    (first..=last)
        .step_by(2)
        .map(move |c| hex_at(c, l).expect("line hexes exist"))
}

/// Refuses more men of a kind than the initial army has (27 men: K, D, V,
/// 2 R, 2 G, 2 N, 3 J one per hex colour, 4 E, 11 P): a pawn promotes only
/// to a captured piece of its side, a bishop only of its hex's colour, so
/// no count can ever grow.
fn check_army(board: &Board) -> Result<(), ParseError> {
    for color in [Color::White, Color::Black] {
        let mut count = [0usize; 10];
        let mut bishops = [0usize; 3];
        for h in board.men(color).iter() {
            let kind = kind_of(board.at(h));
            count[kind as usize] += 1;
            if kind == Kind::Bishop {
                bishops[hex_color(h) as usize] += 1;
            }
        }
        let too_many = |kind, count, limit| ParseError::TooManyOfKind {
            color,
            kind,
            count,
            limit,
        };
        for (kind, name, limit) in [
            (Kind::Queen, "queens (D)", 1),
            (Kind::Wyvern, "wyverns (V)", 1),
            (Kind::Rook, "rooks (R)", 2),
            (Kind::Pegasus, "pegasi (G)", 2),
            (Kind::Knight, "knights (N)", 2),
            (Kind::Bishop, "bishops (J)", 3),
            (Kind::Elephant, "elephants (E)", 4),
            (Kind::Pawn, "pawns (P)", 11),
        ] {
            if count[kind as usize] > limit {
                return Err(too_many(name, count[kind as usize], limit));
            }
        }
        if let Some(&n) = bishops.iter().find(|&&n| n > 1) {
            return Err(too_many("bishops (J) on hexes of one colour", n, 1));
        }
    }
    Ok(())
}

/// Reads a PDTL string.
pub fn parse(text: &str, options: &Options) -> Result<Cescacs, ParseError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if !(5..=6).contains(&fields.len()) {
        return Err(ParseError::FieldCount(fields.len()));
    }
    let mut board = Board::empty();
    parse_placement(fields[0], &mut board)?;
    let side = match fields[1] {
        "w" => Color::White,
        "b" => Color::Black,
        other => return Err(ParseError::Side(other.to_string())),
    };
    for color in [Color::White, Color::Black] {
        let kings = board
            .men(color)
            .iter()
            .filter(|&h| kind_of(board.at(h)) == Kind::King)
            .count();
        if kings != 1 {
            return Err(ParseError::KingCount { color, kings });
        }
    }
    if !options.free_setup {
        check_army(&board)?;
    }
    let castling = parse_castling(fields[2], &board)?;
    let special = parse_special(fields[3], &board, side)?;
    board.set_state(side, castling, special);
    board.set_leap_captures(options.castling);
    let halfmove = fields[4]
        .parse()
        .map_err(|_| ParseError::Clock(fields[4].to_string()))?;
    let fullmove = match fields.get(5) {
        None | Some(&"-") => 1,
        Some(text) => match text.parse() {
            Ok(n) if n >= 1 => n,
            _ => return Err(ParseError::MoveNumber(text.to_string())),
        },
    };
    if in_check(&board, side.other()) {
        return Err(ParseError::OpponentInCheck);
    }
    Ok(Cescacs::from_parts(
        board,
        halfmove,
        fullmove,
        options.clone(),
    ))
}

fn parse_placement(text: &str, board: &mut Board) -> Result<(), ParseError> {
    let inner = text
        .strip_prefix('/')
        .and_then(|t| t.strip_suffix('/'))
        .ok_or(ParseError::PlacementSlashes)?;
    let mut previous: Option<usize> = None;
    for entry in inner.split('/') {
        let (number, content) = entry
            .split_once(':')
            .ok_or_else(|| ParseError::LineEntry(entry.to_string()))?;
        let line: usize = match number.parse() {
            Ok(l) if l <= 28 => l,
            _ => return Err(ParseError::LineNumber(number.to_string())),
        };
        if previous.is_some_and(|p| line >= p) {
            return Err(ParseError::LineOrder(line));
        }
        previous = Some(line);
        let hexes: Vec<Hex> = line_hexes(line).collect();
        let mut at = 0;
        let mut run: usize = 0;
        let flush = |run: &mut usize, at: &mut usize| {
            *at = at.saturating_add(*run);
            *run = 0;
        };
        for ch in content.chars() {
            if let Some(digit) = ch.to_digit(10) {
                // Saturating: a run longer than the line is reported as a
                // wrong line length, never an overflow.
                run = run.saturating_mul(10).saturating_add(digit as usize);
                continue;
            }
            flush(&mut run, &mut at);
            let kind = Kind::from_position_letter(ch).ok_or(ParseError::PieceLetter(ch))?;
            let color = if ch.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            let &h = hexes.get(at).ok_or(ParseError::LineLength {
                line,
                expected: hexes.len(),
            })?;
            board.put(h, cell(color, kind));
            at += 1;
        }
        flush(&mut run, &mut at);
        if at != hexes.len() {
            return Err(ParseError::LineLength {
                line,
                expected: hexes.len(),
            });
        }
    }
    Ok(())
}

fn parse_castling(text: &str, board: &Board) -> Result<u8, ParseError> {
    if text == "-" {
        return Ok(0);
    }
    let bad = || ParseError::Castling(text.to_string());
    let split = text
        .find(|c: char| c.is_ascii_lowercase())
        .unwrap_or(text.len());
    let (white, black) = text.split_at(split);
    if !black.chars().all(|c| c.is_ascii_lowercase()) {
        return Err(bad());
    }
    let mut bits = 0;
    for (color, part) in [
        (Color::White, white.to_string()),
        (Color::Black, black.to_ascii_uppercase()),
    ] {
        let own = match part.as_ref() {
            "" => 0,
            "RKR" => rights::KING | rights::QUEEN_ROOK | rights::KING_ROOK,
            "KR" => rights::KING | rights::KING_ROOK,
            "RK" => rights::KING | rights::QUEEN_ROOK,
            "K" => rights::KING,
            _ => return Err(bad()),
        };
        let check = |bit: u8, home: Hex, kind: Kind, what: &'static str| {
            if own & bit != 0 && board.at(home) != cell(color, kind) {
                Err(ParseError::CastlingBoard {
                    color,
                    what,
                    hex: hex_name(home),
                })
            } else {
                Ok(())
            }
        };
        check(rights::KING, king_home(color), Kind::King, "King")?;
        check(
            rights::QUEEN_ROOK,
            queen_rook_home(color),
            Kind::Rook,
            "Queen's rook",
        )?;
        check(
            rights::KING_ROOK,
            king_rook_home(color),
            Kind::Rook,
            "King's rook",
        )?;
        bits |= own << (3 * color.index());
    }
    Ok(bits)
}

fn parse_special(text: &str, board: &Board, side: Color) -> Result<Special, ParseError> {
    if text == "-" {
        return Ok(Special::None);
    }
    let bad = |why: &'static str| ParseError::Special {
        text: text.to_string(),
        why,
    };
    let mover = side.other();
    if let Some(rest) = text.strip_prefix("P@") {
        let (passed_part, pawn_part) = rest
            .strip_suffix(']')
            .and_then(|r| r.split_once('['))
            .ok_or(bad("expected P@HEX[HEX] or P@HEX,LINE[HEX]"))?;
        let pawn = parse_hex(pawn_part).ok_or(bad("the stepped pawn's hex does not exist"))?;
        let behind = opposite(forward(mover));
        let (count, first) = match passed_part.split_once(',') {
            None => (1, parse_hex(passed_part)),
            Some((hex, line)) => {
                let first = parse_hex(hex);
                let second = step(behind, pawn);
                if second == NONE || line.parse::<u8>().ok() != Some(TABLES.line[second as usize]) {
                    return Err(bad("the second passed line is not the hex behind the pawn"));
                }
                (2, first)
            }
        };
        let first = first.ok_or(bad("the passed hex does not exist"))?;
        let one_behind = step(behind, pawn);
        let expected_first = if count == 1 || one_behind == NONE {
            one_behind
        } else {
            step(behind, one_behind)
        };
        if first != expected_first {
            return Err(bad("the passed hex is not behind the stepped pawn"));
        }
        let stepped = board.at(pawn);
        if stepped == EMPTY || color_of(stepped) != mover {
            return Err(bad(
                "no man of the side that just moved stands on the pawn's hex",
            ));
        }
        let passed = [first, if count == 2 { one_behind } else { NONE }];
        if passed[..count].iter().any(|&h| board.at(h) != EMPTY) {
            return Err(bad("a passed hex is occupied"));
        }
        return Ok(Special::EnPassant {
            pawn,
            passed,
            count: count as u8,
        });
    }
    let (scorned, scornful) = text
        .split_once('@')
        .and_then(|(a, b)| Some((parse_hex(a)?, parse_hex(b)?)))
        .ok_or(bad("expected P@HEX[HEX], P@HEX,LINE[HEX], HEX@HEX or -"))?;
    if board.at(scorned) != cell(side, Kind::Pawn) {
        return Err(bad("the scorned hex holds no pawn of the side to move"));
    }
    if !oblique_dirs(side)
        .iter()
        .any(|&d| step(d, scorned) == scornful)
    {
        return Err(bad(
            "the scornful hex is not an oblique step from the scorned pawn",
        ));
    }
    let man = board.at(scornful);
    if man == EMPTY || color_of(man) != mover {
        return Err(bad(
            "no man of the side that just moved stands on the scornful hex",
        ));
    }
    Ok(Special::Scornful { scorned, scornful })
}

/// Writes a game's position as PDTL.
#[must_use]
pub fn format(game: &Cescacs) -> String {
    let board = game.board();
    let mut out = String::from("/");
    for line in (0..=28).rev() {
        let hexes: Vec<Hex> = line_hexes(line).collect();
        if hexes.iter().all(|&h| board.at(h) == EMPTY) {
            continue;
        }
        let _ = write!(out, "{line}:");
        let mut run: usize = 0;
        for h in hexes {
            let c = board.at(h);
            if c == EMPTY {
                run += 1;
                continue;
            }
            if run > 0 {
                let _ = write!(out, "{run}");
                run = 0;
            }
            let letter = kind_of(c).letter();
            out.push(if color_of(c) == Color::White {
                letter
            } else {
                letter.to_ascii_lowercase()
            });
        }
        if run > 0 {
            let _ = write!(out, "{run}");
        }
        out.push('/');
    }
    let side = if board.side() == Color::White {
        'w'
    } else {
        'b'
    };
    let _ = write!(
        out,
        " {side} {} {} {} {}",
        format_castling(board),
        format_special(board),
        game.halfmove_clock(),
        game.fullmove_number()
    );
    out
}

fn format_castling(board: &Board) -> String {
    let mut out = String::new();
    for color in [Color::White, Color::Black] {
        let bits = board.rights(color);
        if bits & rights::KING == 0 {
            continue;
        }
        let mut part = String::new();
        if bits & rights::QUEEN_ROOK != 0 {
            part.push('R');
        }
        part.push('K');
        if bits & rights::KING_ROOK != 0 {
            part.push('R');
        }
        if color == Color::Black {
            part = part.to_ascii_lowercase();
        }
        out.push_str(&part);
    }
    if out.is_empty() {
        out.push('-');
    }
    out
}

fn format_special(board: &Board) -> String {
    match board.special() {
        Special::None => "-".to_string(),
        Special::EnPassant {
            pawn,
            passed,
            count,
        } => {
            let mut out = format!("P@{}", hex_name(passed[0]));
            if count == 2 {
                let _ = write!(out, ",{}", TABLES.line[passed[1] as usize]);
            }
            let _ = write!(out, "[{}]", hex_name(pawn));
            out
        }
        Special::Scornful { scorned, scornful } => {
            format!("{}@{}", hex_name(scorned), hex_name(scornful))
        }
    }
}
