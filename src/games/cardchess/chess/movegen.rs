//! Legal move generation.
//!
//! Two paths share one entry point. Plain chess (the common case, and every
//! node of plain perft) takes a fast generator that handles checks and pins
//! with bitboard masks and counts leaf moves by popcount. Card effects
//! (the mover's super pieces, untouchable pawns, no retreat, lead king, king
//! capture, moves restricted to some piece types or squares) take a
//! separate extended path, chosen once per node, so they cost plain chess
//! nothing. The rival's super pieces need no path of their own: their
//! knight attacks are in [`Position::attacked_by`] and
//! [`Position::attackers_to`], which both paths use for every attack test.

use arrayvec::ArrayVec;

use super::attacks::{
    between, bishop_attacks, king_attacks, knight_attacks, line, pawn_attacks, queen_attacks,
    rook_attacks,
};
use super::bitboard::{bb, forward, lsb, rank_of, Bitboard, Color, Piece, Square, Squares};
use super::bitboard::{FILE_A, FILE_H, RANK_1, RANK_8};
use super::moves::{Move, MoveKind};
use super::position::{Position, BLACK_OO, BLACK_OOO, WHITE_OO, WHITE_OOO};

/// The most moves one man other than a king can have under any card
/// effect: a super queen's 27 queen moves and 8 knight leaps (a pawn has at
/// most 12: three promotion squares, four pieces each; any man may become
/// a queen by promotion or be put back as one).
pub const MAX_MAN_MOVES: usize = 35;

/// The most moves a king can have: 8 steps and 2 castlings.
pub const MAX_KING_MOVES: usize = 10;

/// The capacity of a [`MoveList`]: a whole army of 16 men, 15 of them
/// super queens, plus a king and two en passant captures. A position whose
/// [`move_bound`] exceeds it is refused when it is read, and play never
/// raises a side's bound (captures and removals move men to the captured
/// list, recoveries move them back, promotions keep the count).
pub const MOVE_CAPACITY: usize = 15 * MAX_MAN_MOVES + MAX_KING_MOVES + 2;

/// A fixed-capacity move list (no allocation).
pub type MoveList = ArrayVec<Move, MOVE_CAPACITY>;

/// An upper bound on the moves `colour` can ever have with its men on the
/// board of `pos` plus `captured` more men that cards may put back (kings
/// not among them), under any card effect.
#[must_use]
pub fn move_bound(pos: &Position, colour: Color, captured: u32) -> usize {
    let kings = pos.count(colour, Piece::King) as usize;
    let men = pos.color(colour).count_ones() as usize - kings + captured as usize;
    men * MAX_MAN_MOVES + kings * MAX_KING_MOVES + 2
}

/// What a side may do this move: the plain FIDE rules, or restrictions and
/// powers given by cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MoveRules {
    /// Piece types that may move (bit [`Piece::bit`] per type).
    pub pieces: u8,
    /// Squares pieces may move from.
    pub from: Bitboard,
    /// Whether castling is allowed (it also needs the king among `pieces`).
    pub castling: bool,
    /// The rival's pawns may not be captured (en passant included).
    pub untouchable_pawns: bool,
    /// No piece may move towards its own first rank.
    pub no_retreat: bool,
    /// While in check, the king may not move.
    pub frozen_king_in_check: bool,
    /// Moves may leave the own king attacked, and kings may be captured.
    pub king_capture: bool,
}

impl MoveRules {
    /// The FIDE rules, with no card effect.
    pub const PLAIN: MoveRules = MoveRules {
        pieces: 0x3f,
        from: !0,
        castling: true,
        untouchable_pawns: false,
        no_retreat: false,
        frozen_king_in_check: false,
        king_capture: false,
    };

    /// Whether these are the plain rules.
    #[inline(always)]
    #[must_use]
    pub fn is_plain(&self) -> bool {
        *self == MoveRules::PLAIN
    }

    /// Whether the side to move of `pos` moves by the plain rules: these
    /// are plain and it has no super pieces.
    #[inline(always)]
    #[must_use]
    pub fn is_plain_at(&self, pos: &Position) -> bool {
        self.is_plain() && pos.leapers(pos.side()) == 0
    }
}

impl Default for MoveRules {
    fn default() -> Self {
        MoveRules::PLAIN
    }
}

