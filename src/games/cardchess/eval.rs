//! The static evaluation of card chess: the plain-chess evaluation of the
//! board ([`chess::eval`](super::chess::eval), the same for plain chess and
//! card chess), plus what the card layer adds — the special cards each seat
//! holds and the active temporary effect. Harakiri needs no term of its
//! own: the board is scored for the colour the seat to move *controls*
//! ([`CardChess::colour_of`]), so a colour swap swaps the score.
//!
//! All values are centipawns from the view of the seat to move.

use crate::game::{Game, Turn};
use crate::knowledge::{EvaluatedGame, Evaluator, NoisyActions};

use super::action::Action;
use super::chess::eval::{centre_distance, evaluate, exchange, ChessWeights};
use super::chess::{Color, MoveKind, Piece};
use super::deck::{Card, Effect};
use super::state::{CardChess, Phase};

/// Material per piece type (pawn, knight, bishop, rook, queen, king), for
/// objectives' prizes, capture ordering and exchanges (the board's own
/// evaluation has tapered values of its own).
pub const PIECE_VALUE: [i32; 6] = [100, 320, 330, 500, 900, 0];

/// A king's worth in a static exchange: more than everything else, so
/// that a capture answered by a king capture never looks good.
const EXCHANGE_KING: i32 = 20_000;

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
        let weights = &ChessWeights::DEFAULT;
        let board = evaluate(state.position(), weights);
        let mut score = match state.colour_of(seat) {
            Color::White => board,
            Color::Black => -board,
        };
        if state.options().cards {
            score += Self::held_score(state, seat) - Self::held_score(state, rival);
            if let Some((effect, holder)) = state.effect() {
                let value = Self::effect_score(state, effect, holder);
                score += if holder == seat { value } else { -value };
            }
        }
        if matches!(state.turn(), Turn::Player(_)) {
            score += weights.tempo;
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

    /// In plain chess, the captures and promotions straight from the move
    /// generator; with cards, the searcher filters the full list.
    fn noisy_actions(&self, state: &CardChess, out: &mut Vec<Action>) -> NoisyActions {
        match state.plain_noisy_actions(out) {
            Some(quiet) => NoisyActions::Generated { quiet },
            None => NoisyActions::Unsupported,
        }
    }

    fn capture_gain(&self, state: &CardChess, action: Action) -> Option<i32> {
        let Action::Move(mv) = action else {
            return None;
        };
        let victim = match mv.kind() {
            MoveKind::EnPassant => PIECE_VALUE[0],
            MoveKind::Castle => 0,
            _ => state
                .position()
                .piece_at(mv.to())
                .map_or(0, |p| PIECE_VALUE[p.index()]),
        };
        let promotion = mv
            .promotion()
            .map_or(0, |p| PIECE_VALUE[p.index()] - PIECE_VALUE[0]);
        Some(victim + promotion)
    }

    fn exchange_value(&self, state: &CardChess, action: Action) -> Option<i32> {
        let Action::Move(mv) = action else {
            return None;
        };
        let mut values = PIECE_VALUE;
        values[Piece::King.index()] = EXCHANGE_KING;
        Some(exchange(state.position(), mv, &values))
    }

    fn in_check(&self, state: &CardChess) -> bool {
        state
            .position()
            .king_attacked(state.colour_of(state.seat()))
    }

    fn null_move(&self, state: &CardChess) -> Option<CardChess> {
        let pos = state.position();
        let colour = state.colour_of(state.seat());
        let pieces = pos.color(colour) & !pos.pieces(Piece::Pawn) & !pos.pieces(Piece::King);
        let plain = !state.options().cards && state.phase() == Phase::Start;
        (plain && pieces != 0 && !pos.king_attacked(colour)).then(|| passed(state))
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
                let central = 3 - centre_distance(mv.to());
                10 * (victim + promotion) - attacker + central
            }
            Action::Remove(sq) => 10 * pos.piece_at(sq).map_or(0, |p| PIECE_VALUE[p.index()]),
            Action::Recover(piece, _) => 10 * PIECE_VALUE[piece.index()],
            _ => 0,
        }
    }
}

/// `state` (plain chess, at a turn's start) with the turn handed to the
/// rival without a move: the null move of the search.
fn passed(state: &CardChess) -> CardChess {
    let mut child = state.clone();
    let rival = 1 - child.seat;
    child.pos.set_side(child.colour_of(rival));
    child.seat = rival;
    child.last = None;
    child.pending_last = None;
    child
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
        assert_eq!(CardChessEval.evaluate(&start), ChessWeights::DEFAULT.tempo);
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
    fn a_null_move_passes_the_turn_only_when_sound() {
        let plain = CardChessOptions {
            cards: false,
            ..CardChessOptions::default()
        };
        let open = CardChess::parse_position("4k3/8/8/8/8/8/4P3/3NK3 w - - 0 1", &plain)
            .expect("position");
        let passed = CardChessEval.null_move(&open).expect("a knight: sound");
        assert_eq!(passed.seat(), 1);
        assert_eq!(passed.position().side(), Color::Black);
        assert_ne!(passed.hash(), open.hash());
        let pawns_only =
            CardChess::parse_position("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", &plain).expect("position");
        assert!(CardChessEval.null_move(&pawns_only).is_none());
        let in_check = CardChess::parse_position("4k3/8/8/8/8/8/3Nr3/4K3 w - - 0 1", &plain)
            .expect("position");
        assert!(CardChessEval.in_check(&in_check));
        assert!(CardChessEval.null_move(&in_check).is_none());
        let with_cards = state("4k3/8/8/8/8/8/4P3/3NK3 w - - 0 1");
        assert!(CardChessEval.null_move(&with_cards).is_none());
    }

    #[test]
    fn losing_captures_have_a_negative_exchange() {
        let s = state("4k3/8/2p5/3p4/8/8/3Q4/4K3 w - - 0 1");
        let queen_takes = s.parse_action("Qxd5").expect("capture");
        assert_eq!(
            CardChessEval.exchange_value(&s, queen_takes),
            Some(100 - 900)
        );
        assert_eq!(CardChessEval.capture_gain(&s, queen_takes), Some(100));
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
