//! The plain-chess evaluation of a board, shared by plain chess and card
//! chess (whose evaluator adds its card-layer terms on top).
//!
//! Every term has a middlegame and an endgame value ([`Taper`]); the two
//! sums are blended by the game phase (the minor and major pieces left).
//! Terms: material, piece-square tables, the bishop pair, mobility, pawn
//! structure (passed pawns by rank with a free path and king distances,
//! isolated, doubled and backward pawns), rooks on open and half-open files
//! and on the seventh rank, king safety (pawn shield, open files near the
//! king, pieces attacking the squares around it), an early queen sortie,
//! and endgame knowledge: drawish material scaled down, the lone king
//! driven to the edge, pawns that outrun the king. A static exchange
//! estimate ([`exchange`]) serves the search's pruning and ordering.
//!
//! Scores are in centipawns from White's view; the weights are one struct
//! ([`ChessWeights`]) with a name for each, so they can be tuned (an
//! engine profile sets them by name: `[parameters.eval.chess]`).

use serde::Deserialize;

use crate::bounds;

use super::attacks::{
    bishop_attacks, king_attacks, knight_attacks, pawn_attacks, pawn_set_attacks, queen_attacks,
    rook_attacks,
};
use super::bitboard::{bb, file_of, forward, lsb, rank_of, Bitboard, Squares, FILE_A};
use super::{Color, Move, MoveKind, Piece, Position, Square};

/// A middlegame and an endgame value, blended by the game phase (in a
/// profile `{ mg = …, eg = … }`, both given).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Taper {
    /// The value with all pieces on the board.
    pub mg: i32,
    /// The value with no minor or major piece left.
    pub eg: i32,
}

impl Taper {
    /// A middlegame and endgame pair.
    #[must_use]
    pub const fn new(mg: i32, eg: i32) -> Taper {
        Taper { mg, eg }
    }
}

impl std::ops::AddAssign for Taper {
    fn add_assign(&mut self, other: Taper) {
        self.mg += other.mg;
        self.eg += other.eg;
    }
}

impl std::ops::SubAssign for Taper {
    fn sub_assign(&mut self, other: Taper) {
        self.mg -= other.mg;
        self.eg -= other.eg;
    }
}

impl std::ops::Mul<i32> for Taper {
    type Output = Taper;
    fn mul(self, factor: i32) -> Taper {
        Taper::new(self.mg * factor, self.eg * factor)
    }
}

/// The phase weight of a knight, bishop, rook and queen; the start totals
/// [`FULL_PHASE`].
const PHASE_WEIGHT: [i32; 4] = [1, 1, 2, 4];

/// The phase of the starting army (and the most counted).
const FULL_PHASE: i32 = 24;

/// The drawish-material scale is in 64ths.
const SCALE_FULL: i32 = 64;

/// The largest board score in either direction: far beyond any real
/// position, and room left for the card layer's terms, however a profile
/// sets the weights (each within `bounds::EVAL_WEIGHT`).
const SCORE_LIMIT: i64 = 1 << 29;

/// Every weight of the evaluation, by name (a profile's weights table
/// uses the same names; the ones it leaves out keep these defaults).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ChessWeights {
    /// Material of a pawn, knight, bishop, rook and queen.
    pub material: [Taper; 5],
    /// Both bishops of one side.
    pub bishop_pair: Taper,
    /// Per square a knight, bishop, rook or queen reaches that is neither
    /// its own side's nor attacked by a rival pawn, above the baseline.
    pub mobility: [Taper; 4],
    /// The squares reached that count as neither good nor bad.
    pub mobility_baseline: [i32; 4],
    /// A passed pawn, by its rank from its own side (0–7).
    pub passed: [Taper; 8],
    /// A passed pawn whose way to promotion is empty, by rank.
    pub passed_free: [Taper; 8],
    /// Per rank above the fourth (from its own side), per square of the
    /// rival king's distance to the square ahead of a passed pawn (endgame).
    pub passed_enemy_king: i32,
    /// As `passed_enemy_king`, for the own king, subtracted.
    pub passed_own_king: i32,
    /// A passed pawn the lone rival king can no longer catch (rule of the
    /// square, pawns and kings only).
    pub unstoppable: i32,
    /// A pawn with no own pawn on either neighbouring file.
    pub isolated: Taper,
    /// Each pawn behind another of its side on the same file.
    pub doubled: Taper,
    /// A pawn that no neighbour can support and whose step forward a rival
    /// pawn controls.
    pub backward: Taper,
    /// A rook on a file without pawns.
    pub rook_open_file: Taper,
    /// A rook on a file without own pawns.
    pub rook_half_open_file: Taper,
    /// A rook on the seventh rank with the rival king or pawns on the eighth/seventh.
    pub rook_seventh: Taper,
    /// Each own pawn directly in front of the castled king (middlegame).
    pub shield_near: i32,
    /// Each own pawn two squares in front of the castled king (middlegame).
    pub shield_far: i32,
    /// A file next to or at the king without own pawns (middlegame).
    pub king_open_file: i32,
    /// Attack units per square of the king zone a knight, bishop, rook or
    /// queen hits.
    pub king_attack_units: [i32; 4],
    /// The king danger is `units² / divisor` (middlegame), once at least
    /// two pieces attack the zone.
    pub king_danger_divisor: i32,
    /// The most king danger counted.
    pub king_danger_cap: i32,
    /// Per own knight or bishop still at home while the queen has left
    /// hers (middlegame): queen raids before development.
    pub queen_early: i32,
    /// Driving a lone king: per step of its distance from the centre.
    pub mop_up_edge: i32,
    /// Driving a lone king: per step the winning king is closer than 7.
    pub mop_up_king: i32,
    /// The drawish scale (64ths) for bishops of opposite colours with
    /// pawns only.
    pub opposite_bishops_scale: i32,
    /// The drawish scale when the stronger side has no pawn and at most a
    /// minor piece more (rook v minor and the like).
    pub minor_up_scale: i32,
    /// The bonus for the side to move.
    pub tempo: i32,
}

