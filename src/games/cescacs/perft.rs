//! Fast perft: legal move paths counted on bare positions, with bulk
//! counting at the last ply.
//!
//! Like the oracle figures, it counts legal move sequences and ignores the
//! draw rules (repetition, 50 moves, material), which only end a game.

use super::board::Board;
use super::movegen::{legal_moves, Rules};
use super::moves::Move;

/// The number of legal move sequences of length `depth` from `board`.
#[must_use]
pub fn perft(board: &Board, rules: Rules, depth: u32) -> u64 {
    let mut buffers: Vec<Vec<Move>> = (0..depth).map(|_| Vec::with_capacity(256)).collect();
    count(board, rules, depth, &mut buffers)
}

fn count(board: &Board, rules: Rules, depth: u32, buffers: &mut [Vec<Move>]) -> u64 {
    let Some((moves, deeper)) = buffers.split_first_mut() else {
        return 1;
    };
    moves.clear();
    legal_moves(board, rules, moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|&mv| {
            let mut child = board.clone();
            child.make(mv);
            count(&child, rules, depth - 1, deeper)
        })
        .sum()
}
