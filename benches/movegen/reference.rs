//! The reference: cozy-chess's legal move generator, standard chess perft
//! from the start position, with the same bulk counting as ours, as a
//! yardstick for the other games' leaves/s on the same machine.

use cozy_chess::Board;
use criterion::{Criterion, Throughput};

#[path = "../shared/cozy_perft.rs"]
mod cozy_perft;

/// Leaves of chess perft 5 from the start position.
const START_DEPTH_5: u64 = 4_865_609;

pub fn benches(c: &mut Criterion) {
    let board = Board::default();
    assert_eq!(cozy_perft::perft(&board, 5), START_DEPTH_5);
    let mut group = c.benchmark_group("reference");
    group.throughput(Throughput::Elements(START_DEPTH_5));
    group.bench_function("cozy-chess perft 5 start", |b| {
        b.iter(|| cozy_perft::perft(&board, 5))
    });
    group.finish();
}
