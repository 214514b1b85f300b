//! The board: piece bitboards, a square-indexed mailbox, side to move,
//! castling and en-passant rights, move counters and an incremental Zobrist
//! hash. Moves are applied by copy-make ([`Position::play`] on a copy).
//!
//! Besides chess moves, the position offers the edits the luck cards need
//! (putting, taking and relocating pieces, handing the move over), each
//! keeping the hash and the castling rights consistent.
//!
//! Castling follows the Chess960 rule, of which standard chess is one
//! case: each right names its rook's square, and the king and rook end on
//! g and f (king side) or c and d (queen side). A Chess960 position writes
//! a castling move as the king taking its own rook (`e1h1`, as UCI's
//! `UCI_Chess960` does); a standard one as the king's two-square step.

use super::attacks::{bishop_attacks, king_attacks, knight_attacks, pawn_attacks, rook_attacks};
use super::bitboard::{bb, lsb, Bitboard, Color, Piece, Square, Squares};
use super::moves::{Move, MoveKind};
use crate::splitmix::splitmix64;

/// Castling right bits: White king side, White queen side, Black king side,
/// Black queen side.
pub const WHITE_OO: u8 = 1;
/// White may castle queen side.
pub const WHITE_OOO: u8 = 2;
/// Black may castle king side.
pub const BLACK_OO: u8 = 4;
/// Black may castle queen side.
pub const BLACK_OOO: u8 = 8;

/// Zobrist keys: 768 piece-square keys, then side, 16 castling and 8
/// en-passant file keys, all from a fixed seed at compile time.
const KEYS: [u64; 768 + 1 + 16 + 8] = {
    let mut keys = [0; 768 + 1 + 16 + 8];
    let mut state = 0x7461_756c_6572_2121;
    let mut i = 0;
    while i < keys.len() {
        let (next, key) = splitmix64(state);
        state = next;
        keys[i] = key;
        i += 1;
    }
    keys
};

#[inline(always)]
fn piece_key(color: Color, piece: Piece, sq: Square) -> u64 {
    KEYS[(color.index() * 6 + piece.index()) * 64 + sq as usize]
}

const SIDE_KEY: u64 = KEYS[768];

#[inline(always)]
fn castling_key(rights: u8) -> u64 {
    KEYS[769 + rights as usize]
}

#[inline(always)]
fn ep_key(sq: Square) -> u64 {
    KEYS[785 + (sq & 7) as usize]
}

/// The standard rook squares of the rights, in [`RIGHTS`] order.
const DEFAULT_ROOKS: [Square; 4] = [7, 0, 63, 56];

/// The standard king squares, White's then Black's.
const DEFAULT_KINGS: [Square; 2] = [4, 60];

/// Each colour's two rights.
const RIGHTS_OF: [u8; 2] = [WHITE_OO | WHITE_OOO, BLACK_OO | BLACK_OOO];

/// The castling rights in bit order, each with its colour and side
/// (`true`: king side).
const RIGHTS: [(u8, Color, bool); 4] = [
    (WHITE_OO, Color::White, true),
    (WHITE_OOO, Color::White, false),
    (BLACK_OO, Color::Black, true),
    (BLACK_OOO, Color::Black, false),
];

/// A chess position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    pieces: [Bitboard; 6],
    colors: [Bitboard; 2],
    board: [Option<Piece>; 64],
    side: Color,
    castling: u8,
    /// The rook square of each castling right (in [`RIGHTS`] order).
    castle_rooks: [Square; 4],
    /// The king square of each colour's castling rights.
    castle_kings: [Square; 2],
    /// Whether castling moves are written as the king taking its rook.
    chess960: bool,
    ep: Option<Square>,
    halfmove: u16,
    fullmove: u16,
    hash: u64,
    /// Per colour, the piece types that also move and attack as a knight
    /// (a card's super pieces; [`Piece::bit`] per type). Part of the rules
    /// in force rather than of the placement, so not hashed: the card
    /// layer's state hash carries the effect.
    leapers: [u8; 2],
}

