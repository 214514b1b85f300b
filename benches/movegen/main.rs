//! Move-generation speed: perft with bulk counting for each game, beside
//! cozy-chess's standard chess perft measured in the same run, so that the
//! ratio stays meaningful on a noisy machine.
//!
//! Run with `cargo bench --bench movegen`; each group reports leaves/s.

use criterion::{criterion_group, criterion_main, Criterion};

mod camelot;
mod cescacs;
mod reference;

fn config() -> Criterion {
    Criterion::default().sample_size(10)
}

criterion_group! {
    name = movegen;
    config = config();
    targets = reference::benches, cescacs::benches, camelot::benches
}
criterion_main!(movegen);
