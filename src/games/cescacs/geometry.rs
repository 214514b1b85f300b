//! The 169-hex board: CTL coordinates, hex colours, and the step tables every
//! move generator walks.
//!
//! Hexes are numbered 0..169 column by column (P first, Z last), each column
//! from its lowest cross-line up. Internally positions use axial coordinates
//! `(q, r)` with `q = c − 7`, `r = (l − c − 7) / 2`; an axial offset
//! `(dq, dr)` is the CTL offset `(dq, 2·dr + dq)`.

/// A hex index, `0..HEXES`.
pub type Hex = u8;

/// The number of hexes.
pub const HEXES: usize = 169;

/// "No hex": a step off the board.
pub const NONE: Hex = 255;

/// Column letters, left to right from White's side.
pub const COLUMNS: [u8; 15] = *b"PTABCDEFGHIKLXZ";

/// The 6 orthogonal (edge-neighbour) directions, axial. Index 0 is White's
/// forward, index 1 Black's forward. Every direction list pairs each
/// direction with its opposite (`d ^ 1`).
pub const ORTHOGONAL: [(i8, i8); 6] = [(0, 1), (0, -1), (1, 0), (-1, 0), (1, -1), (-1, 1)];

/// The 6 diagonal (vertex-neighbour) directions, axial. Indices 0 and 1 are
/// the transversal (cross-line) diagonals; 2..6 are the four an Elephant uses.
pub const DIAGONAL: [(i8, i8); 6] = [(2, -1), (-2, 1), (1, 1), (-1, -1), (1, -2), (-1, 2)];

/// The 12 knight jumps, axial.
pub const KNIGHT: [(i8, i8); 12] = [
    (3, -1),
    (-3, 1),
    (3, -2),
    (-3, 2),
    (2, 1),
    (-2, -1),
    (1, 2),
    (-1, -2),
    (2, -3),
    (-2, 3),
    (1, -3),
    (-1, 3),
];

/// Direction indices into [`Tables::step`]: 0..6 orthogonal, 6..12
/// diagonal, 12..24 knight jumps.
pub const DIRECTIONS: usize = 24;
/// Orthogonal direction indices.
pub const ORTHO_DIRS: std::ops::Range<usize> = 0..6;
/// Diagonal direction indices.
pub const DIAG_DIRS: std::ops::Range<usize> = 6..12;
/// Knight-jump direction indices.
pub const KNIGHT_DIRS: std::ops::Range<usize> = 12..24;

/// The colour of a hex (cross-line modulo 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HexColor {
    /// Line ≡ 0 (mod 3).
    Black = 0,
    /// Line ≡ 1 (mod 3).
    White = 1,
    /// Line ≡ 2 (mod 3); the centre hex is coloured.
    Coloured = 2,
}

/// Precomputed geometry, built at compile time.
pub struct Tables {
    /// Column index `c` of each hex.
    pub column: [u8; HEXES],
    /// Cross-line `l` of each hex.
    pub line: [u8; HEXES],
    /// Hex index of `(c, l)`, or [`NONE`].
    pub index: [[Hex; 29]; 15],
    /// `step[d][h]`: the hex one step from `h` in direction `d`, or [`NONE`];
    /// rows span every `u8` (`NONE` past the board, from [`NONE`] too) so that
    /// a lookup by hex needs no bounds check.
    pub step: [[Hex; 256]; DIRECTIONS],
    /// `direction_to[a][b]`: the ortho/diagonal direction index leading from
    /// `a` to `b` along a line, or 255 when they share none.
    pub direction_to: [[u8; HEXES]; HEXES],
}

const fn on_board(c: i32, l: i32) -> bool {
    if c < 0 || c > 14 || l < 0 || l > 28 || (c + l) % 2 == 0 {
        return false;
    }
    if c <= 7 {
        l >= 7 - c && l <= 21 + c
    } else {
        l >= c - 7 && l <= 35 - c
    }
}

const fn offset_of(d: usize) -> (i8, i8) {
    if d < 6 {
        ORTHOGONAL[d]
    } else if d < 12 {
        DIAGONAL[d - 6]
    } else {
        KNIGHT[d - 12]
    }
}

const fn build() -> Tables {
    let mut t = Tables {
        column: [0; HEXES],
        line: [0; HEXES],
        index: [[NONE; 29]; 15],
        step: [[NONE; 256]; DIRECTIONS],
        direction_to: [[255; HEXES]; HEXES],
    };
    let mut n = 0;
    let mut c = 0;
    while c < 15 {
        let mut l = 0;
        while l < 29 {
            if on_board(c, l) {
                t.column[n] = c as u8;
                t.line[n] = l as u8;
                t.index[c as usize][l as usize] = n as Hex;
                n += 1;
            }
            l += 1;
        }
        c += 1;
    }
    let mut h = 0;
    while h < HEXES {
        let mut d = 0;
        while d < DIRECTIONS {
            let (dq, dr) = offset_of(d);
            let c = t.column[h] as i32 + dq as i32;
            let l = t.line[h] as i32 + 2 * dr as i32 + dq as i32;
            if on_board(c, l) {
                t.step[d][h] = t.index[c as usize][l as usize];
            }
            d += 1;
        }
        h += 1;
    }
    let mut from = 0;
    while from < HEXES {
        let mut d = 0;
        while d < 12 {
            let mut at = t.step[d][from];
            while at != NONE {
                t.direction_to[from][at as usize] = d as u8;
                at = t.step[d][at as usize];
            }
            d += 1;
        }
        from += 1;
    }
    t
}

