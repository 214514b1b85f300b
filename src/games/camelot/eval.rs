//! The static evaluation of a Camelot position for the alpha-beta searcher:
//! material, progress toward the enemy castle, castle defence, safety of the
//! pieces against jumps, and mobility. Scores are in hundredths of a Man
//! from the side to move's view.
//!
//! Quiescence follows captures and castle entries ([`CamelotEval::is_noisy`]);
//! since capture is compulsory, a side that can jump is never scored
//! statically by a standing pat, so the evaluation mostly sees positions
//! where the side to move has no direct jump.
//!
//! The weights are [`Weights`]; an engine profile's `[parameters.eval]`
//! table sets them by the same names. With the trained network set (`eval
//! = "network"`, [`super::network`]) the evaluation is this one plus the
//! network's correction (a residual network, `networks/camelot.md`).

use std::sync::Arc;

use serde::Deserialize;

use super::board::{cell_color, cell_kind, file_of, Squares, EMPTY};
use super::board::{in_castle, leaps, rank_of, steps, Board, Cell, Color, Kind, Square, GRID};
use super::{Camelot, Move};
use crate::knowledge::network::{IncrementalEval, Network, NetworkError};
use crate::knowledge::{read_weights, EvalScratch, EvaluatedGame, Evaluator, SearchHints};

/// The evaluation's weights, each named for what it rewards (a profile's
/// `[parameters.eval]` uses the same names; the ones it leaves out keep
/// these defaults).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Weights {
    /// A Man: the unit.
    pub man: i32,
    /// A Knight: a Man plus the Knight's Charge, which lets it canter up to a
    /// capture and jump in one turn; players rate it at about one and a half
    /// Men.
    pub knight: i32,
    /// A piece standing in the enemy castle: it can never be captured and is
    /// half of a castle win, but can no longer fight or defend.
    pub in_enemy_castle: i32,
    /// Bonus of a piece outside the castles by its king-step distance to the
    /// nearer enemy castle square (index = distance; farther scores 0): next
    /// to the castle (1) a piece threatens to enter it.
    pub castle_approach: [i32; 8],
    /// Per rank advanced from the own edge, for every piece outside the
    /// castles: a gentle pull forward all over the board.
    pub rank_advance: i32,
    /// Per own piece within two king steps of the own castle (up to
    /// `castle_guard_cap` of them), outside it: the castle's defenders.
    pub castle_guard: i32,
    /// The most defenders that count.
    pub castle_guard_cap: i32,
    /// Per own piece the opponent could jump on its next turn (an enemy next
    /// to it with an empty square beyond), when it is our turn: one such
    /// threat can usually be parried, several rarely.
    pub threatened: i32,
    /// Per piece of the side that has just moved that the side to move can
    /// jump now (quiescence resolves these; this matters only at its limit).
    pub en_prise: i32,
    /// Per empty square next to a piece outside the castles.
    pub mobility: i32,
    /// The side to move's initiative.
    pub tempo: i32,
}

impl Default for Weights {
    fn default() -> Self {
        Self {
            man: 100,
            knight: 160,
            in_enemy_castle: 150,
            castle_approach: [0, 90, 45, 25, 14, 8, 4, 2],
            rank_advance: 3,
            castle_guard: 12,
            castle_guard_cap: 3,
            threatened: 30,
            en_prise: 70,
            mobility: 1,
            tempo: 10,
        }
    }
}

/// The Camelot evaluator.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CamelotEval {
    /// Its weights.
    pub weights: Weights,
    /// The trained network whose correction is added, when set (a
    /// profile's `eval = "network"`).
    pub network: Option<Arc<Network>>,
}

/// King-step distance between two squares.
const fn king_distance(a: Square, b: Square) -> usize {
    let (fa, fb) = (file_of(a), file_of(b));
    let (ra, rb) = (rank_of(a), rank_of(b));
    let (df, dr) = (fa.abs_diff(fb), ra.abs_diff(rb));
    if df > dr {
        df
    } else {
        dr
    }
}

/// Per colour and square, the king-step distance to the nearer square of
/// that colour's *enemy* castle (index 0 White, 1 Black).
const CASTLE_DISTANCE: [[u8; GRID]; 2] = {
    let mut table = [[0u8; GRID]; 2];
    let mut color = 0;
    while color < 2 {
        let target = if color == 0 {
            Color::Black.castle()
        } else {
            Color::White.castle()
        };
        let mut square = 0;
        while square < GRID {
            let a = king_distance(square as Square, target[0]);
            let b = king_distance(square as Square, target[1]);
            table[color][square] = if a < b { a as u8 } else { b as u8 };
            square += 1;
        }
        color += 1;
    }
    table
};

