//! Move generation and playout speed, one module per game.

mod muzicando;

criterion::criterion_group!(movegen, muzicando::benches);
criterion::criterion_main!(movegen);
