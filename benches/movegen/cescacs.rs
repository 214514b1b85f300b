//! C'escacs perft: 4 plies from the initial array (25,048,957 leaves) and
//! 3 plies of the castling test position.

use criterion::{Criterion, Throughput};
use tauler::game::{Game, Notation};
use tauler::games::cescacs::{bench, Cescacs, Options};

pub fn benches(c: &mut Criterion) {
    let options = Options::default();
    let start = Cescacs::new(&options);
    let castling = Cescacs::parse_position(bench::CASTLING, &options).unwrap();
    let mut group = c.benchmark_group("cescacs");
    group.throughput(Throughput::Elements(25_048_957));
    group.bench_function("perft 4 start", |b| b.iter(|| start.perft(4)));
    group.throughput(Throughput::Elements(4_690_321));
    group.bench_function("perft 3 castling", |b| b.iter(|| castling.perft(3)));
    group.finish();
}