impl ChessWeights {
    /// The standard weights.
    pub const DEFAULT: ChessWeights = ChessWeights {
        material: [
            Taper::new(90, 110),
            Taper::new(320, 300),
            Taper::new(335, 320),
            Taper::new(470, 540),
            Taper::new(960, 1010),
        ],
        bishop_pair: Taper::new(30, 50),
        mobility: [
            Taper::new(4, 4),
            Taper::new(5, 5),
            Taper::new(2, 4),
            Taper::new(1, 2),
        ],
        mobility_baseline: [4, 6, 7, 13],
        passed: [
            Taper::new(0, 0),
            Taper::new(2, 8),
            Taper::new(5, 12),
            Taper::new(10, 22),
            Taper::new(20, 40),
            Taper::new(35, 70),
            Taper::new(55, 110),
            Taper::new(0, 0),
        ],
        passed_free: [
            Taper::new(0, 0),
            Taper::new(0, 0),
            Taper::new(0, 2),
            Taper::new(0, 5),
            Taper::new(5, 12),
            Taper::new(10, 25),
            Taper::new(15, 40),
            Taper::new(0, 0),
        ],
        passed_enemy_king: 5,
        passed_own_king: 2,
        unstoppable: 600,
        isolated: Taper::new(-10, -14),
        doubled: Taper::new(-8, -20),
        backward: Taper::new(-8, -10),
        rook_open_file: Taper::new(25, 10),
        rook_half_open_file: Taper::new(12, 6),
        rook_seventh: Taper::new(15, 30),
        shield_near: 12,
        shield_far: 6,
        king_open_file: -15,
        king_attack_units: [2, 2, 3, 5],
        king_danger_divisor: 4,
        king_danger_cap: 500,
        queen_early: -10,
        mop_up_edge: 20,
        mop_up_king: 8,
        opposite_bishops_scale: 32,
        minor_up_scale: 12,
        tempo: 10,
    };
}

impl ChessWeights {
    /// Checks what the general weight range ([`bounds::EVAL_WEIGHT`],
    /// checked where a profile is read) lets through but the evaluation
    /// cannot use: a mobility baseline beyond the squares a piece reaches
    /// ([`bounds::MOBILITY_BASELINE`]), which would also let the mobility
    /// sums overflow. `prefix` goes before the weight's name in the error
    /// (`chess.`).
    pub fn check_baselines(&self, prefix: &str) -> Result<(), String> {
        for (i, &baseline) in self.mobility_baseline.iter().enumerate() {
            bounds::MOBILITY_BASELINE
                .check(
                    &format!("{prefix}mobility_baseline.{i}"),
                    i64::from(baseline),
                )
                .map_err(|e| e.to_string())?;
        }
        Ok(())
    }
}

impl Default for ChessWeights {
    fn default() -> Self {
        Self::DEFAULT
    }
}

