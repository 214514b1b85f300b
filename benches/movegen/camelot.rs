//! Camelot move generation speed: bulk-counting perft from the start,
//! measured beside cozy-chess's chess perft in the same run as a reference.

use std::hint::black_box;
use std::time::Duration;

use criterion::Criterion;
use tauler::game::Game;
use tauler::games::camelot::{Camelot, Options};

/// Chess perft with cozy-chess, bulk-counting the last ply.
fn chess_perft(board: &cozy_chess::Board, depth: u8) -> u64 {
    let mut nodes = 0;
    board.generate_moves(|moves| {
        if depth == 1 {
            nodes += moves.len() as u64;
        } else {
            for mv in moves {
                let mut child = board.clone();
                child.play_unchecked(mv);
                nodes += chess_perft(&child, depth - 1);
            }
        }
        false
    });
    nodes
}

/// Camelot perft 3 and 4 from the start (1,070,822 and 111,509,838
/// outcomes) and chess perft 5 and 6 (4,865,609 and 119,060,324 nodes).
pub fn benches(c: &mut Criterion) {
    let start = Camelot::new(&Options);
    let chess = cozy_chess::Board::default();
    let mut group = c.benchmark_group("camelot_perft");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(20));
    group.bench_function("camelot_start_depth_3", |b| {
        b.iter(|| black_box(&start).perft(3));
    });
    group.bench_function("chess_cozy_start_depth_5", |b| {
        b.iter(|| chess_perft(black_box(&chess), 5));
    });
    group.bench_function("camelot_start_depth_4", |b| {
        b.iter(|| black_box(&start).perft(4));
    });
    group.bench_function("chess_cozy_start_depth_6", |b| {
        b.iter(|| chess_perft(black_box(&chess), 6));
    });
    group.finish();
}