/// Receives generated moves, grouped as the generator finds them.
trait Sink {
    /// Moves of a non-pawn piece from `from` to each square of `targets`.
    fn piece(&mut self, from: Square, targets: Bitboard);
    /// Pawn moves to each square of `targets` from `to - delta`; moves onto
    /// the last rank become four promotions.
    fn pawns(&mut self, targets: Bitboard, delta: i8);
    /// One special move (castling, en passant).
    fn single(&mut self, mv: Move);
}

impl Sink for MoveList {
    #[inline(always)]
    fn piece(&mut self, from: Square, targets: Bitboard) {
        for to in Squares(targets) {
            self.push(Move::normal(from, to));
        }
    }

    #[inline(always)]
    fn pawns(&mut self, targets: Bitboard, delta: i8) {
        for to in Squares(targets & !(RANK_1 | RANK_8)) {
            self.push(Move::normal((to as i8 - delta) as Square, to));
        }
        for to in Squares(targets & (RANK_1 | RANK_8)) {
            let from = (to as i8 - delta) as Square;
            for piece in [Piece::Queen, Piece::Knight, Piece::Rook, Piece::Bishop] {
                self.push(Move::new(from, to, MoveKind::Promotion(piece)));
            }
        }
    }

    #[inline(always)]
    fn single(&mut self, mv: Move) {
        self.push(mv);
    }
}

/// Counts moves without listing them.
struct Counter(u64);

impl Sink for Counter {
    #[inline(always)]
    fn piece(&mut self, _from: Square, targets: Bitboard) {
        self.0 += u64::from(targets.count_ones());
    }

    #[inline(always)]
    fn pawns(&mut self, targets: Bitboard, _delta: i8) {
        self.0 += u64::from(targets.count_ones())
            + 3 * u64::from((targets & (RANK_1 | RANK_8)).count_ones());
    }

    #[inline(always)]
    fn single(&mut self, _mv: Move) {
        self.0 += 1;
    }
}

/// Passes on the noisy moves a generator finds (captures, en passant,
/// promotions) and notes whether it found a quiet one, in the generator's
/// order, so that the list equals the full list filtered.
struct NoisyFilter<'a> {
    out: &'a mut MoveList,
    /// The rival's pieces: a move onto one is a capture.
    rival: Bitboard,
    quiet: bool,
}

impl Sink for NoisyFilter<'_> {
    #[inline(always)]
    fn piece(&mut self, from: Square, targets: Bitboard) {
        self.quiet |= targets & !self.rival != 0;
        self.out.piece(from, targets & self.rival);
    }

    #[inline(always)]
    fn pawns(&mut self, targets: Bitboard, delta: i8) {
        let noisy = targets & (self.rival | RANK_1 | RANK_8);
        self.quiet |= targets != noisy;
        self.out.pawns(noisy, delta);
    }

    #[inline(always)]
    fn single(&mut self, mv: Move) {
        if mv.kind() == MoveKind::EnPassant {
            self.out.push(mv);
        } else {
            self.quiet = true;
        }
    }
}

/// The legal plain-chess captures (en passant included) and promotions of
/// the side to move, into `out` (cleared first) in the order of
/// [`legal_moves`]; returns whether a quiet legal move exists besides.
/// What quiescence searches, without listing every move.
pub fn plain_noisy_moves(pos: &Position, out: &mut MoveList) -> bool {
    out.clear();
    let mut filter = NoisyFilter {
        out,
        rival: pos.color(pos.side().flip()),
        quiet: false,
    };
    generate_plain(pos, &mut filter);
    filter.quiet
}

/// Appends the legal moves of the side to move under `rules` to `out`
/// (which is cleared first).
pub fn legal_moves(pos: &Position, rules: &MoveRules, out: &mut MoveList) {
    out.clear();
    if rules.is_plain_at(pos) {
        generate_plain(pos, out);
    } else {
        generate_extended(pos, rules, out);
    }
}

/// The number of legal plain-chess moves (faster than listing them).
#[must_use]
pub fn count_plain_moves(pos: &Position) -> u64 {
    let mut counter = Counter(0);
    generate_plain(pos, &mut counter);
    counter.0
}

/// Whether the side to move has any legal move under `rules`.
#[must_use]
pub fn has_legal_move(pos: &Position, rules: &MoveRules) -> bool {
    if rules.is_plain_at(pos) {
        count_plain_moves(pos) > 0
    } else {
        let mut list = MoveList::new();
        generate_extended(pos, rules, &mut list);
        !list.is_empty()
    }
}