/// Middlegame square bonuses from White's side (index = square, a1 = 0,
/// so rank 1 is the first row), for pawn, knight, bishop, rook, queen, king.
/// Knights and bishops want the centre, pawns the centre files, rooks the
/// seventh rank, the queen stays central, the king stays home behind its
/// pawns.
const PST_MG: [[i8; 64]; 6] = [
    [
        0, 0, 0, 0, 0, 0, 0, 0, //
        5, 10, 10, -20, -20, 10, 10, 5, //
        5, -5, -10, 0, 0, -10, -5, 5, //
        0, 0, 0, 20, 20, 0, 0, 0, //
        5, 5, 10, 25, 25, 10, 5, 5, //
        10, 10, 20, 30, 30, 20, 10, 10, //
        40, 40, 40, 40, 40, 40, 40, 40, //
        0, 0, 0, 0, 0, 0, 0, 0,
    ],
    [
        -50, -40, -30, -30, -30, -30, -40, -50, //
        -40, -20, 0, 5, 5, 0, -20, -40, //
        -30, 5, 10, 15, 15, 10, 5, -30, //
        -30, 0, 15, 20, 20, 15, 0, -30, //
        -30, 5, 15, 20, 20, 15, 5, -30, //
        -30, 0, 10, 15, 15, 10, 0, -30, //
        -40, -20, 0, 0, 0, 0, -20, -40, //
        -50, -40, -30, -30, -30, -30, -40, -50,
    ],
    [
        -20, -10, -10, -10, -10, -10, -10, -20, //
        -10, 5, 0, 0, 0, 0, 5, -10, //
        -10, 10, 10, 10, 10, 10, 10, -10, //
        -10, 0, 10, 10, 10, 10, 0, -10, //
        -10, 5, 5, 10, 10, 5, 5, -10, //
        -10, 0, 5, 10, 10, 5, 0, -10, //
        -10, 0, 0, 0, 0, 0, 0, -10, //
        -20, -10, -10, -10, -10, -10, -10, -20,
    ],
    [
        0, 0, 0, 5, 5, 0, 0, 0, //
        -5, 0, 0, 0, 0, 0, 0, -5, //
        -5, 0, 0, 0, 0, 0, 0, -5, //
        -5, 0, 0, 0, 0, 0, 0, -5, //
        -5, 0, 0, 0, 0, 0, 0, -5, //
        -5, 0, 0, 0, 0, 0, 0, -5, //
        5, 10, 10, 10, 10, 10, 10, 5, //
        0, 0, 0, 0, 0, 0, 0, 0,
    ],
    [
        -20, -10, -10, -5, -5, -10, -10, -20, //
        -10, 0, 5, 0, 0, 0, 0, -10, //
        -10, 5, 5, 5, 5, 5, 0, -10, //
        0, 0, 5, 5, 5, 5, 0, -5, //
        -5, 0, 5, 5, 5, 5, 0, -5, //
        -10, 0, 5, 5, 5, 5, 0, -10, //
        -10, 0, 0, 0, 0, 0, 0, -10, //
        -20, -10, -10, -5, -5, -10, -10, -20,
    ],
    [
        20, 30, 10, 0, 0, 10, 30, 20, //
        20, 20, 0, 0, 0, 0, 20, 20, //
        -10, -20, -20, -20, -20, -20, -20, -10, //
        -20, -30, -30, -40, -40, -30, -30, -20, //
        -30, -40, -40, -50, -50, -40, -40, -30, //
        -30, -40, -40, -50, -50, -40, -40, -30, //
        -30, -40, -40, -50, -50, -40, -40, -30, //
        -30, -40, -40, -50, -50, -40, -40, -30,
    ],
];

/// Endgame square bonuses (as [`PST_MG`]): pawns gain with every rank
/// (passed pawns are scored apart), pieces and above all the king want
/// the centre.
const PST_EG: [[i8; 64]; 6] = [
    [
        0, 0, 0, 0, 0, 0, 0, 0, //
        -5, -5, -5, -5, -5, -5, -5, -5, //
        -5, -5, -5, -5, -5, -5, -5, -5, //
        0, 0, 0, 0, 0, 0, 0, 0, //
        10, 10, 10, 10, 10, 10, 10, 10, //
        25, 25, 25, 25, 25, 25, 25, 25, //
        50, 50, 50, 50, 50, 50, 50, 50, //
        0, 0, 0, 0, 0, 0, 0, 0,
    ],
    [
        -40, -30, -20, -20, -20, -20, -30, -40, //
        -30, -15, -5, 0, 0, -5, -15, -30, //
        -20, -5, 5, 10, 10, 5, -5, -20, //
        -20, 0, 10, 15, 15, 10, 0, -20, //
        -20, 0, 10, 15, 15, 10, 0, -20, //
        -20, -5, 5, 10, 10, 5, -5, -20, //
        -30, -15, -5, 0, 0, -5, -15, -30, //
        -40, -30, -20, -20, -20, -20, -30, -40,
    ],
    [
        -15, -10, -8, -5, -5, -8, -10, -15, //
        -10, -5, 0, 2, 2, 0, -5, -10, //
        -8, 0, 5, 8, 8, 5, 0, -8, //
        -5, 2, 8, 12, 12, 8, 2, -5, //
        -5, 2, 8, 12, 12, 8, 2, -5, //
        -8, 0, 5, 8, 8, 5, 0, -8, //
        -10, -5, 0, 2, 2, 0, -5, -10, //
        -15, -10, -8, -5, -5, -8, -10, -15,
    ],
    [
        0, 0, 0, 0, 0, 0, 0, 0, //
        0, 0, 0, 0, 0, 0, 0, 0, //
        0, 0, 0, 0, 0, 0, 0, 0, //
        0, 0, 0, 0, 0, 0, 0, 0, //
        0, 0, 0, 0, 0, 0, 0, 0, //
        0, 0, 0, 0, 0, 0, 0, 0, //
        10, 10, 10, 10, 10, 10, 10, 10, //
        5, 5, 5, 5, 5, 5, 5, 5,
    ],
    [
        -20, -15, -10, -10, -10, -10, -15, -20, //
        -15, -5, 0, 0, 0, 0, -5, -15, //
        -10, 0, 10, 10, 10, 10, 0, -10, //
        -10, 0, 10, 20, 20, 10, 0, -10, //
        -10, 0, 10, 20, 20, 10, 0, -10, //
        -10, 0, 10, 10, 10, 10, 0, -10, //
        -15, -5, 0, 0, 0, 0, -5, -15, //
        -20, -15, -10, -10, -10, -10, -15, -20,
    ],
    [
        -50, -35, -25, -20, -20, -25, -35, -50, //
        -35, -15, -5, 0, 0, -5, -15, -35, //
        -25, -5, 10, 15, 15, 10, -5, -25, //
        -20, 0, 15, 25, 25, 15, 0, -20, //
        -20, 0, 15, 25, 25, 15, 0, -20, //
        -25, -5, 10, 15, 15, 10, -5, -25, //
        -35, -15, -5, 0, 0, -5, -15, -35, //
        -50, -35, -25, -20, -20, -25, -35, -50,
    ],
];

