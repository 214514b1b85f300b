//! Moves, packed into 32 bits, and the table of the 24 castlings.

use std::fmt;

use super::board::rights;
use super::geometry::{hex_index, hex_name, Hex};
use super::piece::{Color, Kind};

/// What a move does beyond lifting a man from one hex and setting it down on
/// another (capturing whatever stands there).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A move or capture with no side effect.
    Plain = 0,
    /// A pawn's double step (opens en passant on the passed hex).
    DoubleStep = 1,
    /// A pawn's triple step (opens en passant on both passed hexes).
    TripleStep = 2,
    /// An en-passant capture: lands on a passed hex, removes the stepped man.
    EnPassant = 3,
    /// A castling; `castle()` says which.
    Castle = 4,
    /// A forced promotion of an awaiting pawn where it stands.
    PromoteInPlace = 5,
}

/// A move of C'escacs.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move(u32);

impl Move {
    /// A move of the given kind from `from` to `to`, promoting to `promotion`.
    #[inline]
    #[must_use]
    pub fn new(from: Hex, to: Hex, kind: MoveKind, promotion: Option<Kind>) -> Move {
        let promo = promotion.map_or(0, |k| k as u32);
        Move(from as u32 | (to as u32) << 8 | (kind as u32) << 16 | promo << 20)
    }

    /// The castling number `index` (into [`CASTLINGS`]) of `color`.
    #[must_use]
    pub fn castle(color: Color, index: usize) -> Move {
        let c = &CASTLINGS[color.index()][index];
        Move::new(king_home(color), c.king_to, MoveKind::Castle, None).with_castle(index)
    }

    fn with_castle(self, index: usize) -> Move {
        Move(self.0 | (index as u32) << 24)
    }

    /// The hex the (first) moving man leaves.
    #[inline]
    #[must_use]
    pub fn from(self) -> Hex {
        self.0 as u8
    }

    /// The hex the (first) moving man reaches.
    #[inline]
    #[must_use]
    pub fn to(self) -> Hex {
        (self.0 >> 8) as u8
    }

    /// The move's kind.
    #[inline]
    #[must_use]
    pub fn kind(self) -> MoveKind {
        match (self.0 >> 16) & 15 {
            0 => MoveKind::Plain,
            1 => MoveKind::DoubleStep,
            2 => MoveKind::TripleStep,
            3 => MoveKind::EnPassant,
            4 => MoveKind::Castle,
            _ => MoveKind::PromoteInPlace,
        }
    }

    /// The promotion piece, if any.
    #[inline]
    #[must_use]
    pub fn promotion(self) -> Option<Kind> {
        match (self.0 >> 20) & 15 {
            0 => None,
            code => Some(Kind::ALL[code as usize - 1]),
        }
    }

    /// The castling's index into [`CASTLINGS`] (castling moves only).
    #[inline]
    #[must_use]
    pub fn castle_index(self) -> usize {
        (self.0 >> 24) as usize
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", hex_name(self.from()), hex_name(self.to()))?;
        match self.kind() {
            MoveKind::Castle => write!(f, " {}", CASTLINGS[0][self.castle_index()].name)?,
            MoveKind::Plain => {}
            kind => write!(f, " {kind:?}")?,
        }
        if let Some(p) = self.promotion() {
            write!(f, "={}", p.letter())?;
        }
        Ok(())
    }
}

/// One of the 24 castlings, resolved to hexes for one side.
#[derive(Clone, Copy, Debug)]
pub struct Castling {
    /// The author's name, e.g. `KRK-HIO`.
    pub name: &'static str,
    /// Where the King goes.
    pub king_to: Hex,
    /// The rook moves `(from, to)`, the King's rook first; `rooks[..count]`.
    pub rooks: [(Hex, Hex); 2],
    /// How many rooks move.
    pub count: usize,
    /// The rights bits ([`super::board::rights`]) the castling needs.
    pub needs: u8,
}

/// One castling as the rules list it, in White's `(column, line)`.
struct Spec {
    name: &'static str,
    king: (usize, usize),
    king_rook: Option<(usize, usize)>,
    queen_rook: Option<(usize, usize)>,
}

const fn spec(
    name: &'static str,
    king: (usize, usize),
    king_rook: Option<(usize, usize)>,
    queen_rook: Option<(usize, usize)>,
) -> Spec {
    Spec {
        name,
        king,
        king_rook,
        queen_rook,
    }
}

const fn on_side(color: usize, (c, l): (usize, usize)) -> Hex {
    hex_index(c, if color == 0 { l } else { 28 - l })
}

// Columns: P0 T1 A2 B3 C4 D5 E6 F7 G8 H9 I10 K11 L12 X13 Z14.
const C3: (usize, usize) = (4, 3);
const I3: (usize, usize) = (10, 3);
const G1: (usize, usize) = (8, 1);

