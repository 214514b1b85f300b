//! Squares, colours, piece types and 64-bit square sets (bitboards).
//!
//! Square `0` is a1, `7` is h1, `63` is h8: bit `s` of a [`Bitboard`] is set
//! when square `s` belongs to the set.

/// A set of squares, one bit per square (a1 = bit 0).
pub type Bitboard = u64;

/// A square index, `0..64` (a1 = 0, b1 = 1, …, h8 = 63).
pub type Square = u8;

/// The a-file.
pub const FILE_A: Bitboard = 0x0101_0101_0101_0101;
/// The h-file.
pub const FILE_H: Bitboard = FILE_A << 7;
/// The first rank.
pub const RANK_1: Bitboard = 0xff;
/// The eighth rank.
pub const RANK_8: Bitboard = RANK_1 << 56;

/// A side: White moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// The side that starts.
    White = 0,
    /// The other side.
    Black = 1,
}

impl Color {
    /// Both colours, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// The other colour.
    #[inline(always)]
    #[must_use]
    pub fn flip(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// `0` for White, `1` for Black.
    #[inline(always)]
    #[must_use]
    pub fn index(self) -> usize {
        self as usize
    }

    /// A rank (`0..8`) seen from this colour's side (its first rank is 0).
    #[inline(always)]
    #[must_use]
    pub fn relative_rank(self, rank: u8) -> u8 {
        match self {
            Color::White => rank,
            Color::Black => 7 - rank,
        }
    }
}

/// A piece type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Piece {
    /// Pawn.
    Pawn = 0,
    /// Knight.
    Knight = 1,
    /// Bishop.
    Bishop = 2,
    /// Rook.
    Rook = 3,
    /// Queen.
    Queen = 4,
    /// King.
    King = 5,
}

impl Piece {
    /// Every piece type, pawn first.
    pub const ALL: [Piece; 6] = [
        Piece::Pawn,
        Piece::Knight,
        Piece::Bishop,
        Piece::Rook,
        Piece::Queen,
        Piece::King,
    ];

    /// `0..6`, pawn first.
    #[inline(always)]
    #[must_use]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The piece with index `i` (`0..6`).
    #[inline(always)]
    #[must_use]
    pub fn from_index(i: usize) -> Piece {
        Piece::ALL[i]
    }

    /// The upper-case letter of the piece (`P N B R Q K`).
    #[must_use]
    pub fn letter(self) -> char {
        ['P', 'N', 'B', 'R', 'Q', 'K'][self.index()]
    }

    /// The piece named by a letter, either case.
    #[must_use]
    pub fn from_letter(c: char) -> Option<Piece> {
        match c.to_ascii_uppercase() {
            'P' => Some(Piece::Pawn),
            'N' => Some(Piece::Knight),
            'B' => Some(Piece::Bishop),
            'R' => Some(Piece::Rook),
            'Q' => Some(Piece::Queen),
            'K' => Some(Piece::King),
            _ => None,
        }
    }

    /// A one-bit mask of this piece type, for sets of piece types.
    #[inline(always)]
    #[must_use]
    pub fn bit(self) -> u8 {
        1 << self as u8
    }
}

/// The set containing only `sq`.
#[inline(always)]
#[must_use]
pub const fn bb(sq: Square) -> Bitboard {
    1u64 << sq
}

/// The file (`0..8`, a = 0) of a square.
#[inline(always)]
#[must_use]
pub const fn file_of(sq: Square) -> u8 {
    sq & 7
}

/// The rank (`0..8`, rank 1 = 0) of a square.
#[inline(always)]
#[must_use]
pub const fn rank_of(sq: Square) -> u8 {
    sq >> 3
}

/// The square at `file` and `rank` (both `0..8`).
#[inline(always)]
#[must_use]
pub const fn square(file: u8, rank: u8) -> Square {
    rank * 8 + file
}

/// The lowest square of a non-empty set.
#[inline(always)]
#[must_use]
pub fn lsb(b: Bitboard) -> Square {
    b.trailing_zeros() as Square
}

/// Iterates over the squares of a set, lowest first.
#[derive(Clone, Copy, Debug)]
pub struct Squares(pub Bitboard);

impl Iterator for Squares {
    type Item = Square;

    #[inline(always)]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            let sq = lsb(self.0);
            self.0 &= self.0 - 1;
            Some(sq)
        }
    }
}

/// The name of a square (`e4`).
#[must_use]
pub fn square_name(sq: Square) -> String {
    let mut s = String::with_capacity(2);
    s.push((b'a' + file_of(sq)) as char);
    s.push((b'1' + rank_of(sq)) as char);
    s
}

/// The square named by two characters (`e4`), if valid.
#[must_use]
pub fn parse_square(text: &str) -> Option<Square> {
    let bytes = text.as_bytes();
    if bytes.len() != 2 {
        return None;
    }
    let file = bytes[0].wrapping_sub(b'a');
    let rank = bytes[1].wrapping_sub(b'1');
    (file < 8 && rank < 8).then(|| square(file, rank))
}

/// The set shifted one rank forward for `color` (towards the rival).
#[inline(always)]
#[must_use]
pub fn forward(b: Bitboard, color: Color) -> Bitboard {
    match color {
        Color::White => b << 8,
        Color::Black => b >> 8,
    }
}
