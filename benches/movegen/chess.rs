//! Plain chess perft (bulk counting) of tauler's chess core, in process,
//! and card chess perft (every decision and card drawn a ply) from the
//! start. The comparison with cozy-chess is `benches/chess_perft_process.rs`:
//! whole processes, as a user runs `tauler perft`.
//!
//! Run: `cargo bench --bench movegen -- chess`

use std::time::Duration;

use criterion::{black_box, Criterion, Throughput};
use tauler::game::Game;
use tauler::games::cardchess::chess::perft::perft;
use tauler::games::cardchess::chess::Position;
use tauler::games::cardchess::{CardChess, CardChessOptions};

#[path = "../shared/chess_positions.rs"]
mod chess_positions;

/// Registers the chess perft benches.
pub fn benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("chess_perft");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(8));
    for (name, fen, depth, leaves) in chess_positions::POSITIONS {
        let pos = Position::from_fen(fen).expect("bench FEN");
        group.throughput(Throughput::Elements(leaves));
        group.bench_function(format!("{name}/{depth}"), |b| {
            b.iter(|| assert_eq!(perft(black_box(&pos), depth), leaves));
        });
    }
    group.finish();

    let mut group = c.benchmark_group("cardchess_perft");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(8));
    let start = CardChess::new(&CardChessOptions::default());
    group.bench_function("start/4", |b| b.iter(|| black_box(&start).perft(4)));
    group.finish();
}
