//! Move generation benches (perft), one module per game.

mod camelot;

criterion::criterion_group!(benches, camelot::benches);
criterion::criterion_main!(benches);
