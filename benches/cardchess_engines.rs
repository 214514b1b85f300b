//! Card chess engine speed: MCTS iterations per second with one and two
//! root-parallel threads (criterion's throughput is in iterations), and
//! Star2 expectimax nodes per second at a fixed depth.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use tauler::game::Game;
use tauler::games::cardchess::{CardChess, CardChessEval, CardChessOptions};
use tauler::search::expectimax::{Expectimax, Pruning};
use tauler::search::mcts::{Mcts, MctsConfig};

const ITERATIONS: u64 = 20_000;

fn engine_benches(c: &mut Criterion) {
    let start = CardChess::new(&CardChessOptions::default());
    let mut group = c.benchmark_group("cardchess");
    group.sample_size(10);
    group.throughput(Throughput::Elements(ITERATIONS));
    for threads in [1, 2] {
        let mcts = Mcts::new(
            CardChessEval,
            MctsConfig {
                iterations: ITERATIONS,
                threads,
                ..MctsConfig::default()
            },
        );
        group.bench_function(format!("mcts-{threads}-threads"), |b| {
            b.iter(|| mcts.search(&start).map(|r| r.iterations).unwrap_or(0));
        });
    }
    let nodes = Expectimax::new(CardChessEval, Pruning::Star2, 16)
        .value_at_depth(&start, 3)
        .1;
    group.throughput(Throughput::Elements(nodes));
    group.bench_function("expectimax-star2-depth3", |b| {
        b.iter(|| {
            Expectimax::<CardChess, _>::new(CardChessEval, Pruning::Star2, 16)
                .value_at_depth(&start, 3)
                .1
        });
    });
    group.finish();
}

criterion_group!(benches, engine_benches);
criterion_main!(benches);
