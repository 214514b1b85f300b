//! The static evaluation of card chess: the plain-chess evaluation of the
//! board ([`chess::eval`](super::chess::eval), the same for plain chess and
//! card chess), plus what the card layer adds — the special cards each seat
//! holds and the active temporary effect. Harakiri needs no term of its
//! own: the board is scored for the colour the seat to move *controls*
//! ([`CardChess::colour_of`]), so a colour swap swaps the score.
//!
//! All values are centipawns from the view of the seat to move. The
//! weights are [`CardChessWeights`]; an engine profile's `[parameters.eval]`
//! table sets them by name (the board's in `[parameters.eval.chess]`, by
//! the names of [`ChessWeights`]; a middlegame/endgame pair as
//! `{ mg = …, eg = … }`).
//!
//! With the trained network set (`eval = "network"`, [`super::network`])
//! the network evaluates plain chess instead (a residual network adds its
//! output, a correction, to the evaluation above). It reads the board
//! alone, so it is for plain chess only: a profile with
//! `eval = "network"` must say `options = ["cards=off"]`, and so must the
//! tournament or server it plays in ([`EvaluatedGame::network_reads`]
//! refuses it otherwise); a position with cards met all the same (the
//! rules changed mid-session, UGI's `setoption`) is evaluated without the
//! network.

use std::sync::{Arc, Once};

use serde::Deserialize;

use crate::game::{Game, Turn};
use crate::knowledge::network::{IncrementalEval, Network, NetworkError};
use crate::knowledge::{read_weights, EvalScratch, EvaluatedGame, Evaluator, NoisyActions};

use super::action::Action;
use super::chess::eval::{centre_distance, evaluate, exchange, ChessWeights};
use super::chess::{Color, MoveKind, Piece};
use super::deck::{Card, Effect};
use super::options::CardChessOptions;
use super::state::{CardChess, Phase};

/// Material per piece type (pawn, knight, bishop, rook, queen, king), for
/// objectives' prizes, capture ordering and exchanges (the board's own
/// evaluation has tapered values of its own).
pub const PIECE_VALUE: [i32; 6] = [100, 320, 330, 500, 900, 0];

/// A king's worth in a static exchange: more than everything else, so
/// that a capture answered by a king capture never looks good.
const EXCHANGE_KING: i32 = 20_000;

/// The card layer's weights and the board's, each named for what it
/// rewards (a profile's `[parameters.eval]` uses the same names, the
/// board's in `[parameters.eval.chess]`; the ones it leaves out keep these
/// defaults). Temporary effects are valued per piece they empower, for
/// their holder.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct CardChessWeights {
    /// A held veto: it can undo the rival's best move once.
    pub veto: i32,
    /// A held objective is worth this share (in percent) of its prize
    /// piece when the prize can be paid (the piece was captured), since
    /// objectives are often met only later or never.
    pub objective_share_percent: i32,
    /// A held objective whose prize piece has not been captured: nearly
    /// worthless, but a capture may still make it pay.
    pub idle_objective: i32,
    /// Super queen: the queen's extra knight jumps.
    pub super_queen: i32,
    /// Super rooks: the extra knight jumps, per rook.
    pub super_rooks: i32,
    /// Super bishops: the extra knight jumps, per bishop.
    pub super_bishops: i32,
    /// Super knights: the second knight move, per knight.
    pub super_knights: i32,
    /// Untouchable pawns, per own pawn (they cannot be won).
    pub untouchable_pawns: i32,
    /// Lead king: the holder may lose at once when checked (a handicap).
    pub lead_king: i32,
    /// No retreat: the holder's pieces lose their backward moves (a handicap).
    pub no_retreat: i32,
    /// The plain-chess evaluation of the board (a profile's
    /// `[parameters.eval.chess]`, read on its own).
    #[serde(skip)]
    pub chess: ChessWeights,
}

impl CardChessWeights {
    /// The standard weights.
    pub const DEFAULT: CardChessWeights = CardChessWeights {
        veto: 60,
        objective_share_percent: 30,
        idle_objective: 10,
        super_queen: 60,
        super_rooks: 35,
        super_bishops: 30,
        super_knights: 35,
        untouchable_pawns: 8,
        lead_king: -50,
        no_retreat: -40,
        chess: ChessWeights::DEFAULT,
    };
}

