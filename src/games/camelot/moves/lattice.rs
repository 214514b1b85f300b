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

pub use crate::games::camelot::board::class_of;
use crate::games::camelot::board::{
    class_bit as bit_of, file_of, rank_of, square_at, Board, Color, Square, Squares, FILES, GRID,
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

/// The square of bit `index` in class `class`.
#[inline]
#[must_use]
pub const fn square_of(class: usize, index: u32) -> Square {
    let file = 2 * (index as usize % 8) + (class & 1);
    let rank = 2 * (index as usize / 8) + (class >> 1);
    (rank * FILES + file) as Square
}

/// A shift of a lattice by a signed number of bits (a column plus eight
/// times a row), stored as a left then a right shift so that applying it
/// does not branch.
#[derive(Clone, Copy)]
struct Shift {
    left: u32,
    right: u32,
}

impl Shift {
    const fn by(amount: i32) -> Shift {
        if amount >= 0 {
            Shift {
                left: amount as u32,
                right: 0,
            }
        } else {
            Shift {
                left: 0,
                right: (-amount) as u32,
            }
        }
    }

    #[inline]
    const fn apply(self, set: Lattice) -> Lattice {
        (set << self.left) >> self.right
    }
}

/// The shift of a leap in each direction (one column and/or row), and of
/// the same leap backwards.
const LEAPS: [(Shift, Shift); 8] = {
    let mut leaps = [(Shift::by(0), Shift::by(0)); 8];
    let mut d = 0;
    while d < 8 {
        let amount = DIRECTIONS[d].0 + 8 * DIRECTIONS[d].1;
        leaps[d] = (Shift::by(amount), Shift::by(-amount));
        d += 1;
    }
    leaps
};

/// For each class and direction: the class of the square stepped over, and
/// the shift that brings that class's set onto this one (a "bridge").
const BRIDGES: [[(usize, Shift); 8]; 4] = {
    let mut bridges = [[(0, Shift::by(0)); 8]; 4];
    let mut class = 0;
    while class < 4 {
        let (a, b) = ((class & 1) as i32, (class >> 1) as i32);
        let mut d = 0;
        while d < 8 {
            let (f, r) = (a + DIRECTIONS[d].0, b + DIRECTIONS[d].1);
            let other = (f.rem_euclid(2) + 2 * r.rem_euclid(2)) as usize;
            let amount = -(f.div_euclid(2) + 8 * r.div_euclid(2));
            bridges[class][d] = (other, Shift::by(amount));
            d += 1;
        }
        class += 1;
    }
    bridges
};

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
    /// The mover's pieces per class.
    own: [Lattice; 4],
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
        let own = board.classes[us.index()];
        let enemy = board.classes[us.opponent().index()];
        let mut lattices = Lattices {
            own,
            empty: [0; 4],
            friend_bridges: [[0; 8]; 4],
            enemy_bridges: [[0; 8]; 4],
            own_castle: [0; 4],
            enemy_castle: [0; 4],
        };
        for class in 0..4 {
            lattices.empty[class] = VALID[class] & !own[class] & !enemy[class];
            for (d, &(other, shift)) in BRIDGES[class].iter().enumerate() {
                lattices.friend_bridges[class][d] = shift.apply(own[other]);
                lattices.enemy_bridges[class][d] = shift.apply(enemy[other]);
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
            for (&over, &(forward, _)) in bridges.iter().zip(&LEAPS) {
                next |= forward.apply(frontier & over);
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
        self.ready_given(class, self.empty[class] | bit_of(from))
    }

    /// The squares of `class` with an adjacent enemy and, beyond it, a
    /// square of `empty`.
    fn ready_given(&self, class: usize, empty: Lattice) -> Lattice {
        let mut ready = 0;
        for (&enemy, &(_, back)) in self.enemy_bridges[class].iter().zip(&LEAPS) {
            ready |= enemy & back.apply(empty);
        }
        ready & VALID[class]
    }

    /// Whether one of the mover's pieces outside the enemy castle has a
    /// direct jump, making capture compulsory (rules §3.5).
    #[must_use]
    pub fn capture_compulsory(&self) -> bool {
        (0..4).any(|class| {
            let pieces = self.own[class] & !self.enemy_castle[class];
            pieces != 0 && pieces & self.ready_given(class, self.empty[class]) != 0
        })
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