#[inline(always)]
fn generate_plain<S: Sink>(pos: &Position, sink: &mut S) {
    let us = pos.side();
    let them = us.flip();
    let own = pos.color(us);
    let opp = pos.color(them);
    let occ = own | opp;
    let king = pos.pieces_of(us, Piece::King);
    if king == 0 {
        return;
    }
    let ksq = lsb(king);
    let checkers = pos.attackers_to(ksq, occ) & opp;

    // The rival king is never a target: plain positions never allow it, and
    // card positions (a colour moving twice) must not capture it either.
    let not_king = !pos.pieces(Piece::King);
    let occ_without_king = occ ^ king;
    let mut king_targets = 0;
    for to in Squares(king_attacks(ksq) & !own & not_king) {
        if !pos.attacked_by(to, them, occ_without_king) {
            king_targets |= bb(to);
        }
    }
    sink.piece(ksq, king_targets);
    if checkers & checkers.wrapping_sub(1) != 0 {
        return;
    }
    let target = not_king
        & if checkers == 0 {
            !own
        } else {
            between(ksq, lsb(checkers)) | checkers
        };

    let their_diagonal = (pos.pieces(Piece::Bishop) | pos.pieces(Piece::Queen)) & opp;
    let their_straight = (pos.pieces(Piece::Rook) | pos.pieces(Piece::Queen)) & opp;
    let mut pinned = 0;
    let snipers =
        (bishop_attacks(ksq, opp) & their_diagonal) | (rook_attacks(ksq, opp) & their_straight);
    for sniper in Squares(snipers) {
        let blockers = between(ksq, sniper) & occ;
        if blockers & blockers.wrapping_sub(1) == 0 {
            pinned |= blockers;
        }
    }

    for from in Squares(pos.pieces_of(us, Piece::Knight) & !pinned) {
        sink.piece(from, knight_attacks(from) & target);
    }
    let diagonal = pos.pieces(Piece::Bishop) & own;
    let straight = pos.pieces(Piece::Rook) & own;
    let queens = pos.pieces(Piece::Queen) & own;
    for from in Squares(diagonal & !pinned) {
        sink.piece(from, bishop_attacks(from, occ) & target);
    }
    for from in Squares(straight & !pinned) {
        sink.piece(from, rook_attacks(from, occ) & target);
    }
    for from in Squares(queens & !pinned) {
        sink.piece(from, queen_attacks(from, occ) & target);
    }
    if pinned != 0 {
        for from in Squares(pinned & (diagonal | queens)) {
            sink.piece(from, bishop_attacks(from, occ) & target & line(ksq, from));
        }
        for from in Squares(pinned & (straight | queens)) {
            sink.piece(from, rook_attacks(from, occ) & target & line(ksq, from));
        }
    }

    let pawns = pos.pieces_of(us, Piece::Pawn);
    let empty = !occ;
    let free = pawns & !pinned;
    let (third, up, up_left, up_right) = match us {
        Color::White => (RANK_1 << 16, 8i8, 7i8, 9i8),
        Color::Black => (RANK_8 >> 16, -8, -9, -7),
    };
    let single = forward(free, us) & empty;
    let double = forward(single & third, us) & empty & target;
    sink.pawns(single & target, up);
    sink.pawns(double, 2 * up);
    let (left, right) = match us {
        Color::White => ((free & !FILE_A) << 7, (free & !FILE_H) << 9),
        Color::Black => ((free & !FILE_A) >> 9, (free & !FILE_H) >> 7),
    };
    sink.pawns(left & opp & target, up_left);
    sink.pawns(right & opp & target, up_right);
    for from in Squares(pawns & pinned) {
        let ray = line(ksq, from) & target;
        let step = forward(bb(from), us) & empty;
        let double_step = forward(step & third, us) & empty;
        sink.pawns(step & ray, up);
        sink.pawns(double_step & ray, 2 * up);
        for to in Squares(pawn_attacks(us, from) & opp & ray) {
            sink.pawns(bb(to), to as i8 - from as i8);
        }
    }

    if let Some(ep) = pos.ep() {
        let captured = if us == Color::White { ep - 8 } else { ep + 8 };
        for from in Squares(pawn_attacks(them, ep) & pawns) {
            let after = occ ^ bb(from) ^ bb(ep) ^ bb(captured);
            let attackers = pos.attackers_to(ksq, after) & opp & !bb(captured);
            let sliders = (bishop_attacks(ksq, after) & their_diagonal)
                | (rook_attacks(ksq, after) & their_straight);
            if attackers | sliders == 0 {
                sink.single(Move::new(from, ep, MoveKind::EnPassant));
            }
        }
    }

    if checkers == 0 {
        castle(pos, us, ksq, occ, sink);
    }
}

