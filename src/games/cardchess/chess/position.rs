//! The board: piece bitboards, a square-indexed mailbox, side to move,
//! castling and en-passant rights, move counters and an incremental Zobrist
//! hash. Moves are applied by copy-make ([`Position::play`] on a copy).
//!
//! Besides chess moves, the position offers the edits the luck cards need
//! (putting, taking and relocating pieces, handing the move over), each
//! keeping the hash and the castling rights consistent.

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

/// For each square, the castling rights that survive a move from or to it.
const CASTLING_KEEP: [u8; 64] = {
    let mut keep = [15u8; 64];
    keep[0] = 15 & !WHITE_OOO;
    keep[4] = 15 & !(WHITE_OO | WHITE_OOO);
    keep[7] = 15 & !WHITE_OO;
    keep[56] = 15 & !BLACK_OOO;
    keep[60] = 15 & !(BLACK_OO | BLACK_OOO);
    keep[63] = 15 & !BLACK_OO;
    keep
};

/// A chess position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    pieces: [Bitboard; 6],
    colors: [Bitboard; 2],
    board: [Option<Piece>; 64],
    side: Color,
    castling: u8,
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

    #[inline(always)]
    fn set_castling(&mut self, rights: u8) {
        self.hash ^= castling_key(self.castling) ^ castling_key(rights);
        self.castling = rights;
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
        if let Some(captured) = self.board[to as usize] {
            self.remove(them, captured, to);
            self.halfmove = 0;
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
                self.shift(us, Piece::King, from, to);
                let (rook_from, rook_to) = if to > from {
                    (to + 1, to - 1)
                } else {
                    (to - 2, to + 1)
                };
                self.shift(us, Piece::Rook, rook_from, rook_to);
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
        let rights = self.castling & CASTLING_KEEP[from as usize] & CASTLING_KEEP[to as usize];
        if rights != self.castling {
            self.set_castling(rights);
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
        let mut valid = 0;
        for (bit, king, rook, color) in [
            (WHITE_OO, 4, 7, Color::White),
            (WHITE_OOO, 4, 0, Color::White),
            (BLACK_OO, 60, 63, Color::Black),
            (BLACK_OOO, 60, 56, Color::Black),
        ] {
            if rights & bit != 0
                && self.pieces_of(color, Piece::King) & bb(king) != 0
                && self.pieces_of(color, Piece::Rook) & bb(rook) != 0
            {
                valid |= bit;
            }
        }
        self.set_castling(valid);
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
        let rights = self.castling & CASTLING_KEEP[sq as usize];
        if rights != self.castling {
            self.set_castling(rights);
        }
    }

    /// The number of pieces of each colour and type, for material checks.
    #[must_use]
    pub fn count(&self, color: Color, piece: Piece) -> u32 {
        self.pieces_of(color, piece).count_ones()
    }
}
