//! The Camelot board: 160 squares of a 12×16 grid, the two castles, the
//! pieces, and the precomputed step and leap tables that move generation
//! reads instead of doing coordinate arithmetic.
//!
//! A square is the index `rank * 12 + file` (file 0..12 for A..L, rank 0..16
//! for ranks 1..16); indices of the 32 missing corner squares are never
//! produced by the tables.

/// Files on the board (A..L).
pub const FILES: usize = 12;
/// Ranks on the board (1..16).
pub const RANKS: usize = 16;
/// Size of the square index space (including the missing corners).
pub const GRID: usize = FILES * RANKS;

/// A square index, `rank * 12 + file`.
pub type Square = u8;

/// The eight king-move directions as (file, rank) offsets.
const DIRECTIONS: [(i32, i32); 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
];

/// First and last existing file (0-based, inclusive) of each rank.
const RANK_SPAN: [(usize, usize); RANKS] = [
    (5, 6),
    (2, 9),
    (1, 10),
    (0, 11),
    (0, 11),
    (0, 11),
    (0, 11),
    (0, 11),
    (0, 11),
    (0, 11),
    (0, 11),
    (0, 11),
    (0, 11),
    (1, 10),
    (2, 9),
    (5, 6),
];

/// The square at a file and rank (both 0-based), if it exists.
#[must_use]
pub const fn square_at(file: i32, rank: i32) -> Option<Square> {
    if file < 0 || rank < 0 || file >= FILES as i32 || rank >= RANKS as i32 {
        return None;
    }
    let (low, high) = RANK_SPAN[rank as usize];
    if (file as usize) < low || (file as usize) > high {
        return None;
    }
    Some((rank as usize * FILES + file as usize) as Square)
}

/// The file (0..12) of a square.
#[must_use]
pub const fn file_of(square: Square) -> usize {
    square as usize % FILES
}

/// The rank (0..16) of a square.
#[must_use]
pub const fn rank_of(square: Square) -> usize {
    square as usize / FILES
}

/// The existing squares of each rank, left to right, as (rank, first file,
/// last file) spans: the order of the position string.
#[must_use]
pub const fn rank_span(rank: usize) -> (usize, usize) {
    RANK_SPAN[rank]
}

/// The square's name, e.g. `F7` or `C11`.
#[must_use]
pub fn square_name(square: Square) -> String {
    let file = (b'A' + file_of(square) as u8) as char;
    format!("{file}{}", rank_of(square) + 1)
}

/// Reads a square name (`F7`, `c11`), `None` if it is not one of the 160.
#[must_use]
pub fn parse_square(text: &str) -> Option<Square> {
    let mut chars = text.chars();
    let letter = chars.next()?.to_ascii_uppercase();
    if !('A'..='L').contains(&letter) {
        return None;
    }
    let digits = chars.as_str();
    if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let rank: i32 = digits.parse().ok()?;
    square_at(letter as i32 - 'A' as i32, rank - 1)
}

/// A side: White (seat 0, moves first) or Black (seat 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    /// Starts on ranks 6–7, castle F1/G1.
    White = 0,
    /// Starts on ranks 10–11, castle F16/G16.
    Black = 1,
}

impl Color {
    /// The other side.
    #[must_use]
    pub const fn opponent(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// 0 for White, 1 for Black.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The two squares of this side's own castle.
    #[must_use]
    pub const fn castle(self) -> [Square; 2] {
        match self {
            Color::White => [5, 6],
            Color::Black => [15 * 12 + 5, 15 * 12 + 6],
        }
    }
}

/// A piece kind. Knights and Men move alike except for the Knight's Charge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// A Man.
    Man = 0,
    /// A Knight.
    Knight = 1,
}

/// The content of a square: empty, or a piece of a colour and kind, packed
/// as `1 + 2 * color + kind` so that move generation tests it with one load.
pub type Cell = u8;

/// An empty square.
pub const EMPTY: Cell = 0;

/// The cell value of a piece.
#[must_use]
pub const fn cell(color: Color, kind: Kind) -> Cell {
    1 + 2 * color as u8 + kind as u8
}

/// The colour of a non-empty cell.
#[must_use]
pub const fn cell_color(cell: Cell) -> Color {
    if cell <= 2 {
        Color::White
    } else {
        Color::Black
    }
}

/// The kind of a non-empty cell.
#[must_use]
pub const fn cell_kind(cell: Cell) -> Kind {
    if (cell - 1) % 2 == 1 {
        Kind::Knight
    } else {
        Kind::Man
    }
}

/// A set of squares (192 bits, of which 160 can be set).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Squares([u64; 3]);

impl Squares {
    /// The empty set.
    pub const EMPTY: Squares = Squares([0; 3]);

    /// Whether `square` is in the set.
    #[must_use]
    pub const fn contains(self, square: Square) -> bool {
        self.0[square as usize >> 6] >> (square & 63) & 1 != 0
    }

    /// Adds `square`.
    pub fn insert(&mut self, square: Square) {
        self.0[square as usize >> 6] |= 1 << (square & 63);
    }

    /// Removes `square`.
    pub fn remove(&mut self, square: Square) {
        self.0[square as usize >> 6] &= !(1 << (square & 63));
    }

    /// Whether the set is empty.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0[0] | self.0[1] | self.0[2] == 0
    }

    /// The number of squares in the set.
    #[must_use]
    pub const fn len(self) -> usize {
        (self.0[0].count_ones() + self.0[1].count_ones() + self.0[2].count_ones()) as usize
    }

    /// The squares in increasing index order.
    #[must_use]
    pub const fn iter(self) -> SquareIter {
        SquareIter {
            words: self.0,
            word: 0,
        }
    }
}