/// The board's geometry tables.
pub static TABLES: Tables = build();

/// The index of the hex at column `c`, line `l`, which must exist (for
/// compile-time tables).
#[must_use]
pub const fn hex_index(c: usize, l: usize) -> Hex {
    let mut n = 0;
    let mut col = 0;
    while col < c {
        n += if col <= 7 { col + 8 } else { 22 - col };
        col += 1;
    }
    (n + (l - c.abs_diff(7)) / 2) as Hex
}

/// The hex at column `c`, line `l`, if it exists.
#[must_use]
pub fn hex_at(c: usize, l: usize) -> Option<Hex> {
    let h = *TABLES.index.get(c)?.get(l)?;
    (h != NONE).then_some(h)
}

/// The hex one step from `h` in direction `d`, or [`NONE`].
#[inline]
#[must_use]
pub fn step(d: usize, h: Hex) -> Hex {
    TABLES.step[d][h as usize]
}

/// The colour of a hex.
#[must_use]
pub fn hex_color(h: Hex) -> HexColor {
    match TABLES.line[h as usize] % 3 {
        0 => HexColor::Black,
        1 => HexColor::White,
        _ => HexColor::Coloured,
    }
}

/// The direction index that reverses `d` (ortho and diagonal directions).
#[must_use]
pub const fn opposite(d: usize) -> usize {
    d ^ 1
}

/// The CTL name of a hex, e.g. `F14`.
#[must_use]
pub fn hex_name(h: Hex) -> String {
    format!(
        "{}{}",
        COLUMNS[TABLES.column[h as usize] as usize] as char, TABLES.line[h as usize]
    )
}

/// Reads a CTL hex name at the start of `text`; returns the hex and the
/// number of bytes read.
#[must_use]
pub fn parse_hex_prefix(text: &str) -> Option<(Hex, usize)> {
    let bytes = text.as_bytes();
    let first = *bytes.first()?;
    let column = COLUMNS.iter().position(|&c| c == first)?;
    let digits = bytes[1..].iter().take_while(|b| b.is_ascii_digit()).count();
    if digits == 0 || digits > 2 {
        return None;
    }
    let line: usize = text[1..1 + digits].parse().ok()?;
    Some((hex_at(column, line)?, 1 + digits))
}

/// Reads a whole CTL hex name.
#[must_use]
pub fn parse_hex(text: &str) -> Option<Hex> {
    match parse_hex_prefix(text) {
        Some((h, n)) if n == text.len() => Some(h),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_has_169_hexes_in_three_colours() {
        assert_eq!(
            TABLES
                .index
                .iter()
                .flatten()
                .filter(|&&h| h != NONE)
                .count(),
            HEXES
        );
        let count = |c: HexColor| (0..HEXES as u8).filter(|&h| hex_color(h) == c).count();
        assert_eq!(count(HexColor::White), 57);
        assert_eq!(count(HexColor::Black), 57);
        assert_eq!(count(HexColor::Coloured), 55);
        assert_eq!(hex_color(parse_hex("F14").unwrap()), HexColor::Coloured);
        assert_eq!(hex_color(parse_hex("F0").unwrap()), HexColor::Black);
        assert_eq!(hex_color(parse_hex("F28").unwrap()), HexColor::White);
    }

    #[test]
    fn names_round_trip_and_column_extents_match_the_spec() {
        for h in 0..HEXES as u8 {
            assert_eq!(parse_hex(&hex_name(h)), Some(h));
            let (c, l) = (
                TABLES.column[h as usize] as usize,
                TABLES.line[h as usize] as usize,
            );
            assert_eq!(hex_index(c, l), h);
        }
        let extents = [
            (7, 21),
            (6, 22),
            (5, 23),
            (4, 24),
            (3, 25),
            (2, 26),
            (1, 27),
            (0, 28),
        ];
        for (c, &(lo, hi)) in extents.iter().enumerate() {
            for mirror in [c, 14 - c] {
                assert!(hex_at(mirror, lo).is_some() && hex_at(mirror, hi).is_some());
                assert!(
                    hex_at(mirror, lo.wrapping_sub(2)).is_none()
                        && hex_at(mirror, hi + 2).is_none()
                );
            }
        }
        assert_eq!(parse_hex("J14"), None);
        assert_eq!(parse_hex("F29"), None);
        assert_eq!(parse_hex("F13"), None);
    }

    #[test]
    fn orthogonal_steps_change_colour_and_diagonal_steps_keep_it() {
        for h in 0..HEXES as u8 {
            for d in ORTHO_DIRS.chain(KNIGHT_DIRS) {
                let to = step(d, h);
                assert!(to == NONE || hex_color(to) != hex_color(h));
            }
            for d in DIAG_DIRS {
                let to = step(d, h);
                assert!(to == NONE || hex_color(to) == hex_color(h));
            }
        }
        let f14 = parse_hex("F14").unwrap();
        assert_eq!(hex_name(step(0, f14)), "F16");
        assert_eq!(hex_name(step(2, f14)), "G15");
        assert_eq!(hex_name(step(6, f14)), "H14");
        assert_eq!(hex_name(step(8, f14)), "G17");
        assert_eq!(hex_name(step(12, f14)), "I15");
    }
}
