//! How a game of C'escacs ends and how it is scored.

use super::board::Board;
use super::piece::{kind_of, Color, Kind};
use super::{Cescacs, StalemateScore};

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The side to move is mated; `winner` mated it.
    Checkmate {
        /// The mating side.
        winner: Color,
    },
    /// The side to move has no legal move and is not in check: a minimal
    /// win for `winner`.
    Stalemate {
        /// The stalemating side.
        winner: Color,
    },
    /// The same position (men, side to move, rights, special capture) for
    /// the third time.
    Repetition,
    /// 50 moves each without a capture, pawn move or promotion.
    FiftyMoves,
    /// Neither side can mate.
    InsufficientMaterial,
}

/// The outcome of the game in this state, if it is over. Mate and stalemate
/// take precedence over the draw rules.
pub fn outcome(game: &Cescacs) -> Option<Outcome> {
    let board = game.board();
    let mut moves = Vec::with_capacity(128);
    game.moves(&mut moves);
    if moves.is_empty() {
        let winner = board.side().other();
        return Some(if game.in_check() {
            Outcome::Checkmate { winner }
        } else {
            Outcome::Stalemate { winner }
        });
    }
    drawn_by_rule(game)
}

/// The draw rule that ends the game here, if any (assuming the side to move
/// has a legal move).
pub fn drawn_by_rule(game: &Cescacs) -> Option<Outcome> {
    if game.halfmove_clock() >= 100 {
        Some(Outcome::FiftyMoves)
    } else if game.threefold() {
        Some(Outcome::Repetition)
    } else if insufficient_material(game.board()) {
        Some(Outcome::InsufficientMaterial)
    } else {
        None
    }
}

/// The author's rule: each side has at most three men, no pawns, no Queen,
/// Wyvern or Rook, and neither side has two Pegasi or a Pegasus with a
/// Knight or Bishop.
#[must_use]
pub fn insufficient_material(board: &Board) -> bool {
    [Color::White, Color::Black].into_iter().all(|color| {
        let men = board.men(color);
        if men.len() > 3 {
            return false;
        }
        let mut pegasi = 0;
        let mut minors = 0;
        for h in men.iter() {
            match kind_of(board.at(h)) {
                Kind::Pawn | Kind::Queen | Kind::Wyvern | Kind::Rook => return false,
                Kind::Pegasus => pegasi += 1,
                Kind::Knight | Kind::Bishop => minors += 1,
                Kind::King | Kind::Elephant => {}
            }
        }
        pegasi < 2 && !(pegasi == 1 && minors > 0)
    })
}

/// White's points (of 1) for an outcome; Black gets the rest.
#[must_use]
pub fn white_score(outcome: Outcome, stalemate: StalemateScore) -> f64 {
    let minimal_win = match stalemate {
        StalemateScore::ThreeQuarters => 0.75,
        StalemateScore::TwoThirds => 2.0 / 3.0,
    };
    match outcome {
        Outcome::Checkmate {
            winner: Color::White,
        } => 1.0,
        Outcome::Checkmate {
            winner: Color::Black,
        } => 0.0,
        Outcome::Stalemate {
            winner: Color::White,
        } => minimal_win,
        Outcome::Stalemate {
            winner: Color::Black,
        } => 1.0 - minimal_win,
        Outcome::Repetition | Outcome::FiftyMoves | Outcome::InsufficientMaterial => 0.5,
    }
}
