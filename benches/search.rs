//! Alpha-beta search speed (nodes per second) on C'escacs and on small test
//! games. Criterion's throughput is in nodes: the node count of each job is
//! fixed (one thread, fixed depth, fresh table).

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use tauler::game::Game;
use tauler::games::cescacs::eval::CescacsEval;
use tauler::games::cescacs::{Cescacs, Options};
use tauler::search::{AlphaBeta, Limits, SearchConfig};

#[path = "../tests/it/search/games/mod.rs"]
#[allow(dead_code)]
mod games;

use games::connect4::{ConnectFour, Size, WindowEval};
use games::nim::{Nim, NimOptions};
use games::Zero;

fn config() -> SearchConfig {
    SearchConfig {
        hash_mb: 8,
        ..SearchConfig::default()
    }
}

fn search_benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("search");
    group.sample_size(10);

    let cescacs = Cescacs::new(&Options::default());
    let run = || {
        let config = SearchConfig {
            late_move_reductions: true,
            ..config()
        };
        AlphaBeta::new(CescacsEval::default(), config)
            .search(&cescacs, &Limits::depth(4))
            .map(|result| result.nodes)
            .unwrap_or(0)
    };
    group.throughput(Throughput::Elements(run()));
    group.bench_function("cescacs-start-depth4", |b| b.iter(run));

    let connect4 = ConnectFour::new(&Size::default());
    let run = || {
        AlphaBeta::new(WindowEval, config())
            .search(&connect4, &Limits::depth(8))
            .map(|result| result.nodes)
            .unwrap_or(0)
    };
    group.throughput(Throughput::Elements(run()));
    group.bench_function("connect4-7x6-depth8", |b| b.iter(run));

    let nim = Nim::new(&NimOptions {
        piles: [6, 7, 8],
        ..NimOptions::default()
    });
    let run = || {
        AlphaBeta::new(Zero, config())
            .search(&nim, &Limits::depth(30))
            .map(|result| result.nodes)
            .unwrap_or(0)
    };
    group.throughput(Throughput::Elements(run()));
    group.bench_function("bonus-nim-6-7-8-solve", |b| b.iter(run));
    group.finish();
}

/// Lazy SMP: time to reach a fixed depth on a few C'escacs positions with
/// one thread and with two, side by side.
fn smp_benches(c: &mut Criterion) {
    use rand::SeedableRng;
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(1);
    let start = Cescacs::new(&Options::default());
    let positions: Vec<Cescacs> = (0..4)
        .map(|walk| games::random_walk(&start, 6 * walk, &mut rng))
        .collect();
    let mut group = c.benchmark_group("search-smp");
    group.sample_size(10);
    for threads in [1, 2] {
        let config = SearchConfig {
            threads,
            late_move_reductions: true,
            ..config()
        };
        group.bench_function(
            format!("cescacs-4-positions-depth5-{threads}-threads"),
            |b| {
                b.iter(|| {
                    positions
                        .iter()
                        .map(|state| {
                            AlphaBeta::new(CescacsEval::default(), config.clone())
                                .search(state, &Limits::depth(5))
                                .map(|result| result.depth)
                                .unwrap_or(0)
                        })
                        .sum::<u32>()
                });
            },
        );
    }
    group.finish();
}

criterion_group!(benches, search_benches, smp_benches);
criterion_main!(benches);
