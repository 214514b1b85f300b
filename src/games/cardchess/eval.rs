//! The static evaluation of card chess: the chess core's material and
//! piece-square terms, plus what the card layer adds — the special cards
//! each seat holds and the active temporary effect. Harakiri needs no term
//! of its own: the board is scored for the colour the seat to move
//! *controls* ([`CardChess::colour_of`]), so a colour swap swaps the score.
//!
//! All values are centipawns from the view of the seat to move.

use crate::game::{Game, Turn};
use crate::knowledge::{EvaluatedGame, Evaluator};

use super::action::Action;
use super::chess::bitboard::{file_of, rank_of, Squares};
use super::chess::{Color, MoveKind, Piece, Position, Square};
use super::deck::{Card, Effect};
use super::state::CardChess;

/// Material per piece type (pawn, knight, bishop, rook, queen, king).
pub const PIECE_VALUE: [i32; 6] = [100, 320, 330, 500, 900, 0];

/// A held veto: it can undo the rival's best move once.
pub const VETO_VALUE: i32 = 60;

/// A held objective is worth this share (in percent) of its prize piece
/// when the prize can be paid (the piece was captured), since objectives
/// are often met only later or never.
pub const OBJECTIVE_SHARE_PERCENT: i32 = 30;

/// A held objective whose prize piece has not been captured: nearly
/// worthless, but a capture may still make it pay.
pub const IDLE_OBJECTIVE_VALUE: i32 = 10;

/// Super queen / rooks / bishops: the extra knight jumps per piece so
/// empowered (queen, each rook, each bishop).
pub const SUPER_PIECE_VALUE: [i32; 3] = [60, 35, 30];

/// Super knights: the second knight move, per knight.
pub const SUPER_KNIGHT_VALUE: i32 = 35;

/// Untouchable pawns, per own pawn (they cannot be won).
pub const UNTOUCHABLE_PAWN_VALUE: i32 = 8;

/// Lead king: the holder may lose at once when checked (a handicap).
pub const LEAD_KING_VALUE: i32 = -50;

/// No retreat: the holder's pieces lose their backward moves (a handicap).
pub const NO_RETREAT_VALUE: i32 = -40;

/// The bonus for being the seat to move (a free decision, and the draw).
pub const TEMPO: i32 = 10;

