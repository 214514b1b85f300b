//! The random mover: a uniformly random legal action, reproducible by seed.
//! The floor every engine must beat, in every game.

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::game::Observe;
use crate::search::Limits;

use crate::engine::player::{Decision, InfoSink, Player, PlayerError, Stop, View};

/// Plays uniformly at random among the legal actions.
#[derive(Clone, Debug)]
pub struct RandomPlayer {
    rng: Xoshiro256PlusPlus,
}

impl RandomPlayer {
    /// A random mover whose choices depend only on `seed`.
    #[must_use]
    pub fn new(seed: u64) -> Self {
        Self {
            rng: Xoshiro256PlusPlus::seed_from_u64(seed),
        }
    }
}

impl<G: Observe> Player<G> for RandomPlayer {
    fn name(&self) -> &str {
        "random"
    }

    fn choose(
        &mut self,
        view: &View<'_, G>,
        _limits: &Limits,
        _stop: &Stop,
        _info: &mut dyn InfoSink<G::Action>,
    ) -> Result<Decision<G::Action>, PlayerError> {
        if view.legal.is_empty() {
            return Err(PlayerError::NotAPlayersTurn);
        }
        Ok(Decision::action(
            view.legal[self.rng.gen_range(0..view.legal.len())],
        ))
    }
}
