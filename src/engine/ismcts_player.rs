//! The ISMCTS player: information-set MCTS ([`crate::search::ismcts`])
//! seeing only its seat's observation, playing the most visited action.

use crate::game::HiddenInfo;
use crate::search::ismcts::ismcts_search;
use crate::search::uct::{UctConfig, DEFAULT_PLAYOUTS};
use crate::search::Limits;

use super::most_visited::choose_most_visited;
use super::player::{Decision, InfoSink, Player, PlayerError, Stop, View};

/// The ISMCTS player.
#[derive(Clone, Debug)]
pub struct IsmctsPlayer {
    config: UctConfig,
    seed: u64,
}

impl IsmctsPlayer {
    /// A ISMCTS player: `config.trees` trees per decision (workers on one
    /// tree under tree parallelism).
    #[must_use]
    pub fn new(config: UctConfig, seed: u64) -> Self {
        IsmctsPlayer { config, seed }
    }
}

impl<G: HiddenInfo> Player<G> for IsmctsPlayer {
    fn name(&self) -> &str {
        "ismcts"
    }

    /// Searches under `limits` (`nodes`: playouts; [`DEFAULT_PLAYOUTS`] if
    /// no bound is set), stopping early when `stop` is set, reporting to
    /// `info`.
    fn choose(
        &mut self,
        view: &View<'_, G>,
        limits: &Limits,
        stop: &Stop,
        info: &mut dyn InfoSink<G::Action>,
    ) -> Result<Decision<G::Action>, PlayerError> {
        let limits = limits.or_nodes(DEFAULT_PLAYOUTS);
        let observation = view.observation;
        choose_most_visited(view.legal, &mut self.seed, |seed| {
            ismcts_search::<G>(observation, &self.config, &limits, stop, seed, &mut |i| {
                info.info(i);
            })
        })
    }
}