/// The square-table pair for `piece` of `colour` on `sq` (Black's squares
/// mirrored vertically).
fn pst(piece: Piece, colour: Color, sq: Square) -> Taper {
    let index = usize::from(match colour {
        Color::White => sq,
        Color::Black => sq ^ 56,
    });
    Taper::new(
        i32::from(PST_MG[piece.index()][index]),
        i32::from(PST_EG[piece.index()][index]),
    )
}

/// The file of `sq` as a set.
fn file_mask(file: u8) -> Bitboard {
    FILE_A << file
}

/// The files beside `file`.
fn neighbour_files(file: u8) -> Bitboard {
    let mut mask = 0;
    if file > 0 {
        mask |= file_mask(file - 1);
    }
    if file < 7 {
        mask |= file_mask(file + 1);
    }
    mask
}

/// The ranks strictly ahead of `rank` for `colour`.
fn ranks_ahead(colour: Color, rank: u8) -> Bitboard {
    match colour {
        Color::White if rank < 7 => !0u64 << (8 * (u32::from(rank) + 1)),
        Color::Black => (1u64 << (8 * u32::from(rank))) - 1,
        Color::White => 0,
    }
}

/// The king-move distance between two squares.
fn distance(a: Square, b: Square) -> i32 {
    let files = i32::from(file_of(a)).abs_diff(i32::from(file_of(b)));
    let ranks = i32::from(rank_of(a)).abs_diff(i32::from(rank_of(b)));
    files.max(ranks) as i32
}

/// How far a square is from the four centre squares (0 on them, 3 in a corner).
#[must_use]
pub fn centre_distance(sq: Square) -> i32 {
    let file = i32::from(file_of(sq));
    let rank = i32::from(rank_of(sq));
    let df = if file < 4 { 3 - file } else { file - 4 };
    let dr = if rank < 4 { 3 - rank } else { rank - 4 };
    df.max(dr)
}

/// The phase of `pos`: [`FULL_PHASE`] with every piece on, 0 with pawns and kings.
fn phase(pos: &Position) -> i32 {
    let mut phase = 0;
    for (weight, piece) in
        PHASE_WEIGHT
            .iter()
            .zip([Piece::Knight, Piece::Bishop, Piece::Rook, Piece::Queen])
    {
        phase += weight * pos.pieces(piece).count_ones() as i32;
    }
    phase.min(FULL_PHASE)
}

/// The evaluation of `pos` in centipawns from White's view, without the
/// tempo (the caller knows whose turn it is).
#[must_use]
pub fn evaluate(pos: &Position, weights: &ChessWeights) -> i32 {
    let mut total = Taper::default();
    for colour in Color::ALL {
        let side = side_terms(pos, colour, weights);
        if colour == Color::White {
            total += side;
        } else {
            total -= side;
        }
    }
    let strong = if total.eg >= 0 {
        Color::White
    } else {
        Color::Black
    };
    total.eg += mop_up(pos, strong, weights);
    let phase = phase(pos);
    let blended = (total.mg * phase + total.eg * (FULL_PHASE - phase)) / FULL_PHASE;
    let scaled =
        i64::from(blended) * i64::from(drawish_scale(pos, strong, weights)) / i64::from(SCALE_FULL);
    scaled.clamp(-SCORE_LIMIT, SCORE_LIMIT) as i32
}