impl Default for Position {
    fn default() -> Self {
        Position::startpos()
    }
}

impl Position {
    /// A board with no pieces, White to move, no rights.
    #[must_use]
    pub fn empty() -> Position {
        Position {
            pieces: [0; 6],
            colors: [0; 2],
            board: [None; 64],
            side: Color::White,
            castling: 0,
            castle_rooks: DEFAULT_ROOKS,
            castle_kings: DEFAULT_KINGS,
            chess960: false,
            ep: None,
            halfmove: 0,
            fullmove: 1,
            hash: castling_key(0),
            leapers: [0; 2],
        }
    }

    /// The standard initial position.
    #[must_use]
    pub fn startpos() -> Position {
        let mut pos = Position::empty();
        let back = [
            Piece::Rook,
            Piece::Knight,
            Piece::Bishop,
            Piece::Queen,
            Piece::King,
            Piece::Bishop,
            Piece::Knight,
            Piece::Rook,
        ];
        for (file, &piece) in back.iter().enumerate() {
            let file = file as Square;
            pos.add(Color::White, piece, file);
            pos.add(Color::White, Piece::Pawn, 8 + file);
            pos.add(Color::Black, Piece::Pawn, 48 + file);
            pos.add(Color::Black, piece, 56 + file);
        }
        pos.set_castling(15);
        pos
    }

    /// The squares holding `piece`s of either colour.
    #[inline(always)]
    #[must_use]
    pub fn pieces(&self, piece: Piece) -> Bitboard {
        self.pieces[piece.index()]
    }

    /// The squares holding `color`'s pieces.
    #[inline(always)]
    #[must_use]
    pub fn color(&self, color: Color) -> Bitboard {
        self.colors[color.index()]
    }

    /// The squares holding `color`'s `piece`s.
    #[inline(always)]
    #[must_use]
    pub fn pieces_of(&self, color: Color, piece: Piece) -> Bitboard {
        self.pieces[piece.index()] & self.colors[color.index()]
    }

    /// Every occupied square.
    #[inline(always)]
    #[must_use]
    pub fn occupied(&self) -> Bitboard {
        self.colors[0] | self.colors[1]
    }