impl Default for CardChessWeights {
    fn default() -> Self {
        Self::DEFAULT
    }
}

/// The card evaluator of card chess (see the module text for its terms).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CardChessEval {
    /// Its weights.
    pub weights: CardChessWeights,
    /// The trained network it evaluates plain chess with, when set (a
    /// profile's `eval = "network"`); the weights then still order and
    /// prune moves, and a residual network adds its output to their
    /// evaluation.
    pub network: Option<Arc<Network>>,
}

impl CardChessEval {
    /// The evaluator with the standard weights.
    pub const DEFAULT: CardChessEval = CardChessEval {
        weights: CardChessWeights::DEFAULT,
        network: None,
    };

    /// The network to evaluate `state` with: the one set, in plain chess.
    /// A position with cards is evaluated without it (the network does not
    /// see the cards), which is said once on the log.
    fn network_for(&self, state: &CardChess) -> Option<&Network> {
        let network = self.network.as_deref()?;
        if state.options().cards {
            static SAID: Once = Once::new();
            SAID.call_once(|| {
                tracing::warn!(
                    "the chess network reads the board alone: card chess with cards \
                     is evaluated without it"
                );
            });
            return None;
        }
        Some(network)
    }
}

impl EvaluatedGame for CardChess {
    type Evaluator = CardChessEval;

    /// The card layer's weights from the table, the board's from its
    /// `chess` table (read on their own, so that an error names the
    /// board's weight: `chess.material: …`).
    fn weighted_evaluator(mut weights: toml::Table) -> Result<CardChessEval, String> {
        let chess = match weights.remove("chess") {
            None => toml::Table::new(),
            Some(toml::Value::Table(chess)) => chess,
            Some(other) => {
                return Err(format!(
                    "chess: the board's weights are a table, not {}",
                    other.type_str()
                ))
            }
        };
        let mut weights: CardChessWeights = read_weights(weights)?;
        weights.chess =
            read_weights(chess.clone()).map_err(|error| in_chess_table(&chess, &error))?;
        weights.chess.check_baselines("chess.")?;
        Ok(CardChessEval {
            weights,
            network: None,
        })
    }

    fn with_network(evaluator: CardChessEval) -> Result<CardChessEval, NetworkError> {
        Ok(CardChessEval {
            network: Some(super::network::built_in()?),
            ..evaluator
        })
    }

    /// Plain chess only: the network reads the board, not the cards.
    fn network_reads(options: &CardChessOptions) -> Result<(), NetworkError> {
        if options.cards {
            return Err(NetworkError::Rules(
                "the chess network reads the board alone and plays plain chess only: \
                 set options = [\"cards=off\"] (card chess with cards plays \
                 eval = \"classic\")"
                    .into(),
            ));
        }
        Ok(())
    }
}

/// `error`, about the board's weights table `chess`, as the profile names
/// it: `chess.tempo: …` when it names a weight, else `chess: …`.
fn in_chess_table(chess: &toml::Table, error: &str) -> String {
    let names_a_weight = chess.keys().any(|key| {
        error
            .strip_prefix(key.as_str())
            .is_some_and(|rest| rest.starts_with(':') || rest.starts_with('.'))
    });
    if names_a_weight {
        format!("chess.{error}")
    } else {
        format!("chess: {error}")
    }
}

impl CardChessEval {
    /// The held special cards of `seat`, in centipawns.
    fn held_score(&self, state: &CardChess, seat: usize) -> i32 {
        let deck = &state.options().deck;
        let w = &self.weights;
        let own = state.colour_of(seat);
        let captured = state.captured(own);
        let mut score = 0;
        for (id, &count) in state.held(seat).iter().enumerate() {
            if count == 0 || id >= deck.entries().len() {
                continue;
            }
            let each = match deck.entries()[id].card {
                Card::Veto => w.veto,
                Card::Objective(_, prize) if captured[prize.index()] > 0 => {
                    PIECE_VALUE[prize.index()] * w.objective_share_percent / 100
                }
                Card::Objective(..) => w.idle_objective,
                _ => 0,
            };
            score += each * i32::from(count);
        }
        score
    }