/// What one side's men are worth: every term but the endgame's mop-up and scale.
fn side_terms(pos: &Position, us: Color, w: &ChessWeights) -> Taper {
    let them = us.flip();
    let own = pos.color(us);
    let occupied = pos.occupied();
    let own_pawns = pos.pieces_of(us, Piece::Pawn);
    let their_pawns = pos.pieces_of(them, Piece::Pawn);
    let their_pawn_attacks = pawn_set_attacks(them, their_pawns);
    let mobility_area = !own & !their_pawn_attacks;
    let their_king = pos.king(them);
    let their_zone = their_king.map_or(0, |king| {
        let near = king_attacks(king) | bb(king);
        near | forward(near, them)
    });

    let mut score = Taper::default();
    let mut attackers = 0;
    let mut units = 0;
    for piece in Piece::ALL {
        for sq in Squares(pos.pieces_of(us, piece)) {
            score += pst(piece, us, sq);
            let slot = match piece {
                Piece::Pawn | Piece::King => continue,
                _ => piece.index() - 1,
            };
            score += w.material[piece.index()];
            let reach = match piece {
                Piece::Knight => knight_attacks(sq),
                Piece::Bishop => bishop_attacks(sq, occupied),
                Piece::Rook => rook_attacks(sq, occupied),
                _ => queen_attacks(sq, occupied),
            };
            let moves = (reach & mobility_area).count_ones() as i32;
            score += w.mobility[slot] * (moves - w.mobility_baseline[slot]);
            let hits = (reach & their_zone).count_ones() as i32;
            if hits > 0 {
                attackers += 1;
                units += w.king_attack_units[slot] * hits;
            }
            if piece == Piece::Rook {
                score += rook_terms(pos, us, sq, w);
            }
        }
    }
    if attackers >= 2 {
        let units = i64::from(units);
        let danger = (units * units / i64::from(w.king_danger_divisor.max(1)))
            .min(i64::from(w.king_danger_cap));
        score.mg += danger as i32;
    }
    if pos.count(us, Piece::Bishop) >= 2 {
        score += w.bishop_pair;
    }
    score += w.material[0] * own_pawns.count_ones() as i32;
    score += pawn_terms(pos, us, w);
    if let Some(king) = pos.king(us) {
        score.mg += king_shelter(own_pawns, us, king, w);
    }
    score.mg += queen_sortie(pos, us, w);
    score
}

/// Open and half-open files and the seventh rank, for a rook of `us` on `sq`.
fn rook_terms(pos: &Position, us: Color, sq: Square, w: &ChessWeights) -> Taper {
    let them = us.flip();
    let file = file_mask(file_of(sq));
    let mut score = Taper::default();
    if pos.pieces_of(us, Piece::Pawn) & file == 0 {
        score += if pos.pieces_of(them, Piece::Pawn) & file == 0 {
            w.rook_open_file
        } else {
            w.rook_half_open_file
        };
    }
    if us.relative_rank(rank_of(sq)) == 6 {
        let seventh = pos.pieces_of(them, Piece::Pawn) & rank_set(us, 6) != 0;
        let king_home = pos
            .king(them)
            .is_some_and(|king| us.relative_rank(rank_of(king)) == 7);
        if seventh || king_home {
            score += w.rook_seventh;
        }
    }
    score
}

/// The squares of the rank `relative` (0–7) counted from `colour`'s side.
fn rank_set(colour: Color, relative: u8) -> Bitboard {
    0xffu64 << (8 * colour.relative_rank(relative))
}

/// Passed, isolated, doubled and backward pawns of `us`.
fn pawn_terms(pos: &Position, us: Color, w: &ChessWeights) -> Taper {
    let them = us.flip();
    let own_pawns = pos.pieces_of(us, Piece::Pawn);
    let their_pawns = pos.pieces_of(them, Piece::Pawn);
    let pawns_only =
        pos.occupied() & !pos.pieces(Piece::Pawn) & !pos.pieces(Piece::King) & pos.color(them) == 0;
    let mut score = Taper::default();
    for sq in Squares(own_pawns) {
        let file = file_of(sq);
        let rank = rank_of(sq);
        let relative = us.relative_rank(rank);
        let ahead = ranks_ahead(us, rank);
        let own_file = file_mask(file);
        let neighbours = neighbour_files(file);
        if own_pawns & own_file & ahead != 0 {
            score += w.doubled;
        }
        if own_pawns & neighbours == 0 {
            score += w.isolated;
        } else {
            let behind = !ahead & !own_file;
            let supportable = own_pawns & neighbours & behind != 0;
            let stop = forward(bb(sq), us);
            let stop_attacked =
                stop != 0 && pawn_attacks(us, lsb(stop)) & their_pawns != 0 && relative < 6;
            if !supportable && stop_attacked {
                score += w.backward;
            }
        }
        if their_pawns & (own_file | neighbours) & ahead != 0 {
            continue;
        }
        score += passed_pawn(pos, us, sq, pawns_only, w);
    }
    score
}

