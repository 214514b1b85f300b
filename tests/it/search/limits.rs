//! The search stops within its limits and always returns a legal action.

use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use tauler::game::{Game, Turn};
use tauler::search::{AlphaBeta, Clock, Limits, SearchConfig};

use crate::search::exact::exact_config;
use crate::search::games::connect4::{ConnectFour, Size, WindowEval};
use crate::search::games::random_walk;

fn start() -> ConnectFour {
    ConnectFour::new(&Size::default())
}

fn legal(state: &ConnectFour) -> Vec<u8> {
    let mut actions = Vec::new();
    state.legal_actions(&mut actions);
    actions
}

/// Slack allowed on a loaded machine on top of the 5% + 10 ms the searcher
/// promises; generous so that the test cannot be flaky.
pub const SCHEDULER_SLACK: Duration = Duration::from_millis(400);

#[test]
fn a_node_limit_is_exact_with_one_thread() {
    for limit in [1, 2, 50, 1000, 5000] {
        let result = AlphaBeta::new(WindowEval, exact_config())
            .search(&start(), &Limits::nodes(limit))
            .unwrap();
        assert!(
            result.nodes <= limit,
            "{} nodes for a limit of {limit}",
            result.nodes
        );
        assert!(legal(&start()).contains(&result.best));
    }
}

#[test]
fn never_returns_an_illegal_action_whatever_the_limit() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
    let mut searcher = AlphaBeta::new(
        WindowEval,
        SearchConfig {
            late_move_reductions: true,
            multipv: 2,
            ..exact_config()
        },
    );
    for _ in 0..60 {
        let state = random_walk(&start(), rng.gen_range(0..30), &mut rng);
        if state.turn() == Turn::Terminal {
            continue;
        }
        let limits = if rng.gen_bool(0.5) {
            Limits::nodes(rng.gen_range(1..3000))
        } else {
            Limits::depth(rng.gen_range(1..6))
        };
        let result = searcher.search(&state, &limits).unwrap();
        let actions = legal(&state);
        assert!(actions.contains(&result.best));
        for line in &result.lines {
            let mut walk = state.clone();
            for &action in &line.pv {
                assert!(legal(&walk).contains(&action), "illegal pv action");
                walk.apply(action);
            }
        }
    }
}

#[test]
fn a_depth_limit_is_reached_and_not_exceeded() {
    let result = AlphaBeta::new(WindowEval, exact_config())
        .search(&start(), &Limits::depth(5))
        .unwrap();
    assert_eq!(result.depth, 5);
}

#[test]
fn movetime_is_respected() {
    let movetime = Duration::from_millis(150);
    let began = Instant::now();
    let result = AlphaBeta::new(WindowEval, exact_config())
        .search(&start(), &Limits::movetime(movetime))
        .unwrap();
    let took = began.elapsed();
    assert!(
        took <= movetime + movetime / 20 + Duration::from_millis(10) + SCHEDULER_SLACK,
        "{took:?}"
    );
    assert!(result.depth >= 1);
    assert!(legal(&start()).contains(&result.best));
}

#[test]
fn a_zero_movetime_still_returns_a_legal_action() {
    let result = AlphaBeta::new(WindowEval, exact_config())
        .search(&start(), &Limits::movetime(Duration::ZERO))
        .unwrap();
    assert!(legal(&start()).contains(&result.best));
}

#[test]
fn a_clock_search_uses_a_share_of_the_clock() {
    let limits = Limits {
        clock: Some(Clock {
            remaining: Duration::from_millis(2000),
            increment: Duration::ZERO,
            moves_to_go: None,
        }),
        ..Limits::default()
    };
    let began = Instant::now();
    let result = AlphaBeta::new(WindowEval, exact_config())
        .search(&start(), &limits)
        .unwrap();
    assert!(began.elapsed() <= Duration::from_millis(800) + SCHEDULER_SLACK);
    assert!(legal(&start()).contains(&result.best));
}

#[test]
fn the_stop_handle_ends_an_unlimited_search() {
    let mut searcher = AlphaBeta::new(WindowEval, exact_config());
    let stop = searcher.stop_handle();
    let stopper = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(100));
        stop.store(true, Ordering::Relaxed);
    });
    let result = searcher.search(&start(), &Limits::default()).unwrap();
    stopper.join().unwrap();
    assert!(legal(&start()).contains(&result.best));
    assert!(result.depth >= 1);
}
