//! Helpers shared by the scenario tests: positions written as a list of men,
//! move lists as sets of CTL-AN text, and an independent reading of PDTL
//! placements, all following the board and PDTL rules of
//! `docs/rules/cescacs.md` rather than the engine's own tables.

use std::collections::{BTreeMap, BTreeSet};

use tauler::game::{Game, GameOptions, Notation};
use tauler::games::cescacs::geometry::{hex_name, parse_hex};
use tauler::games::cescacs::{Cescacs, Move, MoveKind, Options};

/// The CTL columns, left to right from White's side.
const COLUMNS: &str = "PTABCDEFGHIKLXZ";

/// The first and last column index of cross-line `l` (spec §13, PDTL).
fn line_columns(l: usize) -> (usize, usize) {
    match l {
        0..=5 => (7 - l, 7 + l),
        23..=28 => (l - 21, 35 - l),
        _ if l.is_multiple_of(2) => (1, 13),
        _ => (0, 14),
    }
}

/// Column index and cross-line of a hex name such as `F14`.
fn column_line(hex: &str) -> (usize, usize) {
    let column = COLUMNS
        .find(&hex[..1])
        .unwrap_or_else(|| panic!("bad column in {hex}"));
    let line = hex[1..]
        .parse()
        .unwrap_or_else(|_| panic!("bad line in {hex}"));
    (column, line)
}

/// A PDTL string from men written `LetterHex` (upper case White, lower case
/// Black), e.g. `"KG1 kG27 RF14"`, and the five other fields.
pub fn pdtl(men: &str, rest: &str) -> String {
    let mut lines: BTreeMap<usize, Vec<Option<char>>> = BTreeMap::new();
    for man in men.split_whitespace() {
        let letter = man.chars().next().expect("a man");
        let (c, l) = column_line(&man[1..]);
        let (lo, hi) = line_columns(l);
        assert!(
            c >= lo && c <= hi && (c - lo) % 2 == 0,
            "{man} is not on the board"
        );
        let row = lines
            .entry(l)
            .or_insert_with(|| vec![None; (hi - lo) / 2 + 1]);
        assert!(row[(c - lo) / 2].is_none(), "{man}: hex used twice");
        row[(c - lo) / 2] = Some(letter);
    }
    let mut out = String::from("/");
    for (l, row) in lines.iter().rev() {
        out.push_str(&format!("{l}:"));
        let mut run = 0;
        for cell in row {
            match cell {
                None => run += 1,
                Some(letter) => {
                    if run > 0 {
                        out.push_str(&run.to_string());
                        run = 0;
                    }
                    out.push(*letter);
                }
            }
        }
        if run > 0 {
            out.push_str(&run.to_string());
        }
        out.push('/');
    }
    format!("{out} {rest}")
}

/// The men of a PDTL placement, by hex name.
pub fn placement(pdtl: &str) -> BTreeMap<String, char> {
    let field = pdtl.split_whitespace().next().expect("a placement");
    let mut men = BTreeMap::new();
    for entry in field.trim_matches('/').split('/') {
        let (number, content) = entry.split_once(':').expect("LINE:CONTENT");
        let l: usize = number.parse().expect("a line number");
        let (lo, _) = line_columns(l);
        let mut at = 0;
        let mut run = String::new();
        for ch in content.chars() {
            if ch.is_ascii_digit() {
                run.push(ch);
                continue;
            }
            at += run.parse::<usize>().unwrap_or(0);
            run.clear();
            let c = lo + 2 * at;
            men.insert(format!("{}{l}", &COLUMNS[c..=c]), ch);
            at += 1;
        }
    }
    men
}

/// The position mirrored White↔Black (`l → 28−l`, colours swapped): the
/// initial array is symmetric under it (spec §1.3, §2).
pub fn mirror(pdtl: &str) -> String {
    let fields: Vec<&str> = pdtl.split_whitespace().collect();
    let swap = |s: &str| -> String {
        s.chars()
            .map(|c| {
                if c.is_ascii_uppercase() {
                    c.to_ascii_lowercase()
                } else {
                    c.to_ascii_uppercase()
                }
            })
            .collect()
    };
    let mut entries: Vec<(usize, String)> = fields[0]
        .trim_matches('/')
        .split('/')
        .map(|entry| {
            let (number, content) = entry.split_once(':').expect("LINE:CONTENT");
            (28 - number.parse::<usize>().expect("a line"), swap(content))
        })
        .collect();
    entries.sort_by_key(|entry| std::cmp::Reverse(entry.0));
    let placement: String = entries
        .iter()
        .map(|(l, content)| format!("/{l}:{content}"))
        .collect();
    let side = if fields[1] == "w" { "b" } else { "w" };
    let castling = if fields[2] == "-" {
        "-".to_string()
    } else {
        let split = fields[2]
            .find(|c: char| c.is_ascii_lowercase())
            .unwrap_or(fields[2].len());
        let (white, black) = fields[2].split_at(split);
        format!(
            "{}{}",
            black.to_ascii_uppercase(),
            white.to_ascii_lowercase()
        )
    };
    format!("{placement}/ {side} {castling} {}", fields[3..].join(" "))
}

