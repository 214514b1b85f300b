//! Lazy SMP: more threads return legal actions and the same exact values,
//! and (an ignored measurement) reach a fixed depth sooner.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use tauler::game::{Game, Notation, Turn};
use tauler::games::camelot::Camelot;
use tauler::games::cescacs::Cescacs;
use tauler::search::{AlphaBeta, AlphaBetaGame, Limits, SearchConfig};

use crate::ebf::middlegames;

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

/// Rounds of the speedup measurement; each position's fastest round counts.
const ROUNDS: usize = 3;

/// Wall-clock and CPU time (all threads, from `/proc/self/stat`; zero where
/// that is unavailable) of one search.
#[derive(Clone, Copy, Debug, Default)]
struct Cost {
    wall: Duration,
    cpu: Duration,
}

/// CPU time this process has used so far, all threads, ended ones included.
fn process_cpu() -> Duration {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .map_or(Vec::new(), |(_, rest)| rest.split_whitespace().collect());
    let ticks: u64 = [11, 12]
        .iter()
        .filter_map(|&index| fields.get(index)?.parse::<u64>().ok())
        .sum();
    Duration::from_millis(ticks * 10)
}

/// The fastest of [`ROUNDS`] searches to `depth` from each state with
/// `threads` threads (fresh searcher and table each time), in state order.
fn times_to_depth<G: AlphaBetaGame>(states: &[G], depth: u32, threads: usize) -> Vec<Cost> {
    states
        .iter()
        .map(|state| {
            (0..ROUNDS)
                .map(|_| {
                    let config = SearchConfig {
                        threads,
                        hash_mb: 64,
                        ..G::search_config()
                    };
                    let mut searcher =
                        AlphaBeta::<G, G::Evaluator>::new(G::Evaluator::default(), config);
                    let (began, cpu) = (Instant::now(), process_cpu());
                    let result = searcher.search(state, &Limits::depth(depth)).unwrap();
                    assert_eq!(result.depth, depth);
                    Cost {
                        wall: began.elapsed(),
                        cpu: process_cpu().saturating_sub(cpu),
                    }
                })
                .min_by_key(|cost| cost.wall)
                .unwrap_or_default()
        })
        .collect()
}

/// Sums of the costs with one thread and with two.
fn totals(one: &[Cost], two: &[Cost]) -> (Cost, Cost) {
    let sum = |costs: &[Cost]| Cost {
        wall: costs.iter().map(|cost| cost.wall).sum(),
        cpu: costs.iter().map(|cost| cost.cpu).sum(),
    };
    (sum(one), sum(two))
}

/// Prints the wall-clock speedup and the speedup an idle machine would show
/// if each thread had a core of its own: one thread's CPU time over half of
/// two threads' CPU time (both threads run until the same stop).
fn print_speedup(label: &str, one: Cost, two: Cost) {
    let wall = one.wall.as_secs_f64() / two.wall.as_secs_f64();
    let cpu = 2.0 * one.cpu.as_secs_f64() / two.cpu.as_secs_f64().max(1e-3);
    println!(
        "{label}: 1 thread {:?} (cpu {:?}), 2 threads {:?} (cpu {:?}), wall speedup {wall:.2}, \
         cpu-based speedup {cpu:.2}",
        one.wall, one.cpu, two.wall, two.cpu
    );
}

/// Time to reach `depth` with one thread and with two on the ten middlegame
/// positions of the branching-factor measurement; prints both and returns
/// their totals.
fn speedup<G: AlphaBetaGame>(depth: u32) -> (Cost, Cost) {
    let states = middlegames::<G>();
    let one = times_to_depth(&states, depth, 1);
    let two = times_to_depth(&states, depth, 2);
    for (index, (one, two)) in one.iter().zip(&two).enumerate() {
        print_speedup(
            &format!("{} position {index} depth {depth}", G::NAME),
            *one,
            *two,
        );
    }
    let (one, two) = totals(&one, &two);
    print_speedup(&format!("{} depth {depth}", G::NAME), one, two);
    (one, two)
}

/// Lazy SMP speedup, 2 threads over 1, in time to a fixed depth on ten
/// C'escacs and ten Camelot middlegames (each position's fastest of three
/// runs), at depths where one thread needs about 1–5 s (shorter searches
/// gain less: thread start-up and the shallow iterations weigh more). A measurement needing two idle cores, so ignored:
/// `cargo test --release --test search smp_speedup -- --ignored --nocapture`.
/// On a loaded machine the wall-clock figure is noise; the CPU-based one
/// estimates the idle-machine speedup.
#[test]
#[ignore = "timing measurement; needs two idle cores"]
fn smp_speedup() {
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!("load average before: {}", load.trim());
    let (cescacs_one, cescacs_two) = speedup::<Cescacs>(8);
    let (camelot_one, camelot_two) = speedup::<Camelot>(9);
    let (one, two) = totals(&[cescacs_one, camelot_one], &[cescacs_two, camelot_two]);
    print_speedup("both games", one, two);
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!("load average after: {}", load.trim());
}