/// Square bonuses from White's side (index = square, a1 = 0), so rank 1
/// is the first row. Knights and bishops want the centre, pawns want to
/// advance (the centre files first), rooks the seventh rank, the queen
/// stays central, the king stays home behind its pawns.
const PST: [[i8; 64]; 6] = [
    // Pawn
    [
        0, 0, 0, 0, 0, 0, 0, 0, //
        5, 10, 10, -20, -20, 10, 10, 5, //
        5, -5, -10, 0, 0, -10, -5, 5, //
        0, 0, 0, 20, 20, 0, 0, 0, //
        5, 5, 10, 25, 25, 10, 5, 5, //
        10, 10, 20, 30, 30, 20, 10, 10, //
        50, 50, 50, 50, 50, 50, 50, 50, //
        0, 0, 0, 0, 0, 0, 0, 0,
    ],
    // Knight
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
    // Bishop
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
    // Rook
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
    // Queen
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
    // King
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

/// The square-table entry for `piece` of `colour` on `sq` (Black's
/// squares mirrored vertically).
fn pst(piece: Piece, colour: Color, sq: Square) -> i32 {
    let index = match colour {
        Color::White => sq,
        Color::Black => sq ^ 56,
    };
    i32::from(PST[piece.index()][usize::from(index)])
}

/// Material and square terms of the board, from White's view.
#[must_use]
pub fn board_score(pos: &Position) -> i32 {
    let mut score = 0;
    for colour in Color::ALL {
        let sign = if colour == Color::White { 1 } else { -1 };
        for piece in Piece::ALL {
            for sq in Squares(pos.pieces_of(colour, piece)) {
                score += sign * (PIECE_VALUE[piece.index()] + pst(piece, colour, sq));
            }
        }
    }
    score
}

/// The card evaluator of card chess (see the module text for its terms).
#[derive(Clone, Copy, Debug, Default)]
pub struct CardChessEval;

impl EvaluatedGame for CardChess {
    type Evaluator = CardChessEval;
}

impl CardChessEval {
    /// The held special cards of `seat`, in centipawns.
    fn held_score(state: &CardChess, seat: usize) -> i32 {
        let deck = &state.options().deck;
        let own = state.colour_of(seat);
        let captured = state.captured(own);
        let mut score = 0;
        for (id, &count) in state.held(seat).iter().enumerate() {
            if count == 0 || id >= deck.entries().len() {
                continue;
            }
            let each = match deck.entries()[id].card {
                Card::Veto => VETO_VALUE,
                Card::Objective(_, prize) if captured[prize.index()] > 0 => {
                    PIECE_VALUE[prize.index()] * OBJECTIVE_SHARE_PERCENT / 100
                }
                Card::Objective(..) => IDLE_OBJECTIVE_VALUE,
                _ => 0,
            };
            score += each * i32::from(count);
        }
        score
    }

    /// The active effect's worth to its holder, in centipawns.
    fn effect_score(state: &CardChess, effect: Effect, holder: usize) -> i32 {
        let pos = state.position();
        let colour = state.colour_of(holder);
        let count = |piece: Piece| pos.count(colour, piece) as i32;
        match effect {
            Effect::SuperQueen => SUPER_PIECE_VALUE[0] * count(Piece::Queen),
            Effect::SuperRooks => SUPER_PIECE_VALUE[1] * count(Piece::Rook),
            Effect::SuperBishops => SUPER_PIECE_VALUE[2] * count(Piece::Bishop),
            Effect::SuperKnights => SUPER_KNIGHT_VALUE * count(Piece::Knight),
            Effect::UntouchablePawns => UNTOUCHABLE_PAWN_VALUE * count(Piece::Pawn),
            Effect::LeadKing => LEAD_KING_VALUE,
            Effect::NoRetreat => NO_RETREAT_VALUE,
            Effect::Harakiri => 0,
        }
    }
}

impl Evaluator<CardChess> for CardChessEval {
    fn evaluate(&self, state: &CardChess) -> i32 {
        let seat = state.seat();
        let rival = 1 - seat;
        let board = board_score(state.position());
        let mut score = match state.colour_of(seat) {
            Color::White => board,
            Color::Black => -board,
        };
        score += Self::held_score(state, seat) - Self::held_score(state, rival);
        if let Some((effect, holder)) = state.effect() {
            let value = Self::effect_score(state, effect, holder);
            score += if holder == seat { value } else { -value };
        }
        if matches!(state.turn(), Turn::Player(_)) {
            score += TEMPO;
        }
        score
    }

    fn is_noisy(&self, state: &CardChess, action: Action) -> bool {
        match action {
            Action::Move(mv) => {
                mv.promotion().is_some()
                    || mv.kind() == MoveKind::EnPassant
                    || (mv.kind() != MoveKind::Castle
                        && state.position().piece_at(mv.to()).is_some())
            }
            Action::Remove(_) | Action::Recover(..) => true,
            _ => false,
        }
    }

    fn action_value(&self, state: &CardChess, action: Action) -> i32 {
        let pos = state.position();
        match action {
            Action::Move(mv) => {
                let victim = match mv.kind() {
                    MoveKind::EnPassant => PIECE_VALUE[0],
                    MoveKind::Castle => 0,
                    _ => pos.piece_at(mv.to()).map_or(0, |p| PIECE_VALUE[p.index()]),
                };
                let attacker = pos.piece_at(mv.from()).map_or(0, |p| p.index() as i32);
                let promotion = mv.promotion().map_or(0, |p| PIECE_VALUE[p.index()]);
                let central = 3 - i32::from(centre_distance(mv.to()));
                10 * (victim + promotion) - attacker + central
            }
            Action::Remove(sq) => 10 * pos.piece_at(sq).map_or(0, |p| PIECE_VALUE[p.index()]),
            Action::Recover(piece, _) => 10 * PIECE_VALUE[piece.index()],
            _ => 0,
        }
    }
}

/// How far a square is from the four centre squares (0 on them, 3 in a corner).
fn centre_distance(sq: Square) -> u8 {
    let file = file_of(sq);
    let rank = rank_of(sq);
    let df = if file < 4 { 3 - file } else { file - 4 };
    let dr = if rank < 4 { 3 - rank } else { rank - 4 };
    df.max(dr)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Notation;
    use crate::games::cardchess::CardChessOptions;

    fn state(text: &str) -> CardChess {
        CardChess::parse_position(text, &CardChessOptions::default()).expect("position")
    }

    #[test]
    fn the_start_is_level_but_for_the_tempo() {
        let start = CardChess::new(&CardChessOptions::default());
        assert_eq!(CardChessEval.evaluate(&start), TEMPO);
    }

    #[test]
    fn material_counts_for_the_seat_to_move() {
        let up_a_queen = state("4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
        let down_a_queen = state("4k3/8/8/8/8/8/8/3QK3 b - - 0 1");
        assert!(CardChessEval.evaluate(&up_a_queen) > 800);
        assert!(CardChessEval.evaluate(&down_a_queen) < -800);
    }

    #[test]
    fn harakiri_swaps_whose_material_it_is() {
        let normal = state("4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
        let options = CardChessOptions::default();
        let swapped_text = "4k3/8/8/8/8/8/8/3QK3 b - - 0 1 | seat=0 white=1 effect=harakiri@0";
        let swapped = CardChess::parse_position(swapped_text, &options).expect("swapped");
        assert_eq!(swapped.seat(), 0);
        assert!(CardChessEval.evaluate(&normal) > 800);
        assert!(
            CardChessEval.evaluate(&swapped) < -800,
            "seat 0 now plays the bare king"
        );
    }

    #[test]
    fn held_cards_and_effects_count() {
        let text = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1";
        let base = state(text);
        let plain = CardChessEval.evaluate(&base);
        let options = CardChessOptions::default();
        let with_veto =
            CardChess::parse_position(&format!("{text} | held0=veto"), &options).expect("veto");
        assert_eq!(CardChessEval.evaluate(&with_veto), plain + VETO_VALUE);
        let rooks = format!("{text} | effect=super-rooks@0");
        let rooks = CardChess::parse_position(&rooks, &options).expect("effect");
        assert_eq!(CardChessEval.evaluate(&rooks), plain + SUPER_PIECE_VALUE[1]);
        let lead = format!("{text} | effect=lead-king@1");
        let lead = CardChess::parse_position(&lead, &options).expect("effect");
        assert_eq!(CardChessEval.evaluate(&lead), plain - LEAD_KING_VALUE);
    }

    #[test]
    fn captures_are_noisy_and_ordered_by_victim() {
        let s = state("4k3/8/8/3q4/8/2p5/1P6/4K3 w - - 0 1");
        let mut actions = Vec::new();
        s.legal_actions(&mut actions);
        let capture = s.parse_action("bxc3").expect("capture");
        let push = s.parse_action("b3").expect("push");
        assert!(CardChessEval.is_noisy(&s, capture));
        assert!(!CardChessEval.is_noisy(&s, push));
        assert!(CardChessEval.action_value(&s, capture) > CardChessEval.action_value(&s, push));
    }
}
