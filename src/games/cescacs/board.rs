//! The position on the board: men, side to move, castling rights, the pending
//! special pawn capture, and its Zobrist hash; and how a move changes it.
//!
//! Clocks and history live one level up, in the game state.

use super::geometry::{step, Hex, HEXES, NONE};
use super::moves::{king_home, king_rook_home, queen_rook_home, Move, MoveKind, CASTLINGS};
use super::piece::{cell, color_of, kind_of, Cell, Color, Kind, EMPTY};
use super::zobrist::KEYS;

/// A set of hexes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Hexes([u64; 3]);

impl Hexes {
    /// Adds `h` to the set.
    #[inline]
    pub fn insert(&mut self, h: Hex) {
        self.0[h as usize >> 6] |= 1 << (h & 63);
    }

    #[inline]
    fn remove(&mut self, h: Hex) {
        self.0[h as usize >> 6] &= !(1 << (h & 63));
    }

    /// Whether `h` is in the set.
    #[inline]
    #[must_use]
    pub fn contains(self, h: Hex) -> bool {
        self.0[h as usize >> 6] & (1 << (h & 63)) != 0
    }

    /// The number of hexes in the set.
    #[must_use]
    pub fn len(self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Whether the set is empty.
    #[must_use]
    pub fn is_empty(self) -> bool {
        self.0 == [0; 3]
    }

    /// The hexes in increasing order.
    pub fn iter(self) -> impl Iterator<Item = Hex> {
        (0..3).flat_map(move |i| {
            let mut word = self.0[i];
            std::iter::from_fn(move || {
                (word != 0).then(|| {
                    let bit = word.trailing_zeros();
                    word &= word - 1;
                    (i as u32 * 64 + bit) as Hex
                })
            })
        })
    }
}

/// Castling-rights bits: per side, King unmoved, Queen's rook unmoved, King's
/// rook unmoved (White in bits 0..3, Black in 3..6).
pub mod rights {
    /// The King has not moved.
    pub const KING: u8 = 1;
    /// The Queen's rook (C3/C25) has not moved.
    pub const QUEEN_ROOK: u8 = 2;
    /// The King's rook (I3/I25) has not moved.
    pub const KING_ROOK: u8 = 4;
}

/// The special pawn capture the side to move may make this turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Special {
    /// None pending.
    None,
    /// The enemy pawn on `pawn` just stepped over `passed[..count]` (in the
    /// order passed).
    EnPassant {
        /// Where the stepped pawn (or its promoted piece) stands.
        pawn: Hex,
        /// The passed hexes.
        passed: [Hex; 2],
        /// 1 after a double step, 2 after a triple step.
        count: u8,
    },
    /// The enemy pawn on `scornful` just stepped obliquely away from our pawn
    /// on `scorned`, which may capture it.
    Scornful {
        /// Our pawn, which may capture.
        scorned: Hex,
        /// The enemy man that may be captured.
        scornful: Hex,
    },
}

/// Men, side to move, rights, the pending special capture and the hash.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    cells: [Cell; HEXES],
    occupied: [Hexes; 2],
    kings: [Hex; 2],
    side: Color,
    rights: u8,
    special: Special,
    hash: u64,
    /// Whether an unmoved King's leap may capture (off with `castling=off`):
    /// only then does it attack its leap hexes. Fixed for a whole game.
    leap_captures: bool,
}

/// Forward direction index for each colour (White +r, Black −r).
#[inline]
#[must_use]
pub fn forward(color: Color) -> usize {
    color.index()
}

impl Board {
    /// An empty board with White to move and no rights.
    #[must_use]
    pub fn empty() -> Board {
        Board {
            cells: [EMPTY; HEXES],
            occupied: [Hexes::default(); 2],
            kings: [NONE; 2],
            side: Color::White,
            rights: 0,
            special: Special::None,
            hash: 0,
            leap_captures: true,
        }
    }

    /// The cell at `h`.
    #[inline]
    #[must_use]
    pub fn at(&self, h: Hex) -> Cell {
        self.cells[h as usize]
    }

    /// Every cell, by hex.
    #[inline]
    #[must_use]
    pub fn cells(&self) -> &[Cell; HEXES] {
        &self.cells
    }

