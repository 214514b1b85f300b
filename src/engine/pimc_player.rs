//! The PIMC player: determinized search ([`crate::search::pimc`]) seeing
//! only its seat's observation, playing the most visited action.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use crate::game::HiddenInfo;
use crate::search::pimc::pimc_search;
use crate::search::uct::UctConfig;
use crate::search::Limits;

use super::most_visited::{choose_most_visited, player_name};
use super::observer::ObservingPlayer;
use super::player::PlayerError;

/// The PIMC player.
#[derive(Clone, Debug)]
pub struct PimcPlayer {
    config: UctConfig,
    limits: Limits,
    seed: u64,
    name: String,
}

impl PimcPlayer {
    /// A PIMC player: `config.trees` worlds per decision, searched
    /// under `limits` (a playout limit makes it reproducible).
    #[must_use]
    pub fn new(config: UctConfig, limits: Limits, seed: u64) -> Self {
        PimcPlayer {
            config,
            limits,
            seed,
            name: player_name("pimc", &limits),
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
        let (config, limits) = (self.config, self.limits);
        let stop = Arc::new(AtomicBool::new(false));
        choose_most_visited(legal, &mut self.seed, |seed| {
            pimc_search::<G>(observation, &config, &limits, &stop, seed, &mut |_| {})
        })
    }
}