    /// The active effect's worth to its holder, in centipawns.
    fn effect_score(&self, state: &CardChess, effect: Effect, holder: usize) -> i32 {
        let w = &self.weights;
        let pos = state.position();
        let colour = state.colour_of(holder);
        let count = |piece: Piece| pos.count(colour, piece) as i32;
        match effect {
            Effect::SuperQueen => w.super_queen * count(Piece::Queen),
            Effect::SuperRooks => w.super_rooks * count(Piece::Rook),
            Effect::SuperBishops => w.super_bishops * count(Piece::Bishop),
            Effect::SuperKnights => w.super_knights * count(Piece::Knight),
            Effect::UntouchablePawns => w.untouchable_pawns * count(Piece::Pawn),
            Effect::LeadKing => w.lead_king,
            Effect::NoRetreat => w.no_retreat,
            Effect::Harakiri => 0,
        }
    }
}

impl CardChessEval {
    /// The hand-written evaluation: the board's, the cards' and the tempo.
    fn classic(&self, state: &CardChess) -> i32 {
        let seat = state.seat();
        let rival = 1 - seat;
        let weights = &self.weights.chess;
        let board = evaluate(state.position(), weights);
        let mut score = match state.colour_of(seat) {
            Color::White => board,
            Color::Black => -board,
        };
        if state.options().cards {
            score += self.held_score(state, seat) - self.held_score(state, rival);
            if let Some((effect, holder)) = state.effect() {
                let value = self.effect_score(state, effect, holder);
                score += if holder == seat { value } else { -value };
            }
        }
        if matches!(state.turn(), Turn::Player(_)) {
            score += weights.tempo;
        }
        score
    }
}

impl Evaluator<CardChess> for CardChessEval {
    fn evaluate(&self, state: &CardChess) -> i32 {
        IncrementalEval::fresh_evaluation(self.network_for(state), state, || self.classic(state))
    }

