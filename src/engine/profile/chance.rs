//! The expectimax and MCTS searchers' settings (`[parameters]` of a
//! chance game's profile).

use serde::Deserialize;

use crate::game::Game;
use crate::search::expectimax::{Expectimax, Pruning};
use crate::search::Evaluator;

/// The settings of the expectimax and MCTS searchers, from `[parameters]`.
#[derive(Clone, Copy, Debug, PartialEq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ChanceParams {
    /// Expectimax pruning: `none`, `star1` or `star2`.
    pub pruning: Pruning,
    /// Expectimax table size: `2^table_bits` entries.
    pub table_bits: u32,
    /// Expectimax quiescence: how many noisy actions (captures, card
    /// removals) may follow the horizon; 0 evaluates it statically.
    pub quiescence_plies: u32,
    /// MCTS threads: independent trees, their root statistics merged.
    pub threads: usize,
    /// The MCTS exploration constant.
    pub exploration: f64,
}

impl ChanceParams {
    /// The expectimax searcher these settings describe, with `evaluator`.
    #[must_use]
    pub fn expectimax<G: Game, E: Evaluator<G>>(&self, evaluator: E) -> Expectimax<G, E> {
        Expectimax::new(evaluator, self.pruning, self.table_bits)
            .with_quiescence(self.quiescence_plies)
    }
}

impl Default for ChanceParams {
    fn default() -> Self {
        Self {
            pruning: Pruning::Star2,
            table_bits: 20,
            quiescence_plies: 0,
            threads: 1,
            exploration: 1.0,
        }
    }
}
