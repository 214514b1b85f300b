//! Tactics suites for the alpha-beta engines of C'escacs and Camelot:
//! positions where exactly one move wins by force (C'escacs: mates in 1–2;
//! Camelot: castle wins and eliminations in 1–2 moves), each proved by
//! exhaustive minimax, then solved by the engine.
//!
//! The files are `tests/data/cescacs-tactics.txt` and
//! `tests/data/camelot-tactics.txt`; they were made by the ignored
//! `generate` tests (`cargo test --release --test it tactics::generate --
//! --ignored --nocapture`), which print candidate lines from seeded games.
//! `solved_at_one_second` (ignored, about a minute) plays each at 1 s and
//! asserts that at least 90% are solved.

mod exhaustive;
mod generate;
mod suite;

use std::time::Duration;

use tauler::game::Notation;
use tauler::games::camelot::Camelot;
use tauler::games::cescacs::Cescacs;
use tauler::search::{AlphaBeta, AlphaBetaGame, Limits, SearchConfig};

use exhaustive::fastest_win;
use suite::{read, Puzzle};

const CESCACS: &str = include_str!("../../data/cescacs-tactics.txt");
const CAMELOT: &str = include_str!("../../data/camelot-tactics.txt");

/// The fewest puzzles each file must hold.
const MINIMUM: usize = 20;

/// Checks by exhaustive search that the key is the only move winning within
/// the stated number of moves, and that no faster win exists.
fn verify<G: Notation>(puzzles: &[Puzzle<G>]) {
    assert!(puzzles.len() >= MINIMUM, "{} puzzles", puzzles.len());
    for puzzle in puzzles {
        let found = fastest_win(&puzzle.state, puzzle.moves);
        assert_eq!(
            found,
            Some((puzzle.moves, vec![puzzle.key])),
            "line {}: {}",
            puzzle.line,
            puzzle.text
        );
    }
}

/// The engine's move in each puzzle under `limits`, and how many are right.
fn solve<G: AlphaBetaGame>(puzzles: &[Puzzle<G>], limits: &Limits) -> (usize, Vec<String>) {
    let mut solved = 0;
    let mut missed = Vec::new();
    for puzzle in puzzles {
        let config = SearchConfig {
            hash_mb: 16,
            ..G::search_config()
        };
        let mut searcher = AlphaBeta::<G, G::Evaluator>::new(G::Evaluator::default(), config);
        let result = searcher.search(&puzzle.state, limits).unwrap();
        if result.best == puzzle.key {
            solved += 1;
        } else {
            missed.push(format!(
                "line {}: played {}: {}",
                puzzle.line,
                puzzle.state.format_action(result.best),
                puzzle.text
            ));
        }
    }
    (solved, missed)
}

/// Solves every puzzle at a fixed depth of `2n` plies for a win in `n`.
fn solve_all_at_fixed_depth<G: AlphaBetaGame>(puzzles: &[Puzzle<G>]) {
    for puzzle in puzzles {
        let (solved, missed) = solve(
            std::slice::from_ref(puzzle),
            &Limits::depth(2 * puzzle.moves),
        );
        assert_eq!(solved, 1, "{missed:?}");
    }
}

#[test]
fn cescacs_puzzles_have_a_single_winning_move() {
    verify(&read::<Cescacs>(CESCACS));
}

#[test]
fn camelot_puzzles_have_a_single_winning_move() {
    verify(&read::<Camelot>(CAMELOT));
}

#[test]
fn cescacs_puzzles_are_solved_at_a_fixed_depth() {
    solve_all_at_fixed_depth(&read::<Cescacs>(CESCACS));
}

#[test]
fn camelot_puzzles_are_solved_at_a_fixed_depth() {
    solve_all_at_fixed_depth(&read::<Camelot>(CAMELOT));
}

/// At 1 s a position, both files: at least 90% solved.
#[test]
#[ignore = "one second per position"]
fn solved_at_one_second() {
    let limits = Limits::movetime(Duration::from_secs(1));
    let mut report = Vec::new();
    let (cescacs, camelot) = (read::<Cescacs>(CESCACS), read::<Camelot>(CAMELOT));
    let (a, missed_a) = solve(&cescacs, &limits);
    let (b, missed_b) = solve(&camelot, &limits);
    report.push(format!("cescacs: {a}/{} solved at 1 s", cescacs.len()));
    report.push(format!("camelot: {b}/{} solved at 1 s", camelot.len()));
    println!("{}", report.join("\n"));
    for line in missed_a.iter().chain(&missed_b) {
        println!("missed {line}");
    }
    assert!(10 * a >= 9 * cescacs.len(), "{report:?}");
    assert!(10 * b >= 9 * camelot.len(), "{report:?}");
}
