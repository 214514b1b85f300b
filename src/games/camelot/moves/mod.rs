//! Moves as whole turns, and how they are found.
//!
//! A [`Move`] is identified by its start, its end and the set of squares it
//! captures: paths with the same three lead to the same position and count as
//! one move ("distinct outcomes", rules §8). The path written in notation is
//! recovered by [`path::canonical_path`].

mod lattice;
pub mod movegen;
pub mod path;

use super::board::{Square, Squares};

/// One turn: a plain move, a canter chain, a jump chain, a Knight's Charge or
/// a castle move, identified by its outcome.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// The square the piece leaves.
    pub from: Square,
    /// The square where it ends the turn.
    pub to: Square,
    /// The enemy pieces it captures (empty for plain moves and canters).
    pub captures: Squares,
}
