//! Attack tables, all computed at compile time: knight, king and pawn
//! jumps, sliding attacks through magic bitboards, and the squares between
//! and along square pairs. Nothing is built at start-up.

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

/// The eight directions as (file step, rank step): four straight ones from
/// [`STRAIGHT`], four diagonal ones from [`DIAGONAL`]. Those towards higher
/// square indices come first in each half.
const DIRECTIONS: [(i8, i8); 8] = [
    (1, 0),
    (0, 1),
    (-1, 0),
    (0, -1),
    (1, 1),
    (-1, 1),
    (-1, -1),
    (1, -1),
];

/// The first of a rook's four directions in [`DIRECTIONS`].
const STRAIGHT: usize = 0;
/// The first of a bishop's four directions in [`DIRECTIONS`].
const DIAGONAL: usize = 4;

/// Whether direction `d` leads towards higher square indices.
const fn ascending(d: usize) -> bool {
    d % 4 < 2
}

/// `RAYS[d][sq]`: the squares from `sq` (excluded) to the board's edge in
/// direction `d`. A static rather than a constant: the table builders read
/// it by reference instead of copying it at each use, which keeps the
/// compile-time evaluation short.
static RAYS: [[Bitboard; 64]; 8] = {
    let mut rays = [[0; 64]; 8];
    let mut d = 0;
    while d < 8 {
        let (df, dr) = DIRECTIONS[d];
        let mut sq = 0;
        while sq < 64 {
            let (mut f, mut r) = (
                file_of(sq as Square) as i8 + df,
                rank_of(sq as Square) as i8 + dr,
            );
            while f >= 0 && f < 8 && r >= 0 && r < 8 {
                rays[d][sq] |= bb((r * 8 + f) as Square);
                f += df;
                r += dr;
            }
            sq += 1;
        }
        d += 1;
    }
    rays
};

/// The squares a slider on `sq` attacks in direction `d` given `occupied`:
/// its ray up to and including the first occupied square.
const fn ray_attacks(d: usize, sq: Square, occupied: Bitboard) -> Bitboard {
    let ray = RAYS[d][sq as usize];
    let blockers = ray & occupied;
    if blockers == 0 {
        return ray;
    }
    let first = if ascending(d) {
        blockers.trailing_zeros()
    } else {
        63 - blockers.leading_zeros()
    };
    ray ^ RAYS[d][first as usize]
}

/// The squares a slider with the four directions from `dirs` attacks from
/// `sq` given `occupied` (computed from rays, for building the tables).
const fn slide(sq: Square, occupied: Bitboard, dirs: usize) -> Bitboard {
    ray_attacks(dirs, sq, occupied)
        | ray_attacks(dirs + 1, sq, occupied)
        | ray_attacks(dirs + 2, sq, occupied)
        | ray_attacks(dirs + 3, sq, occupied)
}

/// The occupancy bits that matter for a slider on `sq`: its rays without
/// the square at each far end.
const fn relevant_mask(sq: Square, dirs: usize) -> Bitboard {
    let mut mask = 0;
    let mut d = dirs;
    while d < dirs + 4 {
        let ray = RAYS[d][sq as usize];
        if ray != 0 {
            let far = if ascending(d) {
                63 - ray.leading_zeros()
            } else {
                ray.trailing_zeros()
            };
            mask |= ray & !bb(far as Square);
        }
        d += 1;
    }
    mask
}

