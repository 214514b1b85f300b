//! The static evaluation of a C'escacs position for the alpha-beta searcher:
//! material at the author's values, mobility, pawn advance and promotion
//! threats, and king safety. Scores are in centipawns (a pawn = 100) from
//! the side to move's view. The weights are [`Weights`]; an engine
//! profile's `[parameters.eval]` table sets them by name (see
//! [`Weights`]' fields; material per man: `[parameters.eval.material]`
//! with `queen`, `wyvern`, `rook`, `pegasus`, `knight`, `bishop`,
//! `elephant`, `pawn`). With a trained network set (`eval = "network"`,
//! [`super::network`]) the network evaluates instead.

use std::sync::Arc;

use serde::Deserialize;

use super::board::{forward, Board};
use super::geometry::{step, Hex, DIAG_DIRS, KNIGHT_DIRS, NONE, ORTHO_DIRS, TABLES};
use super::movegen;
use super::moves::{Move, MoveKind};
use super::piece::{color_of, kind_of, Color, Kind, EMPTY};
use super::Cescacs;
use crate::knowledge::network::{IncrementalEval, Network, NetworkError};
use crate::knowledge::{
    read_weights, EvalScratch, EvaluatedGame, Evaluator, NoisyActions, SearchHints,
};

/// The evaluation's weights, each named for what it rewards (a profile's
/// `[parameters.eval]` uses the same names; the ones it leaves out keep
/// these defaults).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Weights {
    /// Value of each kind, indexed by `Kind as usize` (0 and the King unused):
    /// the author's relative values P 1, E 2, J 3, N 4, G 8, R 10, V 15,
    /// D 16 (rules §3), times 100. A profile names them
    /// (`[parameters.eval.material]`, see [`MaterialByName`]).
    #[serde(deserialize_with = "material_by_name")]
    pub material: [i32; 10],
    /// Bonus for still owning all three bishops, one per hex colour (the
    /// author's "+1 for the three bishops").
    pub bishop_trio: i32,
    /// Per hex a piece can move to or capture on (empty or enemy), for the
    /// Queen, Wyvern, Rook, Pegasus, Bishop and Knight (jumps only): free
    /// pieces matter more on an open 169-hex board.
    pub mobility: i32,
    /// Bonus of a pawn by its distance to the promotion edge in straight
    /// steps (index = distance; distances past the table score 0). Pawns start
    /// 9–10 steps away, so the bonus grows only once a pawn is well advanced.
    pub pawn_advance: [i32; 8],
    /// Extra for a pawn one or two steps from promotion whose next hex is
    /// empty: a double step from anywhere makes both immediate threats.
    pub promotion_threat: i32,
    /// Per own man on the twelve hexes around the King (a shelter).
    pub king_shelter: i32,
    /// King tropism: per enemy Queen, Wyvern, Rook, Pegasus or Knight within
    /// three hexes of the King, times `4 − distance` (a cheap stand-in for
    /// counting attacks on the King's zone, which costs more than the rest
    /// of the evaluation together).
    pub king_tropism: i32,
    /// The side to move's initiative.
    pub tempo: i32,
}

impl Default for Weights {
    fn default() -> Self {
        Self {
            material: [0, 0, 1600, 1500, 1000, 800, 400, 300, 200, 100],
            bishop_trio: 100,
            mobility: 3,
            pawn_advance: [0, 120, 70, 40, 20, 10, 5, 0],
            promotion_threat: 40,
            king_shelter: 10,
            king_tropism: 12,
            tempo: 10,
        }
    }
}

/// The material values as a profile names them, by man (those left out
/// keep their defaults).
#[derive(Deserialize)]
#[serde(default, deny_unknown_fields)]
struct MaterialByName {
    queen: i32,
    wyvern: i32,
    rook: i32,
    pegasus: i32,
    knight: i32,
    bishop: i32,
    elephant: i32,
    pawn: i32,
}

impl Default for MaterialByName {
    fn default() -> Self {
        let value = |kind: Kind| Weights::default().material[kind as usize];
        Self {
            queen: value(Kind::Queen),
            wyvern: value(Kind::Wyvern),
            rook: value(Kind::Rook),
            pegasus: value(Kind::Pegasus),
            knight: value(Kind::Knight),
            bishop: value(Kind::Bishop),
            elephant: value(Kind::Elephant),
            pawn: value(Kind::Pawn),
        }
    }
}

