//! Effective branching factor of the alpha-beta engines of C'escacs and
//! Camelot on ten middlegame positions each (20 random plies from a fixed
//! seed). Slow and a measurement, so ignored; run with
//! `cargo test --release --test it search::ebf -- --ignored --nocapture`.
//!
//! Two figures per position, from the nodes of each iteration (differences
//! of the cumulative counts the searcher reports): the last iteration over
//! the one before, and the square root of the last over the one two before,
//! which evens out the odd-even swing of alpha-beta; the summaries are their
//! geometric means.

use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use tauler::game::{Game, Turn};
use tauler::games::camelot::Camelot;
use tauler::games::cescacs::Cescacs;
use tauler::search::{AlphaBeta, AlphaBetaGame, Limits, SearchConfig};

use crate::search::games::random_walk;

/// Plies of random play before a position is measured.
const PLIES: usize = 20;
/// Positions per game.
const POSITIONS: usize = 10;

/// Ten non-terminal positions after [`PLIES`] random plies, seeds from 1 up.
fn middlegames<G: Game>() -> Vec<G> {
    let start = G::new(&G::Options::default());
    (1u64..)
        .map(|seed| random_walk(&start, PLIES, &mut Xoshiro256PlusPlus::seed_from_u64(seed)))
        .filter(|state| state.turn() != Turn::Terminal)
        .take(POSITIONS)
        .collect()
}

/// The per-position branching factors at `depth`, printed with their
/// geometric means; returns the two-iteration mean.
fn effective_branching<G: AlphaBetaGame>(depth: u32) -> f64 {
    let mut logs = 0.0;
    let mut logs2 = 0.0;
    for state in middlegames::<G>() {
        let config = SearchConfig {
            hash_mb: 64,
            ..G::search_config()
        };
        let mut searcher = AlphaBeta::<G, G::Evaluator>::new(G::Evaluator::default(), config);
        let mut cumulative = vec![0u64; depth as usize + 1];
        let result = searcher
            .search_with(&state, &Limits::depth(depth), |info| {
                cumulative[info.depth as usize] = info.nodes;
            })
            .unwrap();
        let d = depth as usize;
        let last = cumulative[d] - cumulative[d - 1];
        let before = (cumulative[d - 1] - cumulative[d - 2]).max(1);
        let two_before = (cumulative[d - 2] - cumulative[d - 3]).max(1);
        let ebf = last as f64 / before as f64;
        let ebf2 = (last as f64 / two_before as f64).sqrt();
        logs += ebf.ln();
        logs2 += ebf2.ln();
        println!(
            "{} depth {depth}: {} nodes, last iteration {last}, ebf {ebf:.2}, over two {ebf2:.2}  {}",
            G::NAME,
            result.nodes,
            state.format_position()
        );
    }
    let mean = (logs / POSITIONS as f64).exp();
    let mean2 = (logs2 / POSITIONS as f64).exp();
    println!(
        "{} depth {depth}: geometric mean ebf {mean:.2}, over two iterations {mean2:.2}",
        G::NAME
    );
    mean2
}

#[test]
#[ignore = "slow measurement"]
fn camelot_effective_branching_factor() {
    let ebf = effective_branching::<Camelot>(6);
    assert!(ebf.is_finite());
}

#[test]
#[ignore = "slow measurement"]
fn cescacs_effective_branching_factor() {
    let ebf = effective_branching::<Cescacs>(6);
    assert!(ebf.is_finite());
}
