//! Search scores: centipawn-like values from the view of the seat to move,
//! and the bands above them that encode known results (mates, and decided
//! non-win results such as C'escacs' 3/4-point stalemate).
//!
//! Layout of the `i32` line (symmetric around 0):
//!
//! ```text
//! 0 ..= EVAL_LIMIT            static evaluations (clamped)
//! DECIDED_BASE .. MATE_BOUND  decided results worth less than a full win, minus the ply
//! MATE_BOUND ..= MATE         wins: MATE − (plies to the end)
//! ```
//!
//! Every score above [`EVAL_LIMIT`] carries its distance in plies, so faster
//! wins (and slower losses) score better, and transposition-table entries
//! shift such scores by the ply at which they are stored and read.

use std::fmt;

use crate::game::{Returns, Seat};

/// The deepest ply a search reaches (root is ply 0).
pub const MAX_PLY: usize = 128;

/// The score of a win at the root itself; a win `n` plies away scores `MATE - n`.
pub const MATE: i32 = 32_000;

/// Scores at or beyond this (in absolute value) are wins or losses.
pub const MATE_BOUND: i32 = MATE - MAX_PLY as i32;

/// Larger than any score; the initial window is `(-INFINITY, INFINITY)`.
pub const INFINITY: i32 = MATE + 1;

/// Static evaluations are clamped to `[-EVAL_LIMIT, EVAL_LIMIT]`.
pub const EVAL_LIMIT: i32 = 10_000;

/// Decided results between a draw and a win start here (before the ply is subtracted).
pub const DECIDED_BASE: i32 = 20_000;

/// Span of the decided band: a result worth `d` more than the opponent's
/// (`0 < d < 1`) scores `DECIDED_BASE + d * DECIDED_RANGE`.
pub const DECIDED_RANGE: i32 = 9_000;

/// The score of a terminal state for `seat`, reached `ply` plies from the root.
///
/// Two-player returns are compared: `d = returns[seat] − returns[other]`,
/// clamped to `[-1, 1]`. `d = 1` is a win (`MATE − ply`), `d = −1` a loss,
/// `d = 0` a draw (0), and anything between, such as C'escacs' stalemate
/// (0.75 − 0.25 = 0.5), lands in the decided band, above every evaluation
/// and below every mate, again preferring the nearer result.
#[must_use]
pub fn terminal_score(returns: &Returns, seat: Seat, ply: usize) -> i32 {
    let mine = returns.get(seat).copied().unwrap_or(0.0);
    let theirs = returns.get(seat ^ 1).copied().unwrap_or(0.0);
    let difference = (mine - theirs).clamp(-1.0, 1.0);
    let ply = ply.min(MAX_PLY) as i32;
    if difference.abs() < 1e-9 {
        0
    } else if difference >= 1.0 - 1e-9 {
        MATE - ply
    } else if difference <= -1.0 + 1e-9 {
        -MATE + ply
    } else {
        let magnitude = DECIDED_BASE + (difference.abs() * f64::from(DECIDED_RANGE)).round() as i32;
        if difference > 0.0 {
            magnitude - ply
        } else {
            -magnitude + ply
        }
    }
}

/// Converts a score relative to the node at `ply` into one relative to the
/// node itself, for storing in the transposition table.
#[must_use]
pub fn to_table(score: i32, ply: usize) -> i32 {
    let ply = ply as i32;
    if score > EVAL_LIMIT {
        score + ply
    } else if score < -EVAL_LIMIT {
        score - ply
    } else {
        score
    }
}

/// The inverse of [`to_table`]: a stored score read back at `ply`.
#[must_use]
pub fn from_table(score: i32, ply: usize) -> i32 {
    let ply = ply as i32;
    if score > EVAL_LIMIT {
        score - ply
    } else if score < -EVAL_LIMIT {
        score + ply
    } else {
        score
    }
}

/// A root score as reported to the user.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Score(pub i32);

impl Score {
    /// Whether the score is a forced win or loss.
    #[must_use]
    pub fn is_mate(self) -> bool {
        self.0.abs() >= MATE_BOUND
    }

    /// Plies to the end of a forced win (positive) or loss (negative).
    #[must_use]
    pub fn mate_plies(self) -> Option<i32> {
        self.is_mate().then(|| {
            if self.0 > 0 {
                MATE - self.0
            } else {
                -(MATE + self.0)
            }
        })
    }

    /// UCI-style "mate N": moves of the winning side, `(plies + 1) / 2`,
    /// negative when the side to move is being mated.
    #[must_use]
    pub fn mate_moves(self) -> Option<i32> {
        self.mate_plies().map(|plies| {
            if plies > 0 {
                (plies + 1) / 2
            } else {
                -((-plies + 1) / 2)
            }
        })
    }
}

impl fmt::Display for Score {
    /// `cp X` or `mate N`, as in UCI `info` lines.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.mate_moves() {
            Some(moves) => write!(f, "mate {moves}"),
            None => write!(f, "cp {}", self.0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn returns(a: f64, b: f64) -> Returns {
        [a, b].into_iter().collect()
    }

    #[test]
    fn results_map_to_their_bands() {
        assert_eq!(terminal_score(&returns(1.0, 0.0), 0, 3), MATE - 3);
        assert_eq!(terminal_score(&returns(1.0, 0.0), 1, 3), -MATE + 3);
        assert_eq!(terminal_score(&returns(0.5, 0.5), 1, 3), 0);
        let stalemate = terminal_score(&returns(0.75, 0.25), 0, 2);
        assert_eq!(stalemate, DECIDED_BASE + DECIDED_RANGE / 2 - 2);
        assert_eq!(terminal_score(&returns(0.75, 0.25), 1, 2), -stalemate);
        let two_thirds = terminal_score(&returns(2.0 / 3.0, 1.0 / 3.0), 0, 2);
        assert!(EVAL_LIMIT < two_thirds && two_thirds < stalemate);
        assert!(stalemate < MATE_BOUND);
    }

    #[test]
    fn table_scores_round_trip_at_any_ply() {
        for score in [0, 57, -EVAL_LIMIT, MATE - 5, -MATE + 9, DECIDED_BASE + 300] {
            for ply in [0, 1, 17, 100] {
                assert_eq!(from_table(to_table(score, ply), ply), score);
            }
        }
        assert_eq!(
            to_table(MATE - 7, 4),
            MATE - 3,
            "stored relative to the node"
        );
    }

    #[test]
    fn scores_print_as_uci() {
        assert_eq!(Score(35).to_string(), "cp 35");
        assert_eq!(Score(MATE - 1).to_string(), "mate 1");
        assert_eq!(Score(MATE - 3).to_string(), "mate 2");
        assert_eq!(Score(-MATE + 2).to_string(), "mate -1");
        assert_eq!(Score(-MATE + 4).to_string(), "mate -2");
        assert_eq!(
            Score(DECIDED_BASE).to_string(),
            format!("cp {DECIDED_BASE}")
        );
    }
}