/// The 24 castlings of §6 of the rules, in the author's order.
const SPECS: [Spec; 24] = [
    spec("KRK-II", (10, 5), Some((10, 7)), None),
    spec("KRK-IK", (10, 5), Some((11, 4)), None),
    spec("KRK-IH", (10, 5), Some((9, 4)), None),
    spec("KRK-HIO", (9, 6), Some((10, 5)), None),
    spec("KRK-HIOO", (9, 6), Some((10, 7)), None),
    spec("KRK-HH", (9, 6), Some((9, 4)), None),
    spec("KRK-HG", (9, 6), Some((8, 5)), None),
    spec("KRK-FG", (7, 6), Some((8, 5)), None),
    spec("KRK-FE", (7, 6), Some((6, 7)), None),
    spec("KRK-EF", (6, 5), Some((7, 6)), None),
    spec("KRK-EE", (6, 5), Some((6, 7)), None),
    spec("KRD-DD", (5, 2), None, Some((5, 4))),
    spec("KRD-DE", (5, 2), None, Some((6, 1))),
    spec("KRD-ED", (6, 5), None, Some((5, 4))),
    spec("KRD-EF", (6, 5), None, Some((7, 6))),
    spec("KRD-FE", (7, 6), None, Some((6, 5))),
    spec("KRD-FG", (7, 6), None, Some((8, 7))),
    spec("KRD-HG", (9, 6), None, Some((8, 7))),
    spec("KRD-HH", (9, 6), None, Some((9, 8))),
    spec("KRR-HIH", (9, 6), Some((10, 7)), Some((9, 8))),
    spec("KRR-HGG", (9, 6), Some((8, 5)), Some((8, 7))),
    spec("KRR-FGG", (7, 6), Some((8, 5)), Some((8, 7))),
    spec("KRR-FEE", (7, 6), Some((6, 7)), Some((6, 5))),
    spec("KRR-EEF", (6, 5), Some((6, 7)), Some((7, 6))),
];

const fn resolve(color: usize) -> [Castling; 24] {
    let mut out = [Castling {
        name: "",
        king_to: 0,
        rooks: [(0, 0); 2],
        count: 0,
        needs: rights::KING,
    }; 24];
    let mut i = 0;
    while i < 24 {
        let s = &SPECS[i];
        let c = &mut out[i];
        c.name = s.name;
        c.king_to = on_side(color, s.king);
        if let Some(to) = s.king_rook {
            c.rooks[c.count] = (on_side(color, I3), on_side(color, to));
            c.count += 1;
            c.needs |= rights::KING_ROOK;
        }
        if let Some(to) = s.queen_rook {
            c.rooks[c.count] = (on_side(color, C3), on_side(color, to));
            c.count += 1;
            c.needs |= rights::QUEEN_ROOK;
        }
        i += 1;
    }
    out
}

/// The castlings of each side (indexed by colour, then castling number).
pub static CASTLINGS: [[Castling; 24]; 2] = [resolve(0), resolve(1)];

/// The King's home hex (G1 / G27).
#[must_use]
pub const fn king_home(color: Color) -> Hex {
    on_side(color as usize, G1)
}

/// The King's rook home hex (I3 / I25).
#[must_use]
pub const fn king_rook_home(color: Color) -> Hex {
    on_side(color as usize, I3)
}

/// The Queen's rook home hex (C3 / C25).
#[must_use]
pub const fn queen_rook_home(color: Color) -> Hex {
    on_side(color as usize, C3)
}

/// The index of a castling by name.
#[must_use]
pub fn castling_by_name(name: &str) -> Option<usize> {
    SPECS.iter().position(|c| c.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::cescacs::geometry::parse_hex;

    #[test]
    fn moves_pack_and_unpack() {
        let m = Move::new(3, 168, MoveKind::EnPassant, Some(Kind::Bishop));
        assert_eq!(
            (m.from(), m.to(), m.kind(), m.promotion()),
            (3, 168, MoveKind::EnPassant, Some(Kind::Bishop))
        );
        let c = Move::castle(Color::Black, 23);
        assert_eq!(
            (c.kind(), c.castle_index(), c.from()),
            (MoveKind::Castle, 23, parse_hex("G27").unwrap())
        );
    }

    #[test]
    fn castling_table_matches_the_spec() {
        let white = &CASTLINGS[0];
        let count = |prefix: &str| white.iter().filter(|c| c.name.starts_with(prefix)).count();
        assert_eq!((count("KRK"), count("KRD"), count("KRR")), (11, 8, 5));
        let fe = &CASTLINGS[1][castling_by_name("KRK-FE").unwrap()];
        assert_eq!(hex_name(fe.king_to), "F22");
        assert_eq!(
            (hex_name(fe.rooks[0].0), hex_name(fe.rooks[0].1), fe.count),
            ("I25".into(), "E21".into(), 1)
        );
        let de = &white[castling_by_name("KRD-DE").unwrap()];
        assert_eq!(hex_name(de.rooks[0].1), "E1");
        assert_eq!(hex_name(king_home(Color::White)), "G1");
        assert_eq!(hex_name(queen_rook_home(Color::Black)), "C25");
    }
}