/// The worth of `us`'s passed pawn on `sq`; `pawns_only` says the rival
/// has nothing but its king and pawns.
fn passed_pawn(pos: &Position, us: Color, sq: Square, pawns_only: bool, w: &ChessWeights) -> Taper {
    let them = us.flip();
    let relative = usize::from(us.relative_rank(rank_of(sq)));
    let mut score = w.passed[relative];
    let path = file_mask(file_of(sq)) & ranks_ahead(us, rank_of(sq));
    if path & pos.occupied() == 0 {
        score += w.passed_free[relative];
    }
    let stop = forward(bb(sq), us);
    if stop == 0 {
        return score;
    }
    let stop = lsb(stop);
    let weight = (relative as i32 - 2).max(0);
    if let Some(king) = pos.king(them) {
        score.eg += w.passed_enemy_king * weight * distance(king, stop).min(5);
        if pawns_only && path & pos.occupied() == 0 {
            let promotion = lsb(path & rank_set(us, 7));
            let pawn_steps = 7 - relative as i32 - i32::from(relative == 1);
            let rival_to_move = i32::from(pos.side() == them);
            if distance(king, promotion) - rival_to_move > pawn_steps {
                score.eg += w.unstoppable;
            }
        }
    }
    if let Some(king) = pos.king(us) {
        score.eg -= w.passed_own_king * weight * distance(king, stop).min(5);
    }
    score
}

/// The castled king's pawn shield and the open files around it (middlegame).
fn king_shelter(own_pawns: Bitboard, us: Color, king: Square, w: &ChessWeights) -> i32 {
    if us.relative_rank(rank_of(king)) > 1 {
        return 0;
    }
    let file = file_of(king);
    let near = forward(bb(king), us);
    let near = near | ((near & !FILE_A) >> 1) | ((near << 1) & !FILE_A);
    let far = forward(near, us);
    let mut score = w.shield_near * (own_pawns & near).count_ones() as i32
        + w.shield_far * (own_pawns & far).count_ones() as i32;
    for f in file.saturating_sub(1)..=(file + 1).min(7) {
        if own_pawns & file_mask(f) == 0 {
            score += w.king_open_file;
        }
    }
    score
}

/// The queen off her square while minor pieces still stand at home
/// (middlegame): an early raid that loses time.
fn queen_sortie(pos: &Position, us: Color, w: &ChessWeights) -> i32 {
    let home_rank = rank_set(us, 0);
    let queens = pos.pieces_of(us, Piece::Queen);
    let queen_home = bb(3) << (8 * us.relative_rank(0));
    if queens == 0 || queens & queen_home != 0 {
        return 0;
    }
    let knights_home = pos.pieces_of(us, Piece::Knight) & home_rank & 0x4242_4242_4242_4242;
    let bishops_home = pos.pieces_of(us, Piece::Bishop) & home_rank & 0x2424_2424_2424_2424;
    w.queen_early * (knights_home | bishops_home).count_ones() as i32
}

/// The sum of knight, bishop, rook and queen material of `colour`, in
/// pawns (3, 3, 5, 9).
fn piece_material(pos: &Position, colour: Color) -> i32 {
    [
        (Piece::Knight, 3),
        (Piece::Bishop, 3),
        (Piece::Rook, 5),
        (Piece::Queen, 9),
    ]
    .iter()
    .map(|&(piece, value)| value * pos.count(colour, piece) as i32)
    .sum()
}

/// Against a lone king: the bonus (for `strong`, from White's view) for
/// driving it to the edge and bringing the own king near.
fn mop_up(pos: &Position, strong: Color, w: &ChessWeights) -> i32 {
    let weak = strong.flip();
    if pos.color(weak) & !pos.pieces(Piece::King) != 0 || piece_material(pos, strong) < 5 {
        return 0;
    }
    let (Some(weak_king), Some(strong_king)) = (pos.king(weak), pos.king(strong)) else {
        return 0;
    };
    let bonus = w.mop_up_edge * centre_distance(weak_king)
        + w.mop_up_king * (7 - distance(weak_king, strong_king));
    if strong == Color::White {
        bonus
    } else {
        -bonus
    }
}