/// Adds the castling moves available to `us` (not in check), by the
/// Chess960 rule (standard chess is one case): the squares the king and
/// rook cross and land on are empty but for the two of them, the king
/// crosses no attacked square and does not land attacked once the rook
/// has moved.
#[inline(always)]
fn castle<S: Sink>(pos: &Position, us: Color, ksq: Square, occ: Bitboard, sink: &mut S) {
    let (short, long) = match us {
        Color::White => (WHITE_OO, WHITE_OOO),
        Color::Black => (BLACK_OO, BLACK_OOO),
    };
    let rights = pos.castling();
    if rights & (short | long) == 0 {
        return;
    }
    let them = us.flip();
    for bit in [short, long] {
        if rights & bit == 0 {
            continue;
        }
        let rook = pos.castle_rook(bit);
        let (king_to, rook_to) = Position::castled_squares(ksq, rook);
        let others = occ ^ bb(ksq) ^ bb(rook);
        let king_path = between(ksq, king_to);
        let crossed = king_path | bb(king_to) | between(rook, rook_to) | bb(rook_to);
        if crossed & others != 0
            || Squares(king_path).any(|sq| pos.attacked_by(sq, them, occ ^ bb(ksq)))
            || pos.attacked_by(king_to, them, others | bb(rook_to))
        {
            continue;
        }
        let to = if pos.is_chess960() { rook } else { king_to };
        sink.single(Move::new(ksq, to, MoveKind::Castle));
    }
}

/// The squares a piece on `from` may reach without moving backwards.
fn not_backwards(color: Color, from: Square) -> Bitboard {
    let rank = rank_of(from);
    match color {
        Color::White => !0u64 << (8 * rank),
        Color::Black => !0u64 >> (8 * (7 - rank)),
    }
}

