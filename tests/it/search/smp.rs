//! Several threads, splitting the tree (the default) or Lazy SMP, return
//! legal actions and the same exact values as one. How much sooner they
//! reach a depth is measured by `tauler bench --smp`.

use std::collections::HashMap;
use std::time::Duration;

use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use tauler::game::{Game, Notation, Turn};
use tauler::search::config::SmpMode;
use tauler::search::{AlphaBeta, Limits, SearchConfig};

use crate::search::exact::exact_config;
use crate::search::games::connect4::{ConnectFour, Size, WindowEval};
use crate::search::games::nim::{Nim, NimOptions};
use crate::search::games::tictactoe::{NoOptions, TicTacToe};
use crate::search::games::{random_walk, Zero};
use crate::search::reference::solve;

/// Both ways of sharing a search between threads.
const MODES: [SmpMode; 2] = [SmpMode::Split, SmpMode::Lazy];

fn threads(count: usize, smp: SmpMode) -> SearchConfig {
    SearchConfig {
        threads: count,
        smp,
        split_min_depth: 2,
        ..exact_config()
    }
}

#[test]
fn two_threads_solve_tictactoe() {
    let start = TicTacToe::new(&NoOptions);
    for smp in MODES.into_iter().cycle().take(6) {
        let result = AlphaBeta::new(Zero, threads(2, smp))
            .search(&start, &Limits::depth(9))
            .unwrap();
        assert_eq!(result.score().0, 0);
        assert!(result.best < 9);
    }
}

#[test]
fn two_threads_solve_bonus_nim() {
    let mut memo = HashMap::new();
    for smp in MODES {
        let mut searcher = AlphaBeta::new(Zero, threads(2, smp));
        for text in ["3,4,5 0", "2,3,5 1", "1,4,4 0", "3,3,3 1", "0,4,5 0"] {
            let state = Nim::parse_position(text, &NimOptions::default()).unwrap();
            let result = searcher.search(&state, &Limits::depth(20)).unwrap();
            assert_eq!(result.score().0, solve(&state, &mut memo), "{text} {smp:?}");
        }
    }
}

#[test]
fn two_threads_agree_with_one_at_fixed_depth_on_solved_positions() {
    let options = Size {
        width: 5,
        height: 4,
    };
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
    for _ in 0..6 {
        let state = random_walk(&ConnectFour::new(&options), 9, &mut rng);
        if state.turn() == Turn::Terminal {
            continue;
        }
        let one = AlphaBeta::new(WindowEval, threads(1, SmpMode::Split))
            .search(&state, &Limits::depth(12))
            .unwrap();
        for smp in MODES {
            let two = AlphaBeta::new(WindowEval, threads(2, smp))
                .search(&state, &Limits::depth(12))
                .unwrap();
            let position = state.format_position();
            assert_eq!(one.score(), two.score(), "{position} {smp:?}");
            let mut actions = Vec::new();
            state.legal_actions(&mut actions);
            assert!(actions.contains(&two.best));
        }
    }
}

#[test]
fn four_threads_return_a_legal_action() {
    let start = ConnectFour::new(&Size::default());
    for smp in MODES {
        let result = AlphaBeta::new(WindowEval, threads(4, smp))
            .search(&start, &Limits::depth(6))
            .unwrap();
        assert!(result.best < 7);
        assert_eq!(result.depth, 6);
    }
}

#[test]
fn two_threads_find_the_same_best_lines_as_one() {
    let options = Size {
        width: 5,
        height: 4,
    };
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
    let mut compared = 0;
    while compared < 4 {
        let state = random_walk(&ConnectFour::new(&options), 8, &mut rng);
        let mut actions = Vec::new();
        state.legal_actions(&mut actions);
        if state.turn() == Turn::Terminal || actions.len() < 4 {
            continue;
        }
        compared += 1;
        let scores = |threads_config: SearchConfig| {
            let config = SearchConfig {
                multipv: 3,
                ..threads_config
            };
            let result = AlphaBeta::new(WindowEval, config)
                .search(&state, &Limits::depth(10))
                .unwrap();
            result
                .lines
                .iter()
                .map(|line| line.score)
                .collect::<Vec<_>>()
        };
        let one = scores(threads(1, SmpMode::Split));
        assert_eq!(one.len(), 3);
        for smp in MODES {
            let position = state.format_position();
            assert_eq!(scores(threads(2, smp)), one, "{position} {smp:?}");
        }
    }
}

#[test]
fn split_threads_stop_on_time_with_a_legal_action() {
    let start = ConnectFour::new(&Size::default());
    for _ in 0..3 {
        let config = SearchConfig {
            split_min_depth: 3,
            ..threads(2, SmpMode::Split)
        };
        let result = AlphaBeta::new(WindowEval, config)
            .search(&start, &Limits::movetime(Duration::from_millis(60)))
            .unwrap();
        assert!(result.best < 7);
        assert!(result.depth >= 1);
    }
}