    /// The piece type on a square.
    #[inline(always)]
    #[must_use]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq as usize]
    }

    /// The colour of the piece on a square.
    #[inline(always)]
    #[must_use]
    pub fn color_at(&self, sq: Square) -> Option<Color> {
        if self.colors[0] & bb(sq) != 0 {
            Some(Color::White)
        } else if self.colors[1] & bb(sq) != 0 {
            Some(Color::Black)
        } else {
            None
        }
    }

    /// The side to move.
    #[inline(always)]
    #[must_use]
    pub fn side(&self) -> Color {
        self.side
    }

    /// The castling rights (bits [`WHITE_OO`] … [`BLACK_OOO`]).
    #[inline(always)]
    #[must_use]
    pub fn castling(&self) -> u8 {
        self.castling
    }

    /// The en-passant square, set only when a pawn could capture there.
    #[inline(always)]
    #[must_use]
    pub fn ep(&self) -> Option<Square> {
        self.ep
    }

    /// Plies since the last capture or pawn move.
    #[must_use]
    pub fn halfmove(&self) -> u16 {
        self.halfmove
    }

    /// The move number, starting at 1 and incremented after Black moves.
    #[must_use]
    pub fn fullmove(&self) -> u16 {
        self.fullmove
    }

    /// The incremental Zobrist hash.
    #[inline(always)]
    #[must_use]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The Zobrist hash computed from scratch.
    #[must_use]
    pub fn hash_from_scratch(&self) -> u64 {
        let mut hash = castling_key(self.castling);
        for sq in Squares(self.occupied()) {
            if let (Some(color), Some(piece)) = (self.color_at(sq), self.piece_at(sq)) {
                hash ^= piece_key(color, piece, sq);
            }
        }
        if self.side == Color::Black {
            hash ^= SIDE_KEY;
        }
        if let Some(ep) = self.ep {
            hash ^= ep_key(ep);
        }
        hash
    }

    /// The square of `color`'s king, if it has one.
    #[inline(always)]
    #[must_use]
    pub fn king(&self, color: Color) -> Option<Square> {
        let king = self.pieces_of(color, Piece::King);
        (king != 0).then(|| lsb(king))
    }

    /// The piece types of `color` that also move and attack as a knight.
    #[inline(always)]
    #[must_use]
    pub fn leapers(&self, color: Color) -> u8 {
        self.leapers[color.index()]
    }

    /// Sets, per colour, the piece types that also move and attack as a
    /// knight (the card effect in force).
    pub fn set_leapers(&mut self, leapers: [u8; 2]) {
        self.leapers = leapers;
    }

    /// The pieces of `color` that attack as a knight: its knights and its
    /// super pieces.
    #[inline(always)]
    fn knight_attackers(&self, color: Color) -> Bitboard {
        let mut set = self.pieces(Piece::Knight);
        let leapers = self.leapers[color.index()];
        if leapers != 0 {
            for piece in [Piece::Bishop, Piece::Rook, Piece::Queen] {
                if leapers & piece.bit() != 0 {
                    set |= self.pieces(piece);
                }
            }
        }
        set & self.colors[color.index()]
    }

    /// Pieces of either colour attacking `sq`, given the occupied squares;
    /// super pieces attack as knights too. Every attack test of the game
    /// (check, mate, king safety, castling) comes down to this or
    /// [`Self::attacked_by`].
    #[inline(always)]
    #[must_use]
    pub fn attackers_to(&self, sq: Square, occupied: Bitboard) -> Bitboard {
        let diagonal = self.pieces(Piece::Bishop) | self.pieces(Piece::Queen);
        let straight = self.pieces(Piece::Rook) | self.pieces(Piece::Queen);
        let knights = if self.leapers == [0; 2] {
            self.pieces(Piece::Knight)
        } else {
            self.knight_attackers(Color::White) | self.knight_attackers(Color::Black)
        };
        (pawn_attacks(Color::White, sq) & self.pieces_of(Color::Black, Piece::Pawn))
            | (pawn_attacks(Color::Black, sq) & self.pieces_of(Color::White, Piece::Pawn))
            | (knight_attacks(sq) & knights)
            | (king_attacks(sq) & self.pieces(Piece::King))
            | (bishop_attacks(sq, occupied) & diagonal)
            | (rook_attacks(sq, occupied) & straight)
    }

    /// Whether `by` attacks `sq`, given the occupied squares; super pieces
    /// attack as knights too.
    #[inline(always)]
    #[must_use]
    pub fn attacked_by(&self, sq: Square, by: Color, occupied: Bitboard) -> bool {
        let theirs = self.colors[by.index()];
        (knight_attacks(sq) & self.knight_attackers(by)) != 0
            || (pawn_attacks(by.flip(), sq) & self.pieces(Piece::Pawn) & theirs) != 0
            || (king_attacks(sq) & self.pieces(Piece::King) & theirs) != 0
            || (bishop_attacks(sq, occupied)
                & (self.pieces(Piece::Bishop) | self.pieces(Piece::Queen))
                & theirs)
                != 0
            || (rook_attacks(sq, occupied)
                & (self.pieces(Piece::Rook) | self.pieces(Piece::Queen))
                & theirs)
                != 0
    }

    /// The rival pieces giving check to the side to move.
    #[inline(always)]
    #[must_use]
    pub fn checkers(&self) -> Bitboard {
        match self.king(self.side) {
            Some(king) => self.attackers_to(king, self.occupied()) & self.color(self.side.flip()),
            None => 0,
        }
    }

    /// Whether `color`'s king is attacked.
    #[must_use]
    pub fn king_attacked(&self, color: Color) -> bool {
        self.king(color)
            .is_some_and(|king| self.attacked_by(king, color.flip(), self.occupied()))
    }

    /// Whether the side to move is in check.
    #[must_use]
    pub fn in_check(&self) -> bool {
        self.king_attacked(self.side)
    }

    #[inline(always)]
    fn add(&mut self, color: Color, piece: Piece, sq: Square) {
        self.pieces[piece.index()] |= bb(sq);
        self.colors[color.index()] |= bb(sq);
        self.board[sq as usize] = Some(piece);
        self.hash ^= piece_key(color, piece, sq);
    }

    #[inline(always)]
    fn remove(&mut self, color: Color, piece: Piece, sq: Square) {
        self.pieces[piece.index()] ^= bb(sq);
        self.colors[color.index()] ^= bb(sq);
        self.board[sq as usize] = None;
        self.hash ^= piece_key(color, piece, sq);
    }

    #[inline(always)]
    fn shift(&mut self, color: Color, piece: Piece, from: Square, to: Square) {
        let both = bb(from) | bb(to);
        self.pieces[piece.index()] ^= both;
        self.colors[color.index()] ^= both;
        self.board[from as usize] = None;
        self.board[to as usize] = Some(piece);
        self.hash ^= piece_key(color, piece, from) ^ piece_key(color, piece, to);
    }

    /// Whether castling moves are written as the king taking its rook
    /// (Chess960).
    #[must_use]
    pub fn is_chess960(&self) -> bool {
        self.chess960
    }

    /// Writes castling moves as the king taking its rook (`true`,
    /// Chess960) or as the king's two-square step; the rights stay.
    pub fn set_chess960(&mut self, chess960: bool) {
        self.chess960 = chess960;
    }

    /// The rook square of the castling right `bit` ([`WHITE_OO`] …).
    #[must_use]
    pub fn castle_rook(&self, bit: u8) -> Square {
        self.castle_rooks[bit.trailing_zeros() as usize & 3]
    }

    /// The king's and rook's squares after castling with the king on
    /// `king` and the rook on `rook`: g and f, or c and d, of their rank.
    #[inline(always)]
    #[must_use]
    pub fn castled_squares(king: Square, rook: Square) -> (Square, Square) {
        let back = king & 56;
        if rook > king {
            (back + 6, back + 5)
        } else {
            (back + 2, back + 3)
        }
    }

    /// The rook square of a castling move `mv` by the side to move.
    #[inline(always)]
    fn castling_rook_of(&self, mv: Move) -> Square {
        if self.chess960 {
            return mv.to();
        }
        let (short, long) = match self.side {
            Color::White => (WHITE_OO, WHITE_OOO),
            Color::Black => (BLACK_OO, BLACK_OOO),
        };
        self.castle_rook(if mv.to() > mv.from() { short } else { long })
    }

    /// The castling rights lost when `sq`'s piece moves or is taken: the
    /// rights of a king on its castling square or of a rook on its own.
    #[inline(always)]
    fn rights_at(&self, sq: Square) -> u8 {
        let mut lost = 0;
        for (i, &(bit, color, _)) in RIGHTS.iter().enumerate() {
            if self.castling & bit != 0
                && (self.castle_rooks[i] == sq || self.castle_kings[color.index()] == sq)
            {
                lost |= bit;
            }
        }
        lost
    }

    /// Sets the rights; a right lost forgets its squares, so that equal
    /// boards with equal rights are equal positions.
    #[inline(always)]
    fn set_castling(&mut self, rights: u8) {
        self.hash ^= castling_key(self.castling) ^ castling_key(rights);
        self.castling = rights;
        for (i, &(bit, color, _)) in RIGHTS.iter().enumerate() {
            if rights & bit == 0 {
                self.castle_rooks[i] = DEFAULT_ROOKS[i];
                if rights & RIGHTS_OF[color.index()] == 0 {
                    self.castle_kings[color.index()] = DEFAULT_KINGS[color.index()];
                }
            }
        }
    }

    #[inline(always)]
    fn set_ep(&mut self, ep: Option<Square>) {
        if let Some(old) = self.ep {
            self.hash ^= ep_key(old);
        }
        if let Some(new) = ep {
            self.hash ^= ep_key(new);
        }
        self.ep = ep;
    }

    /// Plays a move generated for this position (no legality check), then
    /// hands the move to the other side.
    #[inline]
    pub fn play(&mut self, mv: Move) {
        let us = self.side;
        let them = us.flip();
        let (from, to) = (mv.from(), mv.to());
        let Some(piece) = self.board[from as usize] else {
            return;
        };
        self.set_ep(None);
        self.halfmove += 1;
        let lost = if self.castling == 0 {
            0
        } else {
            self.rights_at(from) | self.rights_at(to)
        };
        if mv.kind() != MoveKind::Castle {
            if let Some(captured) = self.board[to as usize] {
                self.remove(them, captured, to);
                self.halfmove = 0;
            }
        }
        match mv.kind() {
            MoveKind::Normal => {
                self.shift(us, piece, from, to);
                if piece == Piece::Pawn {
                    self.halfmove = 0;
                    if from.abs_diff(to) == 16 {
                        let ep = (from + to) / 2;
                        if pawn_attacks(us, ep) & self.pieces_of(them, Piece::Pawn) != 0 {
                            self.set_ep(Some(ep));
                        }
                    }
                }
            }
            MoveKind::Castle => {
                let rook_from = self.castling_rook_of(mv);
                let (king_to, rook_to) = Position::castled_squares(from, rook_from);
                self.remove(us, Piece::King, from);
                self.remove(us, Piece::Rook, rook_from);
                self.add(us, Piece::King, king_to);
                self.add(us, Piece::Rook, rook_to);
            }
            MoveKind::EnPassant => {
                self.shift(us, Piece::Pawn, from, to);
                let captured = if us == Color::White { to - 8 } else { to + 8 };
                self.remove(them, Piece::Pawn, captured);
                self.halfmove = 0;
            }
            MoveKind::Promotion(promoted) => {
                self.remove(us, Piece::Pawn, from);
                self.add(us, promoted, to);
                self.halfmove = 0;
            }
        }
        if lost != 0 {
            self.set_castling(self.castling & !lost);
        }
        if us == Color::Black {
            self.fullmove += 1;
        }
        self.side = them;
        self.hash ^= SIDE_KEY;
    }

    /// Puts a piece on an empty square (a card placement). Returns `false`
    /// and changes nothing if the square is occupied.
    pub fn put(&mut self, sq: Square, color: Color, piece: Piece) -> bool {
        if self.board[sq as usize].is_some() {
            return false;
        }
        self.add(color, piece, sq);
        self.drop_rights_at(sq);
        self.block_ep(sq);
        true
    }

    /// Takes the piece off a square (a card removal), returning it.
    pub fn take(&mut self, sq: Square) -> Option<(Color, Piece)> {
        let piece = self.board[sq as usize]?;
        let color = self.color_at(sq)?;
        self.remove(color, piece, sq);
        self.drop_rights_at(sq);
        if self.ep.is_some() {
            self.refresh_ep();
        }
        Some((color, piece))
    }

    /// Moves a piece to an empty square ignoring movement rules (the swap
    /// card). Returns `false` and changes nothing if `from` is empty or `to`
    /// occupied.
    pub fn relocate(&mut self, from: Square, to: Square) -> bool {
        if self.board[to as usize].is_some() {
            return false;
        }
        let Some((color, piece)) = self.take(from) else {
            return false;
        };
        self.add(color, piece, to);
        self.drop_rights_at(to);
        self.block_ep(to);
        true
    }

    /// Gives the move to `side` (cards can make one colour move twice). If
    /// the side changes, the en-passant right lapses: it only ever answers
    /// the immediately preceding move.
    pub fn set_side(&mut self, side: Color) {
        if side != self.side {
            self.side = side;
            self.hash ^= SIDE_KEY;
            self.set_ep(None);
        }
    }

    /// Sets the move counters (FEN fields five and six).
    pub fn set_counters(&mut self, halfmove: u16, fullmove: u16) {
        self.halfmove = halfmove;
        self.fullmove = fullmove;
    }

    /// Resets the 50-move counter (a card changed the material).
    pub fn reset_halfmove(&mut self) {
        self.halfmove = 0;
    }

    /// Sets castling rights, keeping only those whose king and rook stand on
    /// their initial squares.
    pub fn set_castling_rights(&mut self, rights: u8) {
        self.set_castling(0);
        for (bit, color, _) in RIGHTS {
            if rights & bit != 0 {
                let back = if color == Color::White { 0 } else { 56 };
                let rook = if bit & (WHITE_OO | BLACK_OO) != 0 {
                    7
                } else {
                    0
                };
                self.add_castling_right(bit, back + 4, back + rook);
            }
        }
    }

    /// Adds the castling right `bit` with the king on `king` and its rook
    /// on `rook` (Chess960: any squares of the back rank, the rook on the
    /// right's side of the king); returns `false` and changes nothing
    /// unless that king and rook stand there, the king on the same square
    /// as for the colour's other right.
    pub fn add_castling_right(&mut self, bit: u8, king: Square, rook: Square) -> bool {
        let Some(&(_, color, short)) = RIGHTS.iter().find(|r| r.0 == bit) else {
            return false;
        };
        let back = if color == Color::White { 0 } else { 56 };
        let other = if short { bit << 1 } else { bit >> 1 };
        let valid = king & 56 == back
            && rook & 56 == back
            && (rook > king) == short
            && self.pieces_of(color, Piece::King) & bb(king) != 0
            && self.pieces_of(color, Piece::Rook) & bb(rook) != 0
            && (self.castling & other == 0 || self.castle_kings[color.index()] == king);
        if valid {
            self.castle_rooks[bit.trailing_zeros() as usize] = rook;
            self.castle_kings[color.index()] = king;
            self.set_castling(self.castling | bit);
        }
        valid
    }

    /// Sets the en-passant square if a pawn of the side to move could use
    /// it (a double step must have just passed it), else clears it.
    pub fn set_ep_square(&mut self, ep: Option<Square>) {
        self.set_ep(ep);
        self.refresh_ep();
    }

    /// Clears the en-passant square unless a capture there is possible.
    fn refresh_ep(&mut self) {
        if let Some(ep) = self.ep {
            let them = self.side.flip();
            let (pawn_sq, rank_ok) = match self.side {
                Color::White => (ep.wrapping_sub(8), ep >> 3 == 5),
                Color::Black => (ep + 8, ep >> 3 == 2),
            };
            let keep = rank_ok
                && self.board[ep as usize].is_none()
                && self.pieces_of(them, Piece::Pawn) & bb(pawn_sq) != 0
                && pawn_attacks(them, ep) & self.pieces_of(self.side, Piece::Pawn) != 0;
            if !keep {
                self.set_ep(None);
            }
        }
    }

    /// A piece put on the en-passant square ends the right.
    fn block_ep(&mut self, sq: Square) {
        if self.ep == Some(sq) {
            self.set_ep(None);
        }
    }

    fn drop_rights_at(&mut self, sq: Square) {
        let lost = self.rights_at(sq);
        if lost != 0 {
            self.set_castling(self.castling & !lost);
        }
    }

    /// The number of pieces of each colour and type, for material checks.
    #[must_use]
    pub fn count(&self, color: Color, piece: Piece) -> u32 {
        self.pieces_of(color, piece).count_ones()
    }
}