    /// The man on `h`, if any: its side and kind.
    #[must_use]
    pub fn man(&self, h: Hex) -> Option<(Color, Kind)> {
        let c = self.at(h);
        (c != EMPTY).then(|| (color_of(c), kind_of(c)))
    }

    /// The hexes holding `color`'s men.
    #[inline]
    #[must_use]
    pub fn men(&self, color: Color) -> Hexes {
        self.occupied[color.index()]
    }

    /// `color`'s King hex, or [`NONE`] if it has none.
    #[inline]
    #[must_use]
    pub fn king(&self, color: Color) -> Hex {
        self.kings[color.index()]
    }

    /// The side to move.
    #[inline]
    #[must_use]
    pub fn side(&self) -> Color {
        self.side
    }

    /// `color`'s castling-rights bits ([`rights`]).
    #[inline]
    #[must_use]
    pub fn rights(&self, color: Color) -> u8 {
        (self.rights >> (3 * color.index())) & 7
    }

    /// The pending special pawn capture.
    #[inline]
    #[must_use]
    pub fn special(&self) -> Special {
        self.special
    }

    /// The Zobrist hash.
    #[inline]
    #[must_use]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Puts a man on an empty hex.
    pub fn put(&mut self, h: Hex, c: Cell) {
        debug_assert_eq!(self.cells[h as usize], EMPTY);
        let color = color_of(c);
        self.cells[h as usize] = c;
        self.occupied[color.index()].insert(h);
        if kind_of(c) == Kind::King {
            self.kings[color.index()] = h;
        }
        self.hash ^= KEYS.piece[c as usize][h as usize];
    }

    /// Lifts the man on `h` (which must not be empty) and returns it.
    pub fn take(&mut self, h: Hex) -> Cell {
        let c = self.cells[h as usize];
        debug_assert_ne!(c, EMPTY);
        self.cells[h as usize] = EMPTY;
        self.occupied[color_of(c).index()].remove(h);
        if kind_of(c) == Kind::King && self.kings[color_of(c).index()] == h {
            self.kings[color_of(c).index()] = NONE;
        }
        self.hash ^= KEYS.piece[c as usize][h as usize];
        c
    }

    /// Sets the position-level fields (used by the position parser), then
    /// recomputes the hash.
    pub fn set_state(&mut self, side: Color, rights: u8, special: Special) {
        self.side = side;
        self.rights = rights;
        self.special = special;
        self.hash = self.hash_from_scratch();
    }

    /// Sets whether an unmoved King's leap may capture (the rules option
    /// `castling`), which decides whether the leap attacks.
    pub fn set_leap_captures(&mut self, on: bool) {
        self.leap_captures = on;
    }

    /// Whether an unmoved King's leap may capture, and so attacks.
    #[must_use]
    pub fn leap_captures(&self) -> bool {
        self.leap_captures
    }

    /// The hash computed from scratch.
    #[must_use]
    pub fn hash_from_scratch(&self) -> u64 {
        let mut hash = 0;
        for (h, &c) in self.cells.iter().enumerate() {
            if c != EMPTY {
                hash ^= KEYS.piece[c as usize][h];
            }
        }
        hash ^ self.state_key()
    }

    /// The hash of side to move, rights and the special capture.
    fn state_key(&self) -> u64 {
        let mut key = if self.side == Color::Black {
            KEYS.black_to_move
        } else {
            0
        };
        for bit in 0..6 {
            if self.rights & (1 << bit) != 0 {
                key ^= KEYS.rights[bit];
            }
        }
        key ^ self.special_key()
    }

    /// The special capture counts for the hash (and for repetition) only
    /// when a pawn of the side to move could actually make it.
    fn special_key(&self) -> u64 {
        match self.special {
            Special::None => 0,
            Special::EnPassant {
                pawn,
                passed,
                count,
            } => {
                let any = passed[..count as usize]
                    .iter()
                    .any(|&x| !self.en_passant_capturers(x).is_empty());
                if any {
                    KEYS.en_passant[pawn as usize]
                } else {
                    0
                }
            }
            Special::Scornful { scornful, .. } => KEYS.scornful[scornful as usize],
        }
    }