/// Reads `[parameters.eval.material]` into the table indexed by kind.
fn material_by_name<'de, D: serde::Deserializer<'de>>(reader: D) -> Result<[i32; 10], D::Error> {
    let named = MaterialByName::deserialize(reader)?;
    let values = [
        named.queen,
        named.wyvern,
        named.rook,
        named.pegasus,
        named.knight,
        named.bishop,
        named.elephant,
        named.pawn,
    ];
    let mut material = [0; 10];
    // Every kind but the King, in cell-code order: the fields' order.
    for (&kind, value) in Kind::ALL[1..].iter().zip(values) {
        material[kind as usize] = value;
    }
    Ok(material)
}

/// The C'escacs evaluator.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CescacsEval {
    /// Its weights.
    pub weights: Weights,
    /// The trained network it evaluates with instead, when set (a
    /// profile's `eval = "network"`); the other terms then only order and
    /// prune moves.
    pub network: Option<Arc<Network>>,
}

/// The axial coordinates `(q, r)` of `h` (rules §1.3).
fn axial(h: Hex) -> (i32, i32) {
    let q = i32::from(TABLES.column[h as usize]) - 7;
    (q, (i32::from(TABLES.line[h as usize]) - q - 14) / 2)
}

/// Hexes between `a` and `b` counting edge steps.
fn hex_distance(a: Hex, b: Hex) -> i32 {
    let ((qa, ra), (qb, rb)) = (axial(a), axial(b));
    let (dq, dr) = (qa - qb, ra - rb);
    dq.abs().max(dr.abs()).max((dq + dr).abs())
}

/// Straight steps from `h` to `color`'s promotion edge.
fn promotion_distance(h: Hex, color: Color) -> usize {
    let (q, r) = axial(h);
    let distance = match color {
        Color::White => 7 - r - q.max(0),
        Color::Black => 7 + q + r - q.max(0),
    };
    distance.max(0) as usize
}

impl CescacsEval {
    /// The hand-written evaluation from the side to move's view.
    fn classic(&self, state: &Cescacs) -> i32 {
        let board = state.board();
        let white = self.white_score(board);
        let relative = if board.side() == Color::White {
            white
        } else {
            -white
        };
        relative + self.weights.tempo
    }

    fn value(&self, kind: Kind) -> i32 {
        self.weights.material[kind as usize]
    }

    /// Hexes a man of `kind` on `h` reaches: slides and jumps onto empty or
    /// enemy hexes.
    fn mobility(board: &Board, h: Hex, kind: Kind, color: Color) -> i32 {
        let (ortho, diagonal, jumps) = match kind {
            Kind::Queen => (true, true, false),
            Kind::Wyvern => (true, false, true),
            Kind::Rook => (true, false, false),
            Kind::Pegasus => (false, true, true),
            Kind::Bishop => (false, true, false),
            Kind::Knight => (false, false, true),
            _ => return 0,
        };
        let free = |to: Hex| {
            let cell = board.at(to);
            cell == EMPTY || color_of(cell) != color
        };
        let mut count = 0;
        let mut slide = |dirs: std::ops::Range<usize>| {
            for d in dirs {
                let mut at = step(d, h);
                while at != NONE {
                    if board.at(at) == EMPTY {
                        count += 1;
                    } else {
                        count += i32::from(free(at));
                        break;
                    }
                    at = step(d, at);
                }
            }
        };
        if ortho {
            slide(ORTHO_DIRS);
        }
        if diagonal {
            slide(DIAG_DIRS);
        }
        if jumps {
            count += KNIGHT_DIRS
                .map(|d| step(d, h))
                .filter(|&to| to != NONE && free(to))
                .count() as i32;
        }
        count
    }

