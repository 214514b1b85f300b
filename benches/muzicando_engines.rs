//! Playouts per second of the hidden-information searchers on a Muzicando
//! team hand (start of play, 4M contract), and rollouts per second of the
//! simulation bidder (first call of the auction), with 1 and 2 rayon
//! threads; ISMCTS both root-parallel (4 trees) and tree-parallel (one
//! worker per thread on a shared tree). Throughput is in playouts:
//! criterion prints playouts/s. `cargo bench --bench muzicando_engines`.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use tauler::game::{Game, HiddenInfo, Turn};
use tauler::games::muzicando::{Action, Bid, GameType, Muzicando, Options};
use tauler::search::bid_simulation::{simulate_calls, Simulation};
use tauler::search::modelling::{search_worlds, Determinization, Modelling};
use tauler::search::uct::UctConfig;
use tauler::search::Limits;

const PLAYOUTS: u64 = 512;
/// Worlds per call of the simulation bidder.
const BID_WORLDS: u64 = 16;

fn position() -> Muzicando {
    let mut state = Muzicando::seeded_deal(&Options::default(), 7);
    let bid = Bid::new(4, GameType::Muzicando).expect("4M");
    state.apply(Action::Bid(bid));
    state
}

fn benches(c: &mut Criterion) {
    let state = position();
    let Turn::Player(seat) = state.turn() else {
        return;
    };
    let observation = state.observation(seat);
    let config = UctConfig {
        exploration: 6.0,
        trees: 4,
        ..UctConfig::default()
    };
    let limits = Limits::nodes(PLAYOUTS);
    let stop = Arc::new(AtomicBool::new(false));
    let mut group = c.benchmark_group("muzicando_engines");
    group.throughput(Throughput::Elements(PLAYOUTS));
    group.sample_size(10);
    for threads in [1, 2] {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .expect("a thread pool");
        for (name, determinization) in [
            ("ismcts", Determinization::PerPlayout),
            ("pimc", Determinization::PerTree),
        ] {
            group.bench_function(format!("{name}/{threads}-threads"), |b| {
                b.iter(|| {
                    pool.install(|| {
                        search_worlds::<Muzicando>(
                            &observation,
                            determinization,
                            &config,
                            &Modelling::default(),
                            &limits,
                            &stop,
                            1,
                            &mut |_| {},
                        )
                    })
                });
            });
        }
    }
    group.finish();
    let auction = Muzicando::seeded_deal(&Options::default(), 7);
    let Turn::Player(seat) = auction.turn() else {
        return;
    };
    let observation = auction.observation(seat);
    let mut calls = Vec::new();
    auction.legal_actions(&mut calls);
    let mut group = c.benchmark_group("muzicando_bidding");
    group.throughput(Throughput::Elements(BID_WORLDS * calls.len() as u64));
    group.sample_size(10);
    for threads in [1, 2] {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .expect("a thread pool");
        group.bench_function(format!("simulation/{threads}-threads"), |b| {
            b.iter(|| {
                pool.install(|| {
                    simulate_calls::<Muzicando>(
                        &observation,
                        &calls,
                        &Simulation::default(),
                        &Limits::nodes(BID_WORLDS),
                        &stop,
                        1,
                        &mut |_| {},
                    )
                })
            });
        });
    }
    group.finish();
}

criterion_group!(muzicando, benches);
criterion_main!(muzicando);