    /// Hexes of the side to move's pawns that capture onto `target`.
    pub fn en_passant_capturers(&self, target: Hex) -> arrayvec::ArrayVec<Hex, 2> {
        let us = self.side;
        let pawn = cell(us, Kind::Pawn);
        capture_dirs(us)
            .iter()
            .map(|&d| step(super::geometry::opposite(d), target))
            .filter(|&from| from != NONE && self.cells[from as usize] == pawn)
            .collect()
    }

    /// Plays a move. The move must be legal here (or at least pseudo-legal:
    /// legality is tested by playing it on a copy).
    pub fn make(&mut self, mv: Move) {
        let us = self.side;
        self.hash ^= self.state_key();
        let from = mv.from();
        let to = mv.to();
        let mut special = Special::None;
        let mut touched = [from, to, NONE, NONE];
        match mv.kind() {
            MoveKind::Castle => {
                let king = self.take(from);
                self.put(to, king);
                let castling = &CASTLINGS[us.index()][mv.castle_index()];
                for (i, &(rook_from, rook_to)) in
                    castling.rooks[..castling.count].iter().enumerate()
                {
                    let rook = self.take(rook_from);
                    self.put(rook_to, rook);
                    touched[2 + i] = rook_from;
                }
            }
            MoveKind::PromoteInPlace => {
                self.take(from);
                self.put(from, cell(us, mv.promotion().expect("a promotion")));
            }
            kind => {
                let mut man = self.take(from);
                if self.cells[to as usize] != EMPTY {
                    self.take(to);
                }
                if kind == MoveKind::EnPassant {
                    if let Special::EnPassant { pawn, .. } = self.special {
                        self.take(pawn);
                        touched[2] = pawn;
                    }
                }
                if let Some(p) = mv.promotion() {
                    man = cell(us, p);
                }
                self.put(to, man);
                special = self.special_after(mv, from, to);
            }
        }
        for h in touched {
            if h != NONE {
                self.rights &= !RIGHTS_LOST[h as usize];
            }
        }
        self.special = special;
        self.side = us.other();
        self.hash ^= self.state_key();
    }

    /// The special capture a pawn move opens for the opponent.
    fn special_after(&self, mv: Move, from: Hex, to: Hex) -> Special {
        let us = self.side;
        let fwd = forward(us);
        match mv.kind() {
            MoveKind::DoubleStep => {
                let first = step(fwd, from);
                Special::EnPassant {
                    pawn: to,
                    passed: [first, NONE],
                    count: 1,
                }
            }
            MoveKind::TripleStep => {
                let first = step(fwd, from);
                Special::EnPassant {
                    pawn: to,
                    passed: [first, step(fwd, first)],
                    count: 2,
                }
            }
            _ => {
                let moved_pawn =
                    mv.promotion().is_some() || kind_of(self.cells[to as usize]) == Kind::Pawn;
                let oblique = oblique_dirs(us).iter().any(|&d| step(d, from) == to);
                let facing = step(fwd, from);
                if moved_pawn
                    && oblique
                    && facing != NONE
                    && self.cells[facing as usize] == cell(us.other(), Kind::Pawn)
                {
                    Special::Scornful {
                        scorned: facing,
                        scornful: to,
                    }
                } else {
                    Special::None
                }
            }
        }
    }
}

/// The rights bits lost when a move starts or ends on a hex.
static RIGHTS_LOST: [u8; HEXES] = {
    let mut lost = [0; HEXES];
    let mut color = 0;
    while color < 2 {
        let side = if color == 0 {
            Color::White
        } else {
            Color::Black
        };
        let shift = 3 * color;
        lost[king_home(side) as usize] |= 7 << shift;
        lost[queen_rook_home(side) as usize] |= rights::QUEEN_ROOK << shift;
        lost[king_rook_home(side) as usize] |= rights::KING_ROOK << shift;
        color += 1;
    }
    lost
};

/// A pawn's two capture directions (diagonally forward).
#[inline]
#[must_use]
pub fn capture_dirs(color: Color) -> &'static [usize; 2] {
    match color {
        Color::White => &[8, 11],
        Color::Black => &[9, 10],
    }
}

/// A pawn's two oblique (60°) forward steps.
#[inline]
#[must_use]
pub fn oblique_dirs(color: Color) -> &'static [usize; 2] {
    match color {
        Color::White => &[2, 5],
        Color::Black => &[3, 4],
    }
}