    fn king_safety(&self, board: &Board, color: Color) -> i32 {
        let king = board.king(color);
        if king == NONE {
            return 0;
        }
        let shelter = ORTHO_DIRS
            .chain(DIAG_DIRS)
            .map(|d| step(d, king))
            .filter(|&at| at != NONE && board.at(at) != EMPTY && color_of(board.at(at)) == color)
            .count() as i32;
        let tropism: i32 = board
            .men(color.other())
            .iter()
            .filter(|&h| {
                matches!(
                    kind_of(board.at(h)),
                    Kind::Queen | Kind::Wyvern | Kind::Rook | Kind::Pegasus | Kind::Knight
                )
            })
            .map(|h| (4 - hex_distance(h, king)).max(0))
            .sum();
        shelter * self.weights.king_shelter - tropism * self.weights.king_tropism
    }

    /// The evaluation of `board` for White.
    fn white_score(&self, board: &Board) -> i32 {
        let mut score = [0i32; 2];
        for color in [Color::White, Color::Black] {
            let side = color.index();
            let mut bishops = 0;
            for h in board.men(color).iter() {
                let kind = kind_of(board.at(h));
                score[side] += self.value(kind);
                match kind {
                    Kind::Bishop => bishops += 1,
                    Kind::Pawn => score[side] += self.pawn(board, h, color),
                    _ => {}
                }
                score[side] += self.weights.mobility * Self::mobility(board, h, kind, color);
            }
            if bishops >= 3 {
                score[side] += self.weights.bishop_trio;
            }
        }
        for color in [Color::White, Color::Black] {
            score[color.index()] += self.king_safety(board, color);
        }
        score[0] - score[1]
    }

    /// Material an action wins: the victim, plus the promoted man less the pawn.
    fn material_gain(&self, state: &Cescacs, action: Move) -> i32 {
        let board = state.board();
        let victim = match action.kind() {
            MoveKind::EnPassant => self.value(Kind::Pawn),
            MoveKind::Castle => 0,
            _ => match board.at(action.to()) {
                EMPTY => 0,
                cell => self.value(kind_of(cell)),
            },
        };
        let promotion = action
            .promotion()
            .map_or(0, |kind| self.value(kind) - self.value(Kind::Pawn));
        victim + promotion
    }

    fn pawn(&self, board: &Board, h: Hex, color: Color) -> i32 {
        let distance = promotion_distance(h, color);
        let mut bonus = self
            .weights
            .pawn_advance
            .get(distance)
            .copied()
            .unwrap_or(0);
        if (1..=2).contains(&distance) {
            let next = step(forward(color), h);
            if next != NONE && board.at(next) == EMPTY {
                bonus += self.weights.promotion_threat;
            }
        }
        bonus
    }
}

impl EvaluatedGame for Cescacs {
    type Evaluator = CescacsEval;

    fn weighted_evaluator(weights: toml::Table) -> Result<CescacsEval, String> {
        Ok(CescacsEval {
            weights: read_weights(weights)?,
            network: None,
        })
    }

    fn with_network(evaluator: CescacsEval) -> Result<CescacsEval, NetworkError> {
        Ok(CescacsEval {
            network: Some(super::network::built_in()?),
            ..evaluator
        })
    }

    /// Late-move reductions sound: with 27 men a side zugzwang is rare, and
    /// the reductions cut the depth-5 tree about eightfold.
    fn search_hints() -> SearchHints {
        SearchHints {
            late_move_reductions: true,
            ..SearchHints::default()
        }
    }
}

impl Evaluator<Cescacs> for CescacsEval {
    fn evaluate(&self, state: &Cescacs) -> i32 {
        let network = self.network.as_deref();
        IncrementalEval::fresh_evaluation(network, state, || self.classic(state))
    }

    /// The network's accumulators kept per ply in `scratch`; the classic
    /// evaluation otherwise.
    fn evaluate_at(&self, state: &Cescacs, ply: usize, scratch: &mut EvalScratch) -> i32 {
        let network = self.network.as_deref();
        IncrementalEval::evaluation_at(network, state, ply, scratch, || self.classic(state))
    }

    /// Captures (en passant included) and promotions.
    fn is_noisy(&self, state: &Cescacs, action: Move) -> bool {
        movegen::is_noisy(state.board(), action)
    }

    /// The legal captures and promotions alone, from the move generator.
    fn noisy_actions(&self, state: &Cescacs, out: &mut Vec<Move>) -> NoisyActions {
        let quiet = state.noisy_moves(out);
        NoisyActions::Generated { quiet }
    }

