//! Camelot perft: 3 and 4 plies from the start (1,070,822 and 111,509,838
//! distinct outcomes).

use std::hint::black_box;

use criterion::{Criterion, Throughput};
use tauler::game::Game;
use tauler::games::camelot::{Camelot, Options};

pub fn benches(c: &mut Criterion) {
    let start = Camelot::new(&Options::default());
    let mut group = c.benchmark_group("camelot");
    group.throughput(Throughput::Elements(1_070_822));
    group.bench_function("perft 3 start", |b| b.iter(|| black_box(&start).perft(3)));
    group.throughput(Throughput::Elements(111_509_838));
    group.bench_function("perft 4 start", |b| b.iter(|| black_box(&start).perft(4)));
    group.finish();
}