/// Rook magic numbers, one per square. They were found once by a search
/// over sparse pseudo-random numbers; [`SLIDERS`] is built from them at
/// compile time and the build fails if one maps two occupancies with
/// different attacks to the same entry.
#[rustfmt::skip]
const ROOK_MAGICS: [u64; 64] = [
    0x2080_0020_8040_0010,
    0x00c0_0020_0140_1000,
    0x2100_1100_0840_2002,
    0x0880_0800_8104_1000,
    0x0200_0200_2004_1008,
    0x2300_0400_0801_0012,
    0x0c00_2830_0400_8201,
    0x0180_0100_0040_7a80,
    0x0168_8000_8040_0020,
    0x0010_4000_4020_1000,
    0x1001_0020_0100_1048,
    0x1001_0024_0810_0100,
    0x0801_0004_0801_0012,
    0x4001_0002_0900_0400,
    0x08a2_0004_c802_0001,
    0x2002_8011_4500_2280,
    0x0080_8600_2100_4200,
    0x0010_00c0_0940_2002,
    0x00b0_0020_0400_2800,
    0x100a_8080_1002_0800,
    0x8101_0100_0800_0410,
    0x0244_0080_0200_0480,
    0x0000_0400_1081_0208,
    0x2000_0200_0044_8534,
    0x4104_4004_8000_8033,
    0x0000_8101_0020_4000,
    0x0440_4309_0020_0010,
    0x4600_2409_0010_0100,
    0x0060_0800_8004_0080,
    0x0001_0003_0008_0400,
    0x0004_0844_0001_1002,
    0x0023_0402_0000_8041,
    0x0580_0500_4300_2080,
    0x0400_8040_0280_2008,
    0x0001_0020_0100_4010,
    0x1000_2009_0100_1000,
    0x4410_8008_0180_0c00,
    0xa012_0038_0600_1004,
    0x0020_1001_0400_8802,
    0x0004_8084_0200_0041,
    0x0010_4001_7089_8000,
    0x0080_5000_2000_4004,
    0x1040_4080_1202_0020,
    0x8010_0400_0800_4040,
    0x2001_0801_0011_0004,
    0x0000_0200_0400_8080,
    0x0021_0108_1004_0002,
    0x0800_008c_4302_0024,
    0x0000_8000_2100_5100,
    0x0070_2010_4000_8080,
    0x0000_d042_8200_6a00,
    0x0010_0144_0008_0240,
    0x0001_0801_1005_0100,
    0x0012_0008_1024_0600,
    0x0402_0008_0104_0200,
    0x0281_0010_8a00_4100,
    0x0050_8003_0010_2045,
    0x8208_2100_4012_0882,
    0x8010_6001_0118_3441,
    0x020b_0009_1000_6045,
    0x0241_0010_0248_0005,
    0x0081_0004_0088_0241,
    0x0000_0090_0802_4124,
    0x0048_1229_8041_0402,
];

/// Bishop magic numbers, found and checked like [`ROOK_MAGICS`].
#[rustfmt::skip]
const BISHOP_MAGICS: [u64; 64] = [
    0x0848_0208_2204_0013,
    0x8010_a400_8582_1200,
    0x0008_0084_3084_0822,
    0x0808_0481_0804_0000,
    0x1304_0421_0000_8104,
    0x5001_0120_1020_4023,
    0x8104_8801_b820_0420,
    0x200a_0080_8401_2000,
    0x0040_1020_0104_2084,
    0x840a_5050_4242_8020,
    0x0000_7001_0220_2920,
    0x4410_1c0c_1080_0002,
    0x0040_0404_2200_0000,
    0x0180_0208_0209_0202,
    0x4020_0208_1104_1202,
    0x0001_0430_8c04_2000,
    0x4140_6610_0242_4400,
    0x0028_0120_0801_0460,
    0x0188_0621_0200_2a00,
    0x0014_0048_4010_2008,
    0x0105_0002_9040_0002,
    0x8001_0222_0041_0400,
    0x104a_0419_1801_3446,
    0x008a_0000_8200_8238,
    0x04a0_0600_0810_0430,
    0x0008_2200_0882_0801,
    0x2508_0412_0800_5010,
    0x4008_0802_0020_2020,
    0x2441_0010_1300_4000,
    0x0030_0080_6040_7000,
    0x4008_1080_0042_0800,
    0x0012_0210_5029_0100,
    0x0210_0804_8220_0500,
    0xcc01_1120_4810_0480,
    0x0020_4028_0650_0440,
    0x0004_8e00_8058_0080,
    0x0040_1020_2002_0080,
    0x0028_0104_4008_0807,
    0x4601_0411_0800_8800,
    0x8040_810e_0410_4200,
    0x9012_1011_0400_088a,
    0xa003_0802_1208_1050,
    0x00c1_0040_4840_1004,
    0x9000_00a0_1440_0800,
    0x0008_0210_4040_5401,
    0x4020_0082_0600_2090,
    0x0004_1904_2403_0100,
    0x0424_008a_0202_6250,
    0x8004_0882_5090_0040,
    0x1c00_4300_88a0_4200,
    0x0001_0200_9404_0001,
    0x8040_2100_2088_0061,
    0x2010_0404_5044_2032,
    0x0800_8408_5004_4001,
    0x0004_0408_0214_0004,
    0x0004_080a_0422_2020,
    0x8088_8021_1002_2000,
    0x1081_a104_1611_4400,
    0x0205_010a_2406_0820,
    0x0000_0007_2041_1080,
    0x1008_0002_0843_0400,
    0x580c_0260_2881_0840,
    0x8020_2044_1020_a110,
    0x12c0_0224_0102_0018,
];

