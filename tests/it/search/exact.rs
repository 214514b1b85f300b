//! Perfect-play values: the searcher agrees with an exhaustive solver and
//! with plain minimax, takes forced wins and prefers the faster one.

use std::collections::HashMap;

use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use tauler::game::{Game, Notation, Turn};
use tauler::search::score::MATE;
use tauler::search::{AlphaBeta, Limits, SearchConfig};

use crate::search::games::connect4::{ConnectFour, Size, WindowEval};
use crate::search::games::nim::{Nim, NimOptions};
use crate::search::games::tictactoe::{NoOptions, TicTacToe};
use crate::search::games::{random_walk, Zero};
use crate::search::reference::{minimax, solve, solve_actions};

/// Full-width settings: no reductions, so fixed-depth values are exact.
pub fn exact_config() -> SearchConfig {
    SearchConfig {
        hash_mb: 1,
        ..SearchConfig::full_width()
    }
}

fn legal<G: Game>(state: &G) -> Vec<G::Action> {
    let mut actions = Vec::new();
    state.legal_actions(&mut actions);
    actions
}

/// Every non-terminal tic-tac-toe position reachable from the start.
fn all_tictactoe_positions() -> Vec<TicTacToe> {
    let mut seen = HashMap::new();
    let mut stack = vec![TicTacToe::new(&NoOptions)];
    while let Some(state) = stack.pop() {
        if state.turn() == Turn::Terminal || seen.contains_key(&state.hash()) {
            continue;
        }
        for action in legal(&state) {
            let mut child = state.clone();
            child.apply(action);
            stack.push(child);
        }
        seen.insert(state.hash(), state);
    }
    seen.into_values().collect()
}

#[test]
fn tictactoe_start_is_a_draw() {
    let start = TicTacToe::new(&NoOptions);
    let result = AlphaBeta::new(Zero, exact_config())
        .search(&start, &Limits::depth(9))
        .unwrap();
    assert_eq!(result.score().0, 0);
    assert!(legal(&start).contains(&result.best));
}

#[test]
fn every_tictactoe_position_gets_its_perfect_play_value() {
    let positions = all_tictactoe_positions();
    assert_eq!(positions.len(), 4520);
    let mut searcher = AlphaBeta::new(Zero, exact_config());
    let mut memo = HashMap::new();
    for state in positions {
        let result = searcher.search(&state, &Limits::depth(9)).unwrap();
        let value = solve(&state, &mut memo);
        assert_eq!(result.score().0, value, "{}", state.format_position());
        let best_value = solve_actions(&state)
            .into_iter()
            .find(|&(action, _)| action == result.best)
            .map(|(_, value)| value);
        assert_eq!(
            best_value,
            Some(value),
            "best action not optimal at {}",
            state.format_position()
        );
    }
}

#[test]
fn takes_the_immediate_win_over_a_slower_one() {
    let state = TicTacToe::parse_position("xoo.x.... x", &NoOptions).unwrap();
    let result = AlphaBeta::new(Zero, exact_config())
        .search(&state, &Limits::depth(9))
        .unwrap();
    assert_eq!(result.best, 8);
    assert_eq!(result.score().0, MATE - 1);
    assert_eq!(result.score().mate_moves(), Some(1));
}

#[test]
fn finds_a_forced_win_in_three_plies() {
    let state = TicTacToe::parse_position("x...o...x o", &NoOptions).unwrap();
    let result = AlphaBeta::new(Zero, exact_config())
        .search(&state, &Limits::depth(9))
        .unwrap();
    let mut memo = HashMap::new();
    assert_eq!(result.score().0, solve(&state, &mut memo));
    let fork = TicTacToe::parse_position("x...o...x x", &NoOptions).unwrap();
    let result = AlphaBeta::new(Zero, exact_config())
        .search(&fork, &Limits::depth(9))
        .unwrap();
    assert_eq!(result.score().0, MATE - 3, "x to move forks and wins");
    assert_eq!(result.score().mate_moves(), Some(2));
}

#[test]
fn late_move_reductions_still_take_the_win() {
    let config = SearchConfig {
        late_move_reductions: true,
        lmr_min_depth: 2,
        lmr_min_index: 1,
        ..exact_config()
    };
    let state = TicTacToe::parse_position("xoo.x.... x", &NoOptions).unwrap();
    let result = AlphaBeta::new(Zero, config)
        .search(&state, &Limits::depth(9))
        .unwrap();
    assert_eq!((result.best, result.score().0), (8, MATE - 1));
}

#[test]
fn bonus_nim_with_repeated_turns_is_solved_exactly() {
    let mut searcher = AlphaBeta::new(Zero, exact_config());
    let mut memo = HashMap::new();
    for a in 0..=3u8 {
        for b in 0..=4u8 {
            for c in 1..=5u8 {
                for seat in 0..2 {
                    let text = format!("{a},{b},{c} {seat}");
                    let state = Nim::parse_position(&text, &NimOptions::default()).unwrap();
                    let result = searcher.search(&state, &Limits::depth(20)).unwrap();
                    assert_eq!(result.score().0, solve(&state, &mut memo), "{text}");
                    assert!(legal(&state).contains(&result.best));
                }
            }
        }
    }
}

#[test]
fn small_connect_four_positions_are_solved_exactly() {
    let options = Size {
        width: 5,
        height: 4,
    };
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(6);
    let mut searcher = AlphaBeta::new(WindowEval, exact_config());
    for _ in 0..12 {
        let state = random_walk(&ConnectFour::new(&options), 8, &mut rng);
        if state.turn() == Turn::Terminal {
            continue;
        }
        let result = searcher.search(&state, &Limits::depth(20)).unwrap();
        let mut memo = HashMap::new();
        assert_eq!(
            result.score().0,
            solve(&state, &mut memo),
            "{}",
            state.format_position()
        );
    }
}

#[test]
fn agrees_with_plain_minimax_at_low_depth() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
    for walk in 0..16 {
        let state = random_walk(&ConnectFour::new(&Size::default()), 4 + walk, &mut rng);
        if state.turn() == Turn::Terminal {
            continue;
        }
        for depth in 1..=4 {
            let mut searcher = AlphaBeta::new(WindowEval, exact_config());
            let result = searcher.search(&state, &Limits::depth(depth)).unwrap();
            let expected = minimax(&state, depth, &WindowEval);
            assert_eq!(
                result.score().0,
                expected,
                "depth {depth} at {}",
                state.format_position()
            );
        }
    }
}