    /// Most valuable victim first, then least valuable attacker; a promotion
    /// adds what the pawn becomes.
    fn action_value(&self, state: &Cescacs, action: Move) -> i32 {
        let attacker = match state.board().at(action.from()) {
            EMPTY => 0,
            cell => self.value(kind_of(cell)),
        };
        16 * self.material_gain(state, action) - attacker / 16
    }

    fn capture_gain(&self, state: &Cescacs, action: Move) -> Option<i32> {
        Some(self.material_gain(state, action))
    }

    /// A cheap static exchange: the material won, less the man left on the
    /// target (the promoted one for a promotion) when the opponent attacks
    /// that hex once the capturer has left its own. A capture whose gain
    /// covers the capturer is counted as winning its gain without looking
    /// for defenders.
    fn exchange_value(&self, state: &Cescacs, action: Move) -> Option<i32> {
        if action.kind() == MoveKind::Castle {
            return Some(0);
        }
        let board = state.board();
        let gain = self.material_gain(state, action);
        let mover = match board.at(action.from()) {
            EMPTY => return None,
            cell => kind_of(cell),
        };
        let exposed = self.value(action.promotion().unwrap_or(mover));
        if gain >= exposed {
            return Some(gain);
        }
        let them = board.side().other();
        let defended = movegen::attacked_by(board, action.to(), them, action.from(), false);
        Some(if defended { gain - exposed } else { gain })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, Notation};
    use crate::games::cescacs::{Options, START};

    #[test]
    fn cescacs_searches_with_reductions() {
        assert!(Cescacs::search_hints().late_move_reductions);
    }

    #[test]
    fn the_start_is_even_but_for_the_tempo() {
        let eval = CescacsEval::default();
        let start = Cescacs::new(&Options::default());
        assert_eq!(eval.evaluate(&start), eval.weights.tempo);
        assert_eq!(eval.white_score(start.board()), 0);
        assert_eq!(start.format_position(), START);
    }

    #[test]
    fn material_uses_the_authors_values() {
        let eval = CescacsEval::default();
        let values: Vec<i32> = [
            Kind::Pawn,
            Kind::Elephant,
            Kind::Bishop,
            Kind::Knight,
            Kind::Pegasus,
            Kind::Rook,
            Kind::Wyvern,
            Kind::Queen,
        ]
        .into_iter()
        .map(|kind| eval.value(kind))
        .collect();
        assert_eq!(values, [100, 200, 300, 400, 800, 1000, 1500, 1600]);
    }

    #[test]
    fn a_profile_sets_weights_by_name() {
        let table = |text: &str| text.parse::<toml::Table>().unwrap();
        assert_eq!(
            Cescacs::weighted_evaluator(toml::Table::new()).unwrap(),
            CescacsEval::default(),
            "an empty table keeps every default"
        );
        let eval = Cescacs::weighted_evaluator(table(
            "mobility = 5\npawn_advance = [0, 130, 70, 40, 20, 10, 5, 0]\n\
             [material]\nqueen = 1700\npawn = 95\n",
        ))
        .unwrap();
        assert_eq!(eval.weights.mobility, 5);
        assert_eq!(eval.weights.pawn_advance[1], 130);
        assert_eq!(eval.value(Kind::Queen), 1700);
        assert_eq!(eval.value(Kind::Pawn), 95);
        assert_eq!(eval.value(Kind::Rook), 1000, "unnamed men keep theirs");
        assert_eq!(eval.weights.tempo, Weights::default().tempo);
        for (text, needle) in [
            ("mobilty = 3", "mobilty"),
            ("[material]\nking = 5", "king"),
            ("mobility = 99999", "mobility: 99999 is out of range"),
            ("pawn_advance = [0, 1, 2]", "pawn_advance"),
            (
                "[material]\nrook = -20000",
                "material.rook: -20000 is out of range",
            ),
            ("tempo = \"ten\"", "tempo"),
        ] {
            let error = Cescacs::weighted_evaluator(table(text)).unwrap_err();
            assert!(error.contains(needle), "{text}: {error}");
        }
    }