/// The card-effect generator: pseudo-legal moves with the effects applied
/// (the mover's super pieces are those of [`Position::leapers`]),
/// then (unless kings may be captured) those leaving the own king attacked
/// are dropped; `out` is cleared first. [`legal_moves`] uses it whenever
/// `rules` are not plain; it is public so tests can check it against the
/// fast path.
pub fn generate_extended(pos: &Position, rules: &MoveRules, out: &mut MoveList) {
    out.clear();
    let us = pos.side();
    let them = us.flip();
    let own = pos.color(us);
    let opp = pos.color(them);
    let occ = own | opp;
    let in_check = pos.in_check();
    let mut capturable = opp;
    if !rules.king_capture {
        capturable &= !pos.pieces(Piece::King);
    }
    if rules.untouchable_pawns {
        capturable &= !pos.pieces(Piece::Pawn);
    }
    let movable = own & rules.from;
    for piece in Piece::ALL {
        if rules.pieces & piece.bit() == 0 {
            continue;
        }
        if piece == Piece::King && rules.frozen_king_in_check && in_check {
            continue;
        }
        for from in Squares(pos.pieces(piece) & movable) {
            let mut targets = match piece {
                Piece::Pawn => {
                    let step = forward(bb(from), us) & !occ;
                    let start = us.relative_rank(rank_of(from)) == 1;
                    let double = if start { forward(step, us) & !occ } else { 0 };
                    step | double | (pawn_attacks(us, from) & capturable)
                }
                Piece::Knight => knight_attacks(from),
                Piece::Bishop => bishop_attacks(from, occ),
                Piece::Rook => rook_attacks(from, occ),
                Piece::Queen => queen_attacks(from, occ),
                Piece::King => king_attacks(from),
            };
            if pos.leapers(us) & piece.bit() != 0 {
                targets |= knight_attacks(from);
            }
            targets &= !own & (capturable | !occ);
            if rules.no_retreat {
                targets &= not_backwards(us, from);
            }
            if piece == Piece::Pawn {
                for to in Squares(targets) {
                    out.pawns(bb(to), to as i8 - from as i8);
                }
            } else {
                out.piece(from, targets);
            }
        }
    }
    if let Some(ep) = pos.ep() {
        if !rules.untouchable_pawns && rules.pieces & Piece::Pawn.bit() != 0 {
            for from in Squares(pawn_attacks(them, ep) & pos.pieces_of(us, Piece::Pawn) & movable) {
                out.push(Move::new(from, ep, MoveKind::EnPassant));
            }
        }
    }
    if rules.castling && rules.pieces & Piece::King.bit() != 0 && !in_check {
        if let Some(ksq) = pos.king(us) {
            if rules.from & bb(ksq) != 0 {
                castle(pos, us, ksq, occ, out);
            }
        }
    }
    if !rules.king_capture && pos.king(us).is_some() {
        out.retain(|mv| {
            let mut child = *pos;
            child.play(*mv);
            !child.king_attacked(us)
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn both(fen: &str) -> Vec<String> {
        let pos = Position::from_fen(fen).unwrap();
        let mut fast = MoveList::new();
        legal_moves(&pos, &MoveRules::PLAIN, &mut fast);
        let mut slow = MoveList::new();
        generate_extended(&pos, &MoveRules::PLAIN, &mut slow);
        let mut a: Vec<String> = fast.iter().map(ToString::to_string).collect();
        let mut b: Vec<String> = slow.iter().map(ToString::to_string).collect();
        a.sort();
        b.sort();
        assert_eq!(a, b, "fast and card-effect paths differ at {fen}");
        assert_eq!(count_plain_moves(&pos), a.len() as u64);
        a
    }

    /// Every perft-suite position and the positions two plies on: the noisy
    /// generator gives the full list's captures, en passant and promotions,
    /// in order, and says rightly whether a quiet move remains.
    #[test]
    fn noisy_moves_are_the_full_list_filtered() {
        let fens = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
            "7k/1P6/8/8/8/8/6p1/K7 w - - 0 1",
            "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
        ];
        let after = |pos: &Position, mv: Move| {
            let mut next = *pos;
            next.play(mv);
            next
        };
        let (mut all, mut noisy, mut next) = (MoveList::new(), MoveList::new(), MoveList::new());
        let mut checked = 0;
        for fen in fens {
            let root = Position::from_fen(fen).unwrap();
            let mut positions = vec![root];
            legal_moves(&root, &MoveRules::PLAIN, &mut next);
            for &first in next.iter() {
                let child = after(&root, first);
                positions.push(child);
                legal_moves(&child, &MoveRules::PLAIN, &mut all);
                positions.extend(all.iter().map(|&second| after(&child, second)));
            }
            for pos in positions {
                legal_moves(&pos, &MoveRules::PLAIN, &mut all);
                let quiet = plain_noisy_moves(&pos, &mut noisy);
                let is_noisy = |mv: &Move| {
                    mv.promotion().is_some()
                        || mv.kind() == MoveKind::EnPassant
                        || (mv.kind() != MoveKind::Castle && pos.piece_at(mv.to()).is_some())
                };
                let expected: Vec<Move> = all.iter().copied().filter(is_noisy).collect();
                assert_eq!(noisy.iter().copied().collect::<Vec<_>>(), expected);
                assert_eq!(quiet, expected.len() < all.len());
                checked += 1;
            }
        }
        assert!(checked > 5_000, "{checked}");
    }

    #[test]
    fn three_checkers_leave_only_king_moves() {
        assert_eq!(both("4k3/8/8/8/8/3n1n2/8/r3K3 w - - 0 1"), vec!["e1e2"]);
    }

    #[test]
    fn an_exposed_rival_king_is_never_captured() {
        let moves = both("4k3/8/8/8/8/8/8/4RK2 w - - 0 1");
        assert!(!moves.contains(&"e1e8".to_string()));
        assert!(moves.contains(&"e1e7".to_string()));
        let pos = Position::from_fen("4k3/8/8/8/8/8/8/4RK2 w - - 0 1").unwrap();
        let rules = MoveRules {
            king_capture: true,
            ..MoveRules::PLAIN
        };
        let mut list = MoveList::new();
        legal_moves(&pos, &rules, &mut list);
        assert!(
            list.iter().any(|m| m.to_string() == "e1e8"),
            "unless kings may be captured"
        );
    }
}