/// How much of the endgame score the stronger side can hope to turn into a
/// win, in 64ths: nothing without the material to mate, little with at
/// most a minor piece more and no pawn, half with opposite bishops.
fn drawish_scale(pos: &Position, strong: Color, w: &ChessWeights) -> i32 {
    let weak = strong.flip();
    let strong_pawns = pos.count(strong, Piece::Pawn);
    let strong_pieces = piece_material(pos, strong);
    let weak_pieces = piece_material(pos, weak);
    if strong_pawns == 0 {
        let two_knights = strong_pieces == 6 && pos.count(strong, Piece::Knight) == 2;
        if strong_pieces < 5 || two_knights {
            return 0;
        }
        if strong_pieces - weak_pieces <= 3 {
            return w.minor_up_scale;
        }
    }
    let bishops = [
        pos.pieces_of(Color::White, Piece::Bishop),
        pos.pieces_of(Color::Black, Piece::Bishop),
    ];
    if bishops.iter().all(|b| b.count_ones() == 1)
        && strong_pieces == 3
        && weak_pieces == 3
        && square_colour(lsb(bishops[0])) != square_colour(lsb(bishops[1]))
    {
        return w.opposite_bishops_scale;
    }
    SCALE_FULL
}

/// 0 for a dark square, 1 for a light one.
fn square_colour(sq: Square) -> u8 {
    (file_of(sq) + rank_of(sq)) & 1
}

/// A static exchange estimate of `mv` (legal in `pos`): the material it
/// wins once both sides have recaptured on its target as long as that
/// pays, lowest-valued attacker first, in the units of `values` (pawn to
/// king). Castling is worth 0.
#[must_use]
pub fn exchange(pos: &Position, mv: Move, values: &[i32; 6]) -> i32 {
    let from = mv.from();
    let to = mv.to();
    let (Some(mover), Some(piece)) = (pos.color_at(from), pos.piece_at(from)) else {
        return 0;
    };
    let mut occupied = pos.occupied() ^ bb(from);
    let mut gain = [0i32; 32];
    gain[0] = match mv.kind() {
        MoveKind::Castle => return 0,
        MoveKind::EnPassant => {
            let victim = if mover == Color::White {
                to - 8
            } else {
                to + 8
            };
            occupied ^= bb(victim);
            values[Piece::Pawn.index()]
        }
        _ => pos.piece_at(to).map_or(0, |victim| values[victim.index()]),
    };
    let mut on_square = values[piece.index()];
    if let Some(promotion) = mv.promotion() {
        gain[0] += values[promotion.index()] - values[Piece::Pawn.index()];
        on_square = values[promotion.index()];
    }
    let mut side = mover.flip();
    let mut depth = 0;
    loop {
        let attackers = pos.attackers_to(to, occupied) & occupied & pos.color(side);
        let Some((attacker, sq)) = least_valuable(pos, attackers) else {
            break;
        };
        if attacker == Piece::King {
            let defended =
                pos.attackers_to(to, occupied ^ bb(sq)) & occupied & pos.color(side.flip());
            if defended != 0 {
                break;
            }
        }
        depth += 1;
        gain[depth] = on_square - gain[depth - 1];
        if depth == gain.len() - 1 || gain[depth].max(-gain[depth - 1]) < 0 {
            break;
        }
        on_square = values[attacker.index()];
        occupied ^= bb(sq);
        side = side.flip();
    }
    while depth > 0 {
        gain[depth - 1] = -(-gain[depth - 1]).max(gain[depth]);
        depth -= 1;
    }
    gain[0]
}