    /// The network's accumulators kept per ply in `scratch`; the classic
    /// evaluation otherwise.
    fn evaluate_at(&self, state: &CardChess, ply: usize, scratch: &mut EvalScratch) -> i32 {
        let network = self.network_for(state);
        IncrementalEval::evaluation_at(network, state, ply, scratch, || self.classic(state))
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

    /// At a turn's start under the plain move rules (plain chess, and card
    /// chess with no effect on the mover), the captures and promotions
    /// straight from the move generator; elsewhere (a card being carried
    /// out, a super-power, a prize) the searcher filters the full list.
    fn noisy_actions(&self, state: &CardChess, out: &mut Vec<Action>) -> NoisyActions {
        match state.start_noisy_actions(out) {
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
    use crate::games::cardchess::chess::eval::Taper;
    use crate::games::cardchess::CardChessOptions;

    fn state(text: &str) -> CardChess {
        CardChess::parse_position(text, &CardChessOptions::default()).expect("position")
    }

    #[test]
    fn the_start_is_level_but_for_the_tempo() {
        let start = CardChess::new(&CardChessOptions::default());
        assert_eq!(
            CardChessEval::DEFAULT.evaluate(&start),
            ChessWeights::DEFAULT.tempo
        );
    }

    #[test]
    fn material_counts_for_the_seat_to_move() {
        let up_a_queen = state("4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
        let down_a_queen = state("4k3/8/8/8/8/8/8/3QK3 b - - 0 1");
        assert!(CardChessEval::DEFAULT.evaluate(&up_a_queen) > 800);
        assert!(CardChessEval::DEFAULT.evaluate(&down_a_queen) < -800);
    }

    #[test]
    fn harakiri_swaps_whose_material_it_is() {
        let normal = state("4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
        let options = CardChessOptions::default();
        let swapped_text = "4k3/8/8/8/8/8/8/3QK3 b - - 0 1 | seat=0 white=1 effect=harakiri@0";
        let swapped = CardChess::parse_position(swapped_text, &options).expect("swapped");
        assert_eq!(swapped.seat(), 0);
        assert!(CardChessEval::DEFAULT.evaluate(&normal) > 800);
        assert!(
            CardChessEval::DEFAULT.evaluate(&swapped) < -800,
            "seat 0 now plays the bare king"
        );
    }

    #[test]
    fn held_cards_and_effects_count() {
        let text = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1";
        let base = state(text);
        let plain = CardChessEval::DEFAULT.evaluate(&base);
        let options = CardChessOptions::default();
        let with_veto =
            CardChess::parse_position(&format!("{text} | held0=veto"), &options).expect("veto");
        assert_eq!(
            CardChessEval::DEFAULT.evaluate(&with_veto),
            plain + CardChessWeights::DEFAULT.veto
        );
        let rooks = format!("{text} | effect=super-rooks@0");
        let rooks = CardChess::parse_position(&rooks, &options).expect("effect");
        assert_eq!(
            CardChessEval::DEFAULT.evaluate(&rooks),
            plain + CardChessWeights::DEFAULT.super_rooks
        );
        let lead = format!("{text} | effect=lead-king@1");
        let lead = CardChess::parse_position(&lead, &options).expect("effect");
        assert_eq!(
            CardChessEval::DEFAULT.evaluate(&lead),
            plain - CardChessWeights::DEFAULT.lead_king
        );
    }

    #[test]
    fn a_profile_sets_weights_by_name() {
        let table = |text: &str| text.parse::<toml::Table>().unwrap();
        assert_eq!(
            CardChess::weighted_evaluator(toml::Table::new()).unwrap(),
            CardChessEval::DEFAULT,
            "an empty table keeps every default"
        );
        let weights = "veto = 90
lead_king = -80
[chess]
tempo = 15
bishop_pair = { mg = 40, eg = 45 }
";
        let eval = CardChess::weighted_evaluator(table(&format!(
            "{weights}material = [{{ mg = 95, eg = 105 }}]\n"
        )))
        .unwrap_err();
        assert!(
            eval.starts_with("chess.material: "),
            "five pieces, not one: {eval}"
        );
        let eval = CardChess::weighted_evaluator(table(weights)).unwrap();
        let w = &eval.weights;
        assert_eq!((w.veto, w.lead_king), (90, -80));
        assert_eq!(w.super_queen, CardChessWeights::DEFAULT.super_queen);
        assert_eq!(w.chess.tempo, 15);
        assert_eq!(w.chess.bishop_pair, Taper::new(40, 45));
        assert_eq!(w.chess.material, ChessWeights::DEFAULT.material);
        let start = CardChess::new(&CardChessOptions::default());
        assert_eq!(eval.evaluate(&start), 15, "the start is worth the tempo");
        for (text, needle) in [
            ("vetoo = 3", "vetoo"),
            ("veto = 10001", "veto: 10001 is out of range"),
            (
                "[chess]
tempo = -20000",
                "chess.tempo: -20000 is out of range",
            ),
            (
                "[chess]
material = [{ mg = 1, eg = 2 }, { mg = 1, eg = 99999 }]",
                "chess.material.1.eg: 99999 is out of range",
            ),
            (
                "[chess]
bishop_pair = { mg = 40 }",
                "eg",
            ),
            (
                "[chess]
bishop_pair = { mg = 40, eg = 1, xg = 2 }",
                "xg",
            ),
            (
                "[chess]
mobility_baseline = [1, 2]",
                "mobility_baseline",
            ),
            (
                "[chess]
queen_erly = 1",
                "queen_erly",
            ),
            ("super_rooks = \"many\"", "super_rooks"),
        ] {
            let error = CardChess::weighted_evaluator(table(text)).unwrap_err();
            assert!(error.contains(needle), "{text}: {error}");
            assert!(!error.contains('\n'), "one line: {error}");
        }
    }

    #[test]
    fn extreme_weights_evaluate_without_overflow() {
        let positions = [
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 1 | held0=veto effect=super-queen@0",
            "4k3/8/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 | effect=untouchable-pawns@1",
            "4k3/1P6/8/8/8/2B5/8/2B1K3 b - - 0 1",
            "7k/6pp/8/8/8/8/QQQQ4/QQQQK3 w - - 0 1",
        ];
        for x in [10_000, -10_000] {
            let t = Taper::new(x, x);
            let chess = ChessWeights {
                material: [t; 5],
                bishop_pair: t,
                mobility: [t; 4],
                mobility_baseline: [if x > 0 { 27 } else { 0 }; 4],
                passed: [t; 8],
                passed_free: [t; 8],
                passed_enemy_king: x,
                passed_own_king: x,
                unstoppable: x,
                isolated: t,
                doubled: t,
                backward: t,
                rook_open_file: t,
                rook_half_open_file: t,
                rook_seventh: t,
                shield_near: x,
                shield_far: x,
                king_open_file: x,
                king_attack_units: [x; 4],
                king_danger_divisor: 1,
                king_danger_cap: x,
                queen_early: x,
                mop_up_edge: x,
                mop_up_king: x,
                opposite_bishops_scale: x,
                minor_up_scale: x,
                tempo: x,
            };
            let eval = CardChessEval {
                weights: CardChessWeights {
                    veto: x,
                    objective_share_percent: x,
                    idle_objective: x,
                    super_queen: x,
                    super_rooks: x,
                    super_bishops: x,
                    super_knights: x,
                    untouchable_pawns: x,
                    lead_king: x,
                    no_retreat: x,
                    chess,
                },
                network: None,
            };
            for text in positions {
                let score = eval.evaluate(&state(text));
                assert!(score.unsigned_abs() < 1 << 30, "{x}: {text}: {score}");
            }
        }
    }

    #[test]
    fn a_null_move_passes_the_turn_only_when_sound() {
        let plain = CardChessOptions {
            cards: false,
            ..CardChessOptions::default()
        };
        let open = CardChess::parse_position("4k3/8/8/8/8/8/4P3/3NK3 w - - 0 1", &plain)
            .expect("position");
        let passed = CardChessEval::DEFAULT
            .null_move(&open)
            .expect("a knight: sound");
        assert_eq!(passed.seat(), 1);
        assert_eq!(passed.position().side(), Color::Black);
        assert_ne!(passed.hash(), open.hash());
        let pawns_only =
            CardChess::parse_position("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", &plain).expect("position");
        assert!(CardChessEval::DEFAULT.null_move(&pawns_only).is_none());
        let in_check = CardChess::parse_position("4k3/8/8/8/8/8/3Nr3/4K3 w - - 0 1", &plain)
            .expect("position");
        assert!(CardChessEval::DEFAULT.in_check(&in_check));
        assert!(CardChessEval::DEFAULT.null_move(&in_check).is_none());
        let with_cards = state("4k3/8/8/8/8/8/4P3/3NK3 w - - 0 1");
        assert!(CardChessEval::DEFAULT.null_move(&with_cards).is_none());
    }

    #[test]
    fn losing_captures_have_a_negative_exchange() {
        let s = state("4k3/8/2p5/3p4/8/8/3Q4/4K3 w - - 0 1");
        let queen_takes = s.parse_action("Qxd5").expect("capture");
        assert_eq!(
            CardChessEval::DEFAULT.exchange_value(&s, queen_takes),
            Some(100 - 900)
        );
        assert_eq!(
            CardChessEval::DEFAULT.capture_gain(&s, queen_takes),
            Some(100)
        );
    }

    #[test]
    fn captures_are_noisy_and_ordered_by_victim() {
        let s = state("4k3/8/8/3q4/8/2p5/1P6/4K3 w - - 0 1");
        let mut actions = Vec::new();
        s.legal_actions(&mut actions);
        let capture = s.parse_action("bxc3").expect("capture");
        let push = s.parse_action("b3").expect("push");
        assert!(CardChessEval::DEFAULT.is_noisy(&s, capture));
        assert!(!CardChessEval::DEFAULT.is_noisy(&s, push));
        assert!(
            CardChessEval::DEFAULT.action_value(&s, capture)
                > CardChessEval::DEFAULT.action_value(&s, push)
        );
    }
}