/// Ranks advanced from `color`'s own edge.
const fn advance(square: Square, color: Color) -> i32 {
    match color {
        Color::White => rank_of(square) as i32,
        Color::Black => 15 - rank_of(square) as i32,
    }
}

impl CamelotEval {
    /// The material value of a piece.
    fn value(&self, cell: Cell) -> i32 {
        match cell_kind(cell) {
            Kind::Man => self.weights.man,
            Kind::Knight => self.weights.knight,
        }
    }

    /// The pieces of `victim` that a piece of the other colour standing
    /// outside its enemy castle could jump at once.
    fn exposed(board: &Board, victim: Color) -> Squares {
        let jumper = victim.opponent();
        let mut exposed = Squares::EMPTY;
        for from in board.occupied[jumper.index()].iter() {
            if in_castle(from, victim) {
                continue;
            }
            for &(over, land) in leaps(from) {
                let cell = board.cells[over as usize];
                if cell != EMPTY
                    && cell_color(cell) == victim
                    && board.cells[land as usize] == EMPTY
                {
                    exposed.insert(over);
                }
            }
        }
        exposed
    }

    /// Material, castle progress, castle defence and mobility of `color`.
    fn side_score(&self, board: &Board, color: Color) -> i32 {
        let w = &self.weights;
        let enemy = color.opponent();
        let own_castle = color.castle();
        let mut score = 0;
        let mut guards = 0;
        for square in board.occupied[color.index()].iter() {
            let cell = board.cells[square as usize];
            score += self.value(cell);
            if in_castle(square, enemy) {
                score += w.in_enemy_castle;
                continue;
            }
            if in_castle(square, color) {
                continue;
            }
            let distance = CASTLE_DISTANCE[color.index()][square as usize] as usize;
            score += w.castle_approach.get(distance).copied().unwrap_or(0);
            score += w.rank_advance * advance(square, color);
            if king_distance(square, own_castle[0]).min(king_distance(square, own_castle[1])) <= 2 {
                guards += 1;
            }
            let free = steps(square)
                .iter()
                .filter(|&&to| board.cells[to as usize] == EMPTY)
                .count() as i32;
            score += w.mobility * free;
        }
        score + w.castle_guard * guards.min(w.castle_guard_cap)
    }

    /// The evaluation of `board` from `mover`'s view, without the tempo.
    fn relative_score(&self, board: &Board, mover: Color) -> i32 {
        let other = mover.opponent();
        let w = &self.weights;
        let threatened = Self::exposed(board, mover).len() as i32;
        let en_prise = Self::exposed(board, other).len() as i32;
        self.side_score(board, mover) - self.side_score(board, other) - w.threatened * threatened
            + w.en_prise * en_prise
    }

    /// Material an action captures.
    fn material_gain(&self, state: &Camelot, action: Move) -> i32 {
        let cells = &state.board().cells;
        action
            .captures
            .iter()
            .map(|square| self.value(cells[square as usize]))
            .sum()
    }
}

/// Whether `action` enters the enemy castle from outside it.
fn enters_castle(state: &Camelot, action: Move) -> bool {
    let enemy = state.side_to_move().opponent();
    in_castle(action.to, enemy) && !in_castle(action.from, enemy)
}

impl EvaluatedGame for Camelot {
    type Evaluator = CamelotEval;

    fn weighted_evaluator(weights: toml::Table) -> Result<CamelotEval, String> {
        Ok(CamelotEval {
            weights: read_weights(weights)?,
            network: None,
        })
    }

    fn with_network(evaluator: CamelotEval) -> Result<CamelotEval, NetworkError> {
        Ok(CamelotEval {
            network: Some(super::network::built_in()?),
            ..evaluator
        })
    }

    /// Noisy sequences (captures and castle entries) deep enough for long
    /// exchanges of compulsory jumps; late-move reductions sound (a
    /// searcher that never passes suffers no compulsory-capture zugzwang),
    /// which the 100-odd quiet moves of a middlegame need.
    fn search_hints() -> SearchHints {
        SearchHints {
            late_move_reductions: true,
            noisy_plies: 24,
        }
    }
}

