//! Attack tables: knight, king and pawn jumps computed at compile time, and
//! sliding attacks through magic bitboards whose magic numbers are found at
//! start-up by a deterministic search (no external tables).

use std::sync::OnceLock;

use super::bitboard::{bb, file_of, rank_of, Bitboard, Color, Square, FILE_A, FILE_H};

const fn jump_table(deltas: &[(i8, i8)]) -> [Bitboard; 64] {
    let mut table = [0; 64];
    let mut sq = 0;
    while sq < 64 {
        let file = (sq % 8) as i8;
        let rank = (sq / 8) as i8;
        let mut i = 0;
        while i < deltas.len() {
            let f = file + deltas[i].0;
            let r = rank + deltas[i].1;
            if f >= 0 && f < 8 && r >= 0 && r < 8 {
                table[sq] |= 1u64 << (r * 8 + f);
            }
            i += 1;
        }
        sq += 1;
    }
    table
}

static KNIGHT: [Bitboard; 64] = jump_table(&[
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
]);
static KING: [Bitboard; 64] = jump_table(&[
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
]);
static PAWN: [[Bitboard; 64]; 2] = [
    jump_table(&[(-1, 1), (1, 1)]),
    jump_table(&[(-1, -1), (1, -1)]),
];

/// Squares a knight on `sq` attacks.
#[inline(always)]
#[must_use]
pub fn knight_attacks(sq: Square) -> Bitboard {
    KNIGHT[sq as usize]
}

/// Squares a king on `sq` attacks.
#[inline(always)]
#[must_use]
pub fn king_attacks(sq: Square) -> Bitboard {
    KING[sq as usize]
}

/// Squares a `color` pawn on `sq` attacks.
#[inline(always)]
#[must_use]
pub fn pawn_attacks(color: Color, sq: Square) -> Bitboard {
    PAWN[color.index()][sq as usize]
}

/// Squares attacked by every `color` pawn of a set.
#[inline(always)]
#[must_use]
pub fn pawn_set_attacks(color: Color, pawns: Bitboard) -> Bitboard {
    match color {
        Color::White => ((pawns & !FILE_A) << 7) | ((pawns & !FILE_H) << 9),
        Color::Black => ((pawns & !FILE_A) >> 9) | ((pawns & !FILE_H) >> 7),
    }
}

const ROOK_DIRS: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRS: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// Slow ray walk: the squares a slider on `sq` attacks given `occupied`.
fn slide(sq: Square, occupied: Bitboard, dirs: &[(i8, i8); 4]) -> Bitboard {
    let mut attacks = 0;
    for &(df, dr) in dirs {
        let (mut f, mut r) = (file_of(sq) as i8, rank_of(sq) as i8);
        loop {
            f += df;
            r += dr;
            if !(0..8).contains(&f) || !(0..8).contains(&r) {
                break;
            }
            let target = bb((r * 8 + f) as Square);
            attacks |= target;
            if occupied & target != 0 {
                break;
            }
        }
    }
    attacks
}

/// The occupancy bits that matter for a slider on `sq` (board edges excluded).
fn relevant_mask(sq: Square, dirs: &[(i8, i8); 4]) -> Bitboard {
    let mut mask = 0;
    for &(df, dr) in dirs {
        let (mut f, mut r) = (file_of(sq) as i8, rank_of(sq) as i8);
        loop {
            f += df;
            r += dr;
            let (nf, nr) = (f + df, r + dr);
            if !(0..8).contains(&nf) || !(0..8).contains(&nr) {
                break;
            }
            mask |= bb((r * 8 + f) as Square);
        }
    }
    mask
}

#[derive(Clone, Copy, Debug, Default)]
struct Magic {
    mask: Bitboard,
    magic: u64,
    shift: u32,
    offset: usize,
}

impl Magic {
    #[inline(always)]
    fn index(&self, occupied: Bitboard) -> usize {
        self.offset + ((occupied & self.mask).wrapping_mul(self.magic) >> self.shift) as usize
    }
}

/// All start-up tables: magic slider attacks and the square-pair lines.
struct Tables {
    rook: [Magic; 64],
    bishop: [Magic; 64],
    attacks: Vec<Bitboard>,
    between: Vec<Bitboard>,
    line: Vec<Bitboard>,
}

static TABLES: OnceLock<Tables> = OnceLock::new();

#[inline(always)]
fn tables() -> &'static Tables {
    TABLES.get_or_init(build_tables)
}

/// Builds the tables now rather than on first use (for benches and engines
/// that want start-up cost out of the measured part).
pub fn init() {
    tables();
}

/// A deterministic xorshift generator for the magic search.
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn sparse(&mut self) -> u64 {
        self.next() & self.next() & self.next()
    }
}

