//! cozy-chess perft with bulk counting at the last ply: the reference both
//! perft benches compare tauler's chess core with.

use cozy_chess::Board;

/// The number of move paths of length `depth` (at least 1) from `board`;
/// the last ply counts each piece's moves by popcount instead of playing them.
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
