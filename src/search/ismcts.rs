//! Single-observer information-set MCTS (Cowling, Powley & Whitehouse): one
//! tree over the observer's information sets, each playout in a world
//! sampled from the observation, random playouts, chance drawn and not
//! branched on (see [`super::uct`]). Root-parallel: independent trees,
//! root statistics merged. Only the observation is read.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use rand_xoshiro::Xoshiro256PlusPlus;

use crate::game::HiddenInfo;

use super::info::SearchInfo;
use super::limits::Limits;
use super::searcher::SearchError;
use super::uct::{self, Leaf, UctConfig, UctResult, Worlds};

/// Runs information-set trees for the seat to move in `observation`,
/// sharing the playouts of `limits`, until done or `stop` is set;
/// `on_info` hears the progress.
pub fn ismcts_search<G: HiddenInfo>(
    observation: &G::Observation,
    config: &UctConfig,
    limits: &Limits,
    stop: &Arc<AtomicBool>,
    seed: u64,
    on_info: &mut dyn FnMut(&SearchInfo<G::Action>),
) -> Result<UctResult<G::Action>, SearchError> {
    let sample = |rng: &mut Xoshiro256PlusPlus| G::sample_world(observation, rng);
    uct::search(
        Worlds::PerPlayout(&sample),
        Leaf::Playout,
        config,
        limits,
        stop,
        seed,
        on_info,
    )
}