fn find_magics(
    dirs: &[(i8, i8); 4],
    attacks: &mut Vec<Bitboard>,
    rng: &mut XorShift,
) -> [Magic; 64] {
    let mut magics = [Magic::default(); 64];
    let mut occupancies = Vec::with_capacity(4096);
    let mut references = Vec::with_capacity(4096);
    let mut epoch = vec![0u32; 4096];
    let mut attempt = 0u32;
    for sq in 0..64u8 {
        let mask = relevant_mask(sq, dirs);
        let bits = mask.count_ones();
        occupancies.clear();
        references.clear();
        let mut subset: Bitboard = 0;
        loop {
            occupancies.push(subset);
            references.push(slide(sq, subset, dirs));
            subset = subset.wrapping_sub(mask) & mask;
            if subset == 0 {
                break;
            }
        }
        let size = 1usize << bits;
        let offset = attacks.len();
        attacks.resize(offset + size, 0);
        let shift = 64 - bits;
        'search: loop {
            let magic = rng.sparse();
            if (mask.wrapping_mul(magic) >> 56).count_ones() < 6 {
                continue;
            }
            attempt += 1;
            for (&occ, &reference) in occupancies.iter().zip(&references) {
                let index = (occ.wrapping_mul(magic) >> shift) as usize;
                if epoch[index] < attempt {
                    epoch[index] = attempt;
                    attacks[offset + index] = reference;
                } else if attacks[offset + index] != reference {
                    continue 'search;
                }
            }
            magics[sq as usize] = Magic {
                mask,
                magic,
                shift,
                offset,
            };
            break;
        }
    }
    magics
}

fn build_tables() -> Tables {
    let mut rng = XorShift(0x9e37_79b9_7f4a_7c15);
    let mut attacks = Vec::with_capacity(102_400 + 5_248);
    let rook = find_magics(&ROOK_DIRS, &mut attacks, &mut rng);
    let bishop = find_magics(&BISHOP_DIRS, &mut attacks, &mut rng);
    let mut between = vec![0; 64 * 64];
    let mut line = vec![0; 64 * 64];
    for a in 0..64u8 {
        for dirs in [&ROOK_DIRS, &BISHOP_DIRS] {
            let from_a = slide(a, 0, dirs);
            for b in 0..64u8 {
                if from_a & bb(b) != 0 {
                    let from_b = slide(b, 0, dirs);
                    line[a as usize * 64 + b as usize] = (from_a & from_b) | bb(a) | bb(b);
                    between[a as usize * 64 + b as usize] =
                        slide(a, bb(b), dirs) & slide(b, bb(a), dirs);
                }
            }
        }
    }
    Tables {
        rook,
        bishop,
        attacks,
        between,
        line,
    }
}

/// Squares a rook on `sq` attacks given the occupied squares.
#[inline(always)]
#[must_use]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let t = tables();
    t.attacks[t.rook[sq as usize].index(occupied)]
}

/// Squares a bishop on `sq` attacks given the occupied squares.
#[inline(always)]
#[must_use]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let t = tables();
    t.attacks[t.bishop[sq as usize].index(occupied)]
}

/// Squares a queen on `sq` attacks given the occupied squares.
#[inline(always)]
#[must_use]
pub fn queen_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    rook_attacks(sq, occupied) | bishop_attacks(sq, occupied)
}

/// The squares strictly between `a` and `b` if they share a line, else empty.
#[inline(always)]
#[must_use]
pub fn between(a: Square, b: Square) -> Bitboard {
    tables().between[a as usize * 64 + b as usize]
}

/// The whole line through `a` and `b` (both included) if they share one, else empty.
#[inline(always)]
#[must_use]
pub fn line(a: Square, b: Square) -> Bitboard {
    tables().line[a as usize * 64 + b as usize]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn magic_lookups_equal_ray_walks() {
        let mut rng = XorShift(12345);
        for sq in 0..64u8 {
            for _ in 0..200 {
                let occ = rng.next() & rng.next();
                assert_eq!(rook_attacks(sq, occ), slide(sq, occ, &ROOK_DIRS));
                assert_eq!(bishop_attacks(sq, occ), slide(sq, occ, &BISHOP_DIRS));
            }
        }
    }

    #[test]
    fn lines_and_betweens() {
        // a1 and h8 share the long diagonal.
        assert_eq!(between(0, 63).count_ones(), 6);
        assert_eq!(line(0, 63).count_ones(), 8);
        // a1 and b3 share no line.
        assert_eq!(between(0, 17), 0);
        assert_eq!(line(0, 17), 0);
        assert_eq!(knight_attacks(0).count_ones(), 2);
        assert_eq!(king_attacks(0).count_ones(), 3);
        assert_eq!(pawn_attacks(Color::White, 8), bb(17));
    }
}
