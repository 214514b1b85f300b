//! Plain chess perft (bulk counting) of tauler's chess core against
//! cozy-chess on the same positions in the same run, and card chess perft
//! (every decision and card drawn a ply) from the start.
//!
//! Run: `cargo bench --bench movegen -- chess`

use std::time::Duration;

use cozy_chess::Board;
use criterion::{black_box, BenchmarkId, Criterion};
use tauler::game::Game;
use tauler::games::cardchess::chess::attacks;
use tauler::games::cardchess::chess::perft::perft;
use tauler::games::cardchess::chess::Position;
use tauler::games::cardchess::{CardChess, CardChessOptions};

const POSITIONS: [(&str, &str, u32); 2] = [
    (
        "start",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        6,
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        5,
    ),
];

/// Registers the chess perft benches.
pub fn benches(c: &mut Criterion) {
    attacks::init();
    let mut group = c.benchmark_group("chess_perft");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(8));
    for (name, fen, depth) in POSITIONS {
        let ours = Position::from_fen(fen).expect("bench FEN");
        let theirs: Board = fen.parse().expect("bench FEN");
        assert_eq!(
            perft(&ours, depth - 1),
            crate::reference::perft(&theirs, depth - 1)
        );
        group.bench_with_input(BenchmarkId::new("tauler", name), &depth, |b, &d| {
            b.iter(|| perft(black_box(&ours), d));
        });
        group.bench_with_input(BenchmarkId::new("cozy-chess", name), &depth, |b, &d| {
            b.iter(|| crate::reference::perft(black_box(&theirs), d));
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