    #[test]
    fn hex_distance_counts_edge_steps() {
        let hex = |name| super::super::geometry::parse_hex(name).unwrap();
        assert_eq!(hex_distance(hex("F14"), hex("F14")), 0);
        assert_eq!(hex_distance(hex("F14"), hex("F16")), 1);
        assert_eq!(hex_distance(hex("F14"), hex("G15")), 1);
        assert_eq!(
            hex_distance(hex("F14"), hex("H14")),
            2,
            "a diagonal step is two edge steps"
        );
        assert_eq!(hex_distance(hex("F0"), hex("F28")), 14);
    }

    #[test]
    fn promotion_distance_is_zero_on_the_far_edge() {
        for (name, color, distance) in [
            ("F28", Color::White, 0),
            ("Z21", Color::White, 0),
            ("P21", Color::White, 0),
            ("F8", Color::White, 10),
            ("F26", Color::White, 1),
            ("F0", Color::Black, 0),
            ("Z7", Color::Black, 0),
            ("F20", Color::Black, 10),
            ("F2", Color::Black, 1),
        ] {
            let h = super::super::geometry::parse_hex(name).unwrap();
            assert_eq!(promotion_distance(h, color), distance, "{name}");
        }
    }

    #[test]
    fn the_evaluation_is_symmetric_between_the_sides() {
        let eval = CescacsEval::default();
        let mut state = Cescacs::new(&Options::default());
        let mut actions = Vec::new();
        for index in [3usize, 11, 7, 20, 1, 5] {
            state.legal_actions(&mut actions);
            state.apply(actions[index % actions.len()]);
        }
        let white = eval.white_score(state.board());
        let relative = eval.evaluate(&state) - eval.weights.tempo;
        let expected = if state.board().side() == Color::White {
            white
        } else {
            -white
        };
        assert_eq!(relative, expected);
    }

    #[test]
    fn a_losing_exchange_is_a_capture_onto_an_attacked_hex() {
        // The estimate is pseudo-legal (pins, checks and a King recapturing
        // onto a defended hex are ignored), so it is checked against the
        // opponent's attacks on the target once the capture is made.
        let eval = CescacsEval::default();
        let mut state = Cescacs::new(&Options::default());
        let mut actions = Vec::new();
        let (mut losing, mut winning) = (0, 0);
        for ply in 0..300usize {
            state.legal_actions(&mut actions);
            if actions.is_empty() {
                break;
            }
            for &action in actions.iter().filter(|&&a| eval.is_noisy(&state, a)) {
                let gain = eval.material_gain(&state, action);
                let exchange = eval.exchange_value(&state, action).unwrap();
                assert!(exchange <= gain, "{action:?}");
                if exchange < 0 {
                    losing += 1;
                    let mut child = state.clone();
                    child.apply(action);
                    let board = child.board();
                    assert!(
                        movegen::attacked_by(board, action.to(), board.side(), NONE, false),
                        "{action:?} is called losing on an unattacked hex in {}",
                        state.format_position()
                    );
                } else {
                    winning += 1;
                }
            }
            state.apply(actions[(ply * 37 + 11) % actions.len()]);
            if state.turn() == crate::game::Turn::Terminal {
                break;
            }
        }
        assert!(
            losing > 0 && winning > 0,
            "{losing} losing, {winning} winning"
        );
    }

    #[test]
    fn captures_and_promotions_are_noisy_and_ordered_by_victim() {
        let eval = CescacsEval::default();
        let mut state = Cescacs::new(&Options::default());
        let mut actions = Vec::new();
        state.legal_actions(&mut actions);
        assert!(actions.iter().all(|&action| !eval.is_noisy(&state, action)));
        let mut rng_index = 0;
        let mut found = false;
        for _ in 0..200 {
            state.legal_actions(&mut actions);
            if actions.is_empty() {
                break;
            }
            let noisy: Vec<Move> = actions
                .iter()
                .copied()
                .filter(|&a| eval.is_noisy(&state, a))
                .collect();
            for &action in &noisy {
                let target = state.board().at(action.to());
                assert!(
                    target != EMPTY
                        || action.kind() == MoveKind::EnPassant
                        || action.promotion().is_some(),
                    "{action:?}"
                );
                assert!(eval.action_value(&state, action) > 0);
                found = true;
            }
            rng_index = (rng_index * 7 + 3) % 101;
            state.apply(actions[rng_index % actions.len()]);
            if state.turn() == crate::game::Turn::Terminal {
                break;
            }
        }
        assert!(found, "a random game offers captures");
    }
}
