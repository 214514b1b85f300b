//! The ISMCTS player: information-set MCTS ([`crate::search::ismcts`])
//! seeing only its seat's observation, playing the most visited action.

use crate::game::HiddenInfo;
use crate::search::ismcts::ismcts_search;
use crate::search::world_mcts::MctsConfig;
use crate::search::Limits;

use super::most_visited::choose_most_visited;
use super::player::{Decision, InfoSink, Player, PlayerError, Stop, View};

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

impl<G: HiddenInfo> Player<G> for IsmctsPlayer {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(
        &mut self,
        view: &View<'_, G>,
        limits: &Limits,
        _stop: &Stop,
        _info: &mut dyn InfoSink<G::Action>,
    ) -> Result<Decision<G::Action>, PlayerError> {
        let mut config = self.config;
        if let Some(nodes) = limits.nodes {
            config.iterations = u32::try_from(nodes).unwrap_or(u32::MAX);
        }
        let observation = view.observation;
        choose_most_visited(view.legal, &mut self.seed, |seed| {
            ismcts_search::<G>(observation, &config, seed)
        })
        .map(Decision::action)
    }
}