/// Where the attack sets of one slider on one square live in [`SLIDERS`].
#[derive(Clone, Copy)]
struct Magic {
    mask: Bitboard,
    magic: u64,
    shift: u32,
    offset: u32,
}

impl Magic {
    #[inline(always)]
    const fn index(&self, occupied: Bitboard) -> usize {
        self.offset as usize
            + ((occupied & self.mask).wrapping_mul(self.magic) >> self.shift) as usize
    }
}

/// The magic entries of one slider type, their slices of [`SLIDERS`]
/// starting at `start` one after another.
const fn magics(dirs: usize, numbers: &[u64; 64], start: u32) -> [Magic; 64] {
    let mut magics = [Magic {
        mask: 0,
        magic: 0,
        shift: 0,
        offset: 0,
    }; 64];
    let mut offset = start;
    let mut sq = 0;
    while sq < 64 {
        let mask = relevant_mask(sq as Square, dirs);
        let bits = mask.count_ones();
        magics[sq] = Magic {
            mask,
            magic: numbers[sq],
            shift: 64 - bits,
            offset,
        };
        offset += 1 << bits;
        sq += 1;
    }
    magics
}

/// The end of a magic set's slice of [`SLIDERS`].
const fn end(magics: &[Magic; 64]) -> u32 {
    magics[63].offset + (1 << (64 - magics[63].shift))
}

static ROOK: [Magic; 64] = magics(STRAIGHT, &ROOK_MAGICS, 0);
static BISHOP: [Magic; 64] = magics(DIAGONAL, &BISHOP_MAGICS, end(&ROOK));

/// The number of entries of [`SLIDERS`] (107,648).
const SLIDER_ENTRIES: usize = end(&BISHOP) as usize;

/// Writes every attack set of one slider type at its magic index (a
/// compile-time error on a destructive collision: attack sets are never
/// empty, so an entry already holding another set is one).
const fn fill(table: &mut [Bitboard; SLIDER_ENTRIES], magics: &[Magic; 64], dirs: usize) {
    let mut sq = 0;
    while sq < 64 {
        let magic = magics[sq];
        let mut subset: Bitboard = 0;
        loop {
            let attacks = slide(sq as Square, subset, dirs);
            let index = magic.index(subset);
            assert!(
                table[index] == 0 || table[index] == attacks,
                "a magic number maps different attacks to one entry"
            );
            table[index] = attacks;
            subset = subset.wrapping_sub(magic.mask) & magic.mask;
            if subset == 0 {
                break;
            }
        }
        sq += 1;
    }
}

