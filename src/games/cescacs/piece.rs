//! Sides and men, and the one-byte cell encoding the board stores.

/// A side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    /// Moves first, starts on the low cross-lines.
    White = 0,
    /// Starts on the high cross-lines.
    Black = 1,
}

impl Color {
    /// The other side.
    #[inline]
    #[must_use]
    pub fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// 0 for White, 1 for Black.
    #[inline]
    #[must_use]
    pub fn index(self) -> usize {
        self as usize
    }
}

/// A kind of man. The discriminants are the cell codes' low bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// K, royal.
    King = 1,
    /// D (Dama): Rook + Bishop.
    Queen = 2,
    /// V: Rook + knight jump.
    Wyvern = 3,
    /// R: orthogonal slider.
    Rook = 4,
    /// G: Bishop + knight jump.
    Pegasus = 5,
    /// N: knight jumps and non-capturing rides.
    Knight = 6,
    /// J: diagonal slider, colour-bound.
    Bishop = 7,
    /// E: forward one or two, four diagonal steps.
    Elephant = 8,
    /// P.
    Pawn = 9,
}

impl Kind {
    /// Every kind, by cell code.
    pub const ALL: [Kind; 9] = [
        Kind::King,
        Kind::Queen,
        Kind::Wyvern,
        Kind::Rook,
        Kind::Pegasus,
        Kind::Knight,
        Kind::Bishop,
        Kind::Elephant,
        Kind::Pawn,
    ];

    /// The kinds a pawn may promote to.
    pub const REGAINABLE: [Kind; 6] = [
        Kind::Queen,
        Kind::Wyvern,
        Kind::Rook,
        Kind::Pegasus,
        Kind::Knight,
        Kind::Bishop,
    ];

    /// The notation letter (upper case).
    #[must_use]
    pub fn letter(self) -> char {
        b" KDVRGNJEP"[self as usize] as char
    }

    /// Reads a standard notation letter (upper case), as move text uses.
    #[must_use]
    pub fn from_letter(letter: char) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.letter() == letter)
    }

    /// Reads a position-string letter of either case, including the CTL-PGN
    /// alternatives (Q W T C S A B F L H) that the author's parser accepts.
    #[must_use]
    pub fn from_position_letter(letter: char) -> Option<Kind> {
        Kind::from_letter(letter.to_ascii_uppercase()).or(match letter.to_ascii_uppercase() {
            'Q' => Some(Kind::Queen),
            'W' => Some(Kind::Wyvern),
            'T' => Some(Kind::Rook),
            'C' | 'S' => Some(Kind::Knight),
            'A' | 'B' | 'F' | 'L' => Some(Kind::Bishop),
            'H' => Some(Kind::Elephant),
            _ => None,
        })
    }

    fn from_code(code: u8) -> Kind {
        Kind::ALL[(code - 1) as usize]
    }
}

/// A board cell: 0 when empty, else `kind | colour << 4`.
pub type Cell = u8;

/// The empty cell.
pub const EMPTY: Cell = 0;

/// The cell holding `kind` of `color`.
#[inline]
#[must_use]
pub fn cell(color: Color, kind: Kind) -> Cell {
    kind as u8 | (color as u8) << 4
}

/// The kind in a non-empty cell.
#[inline]
#[must_use]
pub fn kind_of(cell: Cell) -> Kind {
    Kind::from_code(cell & 15)
}

/// The colour of a non-empty cell.
#[inline]
#[must_use]
pub fn color_of(cell: Cell) -> Color {
    if cell & 16 == 0 {
        Color::White
    } else {
        Color::Black
    }
}

/// Kind bit masks, for testing a cell's kind against a set.
pub const fn kinds(list: &[Kind]) -> u16 {
    let mut mask = 0;
    let mut i = 0;
    while i < list.len() {
        mask |= 1 << list[i] as u16;
        i += 1;
    }
    mask
}

/// Kinds that slide orthogonally.
pub const ORTHO_SLIDERS: u16 = kinds(&[Kind::Queen, Kind::Wyvern, Kind::Rook]);
/// Kinds that slide diagonally.
pub const DIAG_SLIDERS: u16 = kinds(&[Kind::Queen, Kind::Pegasus, Kind::Bishop]);
/// Kinds that make knight jumps (the King only by its leap).
pub const JUMPERS: u16 = kinds(&[Kind::Knight, Kind::Wyvern, Kind::Pegasus]);

/// Whether a non-empty cell's kind is in `mask`.
#[inline]
#[must_use]
pub fn is_in(cell: Cell, mask: u16) -> bool {
    mask & (1 << (cell & 15)) != 0
}