/// The squares of a [`Squares`], in increasing index order.
#[derive(Clone, Debug)]
pub struct SquareIter {
    words: [u64; 3],
    word: usize,
}

impl Iterator for SquareIter {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        while self.word < 3 {
            let bits = self.words[self.word];
            if bits != 0 {
                self.words[self.word] = bits & (bits - 1);
                return Some((self.word as u32 * 64 + bits.trailing_zeros()) as Square);
            }
            self.word += 1;
        }
        None
    }
}

/// The neighbours of every square and the leaps (over, landing) from it,
/// each list padded with [`NONE`] after its `len` entries.
pub struct Tables {
    /// Adjacent squares.
    pub steps: [[Square; 8]; GRID],
    /// How many adjacent squares.
    pub step_count: [u8; GRID],
    /// Leaps as (square leapt over, landing square), both existing.
    pub leaps: [[(Square, Square); 8]; GRID],
    /// How many leaps.
    pub leap_count: [u8; GRID],
    /// The colour whose castle this square belongs to: 0 none, 1 White, 2 Black.
    pub castle_of: [u8; GRID],
}

/// Padding in the tables.
pub const NONE: Square = u8::MAX;

const fn build_tables() -> Tables {
    let mut tables = Tables {
        steps: [[NONE; 8]; GRID],
        step_count: [0; GRID],
        leaps: [[(NONE, NONE); 8]; GRID],
        leap_count: [0; GRID],
        castle_of: [0; GRID],
    };
    let mut index = 0;
    while index < GRID {
        let file = (index % FILES) as i32;
        let rank = (index / FILES) as i32;
        if square_at(file, rank).is_some() {
            let mut d = 0;
            while d < 8 {
                let (df, dr) = DIRECTIONS[d];
                if let Some(step) = square_at(file + df, rank + dr) {
                    let n = tables.step_count[index] as usize;
                    tables.steps[index][n] = step;
                    tables.step_count[index] += 1;
                    if let Some(land) = square_at(file + 2 * df, rank + 2 * dr) {
                        let n = tables.leap_count[index] as usize;
                        tables.leaps[index][n] = (step, land);
                        tables.leap_count[index] += 1;
                    }
                }
                d += 1;
            }
        }
        index += 1;
    }
    let white = Color::White.castle();
    let black = Color::Black.castle();
    tables.castle_of[white[0] as usize] = 1;
    tables.castle_of[white[1] as usize] = 1;
    tables.castle_of[black[0] as usize] = 2;
    tables.castle_of[black[1] as usize] = 2;
    tables
}

/// The board geometry, computed at compile time.
pub static TABLES: Tables = build_tables();

/// The adjacent squares of `square`.
#[inline]
#[must_use]
pub fn steps(square: Square) -> &'static [Square] {
    let s = square as usize;
    &TABLES.steps[s][..TABLES.step_count[s] as usize]
}

/// The leaps (over, landing) from `square`.
#[inline]
#[must_use]
pub fn leaps(square: Square) -> &'static [(Square, Square)] {
    let s = square as usize;
    &TABLES.leaps[s][..TABLES.leap_count[s] as usize]
}

/// Whether `square` belongs to `color`'s castle.
#[inline]
#[must_use]
pub fn in_castle(square: Square, color: Color) -> bool {
    TABLES.castle_of[square as usize] == 1 + color as u8
}

/// Every existing square, in index order.
pub fn all_squares() -> impl Iterator<Item = Square> {
    (0..GRID as u8).filter(|&s| square_at(file_of(s) as i32, rank_of(s) as i32).is_some())
}

/// The pieces on the board: one cell per square plus each side's occupied
/// set, kept in step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// The content of each square.
    pub cells: [Cell; GRID],
    /// Occupied squares per colour.
    pub occupied: [Squares; 2],
}

impl Board {
    /// A board with no pieces.
    #[must_use]
    pub const fn empty() -> Board {
        Board {
            cells: [EMPTY; GRID],
            occupied: [Squares::EMPTY; 2],
        }
    }

    /// The standard starting position.
    #[must_use]
    pub fn initial() -> Board {
        let mut board = Board::empty();
        let setup: [(Color, Kind, &[&str]); 4] = [
            (Color::White, Kind::Knight, &["C6", "D7", "I7", "J6"]),
            (
                Color::White,
                Kind::Man,
                &["D6", "E6", "E7", "F6", "F7", "G6", "G7", "H6", "H7", "I6"],
            ),
            (Color::Black, Kind::Knight, &["C11", "D10", "I10", "J11"]),
            (
                Color::Black,
                Kind::Man,
                &[
                    "D11", "E10", "E11", "F10", "F11", "G10", "G11", "H10", "H11", "I11",
                ],
            ),
        ];
        for (color, kind, names) in setup {
            for name in names {
                if let Some(square) = parse_square(name) {
                    board.put(square, cell(color, kind));
                }
            }
        }
        board
    }

    /// Places a piece on an empty square.
    pub fn put(&mut self, square: Square, piece: Cell) {
        self.cells[square as usize] = piece;
        self.occupied[cell_color(piece).index()].insert(square);
    }

    /// Empties an occupied square, returning what stood there.
    pub fn take(&mut self, square: Square) -> Cell {
        let piece = self.cells[square as usize];
        self.cells[square as usize] = EMPTY;
        self.occupied[cell_color(piece).index()].remove(square);
        piece
    }

    /// The number of pieces of a colour.
    #[must_use]
    pub fn count(&self, color: Color) -> usize {
        self.occupied[color.index()].len()
    }
}
