//! Canter searches on the four leap lattices.
//!
//! A leap moves two squares along each axis it uses, so a leaping piece
//! never leaves the class of squares sharing its file and rank parities.
//! Each class (40 squares) is packed as a 6×8 grid into one `u64` (8 bits a
//! row, the top two of each row unused), where a leap is a one-bit-column or
//! one-row shift and a flood fill over all eight directions costs a few
//! dozen word operations. The piece leapt over lies in another class; its
//! presence is read from that class's set shifted onto this one (a
//! "bridge").

use crate::games::camelot::board::{
    file_of, rank_of, square_at, Board, Color, Square, Squares, FILES, GRID,
};

/// A set of squares of one parity class: bit `8 * (rank / 2) + file / 2`.
pub type Lattice = u64;

/// The eight directions as (file, rank) steps, in the board's order.
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

/// The class of a square: file parity plus twice the rank parity.
#[inline]
#[must_use]
pub const fn class_of(square: Square) -> usize {
    (file_of(square) & 1) + 2 * (rank_of(square) & 1)
}

/// The bit of a square within its class.
#[inline]
#[must_use]
pub const fn bit_of(square: Square) -> Lattice {
    1 << (8 * (rank_of(square) / 2) + file_of(square) / 2)
}

/// The square of bit `index` in class `class`.
#[inline]
#[must_use]
pub const fn square_of(class: usize, index: u32) -> Square {
    let file = 2 * (index as usize % 8) + (class & 1);
    let rank = 2 * (index as usize / 8) + (class >> 1);
    (rank * FILES + file) as Square
}

/// Shifts a lattice by `amount` bits (a signed column plus eight times a row).
#[inline]
const fn shift(set: Lattice, amount: i32) -> Lattice {
    if amount >= 0 {
        set << amount
    } else {
        set >> -amount
    }
}

/// The bit shift of a leap in direction `d` (one column and/or row).
const fn leap_shift(d: usize) -> i32 {
    DIRECTIONS[d].0 + 8 * DIRECTIONS[d].1
}

/// For class `class` and direction `d`: the class of the square stepped
/// over, and the shift that brings that class's set onto this one.
const fn bridge(class: usize, d: usize) -> (usize, i32) {
    let (a, b) = ((class & 1) as i32, (class >> 1) as i32);
    let (df, dr) = DIRECTIONS[d];
    let (f, r) = (a + df, b + dr);
    let other = (f.rem_euclid(2) + 2 * r.rem_euclid(2)) as usize;
    let (di, dj) = (f.div_euclid(2), r.div_euclid(2));
    (other, -(di + 8 * dj))
}

const fn valid_sets() -> [Lattice; 4] {
    let mut sets = [0; 4];
    let mut square = 0;
    while square < GRID {
        let s = square as Square;
        if square_at(file_of(s) as i32, rank_of(s) as i32).is_some() {
            sets[class_of(s)] |= bit_of(s);
        }
        square += 1;
    }
    sets
}

/// The existing squares of each class.
const VALID: [Lattice; 4] = valid_sets();

/// A side's pieces, the opponent's and the empty squares per class, and the
/// bridges over each.
pub struct Lattices {
    /// Empty existing squares per class.
    empty: [Lattice; 4],
    /// Per class and direction: squares whose neighbour that way holds one
    /// of the mover's pieces.
    friend_bridges: [[Lattice; 8]; 4],
    /// The same for the opponent's pieces.
    enemy_bridges: [[Lattice; 8]; 4],
    /// Squares a canter may not land on (the mover's castle) per class.
    own_castle: [Lattice; 4],
    /// Squares a canter stops on (the opponent's castle) per class.
    enemy_castle: [Lattice; 4],
}

impl Lattices {
    /// The lattices of `board` for `us` to move.
    #[must_use]
    pub fn new(board: &Board, us: Color) -> Self {
        let mut own = [0; 4];
        let mut enemy = [0; 4];
        for (color, sets) in [(us, &mut own), (us.opponent(), &mut enemy)] {
            for square in board.occupied[color.index()].iter() {
                sets[class_of(square)] |= bit_of(square);
            }
        }
        let mut lattices = Lattices {
            empty: [0; 4],
            friend_bridges: [[0; 8]; 4],
            enemy_bridges: [[0; 8]; 4],
            own_castle: [0; 4],
            enemy_castle: [0; 4],
        };
        for class in 0..4 {
            lattices.empty[class] = VALID[class] & !own[class] & !enemy[class];
            for d in 0..8 {
                let (other, amount) = bridge(class, d);
                lattices.friend_bridges[class][d] = shift(own[other], amount);
                lattices.enemy_bridges[class][d] = shift(enemy[other], amount);
            }
        }
        for square in us.castle() {
            lattices.own_castle[class_of(square)] |= bit_of(square);
        }
        for square in us.opponent().castle() {
            lattices.enemy_castle[class_of(square)] |= bit_of(square);
        }
        lattices
    }

    /// The squares a canter chain from `from` (whose piece is lifted) can
    /// end on: never the own castle, never a square of `avoid`, stopping in
    /// the enemy castle.
    #[must_use]
    pub fn canter_reach(&self, from: Square, avoid: Lattice) -> Lattice {
        let class = class_of(from);
        let land = self.empty[class] & !self.own_castle[class] & !avoid;
        let bridges = &self.friend_bridges[class];
        let mut seen = bit_of(from);
        let mut frontier = seen;
        loop {
            let mut next = 0;
            for (d, &over) in bridges.iter().enumerate() {
                next |= shift(frontier & over, leap_shift(d));
            }
            next &= land & !seen;
            if next == 0 {
                return seen & !bit_of(from);
            }
            seen |= next;
            frontier = next & !self.enemy_castle[class];
        }
    }

    /// The squares of `from`'s class from which a jump is possible once the
    /// piece on `from` has left: an adjacent enemy with an empty square
    /// beyond.
    #[must_use]
    pub fn ready(&self, from: Square) -> Lattice {
        let class = class_of(from);
        let empty = self.empty[class] | bit_of(from);
        let mut ready = 0;
        for (d, &enemy) in self.enemy_bridges[class].iter().enumerate() {
            ready |= enemy & shift(empty, -leap_shift(d));
        }
        ready & VALID[class]
    }
}

/// The squares of a class's lattice set.
#[must_use]
pub fn squares(class: usize, mut set: Lattice) -> Squares {
    let mut squares = Squares::EMPTY;
    while set != 0 {
        squares.insert(square_of(class, set.trailing_zeros()));
        set &= set - 1;
    }
    squares
}
