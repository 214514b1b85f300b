//! Perfect-information Monte Carlo (determinized search): sample worlds
//! consistent with the seat's observation ([`HiddenInfo::sample_world`]),
//! search each with perfect-information UCT (one tree per world) and merge
//! the root statistics: the most visited action wins. Only the observation
//! is ever read. The worlds may be weighted by inference and the playouts
//! played by a model policy ([`super::modelling`]); by default they are
//! uniform and random.
//!
//! [`HiddenInfo::sample_world`]: crate::game::HiddenInfo::sample_world

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use crate::knowledge::RuleBasedGame;

use super::info::SearchInfo;
use super::limits::Limits;
use super::modelling::{search_worlds, Determinization, Modelling};
use super::searcher::SearchError;
use super::uct::{UctConfig, UctResult};

/// Searches `config.trees` worlds sampled from `observation` (the seat to
/// move's), modelling the other seats as `modelling` says, sharing the
/// playouts of `limits` among them, until done or `stop` is set;
/// `on_info` hears the progress.
pub fn pimc_search<G: RuleBasedGame>(
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
        Determinization::PerTree,
        modelling,
        config,
        limits,
        stop,
        seed,
        on_info,
    )
}
