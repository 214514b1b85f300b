//! The ISMCTS player: information-set MCTS ([`crate::search::ismcts`])
//! seeing only its seat's observation, playing the most visited action.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use crate::game::HiddenInfo;
use crate::search::ismcts::ismcts_search;
use crate::search::uct::UctConfig;
use crate::search::Limits;

use super::most_visited::{choose_most_visited, player_name};
use super::observer::ObservingPlayer;
use super::player::PlayerError;

/// The ISMCTS player.
#[derive(Clone, Debug)]
pub struct IsmctsPlayer {
    config: UctConfig,
    limits: Limits,
    seed: u64,
    name: String,
}

impl IsmctsPlayer {
    /// A ISMCTS player: `config.trees` trees per decision, searched
    /// under `limits` (a playout limit makes it reproducible).
    #[must_use]
    pub fn new(config: UctConfig, limits: Limits, seed: u64) -> Self {
        IsmctsPlayer {
            config,
            limits,
            seed,
            name: player_name("ismcts", &limits),
        }
    }
}

impl<G: HiddenInfo> ObservingPlayer<G> for IsmctsPlayer {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(
        &mut self,
        observation: &G::Observation,
        legal: &[G::Action],
    ) -> Result<G::Action, PlayerError> {
        let (config, limits) = (self.config, self.limits);
        let stop = Arc::new(AtomicBool::new(false));
        choose_most_visited(legal, &mut self.seed, |seed| {
            ismcts_search::<G>(observation, &config, &limits, &stop, seed, &mut |_| {})
        })
    }
}
