//! The PIMC player: determinized search ([`crate::search::pimc`]) seeing
//! only its seat's observation, playing the most visited action.

use crate::game::HiddenInfo;
use crate::search::pimc::pimc_search;
use crate::search::world_mcts::MctsConfig;

use super::most_visited::choose_most_visited;
use super::observer::ObservingPlayer;
use super::player::PlayerError;

/// The PIMC player.
#[derive(Clone, Debug)]
pub struct PimcPlayer {
    config: MctsConfig,
    seed: u64,
    name: String,
}

impl PimcPlayer {
    /// A PIMC player: `config.parallel` worlds per decision.
    #[must_use]
    pub fn new(config: MctsConfig, seed: u64) -> Self {
        PimcPlayer {
            config,
            seed,
            name: format!("pimc-{}", config.iterations),
        }
    }
}

impl<G: HiddenInfo> ObservingPlayer<G> for PimcPlayer {
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
            pimc_search::<G>(observation, &config, seed)
        })
    }
}
