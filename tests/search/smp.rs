//! Lazy SMP: more threads return legal actions and the same exact values.
//! How much sooner they reach a depth is measured by `tauler bench --smp`.

use std::collections::HashMap;

use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use tauler::game::{Game, Notation, Turn};
use tauler::search::{AlphaBeta, Limits, SearchConfig};

use crate::exact::exact_config;
use crate::games::connect4::{ConnectFour, Size, WindowEval};
use crate::games::nim::{Nim, NimOptions};
use crate::games::tictactoe::{NoOptions, TicTacToe};
use crate::games::{random_walk, Zero};
use crate::reference::solve;

fn threads(count: usize) -> SearchConfig {
    SearchConfig {
        threads: count,
        ..exact_config()
    }
}

#[test]
fn two_threads_solve_tictactoe() {
    let start = TicTacToe::new(&NoOptions);
    for _ in 0..5 {
        let result = AlphaBeta::new(Zero, threads(2))
            .search(&start, &Limits::depth(9))
            .unwrap();
        assert_eq!(result.score().0, 0);
        assert!(result.best < 9);
    }
}

#[test]
fn two_threads_solve_bonus_nim() {
    let mut searcher = AlphaBeta::new(Zero, threads(2));
    let mut memo = HashMap::new();
    for text in ["3,4,5 0", "2,3,5 1", "1,4,4 0", "3,3,3 1", "0,4,5 0"] {
        let state = Nim::parse_position(text, &NimOptions::default()).unwrap();
        let result = searcher.search(&state, &Limits::depth(20)).unwrap();
        assert_eq!(result.score().0, solve(&state, &mut memo), "{text}");
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
        let one = AlphaBeta::new(WindowEval, threads(1))
            .search(&state, &Limits::depth(12))
            .unwrap();
        let two = AlphaBeta::new(WindowEval, threads(2))
            .search(&state, &Limits::depth(12))
            .unwrap();
        assert_eq!(one.score(), two.score(), "{}", state.format_position());
        let mut actions = Vec::new();
        state.legal_actions(&mut actions);
        assert!(actions.contains(&two.best));
    }
}

#[test]
fn four_threads_return_a_legal_action() {
    let start = ConnectFour::new(&Size::default());
    let result = AlphaBeta::new(WindowEval, threads(4))
        .search(&start, &Limits::depth(6))
        .unwrap();
    assert!(result.best < 7);
    assert_eq!(result.depth, 6);
}
