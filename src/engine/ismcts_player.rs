//! The ISMCTS player: information-set MCTS ([`crate::search::ismcts`])
//! seeing only its seat's observation, playing the most visited action.

use crate::game::HiddenInfo;
use crate::search::ismcts::ismcts_search;
use crate::search::world_mcts::MctsConfig;

use super::most_visited::choose_most_visited;
use super::observer::ObservingPlayer;
use super::player::PlayerError;

/// The ISMCTS player.
#[derive(Clone, Debug)]
pub struct IsmctsPlayer {
    config: MctsConfig,
    seed: u64,
    name: String,
}

impl IsmctsPlayer {
    /// An ISMCTS player: `config.parallel` trees per decision.
    #[must_use]
    pub fn new(config: MctsConfig, seed: u64) -> Self {
        IsmctsPlayer {
            config,
            seed,
            name: format!("ismcts-{}", config.iterations),
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
        let config = self.config;
        choose_most_visited(legal, &mut self.seed, |seed| {
            ismcts_search::<G>(observation, &config, seed)
        })
    }
}