/// The least valuable piece among `attackers` and its square.
fn least_valuable(pos: &Position, attackers: Bitboard) -> Option<(Piece, Square)> {
    Piece::ALL.into_iter().find_map(|piece| {
        let set = attackers & pos.pieces(piece);
        (set != 0).then(|| (piece, lsb(set)))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(fen: &str) -> i32 {
        let pos = Position::from_fen(fen).expect("fen");
        evaluate(&pos, &ChessWeights::DEFAULT)
    }

    fn mirrored(fen: &str) -> String {
        let mut fields = fen.split(' ');
        let board: Vec<String> = fields
            .next()
            .unwrap()
            .split('/')
            .rev()
            .map(|rank| {
                rank.chars()
                    .map(|c| {
                        if c.is_ascii_uppercase() {
                            c.to_ascii_lowercase()
                        } else {
                            c.to_ascii_uppercase()
                        }
                    })
                    .collect()
            })
            .collect();
        let side = if fields.next() == Some("w") { "b" } else { "w" };
        format!("{} {side} - - 0 1", board.join("/"))
    }

    #[test]
    fn the_start_is_level_and_colours_are_symmetric() {
        assert_eq!(
            eval("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
            0
        );
        for fen in [
            "r1bqk2r/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQkq - 0 1",
            "8/5k2/3p4/1p1P4/1P3K2/8/6B1/8 w - - 0 1",
            "4r1k1/1p3ppp/p7/3R4/8/1P4P1/P4P1P/6K1 w - - 0 1",
        ] {
            assert_eq!(eval(fen), -eval(&mirrored(fen)), "{fen}");
        }
    }

    #[test]
    fn development_beats_an_early_queen_raid() {
        let raid = eval("rnbqkbnr/pppp1ppp/8/4p2Q/4P3/8/PPPP1PPP/RNB1KBNR w KQkq - 0 1");
        let knight = eval("rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 1");
        assert!(knight > raid, "{knight} <= {raid}");
    }

    #[test]
    fn the_bishop_pair_outweighs_bishop_and_knight() {
        let pair = eval("4k3/pppp4/8/8/8/8/PPPP4/2B1KB2 w - - 0 1");
        let mixed = eval("4k3/pppp4/8/8/8/8/PPPP4/2B1KN2 w - - 0 1");
        assert!(pair - mixed >= 20, "{pair} vs {mixed}");
    }

    #[test]
    fn pawn_structure_counts() {
        let healthy = eval("4k3/8/8/8/8/8/PPP5/4K3 w - - 0 1");
        let doubled_isolated = eval("4k3/8/8/8/8/P7/P1P5/4K3 w - - 0 1");
        assert!(healthy > doubled_isolated);
        let passed_far = eval("4k3/8/1P6/8/8/8/8/4K3 w - - 0 1");
        let passed_near = eval("4k3/8/8/8/8/1P6/8/4K3 w - - 0 1");
        assert!(passed_far > passed_near + 50);
    }

    #[test]
    fn a_pawn_the_king_cannot_catch_is_nearly_a_queen() {
        let runs = eval("7k/8/8/8/P7/8/8/K7 b - - 0 1");
        let caught = eval("8/8/1k6/8/P7/8/8/K7 b - - 0 1");
        assert!(runs > caught + 400, "{runs} vs {caught}");
    }

    #[test]
    fn rooks_like_open_files_and_the_seventh() {
        let open = eval("4k3/p7/8/8/8/8/1PPPPPPP/R3K3 w - - 0 1");
        let closed = eval("4k3/p7/8/8/8/8/PPPPPPP1/R3K3 w - - 0 1");
        assert!(open > closed);
        let seventh = eval("4k3/R7/8/8/8/8/8/4K3 w - - 0 1");
        let third = eval("4k3/8/8/8/8/R7/8/4K3 w - - 0 1");
        assert!(seventh > third);
    }

    #[test]
    fn the_king_shield_and_attackers_matter() {
        let shielded = eval("r5k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
        let bare = eval("r5k1/5ppp/8/8/8/5PPP/8/R5K1 w - - 0 1");
        assert!(shielded > bare);
        let pieces_near = eval("6k1/5ppp/5N2/6Q1/8/8/5PPP/6K1 w - - 0 1");
        let pieces_far = eval("6k1/5ppp/8/8/8/N7/Q4PPP/6K1 w - - 0 1");
        assert!(pieces_near > pieces_far + 50);
    }

    #[test]
    fn drawish_material_is_scaled_down() {
        assert_eq!(eval("8/8/4k3/8/8/3NK3/8/8 w - - 0 1"), 0);
        assert_eq!(eval("8/8/4k3/8/8/2NNK3/8/8 w - - 0 1"), 0);
        let rook_v_bishop = eval("8/8/4kb2/8/8/3RK3/8/8 w - - 0 1");
        assert!(rook_v_bishop.abs() < 100, "{rook_v_bishop}");
        let opposite = eval("8/3kb3/8/3P4/2P5/3BK3/8/8 w - - 0 1");
        let same = eval("8/3k4/6b1/3P4/2P5/3BK3/8/8 w - - 0 1");
        assert!(opposite < same, "{opposite} vs {same}");
    }

    #[test]
    fn the_lone_king_belongs_on_the_edge() {
        let edge = eval("k7/8/2K5/8/8/8/8/7R w - - 0 1");
        let centre = eval("8/8/8/3k4/8/2K5/8/7R w - - 0 1");
        assert!(edge > centre + 40, "{edge} vs {centre}");
    }

    #[test]
    fn exchanges_count_recaptures() {
        let pos = Position::from_fen("4k3/8/2p5/3p4/8/5N2/3Q4/4K3 w - - 0 1").unwrap();
        let values = [100, 300, 300, 500, 900, 10_000];
        let queen_takes = Move::normal(11, 35);
        assert_eq!(exchange(&pos, queen_takes, &values), 100 - 900);
        let pos = Position::from_fen("4k3/8/8/3p4/8/5N2/8/4K3 w - - 0 1").unwrap();
        let free = Move::normal(21, 36);
        assert_eq!(exchange(&pos, free, &values), 0);
        let pos = Position::from_fen("4k3/8/8/3p4/8/2N5/8/3RK3 w - - 0 1").unwrap();
        let knight_takes = Move::normal(18, 35);
        assert_eq!(exchange(&pos, knight_takes, &values), 100);
    }
}
