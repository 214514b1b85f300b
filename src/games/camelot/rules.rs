//! How a Camelot game ends (rules §5), checked after every move.
//!
//! Order of the checks: castle win, material draw, elimination win, no legal
//! move for the side to move, then the draws by rule (threefold repetition,
//! 50 moves each without capture or castle entry). A game that ends two ways
//! at once is scored by the first.

use super::board::{Board, Color};
use super::moves::movegen::has_legal_move;

/// Plies (50 moves by each side) without a capture or a move onto an enemy
/// castle square after which the game is drawn.
pub const QUIET_PLY_LIMIT: u16 = 100;

/// How many times a position must occur for the repetition draw.
pub const REPETITIONS: usize = 3;

/// Why a side won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Win {
    /// It occupies both squares of the opponent's castle.
    Castle,
    /// The opponent has no pieces left and it has two or more.
    Elimination,
    /// The opponent, to move, has no legal move and it has two or more pieces.
    NoMoves,
}

/// Why the game was drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Draw {
    /// Both sides have at most one piece.
    Material,
    /// The side to move has no legal move and the other has only one piece.
    NoMoves,
    /// The same position (board, side to move, castle moves) occurred three times.
    Repetition,
    /// 50 moves by each side without capture or castle entry.
    QuietMoves,
}

/// The state of play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// The side to move has a legal move and nothing ended the game.
    Ongoing,
    /// A side has won.
    Won(Color, Win),
    /// The game is drawn.
    Drawn(Draw),
}

/// The end conditions that depend on the position alone (not its history).
#[must_use]
pub fn position_status(board: &Board, to_move: Color, castle_moves: [u8; 2]) -> Status {
    let mover = to_move.opponent();
    for color in [mover, to_move] {
        let [a, b] = color.opponent().castle();
        let occupied = board.occupied[color.index()];
        if occupied.contains(a) && occupied.contains(b) {
            return Status::Won(color, Win::Castle);
        }
    }
    let (white, black) = (board.count(Color::White), board.count(Color::Black));
    if white <= 1 && black <= 1 {
        return Status::Drawn(Draw::Material);
    }
    if black == 0 {
        return Status::Won(Color::White, Win::Elimination);
    }
    if white == 0 {
        return Status::Won(Color::Black, Win::Elimination);
    }
    if !has_legal_move(board, to_move, castle_moves[to_move.index()]) {
        return if board.count(mover) >= 2 {
            Status::Won(mover, Win::NoMoves)
        } else {
            Status::Drawn(Draw::NoMoves)
        };
    }
    Status::Ongoing
}

/// The end conditions including the draws by rule, given how often the
/// current position has occurred and the plies since the last capture or
/// castle entry.
#[must_use]
pub fn status(
    board: &Board,
    to_move: Color,
    castle_moves: [u8; 2],
    occurrences: usize,
    quiet_plies: u16,
) -> Status {
    match position_status(board, to_move, castle_moves) {
        Status::Ongoing if occurrences >= REPETITIONS => Status::Drawn(Draw::Repetition),
        Status::Ongoing if quiet_plies >= QUIET_PLY_LIMIT => Status::Drawn(Draw::QuietMoves),
        other => other,
    }
}