impl CamelotEval {
    /// The hand-written evaluation, from the side to move's view.
    fn classic(&self, state: &Camelot) -> i32 {
        self.relative_score(state.board(), state.side_to_move()) + self.weights.tempo
    }
}

impl Evaluator<Camelot> for CamelotEval {
    fn evaluate(&self, state: &Camelot) -> i32 {
        let network = self.network.as_deref();
        IncrementalEval::fresh_evaluation(network, state, || self.classic(state))
    }

    /// The network's accumulators kept per ply in `scratch`; the classic
    /// evaluation otherwise.
    fn evaluate_at(&self, state: &Camelot, ply: usize, scratch: &mut EvalScratch) -> i32 {
        let network = self.network.as_deref();
        IncrementalEval::evaluation_at(network, state, ply, scratch, || self.classic(state))
    }

    /// Captures (jumps and charges) and entries into the enemy castle.
    fn is_noisy(&self, state: &Camelot, action: Move) -> bool {
        !action.captures.is_empty() || enters_castle(state, action)
    }

    /// The captured material, unbounded for a castle entry (never pruned).
    fn capture_gain(&self, state: &Camelot, action: Move) -> Option<i32> {
        if enters_castle(state, action) {
            None
        } else {
            Some(self.material_gain(state, action))
        }
    }

