//! Perfect-information Monte Carlo (determinized search): sample worlds
//! consistent with the seat's observation ([`HiddenInfo::sample_world`]),
//! search each with perfect-information UCT, and vote: the root action with
//! the most playouts over all worlds is played. The worlds are searched in
//! parallel on rayon. Only the observation is ever read.

use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use rayon::prelude::*;

use crate::game::HiddenInfo;

use super::world_mcts::{merge_stats, ActionStats, MctsConfig, Tree};

/// Searches `config.parallel` sampled worlds, `config.iterations /
/// config.parallel` playouts each, and returns the merged root statistics
/// (visits and the observer's summed returns per action).
#[must_use]
pub fn pimc_search<G: HiddenInfo>(
    observation: &G::Observation,
    config: &MctsConfig,
    seed: u64,
) -> Vec<ActionStats<G::Action>> {
    let worlds = config.parallel.max(1);
    let per_world = (config.iterations / worlds as u32).max(1);
    let results: Vec<_> = (0..worlds)
        .into_par_iter()
        .map(|i| {
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(
                seed ^ (i as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15),
            );
            let world = G::sample_world(observation, &mut rng);
            let mut tree = Tree::new(world, config.exploration);
            tree.run(per_world, &mut rng);
            tree.root_stats()
        })
        .collect();
    let mut merged = Vec::new();
    for r in &results {
        merge_stats(&mut merged, r);
    }
    merged
}
