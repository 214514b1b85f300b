//! The searcher on C'escacs with its evaluator.

use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use tauler::cli::search_text::info_line;
use tauler::game::{Game, Notation, Turn};
use tauler::games::cescacs::eval::CescacsEval;
use tauler::games::cescacs::{Cescacs, Options, Outcome};
use tauler::search::{AlphaBeta, Limits, SearchConfig};

use crate::search::games::random_walk;
use crate::search::limits::SCHEDULER_SLACK;

fn config() -> SearchConfig {
    SearchConfig {
        hash_mb: 4,
        late_move_reductions: true,
        ..SearchConfig::default()
    }
}

#[test]
fn takes_a_hanging_queen() {
    let state = Cescacs::parse_position("/27:1k/14:3d3/8:3R3/1:1K/ w - - 0 1", &Options::default())
        .unwrap();
    let result = AlphaBeta::new(CescacsEval::default(), config())
        .search(&state, &Limits::depth(3))
        .unwrap();
    assert_eq!(state.format_action(result.best), "RF8×DF14");
    assert!(result.score().0 > 500, "{}", result.score());
}

#[test]
fn random_positions_get_legal_moves_and_readable_lines() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(21);
    let mut searcher = AlphaBeta::new(
        CescacsEval::default(),
        SearchConfig {
            multipv: 2,
            ..config()
        },
    );
    for _ in 0..6 {
        let state = random_walk(
            &Cescacs::new(&Options::default()),
            rng.gen_range(0..40),
            &mut rng,
        );
        if state.turn() == Turn::Terminal {
            continue;
        }
        let mut lines = Vec::new();
        let result = searcher
            .search_with(&state, &Limits::depth(3), |info| {
                lines.push(info_line(&state, info))
            })
            .unwrap();
        let mut actions = Vec::new();
        state.legal_actions(&mut actions);
        assert!(actions.contains(&result.best));
        let last = lines.last().unwrap();
        assert!(
            last.contains(&format!(
                " pv {}",
                state.format_action(result.lines[1].pv[0])
            )),
            "{last}"
        );
    }
}

/// Positions from seeded random games where the side to move can mate at
/// once, found by trying every move.
fn mate_in_one_positions(wanted: usize) -> Vec<Cescacs> {
    let mut found = Vec::new();
    let mut actions = Vec::new();
    for seed in 0..200 {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let mut state = Cescacs::new(&Options::default());
        for _ in 0..400 {
            if state.turn() == Turn::Terminal {
                break;
            }
            state.legal_actions(&mut actions);
            let mates = actions.iter().any(|&action| {
                let mut child = state.clone();
                child.apply(action);
                matches!(child.outcome(), Some(Outcome::Checkmate { .. }))
            });
            if mates {
                found.push(state.clone());
                break;
            }
            state.apply(actions[rng.gen_range(0..actions.len())]);
        }
        if found.len() == wanted {
            break;
        }
    }
    found
}

#[test]
fn mates_in_one_are_found_and_reported_as_mates() {
    let positions = mate_in_one_positions(4);
    assert_eq!(positions.len(), 4);
    let mut searcher = AlphaBeta::new(CescacsEval::default(), config());
    for state in positions {
        let result = searcher.search(&state, &Limits::depth(3)).unwrap();
        let mut after = state.clone();
        after.apply(result.best);
        assert!(
            matches!(after.outcome(), Some(Outcome::Checkmate { .. })),
            "{} missed the mate, played {}",
            state.format_position(),
            state.format_action(result.best)
        );
        assert_eq!(result.score().mate_moves(), Some(1));
    }
}

#[test]
fn two_threads_return_a_legal_move() {
    let start = Cescacs::new(&Options::default());
    let config = SearchConfig {
        threads: 2,
        ..config()
    };
    let result = AlphaBeta::new(CescacsEval::default(), config)
        .search(&start, &Limits::depth(3))
        .unwrap();
    let mut actions = Vec::new();
    start.legal_actions(&mut actions);
    assert!(actions.contains(&result.best));
}

#[test]
fn movetime_holds_with_a_heavy_game() {
    let start = Cescacs::new(&Options::default());
    let movetime = Duration::from_millis(100);
    let began = Instant::now();
    let result = AlphaBeta::new(CescacsEval::default(), config())
        .search(&start, &Limits::movetime(movetime))
        .unwrap();
    let took = began.elapsed();
    assert!(
        took <= movetime + movetime / 20 + Duration::from_millis(10) + SCHEDULER_SLACK,
        "{took:?}"
    );
    assert!(result.depth >= 1);
}

#[test]
fn delta_pruning_saves_nodes_and_keeps_the_tactic() {
    let state = Cescacs::parse_position("/27:1k/14:3d3/8:3R3/1:1K/ w - - 0 1", &Options::default())
        .unwrap();
    let mut nodes = Vec::new();
    for delta_pruning in [false, true] {
        let config = SearchConfig {
            delta_pruning,
            ..config()
        };
        let result = AlphaBeta::new(CescacsEval::default(), config)
            .search(&state, &Limits::depth(4))
            .unwrap();
        assert_eq!(state.format_action(result.best), "RF8×DF14");
        nodes.push(result.nodes);
    }
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(2);
    for _ in 0..3 {
        let state = random_walk(&Cescacs::new(&Options::default()), 30, &mut rng);
        if state.turn() == Turn::Terminal {
            continue;
        }
        for (slot, delta_pruning) in [false, true].into_iter().enumerate() {
            let config = SearchConfig {
                delta_pruning,
                ..config()
            };
            let result = AlphaBeta::new(CescacsEval::default(), config)
                .search(&state, &Limits::depth(3))
                .unwrap();
            nodes[slot] += result.nodes;
        }
    }
    assert!(nodes[1] < nodes[0], "{nodes:?}");
}
