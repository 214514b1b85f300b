//! Perfect-information Monte Carlo (determinized search): sample worlds
//! consistent with the seat's observation ([`HiddenInfo::sample_world`]),
//! search each with perfect-information UCT (one tree per world, random
//! playouts) and merge the root statistics: the most visited action wins.
//! Only the observation is ever read.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use rand_xoshiro::Xoshiro256PlusPlus;

use crate::game::HiddenInfo;

use super::info::SearchInfo;
use super::limits::Limits;
use super::searcher::SearchError;
use super::uct::{self, Leaf, UctConfig, UctResult, Worlds};

/// Searches `config.trees` worlds sampled from `observation` (the seat to
/// move's), sharing the playouts of `limits` among them, until done or
/// `stop` is set; `on_info` hears the progress.
pub fn pimc_search<G: HiddenInfo>(
    observation: &G::Observation,
    config: &UctConfig,
    limits: &Limits,
    stop: &Arc<AtomicBool>,
    seed: u64,
    on_info: &mut dyn FnMut(&SearchInfo<G::Action>),
) -> Result<UctResult<G::Action>, SearchError> {
    let sample = |rng: &mut Xoshiro256PlusPlus| G::sample_world(observation, rng);
    uct::search(
        Worlds::PerTree(&sample),
        Leaf::Playout,
        config,
        limits,
        stop,
        seed,
        on_info,
    )
}
