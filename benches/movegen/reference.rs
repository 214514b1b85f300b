//! The reference: cozy-chess's legal move generator, standard chess perft
//! from the start position, with the same bulk counting as ours.

use cozy_chess::Board;
use criterion::{Criterion, Throughput};

/// Leaves of chess perft 5 from the start position.
const START_DEPTH_5: u64 = 4_865_609;

/// cozy-chess perft with bulk counting at the last ply.
pub fn perft(board: &Board, depth: u32) -> u64 {
    let mut nodes = 0;
    board.generate_moves(|moves| {
        if depth == 1 {
            nodes += moves.len() as u64;
        } else {
            for mv in moves {
                let mut child = board.clone();
                child.play_unchecked(mv);
                nodes += perft(&child, depth - 1);
            }
        }
        false
    });
    nodes
}

pub fn benches(c: &mut Criterion) {
    let board = Board::default();
    assert_eq!(perft(&board, 5), START_DEPTH_5);
    let mut group = c.benchmark_group("reference");
    group.throughput(Throughput::Elements(START_DEPTH_5));
    group.bench_function("cozy-chess perft 5 start", |b| b.iter(|| perft(&board, 5)));
    group.finish();
}
