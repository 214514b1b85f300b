//! Single-observer information-set MCTS (Cowling, Powley & Whitehouse): one
//! tree over the observer's information sets, each playout in a world
//! sampled from the observation, chance drawn and not branched on (see
//! [`super::uct`]). Root-parallel: independent trees, root statistics
//! merged. Only the observation is read. The worlds may be weighted by
//! inference and the playouts played by a model policy
//! ([`super::modelling`]); by default they are uniform and random.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use crate::knowledge::RuleBasedGame;

use super::info::SearchInfo;
use super::limits::Limits;
use super::modelling::{search_worlds, Determinization, Modelling};
use super::searcher::SearchError;
use super::uct::{UctConfig, UctResult};

/// Runs information-set trees for the seat to move in `observation`,
/// modelling the other seats as `modelling` says, sharing the playouts of
/// `limits`, until done or `stop` is set; `on_info` hears the progress.
pub fn ismcts_search<G: RuleBasedGame>(
    observation: &G::Observation,
    config: &UctConfig,
    modelling: &Modelling,
    limits: &Limits,
    stop: &Arc<AtomicBool>,
    seed: u64,
    on_info: &mut dyn FnMut(&SearchInfo<G::Action>),
) -> Result<UctResult<G::Action>, SearchError> {
    search_worlds::<G>(
        observation,
        Determinization::PerPlayout,
        modelling,
        config,
        limits,
        stop,
        seed,
        on_info,
    )
}
