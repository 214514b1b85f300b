//! What the sampling searches (PIMC, ISMCTS) assume about how the other
//! seats play, through the game's model policy
//! ([`RuleBasedGame::history_log_likelihood`],
//! [`RuleBasedGame::model_action`]):
//!
//! - **Inference** ([`Inference`], [`Belief`]): instead of worlds drawn
//!   uniformly among those consistent with the observation, a pool of such
//!   worlds each weighted by the probability that the model would have
//!   made the calls and plays the other seats made in it (importance
//!   weights), the search's worlds then drawn from the pool by weight
//!   (resampling), as Skat and bridge programs do.
//! - **Playouts** ([`Modelling::playout`]): leaves valued by a playout in
//!   which every seat moves by the model instead of at random.
//!
//! The defaults (no inference, random playouts) are the plain searches.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use rand::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use rayon::prelude::*;

use crate::game::Turn;
use crate::knowledge::{model_playout, unit_interval, PolicyModel, RuleBasedGame};

use super::info::SearchInfo;
use super::limits::Limits;
use super::searcher::SearchError;
use super::uct::{self, Leaf, Opponents, UctConfig, UctResult, Worlds};

/// Worlds weighted by the model's likelihood of the observed decisions.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Inference {
    /// Worlds sampled into the pool each decision.
    pub worlds: usize,
    /// The model the other seats' decisions are weighed by.
    pub model: PolicyModel,
}

/// A sampling search's assumptions about the other seats.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Modelling {
    /// Inference on the sampled worlds; `None`: every consistent world
    /// alike.
    pub inference: Option<Inference>,
    /// The model that plays the playouts; `None`: uniformly random moves.
    pub playout: Option<PolicyModel>,
    /// The model that moves the other team's seats inside the tree;
    /// `None`: they choose by UCB.
    pub opponents: Option<PolicyModel>,
}

/// A pool of worlds consistent with an observation, each with its weight.
pub struct Belief<G> {
    worlds: Vec<G>,
    /// Running sums of the weights (the last is the total).
    cumulative: Vec<f64>,
}

impl<G: RuleBasedGame> Belief<G> {
    /// Samples `inference.worlds` worlds from `observation` (each from its
    /// own generator derived from `seed`, in parallel on rayon) and weighs
    /// each by the model's likelihood of the decisions of every seat but
    /// the one to move (the observer). Stops sampling when `stop` is set;
    /// the pool depends only on the seed and its size.
    pub fn sample(
        observation: &G::Observation,
        inference: &Inference,
        seed: u64,
        stop: &AtomicBool,
    ) -> Self {
        let drawn: Vec<Option<(G, f64)>> = (0..inference.worlds)
            .into_par_iter()
            .map(|index| {
                if stop.load(Ordering::Relaxed) {
                    return None;
                }
                let mut rng = Xoshiro256PlusPlus::seed_from_u64(
                    seed ^ (index as u64 + 1).wrapping_mul(0xD1B5_4A32_D192_ED03),
                );
                let world = G::sample_world(observation, &mut rng);
                let log_weight = match world.turn() {
                    Turn::Player(observer) => {
                        G::history_log_likelihood(&world, observer, &inference.model)
                    }
                    Turn::Chance | Turn::Terminal => 0.0,
                };
                Some((world, log_weight))
            })
            .collect();
        let drawn: Vec<(G, f64)> = drawn.into_iter().map_while(|d| d).collect();
        let best = drawn
            .iter()
            .map(|&(_, w)| w)
            .fold(f64::NEG_INFINITY, f64::max);
        let mut worlds = Vec::with_capacity(drawn.len());
        let mut cumulative = Vec::with_capacity(drawn.len());
        let mut total = 0.0;
        for (world, log_weight) in drawn {
            let weight = if best.is_finite() {
                (log_weight - best).exp()
            } else {
                1.0
            };
            total += weight;
            worlds.push(world);
            cumulative.push(total);
        }
        Belief { worlds, cumulative }
    }

    /// A world drawn by weight with one draw from `rng`; `None` if the
    /// pool is empty.
    pub fn draw(&self, rng: &mut dyn RngCore) -> Option<G> {
        let total = *self.cumulative.last()?;
        let x = unit_interval(rng.next_u64()) * total;
        let index = self
            .cumulative
            .partition_point(|&c| c <= x)
            .min(self.worlds.len() - 1);
        Some(self.worlds[index].clone())
    }

    /// The worlds in the pool, with their normalised weights.
    pub fn weighted(&self) -> impl Iterator<Item = (&G, f64)> {
        let total = self.cumulative.last().copied().unwrap_or(1.0);
        let mut previous = 0.0;
        self.worlds
            .iter()
            .zip(&self.cumulative)
            .map(move |(world, &c)| {
                let weight = (c - previous) / total;
                previous = c;
                (world, weight)
            })
    }

    /// Kish's effective sample size, `(Σw)² / Σw²`: how many equally
    /// weighted worlds the pool is worth.
    #[must_use]
    pub fn effective_size(&self) -> f64 {
        let squares: f64 = self.weighted().map(|(_, w)| w * w).sum();
        if squares > 0.0 {
            1.0 / squares
        } else {
            0.0
        }
    }
}

/// Which worlds a sampling search runs its UCT over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Determinization {
    /// One world per tree (PIMC).
    PerTree,
    /// One world per playout, the tree over information sets (ISMCTS).
    PerPlayout,
}

/// Runs the one UCT ([`uct::search`]) for the seat to move in
/// `observation`, its worlds sampled as `determinization` says, from the
/// observation directly or from a [`Belief`] when `modelling` infers, its
/// leaves valued by random playouts or by the model's, the other team
/// moved in the tree by UCB or by the model.
#[allow(clippy::too_many_arguments)]
pub(super) fn search_worlds<G: RuleBasedGame>(
    observation: &G::Observation,
    determinization: Determinization,
    modelling: &Modelling,
    config: &UctConfig,
    limits: &Limits,
    stop: &Arc<AtomicBool>,
    seed: u64,
    on_info: &mut dyn FnMut(&SearchInfo<G::Action>),
) -> Result<UctResult<G::Action>, SearchError> {
    let belief = modelling
        .inference
        .map(|inference| Belief::<G>::sample(observation, &inference, seed, stop));
    let sample = |rng: &mut Xoshiro256PlusPlus| {
        belief
            .as_ref()
            .and_then(|b| b.draw(rng))
            .unwrap_or_else(|| G::sample_world(observation, rng))
    };
    let worlds = match determinization {
        Determinization::PerTree => Worlds::PerTree(&sample),
        Determinization::PerPlayout => Worlds::PerPlayout(&sample),
    };
    let rollout = |state: G, rng: &mut Xoshiro256PlusPlus| {
        model_playout(state, &modelling.playout.unwrap_or_default(), rng)
    };
    let leaf = match modelling.playout {
        Some(_) => Leaf::Rollout(&rollout),
        None => Leaf::Playout,
    };
    let model_move = |state: &G, rng: &mut Xoshiro256PlusPlus| {
        G::model_action(state, &modelling.opponents.unwrap_or_default(), rng)
    };
    let opponents = match modelling.opponents {
        Some(_) => Opponents::Model(&model_move),
        None => Opponents::Search,
    };
    uct::search(worlds, leaf, opponents, config, limits, stop, seed, on_info)
}