/// A hex name mirrored White↔Black (`l → 28−l`).
pub fn mirror_hex(hex: &str) -> String {
    let (c, l) = column_line(hex);
    format!("{}{}", &COLUMNS[c..=c], 28 - l)
}

/// The state of a PDTL string under `options`; panics with the parse error.
pub fn state_with(pdtl: &str, options: &Options) -> Cescacs {
    Cescacs::parse_position(pdtl, options).unwrap_or_else(|e| panic!("{pdtl}: {e}"))
}

/// The state of a PDTL string under the default options.
pub fn state(pdtl: &str) -> Cescacs {
    state_with(pdtl, &Options::default())
}

/// The state of men and fields (see [`pdtl`]) under the default options
/// plus `free_setup`: a scenario's men need not be a reachable army.
pub fn at(men: &str, rest: &str) -> Cescacs {
    at_with(men, rest, &[])
}

/// [`at`] with the rules options `pairs` (`KEY=VALUE`) too.
pub fn at_with(men: &str, rest: &str, pairs: &[&str]) -> Cescacs {
    let mut options = Options::from_pairs(pairs.iter().copied()).expect("options");
    options.free_setup = true;
    state_with(&pdtl(men, rest), &options)
}

/// The legal actions.
pub fn legal(game: &Cescacs) -> Vec<Move> {
    let mut moves = Vec::new();
    game.legal_actions(&mut moves);
    moves
}

/// Every legal move, as text.
pub fn texts(game: &Cescacs) -> BTreeSet<String> {
    legal(game)
        .into_iter()
        .map(|m| game.format_action(m))
        .collect()
}

/// The legal moves (castlings excluded) of the man on `hex`, as text.
pub fn texts_from(game: &Cescacs, hex: &str) -> BTreeSet<String> {
    let from = parse_hex(hex).expect("a hex");
    legal(game)
        .into_iter()
        .filter(|m| m.from() == from && m.kind() != MoveKind::Castle)
        .map(|m| game.format_action(m))
        .collect()
}

/// The hexes the man on `hex` may move to (castlings excluded).
pub fn targets(game: &Cescacs, hex: &str) -> BTreeSet<String> {
    let from = parse_hex(hex).expect("a hex");
    legal(game)
        .into_iter()
        .filter(|m| m.from() == from && m.kind() != MoveKind::Castle)
        .map(|m| hex_name(m.to()))
        .collect()
}

/// The names of the legal castlings.
pub fn castlings(game: &Cescacs) -> BTreeSet<String> {
    legal(game)
        .into_iter()
        .filter(|m| m.kind() == MoveKind::Castle)
        .map(|m| game.format_action(m))
        .collect()
}

/// A set of strings from a whitespace-separated list.
pub fn set(list: &str) -> BTreeSet<String> {
    list.split_whitespace().map(str::to_string).collect()
}

/// The state after the moves written in `moves` (whitespace-separated);
/// every position on the way must read back from its own PDTL.
pub fn play(game: &Cescacs, moves: &str) -> Cescacs {
    let mut game = game.clone();
    for text in moves.split_whitespace() {
        let mv = game
            .parse_action(text)
            .unwrap_or_else(|e| panic!("{text} in {}: {e}", game.format_position()));
        game.apply(mv);
        let written = game.format_position();
        let read = state_with(&written, game.options());
        assert_eq!(
            read.format_position(),
            written,
            "PDTL round trip after {text}"
        );
        assert_eq!(
            read.hash(),
            game.hash(),
            "hash after reading back {written}"
        );
    }
    game
}

/// The text of the castling-rights field of a state.
pub fn castling_field(game: &Cescacs) -> String {
    game.format_position()
        .split_whitespace()
        .nth(2)
        .expect("a castling field")
        .to_string()
}

/// The text of the special-capture field of a state.
pub fn special_field(game: &Cescacs) -> String {
    game.format_position()
        .split_whitespace()
        .nth(3)
        .expect("a special field")
        .to_string()
}
