//! Card chess engine speed: MCTS playouts per second with one and two
//! threads, root-parallel (one tree per thread) and tree-parallel (one
//! worker per thread on a shared tree) (criterion's throughput is in
//! playouts), and Star2 expectimax nodes per second at a fixed depth.
//! `cargo bench --bench cardchess_engines mcts`.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use tauler::game::Game;
use tauler::games::cardchess::{CardChess, CardChessEval, CardChessOptions};
use tauler::search::expectimax::{Expectimax, Pruning};
use tauler::search::uct::{self, Leaf, Opponents, UctConfig, Worlds};
use tauler::search::Limits;

const ITERATIONS: u64 = 20_000;

fn engine_benches(c: &mut Criterion) {
    let start = CardChess::new(&CardChessOptions::default());
    let mut group = c.benchmark_group("cardchess");
    group.sample_size(10);
    group.throughput(Throughput::Elements(ITERATIONS));
    let stop = Arc::new(AtomicBool::new(false));
    for threads in [1, 2] {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .expect("a thread pool");
        let config = UctConfig {
            exploration: 1.0,
            trees: threads,
            ..UctConfig::default()
        };
        group.bench_function(format!("mcts-root-{threads}-threads"), |b| {
            b.iter(|| {
                pool.install(|| {
                    uct::search(
                        Worlds::Fixed(&start),
                        Leaf::Evaluation(&CardChessEval::DEFAULT),
                        Opponents::Search,
                        &config,
                        &Limits::nodes(ITERATIONS),
                        &stop,
                        1,
                        &mut |_| {},
                    )
                    .map_or(0, |r| r.iterations)
                })
            });
        });
    }
    let nodes = Expectimax::new(CardChessEval::DEFAULT, Pruning::Star2, 16)
        .value_at_depth(&start, 3)
        .1;
    group.throughput(Throughput::Elements(nodes));
    group.bench_function("expectimax-star2-depth3", |b| {
        b.iter(|| {
            Expectimax::<CardChess, _>::new(CardChessEval::DEFAULT, Pruning::Star2, 16)
                .value_at_depth(&start, 3)
                .1
        });
    });
    group.finish();
}

criterion_group!(benches, engine_benches);
criterion_main!(benches);
