//! Players for games with chance events: the expectimax engine, the MCTS
//! engine, and the greedy one-ply player that never takes a chance.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::game::{Game, Turn};
use crate::search::expectimax::{Expectimax, ExpectimaxResult, Pruning};
use crate::search::score::terminal_score;
use crate::search::uct::{self, Leaf, UctConfig, Worlds};
use crate::search::{Evaluator, Limits};

use super::player::{Player, PlayerError};

/// Chooses by expectimax search under fixed per-move limits.
pub struct ExpectimaxPlayer<G: Game, E> {
    name: String,
    searcher: Expectimax<G, E>,
    limits: Limits,
    last: Option<ExpectimaxResult<G::Action>>,
}

impl<G: Game, E: Evaluator<G>> ExpectimaxPlayer<G, E> {
    /// A player named `name` searching with `evaluator`, `pruning` and a
    /// table of `2^table_bits` entries under `limits`.
    #[must_use]
    pub fn new(
        name: &str,
        evaluator: E,
        pruning: Pruning,
        table_bits: u32,
        limits: Limits,
    ) -> Self {
        Self {
            name: name.to_string(),
            searcher: Expectimax::new(evaluator, pruning, table_bits),
            limits,
            last: None,
        }
    }

    /// The result behind the last action chosen.
    #[must_use]
    pub fn last_result(&self) -> Option<&ExpectimaxResult<G::Action>> {
        self.last.as_ref()
    }
}

impl<G: Game, E: Evaluator<G>> Player<G> for ExpectimaxPlayer<G, E> {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, state: &G) -> Result<G::Action, PlayerError> {
        let result = self.searcher.search(state, &self.limits)?;
        let best = result.best;
        self.last = Some(result);
        Ok(best)
    }

    fn new_game(&mut self) {
        self.searcher.new_game();
        self.last = None;
    }
}

/// Chooses by UCT with evaluation leaves under fixed per-move limits.
pub struct MctsPlayer<E> {
    name: String,
    evaluator: E,
    config: UctConfig,
    limits: Limits,
    seed: u64,
    moves: u64,
}

impl<E> MctsPlayer<E> {
    /// A player named `name` searching with `evaluator` and `config` under
    /// `limits`, seeded by `seed`.
    #[must_use]
    pub fn new(name: &str, evaluator: E, config: UctConfig, limits: Limits, seed: u64) -> Self {
        Self {
            name: name.to_string(),
            evaluator,
            config,
            limits,
            seed,
            moves: 0,
        }
    }
}

impl<G: Game, E: Evaluator<G>> Player<G> for MctsPlayer<E> {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, state: &G) -> Result<G::Action, PlayerError> {
        self.moves += 1;
        self.seed = self.seed.wrapping_add(self.moves);
        let result = uct::search(
            Worlds::Fixed(state),
            Leaf::Evaluation(&self.evaluator),
            &self.config,
            &self.limits,
            &Arc::new(AtomicBool::new(false)),
            self.seed,
            &mut |_| {},
        )?;
        Ok(result.best)
    }
}

/// The best action one ply ahead by the static evaluation, among those that
/// do not lead straight to a chance event (in card chess: it never draws),
/// unless every action does. In C'escacs and Camelot, whose evaluations are
/// led by material, this is the one-ply greedy capturer: it takes the most
/// valuable capture there is and otherwise the move that looks best at once.
/// Equally good actions are chosen between at random, reproducibly by seed,
/// so that games against it vary.
pub struct GreedyPlayer<E> {
    evaluator: E,
    rng: Xoshiro256PlusPlus,
    name: String,
}

impl<E> GreedyPlayer<E> {
    /// A greedy player judging with `evaluator`, breaking ties with `seed`.
    #[must_use]
    pub fn new(evaluator: E, seed: u64) -> Self {
        Self {
            evaluator,
            rng: Xoshiro256PlusPlus::seed_from_u64(seed),
            name: "greedy".to_string(),
        }
    }
}

impl<G: Game, E: Evaluator<G>> Player<G> for GreedyPlayer<E> {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, state: &G) -> Result<G::Action, PlayerError> {
        let Turn::Player(seat) = state.turn() else {
            return Err(PlayerError::NotAPlayersTurn);
        };
        let mut actions = Vec::new();
        state.legal_actions(&mut actions);
        let scored: Vec<((bool, i32), G::Action)> = actions
            .into_iter()
            .map(|action| {
                let mut child = state.clone();
                child.apply(action);
                let value = match child.turn() {
                    Turn::Terminal => child.returns().map_or(0, |r| terminal_score(&r, seat, 1)),
                    Turn::Player(next) => {
                        let v = self.evaluator.evaluate(&child);
                        if child.team_of(next) == state.team_of(seat) {
                            v
                        } else {
                            -v
                        }
                    }
                    Turn::Chance => i32::MIN,
                };
                ((child.turn() != Turn::Chance, value), action)
            })
            .collect();
        let best = scored
            .iter()
            .map(|&(key, _)| key)
            .max()
            .ok_or(PlayerError::NotAPlayersTurn)?;
        let ties: Vec<G::Action> = scored
            .into_iter()
            .filter(|&(key, _)| key == best)
            .map(|(_, action)| action)
            .collect();
        Ok(ties[self.rng.gen_range(0..ties.len())])
    }
}
