//! Plain-chess perft with bulk counting: the leaf parents count their
//! moves by popcount instead of playing them.

use super::movegen::{count_plain_moves, legal_moves, MoveList, MoveRules};
use super::position::Position;

/// The number of plain-chess move paths of length `depth` from `pos`.
#[must_use]
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => count_plain_moves(pos),
        _ => {
            let mut moves = MoveList::new();
            legal_moves(pos, &MoveRules::PLAIN, &mut moves);
            moves
                .iter()
                .map(|&mv| {
                    let mut child = *pos;
                    child.play(mv);
                    perft(&child, depth - 1)
                })
                .sum()
        }
    }
}
