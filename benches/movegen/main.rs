//! Move-generation benches (perft), one module per game.

mod chess;

criterion::criterion_group!(benches, chess::benches);
criterion::criterion_main!(benches);