    /// Most material captured first, then castle entries, then the least
    /// valuable capturer.
    fn action_value(&self, state: &Camelot, action: Move) -> i32 {
        let mover = self.value(state.board().cells[action.from as usize]);
        let entry = if enters_castle(state, action) {
            4 * self.weights.in_enemy_castle
        } else {
            0
        };
        16 * (self.material_gain(state, action) + entry) - mover / 16
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::games::camelot::board::{cell, parse_square};
    use crate::games::camelot::Options;

    fn square(name: &str) -> Square {
        parse_square(name).unwrap()
    }

    /// A position with the listed pieces (`M`/`K` White, `m`/`k` Black).
    fn position(pieces: &[(&str, char)], side: Color) -> Camelot {
        let mut board = Board::empty();
        for &(name, letter) in pieces {
            let color = if letter.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            let kind = if letter.eq_ignore_ascii_case(&'k') {
                Kind::Knight
            } else {
                Kind::Man
            };
            board.put(square(name), cell(color, kind));
        }
        Camelot::from_parts(board, side, [0, 0], Options::default())
    }

    #[test]
    fn camelot_searches_jumps_in_quiescence_with_reductions() {
        let hints = Camelot::search_hints();
        assert!(hints.late_move_reductions);
        assert!(hints.noisy_plies >= 24);
    }

    #[test]
    fn the_start_is_even_but_for_the_tempo() {
        let eval = CamelotEval::default();
        let start = Camelot::new(&Options::default());
        assert_eq!(eval.evaluate(&start), eval.weights.tempo);
    }

    #[test]
    fn a_profile_sets_weights_by_name() {
        let table = |text: &str| text.parse::<toml::Table>().unwrap();
        assert_eq!(
            Camelot::weighted_evaluator(toml::Table::new()).unwrap(),
            CamelotEval::default()
        );
        let eval = Camelot::weighted_evaluator(table(
            "knight = 170\ncastle_approach = [0, 80, 45, 25, 14, 8, 4, 2]\n",
        ))
        .unwrap();
        assert_eq!(eval.weights.knight, 170);
        assert_eq!(eval.weights.castle_approach[1], 80);
        assert_eq!(eval.weights.man, 100);
        for (text, needle) in [
            ("knigt = 3", "knigt"),
            ("man = 10001", "man: 10001 is out of range"),
            ("castle_approach = [1, 2]", "castle_approach"),
        ] {
            let error = Camelot::weighted_evaluator(table(text)).unwrap_err();
            assert!(error.contains(needle), "{text}: {error}");
        }
    }

    #[test]
    fn castle_distance_counts_king_steps() {
        assert_eq!(CASTLE_DISTANCE[0][square("F16") as usize], 0);
        assert_eq!(CASTLE_DISTANCE[0][square("E15") as usize], 1);
        assert_eq!(CASTLE_DISTANCE[0][square("F6") as usize], 10);
        assert_eq!(CASTLE_DISTANCE[1][square("H2") as usize], 1);
        assert_eq!(CASTLE_DISTANCE[1][square("A13") as usize], 12);
    }

    #[test]
    fn the_evaluation_is_symmetric_between_the_sides() {
        let eval = CamelotEval::default();
        let mut state = Camelot::new(&Options::default());
        let mut actions = Vec::new();
        for index in [3usize, 11, 7, 20, 1, 5, 40, 2] {
            state.legal_actions(&mut actions);
            state.apply(actions[index % actions.len()]);
        }
        let board = state.board();
        let mover = state.side_to_move();
        assert_eq!(
            eval.relative_score(board, mover),
            -eval.relative_score(board, mover.opponent())
        );
    }

    #[test]
    fn knights_outweigh_men_and_advancing_pays() {
        let eval = CamelotEval::default();
        let score = |pieces: &[(&str, char)]| {
            eval.side_score(position(pieces, Color::White).board(), Color::White)
        };
        let home = score(&[("A5", 'M'), ("L12", 'm')]);
        assert!(score(&[("A12", 'M'), ("L12", 'm')]) > home);
        assert!(score(&[("A5", 'K'), ("L12", 'm')]) > home);
        assert!(score(&[("E15", 'M'), ("L12", 'm')]) > score(&[("E13", 'M'), ("L12", 'm')]));
        assert!(score(&[("F16", 'M'), ("L12", 'm')]) > score(&[("E15", 'M'), ("L12", 'm')]));
    }

    #[test]
    fn guarding_the_own_castle_pays() {
        let eval = CamelotEval::default();
        let guarded = position(&[("F2", 'M'), ("L12", 'm')], Color::White);
        let away = position(&[("J2", 'M'), ("L12", 'm')], Color::White);
        let w = &eval.weights;
        let difference = eval.side_score(guarded.board(), Color::White)
            - eval.side_score(away.board(), Color::White);
        assert!(
            difference >= w.castle_guard - 8 * w.mobility,
            "{difference}"
        );
    }

    #[test]
    fn exposed_pieces_need_an_empty_square_behind() {
        let open = position(
            &[("F3", 'M'), ("E4", 'm'), ("L12", 'm'), ("A12", 'M')],
            Color::White,
        );
        assert_eq!(CamelotEval::exposed(open.board(), Color::White).len(), 1);
        assert_eq!(CamelotEval::exposed(open.board(), Color::Black).len(), 1);
        let blocked = position(
            &[("F3", 'M'), ("G2", 'M'), ("E4", 'm'), ("L12", 'm')],
            Color::White,
        );
        assert_eq!(CamelotEval::exposed(blocked.board(), Color::White).len(), 0);
        assert_eq!(CamelotEval::exposed(blocked.board(), Color::Black).len(), 1);
        let eval = CamelotEval::default();
        let mut to_move = blocked.clone();
        to_move.side = Color::Black;
        let w = &eval.weights;
        assert_eq!(
            eval.evaluate(&blocked) + eval.evaluate(&to_move),
            2 * w.tempo + w.en_prise - w.threatened,
            "White to move may take E4; Black to move must save it"
        );
    }

    #[test]
    fn captures_and_castle_entries_are_noisy_and_ordered_first() {
        let eval = CamelotEval::default();
        let state = position(
            &[("F3", 'M'), ("E4", 'm'), ("L12", 'm'), ("A12", 'M')],
            Color::White,
        );
        let mut actions = Vec::new();
        state.legal_actions(&mut actions);
        assert!(!actions.is_empty());
        for &action in &actions {
            assert!(eval.is_noisy(&state, action), "capture is compulsory");
            assert_eq!(eval.capture_gain(&state, action), Some(eval.weights.man));
        }
        let entry = position(
            &[("E15", 'M'), ("A5", 'M'), ("L5", 'm'), ("A10", 'm')],
            Color::White,
        );
        entry.legal_actions(&mut actions);
        let entries: Vec<Move> = actions
            .iter()
            .copied()
            .filter(|&a| eval.is_noisy(&entry, a))
            .collect();
        assert_eq!(entries.len(), 1, "E15-F16");
        assert_eq!(eval.capture_gain(&entry, entries[0]), None);
        assert!(eval.action_value(&entry, entries[0]) > 0);
        let start = Camelot::new(&Options::default());
        start.legal_actions(&mut actions);
        assert!(actions.iter().all(|&a| !eval.is_noisy(&start, a)));
    }
}