/// Rook then bishop attack sets, indexed through [`ROOK`] and [`BISHOP`];
/// built by the compiler, so looking one up costs no start-up and no
/// initialisation check.
static SLIDERS: [Bitboard; SLIDER_ENTRIES] = {
    let mut table = [0; SLIDER_ENTRIES];
    fill(&mut table, &ROOK, STRAIGHT);
    fill(&mut table, &BISHOP, DIAGONAL);
    table
};

/// For each square pair, the squares strictly between them (`between`) or
/// the whole line through them (`line`), empty when they share no line.
const fn square_pairs(line: bool) -> [[Bitboard; 64]; 64] {
    let mut table = [[0; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut d = 0;
        while d < 2 {
            let dirs = if d == 0 { STRAIGHT } else { DIAGONAL };
            let from_a = slide(a as Square, 0, dirs);
            let mut b = 0;
            while b < 64 {
                if from_a & bb(b as Square) != 0 {
                    table[a][b] = if line {
                        (from_a & slide(b as Square, 0, dirs)) | bb(a as Square) | bb(b as Square)
                    } else {
                        slide(a as Square, bb(b as Square), dirs)
                            & slide(b as Square, bb(a as Square), dirs)
                    };
                }
                b += 1;
            }
            d += 1;
        }
        a += 1;
    }
    table
}

static BETWEEN: [[Bitboard; 64]; 64] = square_pairs(false);
static LINE: [[Bitboard; 64]; 64] = square_pairs(true);

/// Squares a rook on `sq` attacks given the occupied squares.
#[inline(always)]
#[must_use]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    SLIDERS[ROOK[sq as usize].index(occupied)]
}

/// Squares a bishop on `sq` attacks given the occupied squares.
#[inline(always)]
#[must_use]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    SLIDERS[BISHOP[sq as usize].index(occupied)]
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
    BETWEEN[a as usize][b as usize]
}

/// The whole line through `a` and `b` (both included) if they share one, else empty.
#[inline(always)]
#[must_use]
pub fn line(a: Square, b: Square) -> Bitboard {
    LINE[a as usize][b as usize]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::splitmix::splitmix64;

    /// The attacks found by stepping square by square from `sq`.
    fn walk(sq: Square, occupied: Bitboard, dirs: usize) -> Bitboard {
        let mut attacks = 0;
        for &(df, dr) in &DIRECTIONS[dirs..dirs + 4] {
            let (mut f, mut r) = (file_of(sq) as i8 + df, rank_of(sq) as i8 + dr);
            while (0..8).contains(&f) && (0..8).contains(&r) {
                let target = bb((r * 8 + f) as Square);
                attacks |= target;
                if occupied & target != 0 {
                    break;
                }
                f += df;
                r += dr;
            }
        }
        attacks
    }

    /// Every occupancy of every slider's relevant squares, with random
    /// pieces elsewhere (which must not matter), looks up the step walk.
    #[test]
    fn magic_lookups_equal_ray_walks() {
        let mut state = 12345;
        for sq in 0..64u8 {
            for (dirs, lookup) in [
                (STRAIGHT, rook_attacks as fn(Square, Bitboard) -> Bitboard),
                (DIAGONAL, bishop_attacks),
            ] {
                let mask = relevant_mask(sq, dirs);
                let mut subset: Bitboard = 0;
                loop {
                    let (next, noise) = splitmix64(state);
                    state = next;
                    let occ = subset | (noise & !mask);
                    assert_eq!(lookup(sq, occ), walk(sq, occ, dirs));
                    subset = subset.wrapping_sub(mask) & mask;
                    if subset == 0 {
                        break;
                    }
                }
            }
        }
    }

    #[test]
    fn table_sizes() {
        assert_eq!(relevant_mask(0, STRAIGHT).count_ones(), 12);
        assert_eq!(relevant_mask(27, STRAIGHT).count_ones(), 10);
        assert_eq!(relevant_mask(27, DIAGONAL).count_ones(), 9);
        assert_eq!(SLIDER_ENTRIES, 102_400 + 5_248);
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
