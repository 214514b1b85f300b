//! The random mover: a uniformly random legal action, reproducible by seed.
//! The floor every engine must beat.

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::game::{Game, Turn};

use super::player::{Player, PlayerError};

/// Plays uniformly at random among the legal actions.
#[derive(Clone, Debug)]
pub struct RandomPlayer {
    rng: Xoshiro256PlusPlus,
    name: String,
}

impl RandomPlayer {
    /// A random mover whose choices depend only on `seed`.
    #[must_use]
    pub fn new(seed: u64) -> Self {
        Self {
            rng: Xoshiro256PlusPlus::seed_from_u64(seed),
            name: "random".to_string(),
        }
    }
}

impl<G: Game> Player<G> for RandomPlayer {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, state: &G) -> Result<G::Action, PlayerError> {
        if !matches!(state.turn(), Turn::Player(_)) {
            return Err(PlayerError::NotAPlayersTurn);
        }
        let mut actions = Vec::new();
        state.legal_actions(&mut actions);
        if actions.is_empty() {
            return Err(PlayerError::NotAPlayersTurn);
        }
        Ok(actions[self.rng.gen_range(0..actions.len())])
    }
}
