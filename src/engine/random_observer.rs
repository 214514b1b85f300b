//! The random observing player: a uniformly random legal action, seeing only
//! its observation. The floor every hidden-information engine must beat.

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::game::HiddenInfo;

use super::observer::ObservingPlayer;
use super::player::PlayerError;

/// Plays uniformly at random among the legal actions, reproducibly by seed.
#[derive(Clone, Debug)]
pub struct RandomObserver {
    rng: Xoshiro256PlusPlus,
}

impl RandomObserver {
    /// A random player whose choices depend only on `seed`.
    #[must_use]
    pub fn new(seed: u64) -> Self {
        Self {
            rng: Xoshiro256PlusPlus::seed_from_u64(seed),
        }
    }
}

impl<G: HiddenInfo> ObservingPlayer<G> for RandomObserver {
    fn name(&self) -> &str {
        "random"
    }

    fn choose(
        &mut self,
        _observation: &G::Observation,
        legal: &[G::Action],
    ) -> Result<G::Action, PlayerError> {
        if legal.is_empty() {
            return Err(PlayerError::NotAPlayersTurn);
        }
        Ok(legal[self.rng.gen_range(0..legal.len())])
    }
}
