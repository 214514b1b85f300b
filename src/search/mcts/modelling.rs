//! The sampling searches, PIMC and ISMCTS ([`search_worlds`]), and what
//! they assume about how the other
//! seats play, through the game's model policy
//! ([`RuleBasedGame::seat_log_likelihoods`],
//! [`RuleBasedGame::model_action`]):
//!
//! - **Inference** ([`Inference`], [`Belief`]): instead of worlds drawn
//!   uniformly among those consistent with the observation, a pool of
//!   worlds drawn by the probability that the model would have made the
//!   calls and plays the other seats made in them (the posterior), the
//!   search's worlds then drawn from the pool. The pool is built one of two
//!   ways ([`Sampler`]): uniform worlds each weighted by that probability
//!   (importance sampling, as Skat and bridge programs do), or Metropolis
//!   chains that move hidden cards between the other seats, accepting a
//!   move by the likelihood ratio, and keep worlds at regular steps (all
//!   alike). Importance sampling wastes most of its pool when the calls
//!   and plays say much (a few worlds carry the weight); the chains spend
//!   their evaluations near the likely worlds instead.
//! - **Playouts** ([`Modelling::playout`]): leaves valued by a playout in
//!   which every seat moves by the model instead of at random; with
//!   [`PlayoutModel::informed`] the searcher's own team moves by the model
//!   reading every hand of the sampled world
//!   ([`RuleBasedGame::informed_action`]), since the searcher and its
//!   partner play better than the policy, while the other team keeps the
//!   policy's moves.
//!
//! The defaults (no inference, random playouts) are the plain searches.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use rand::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use rayon::prelude::*;

use crate::game::Turn;
use crate::knowledge::{model_playout, unit_interval, PolicyModel, RuleBasedGame};

use super::uct::{self, Leaf, Opponents, UctConfig, UctResult, Worlds};
use crate::search::info::SearchInfo;
use crate::search::limits::Limits;
use crate::search::SearchError;

/// Worlds drawn by the model's likelihood of the observed decisions.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Inference {
    /// Worlds in the pool each decision.
    pub worlds: usize,
    /// The model the other seats' decisions are weighed by.
    pub model: PolicyModel,
    /// How the pool is built.
    pub sampler: Sampler,
    /// Whose decisions are weighed.
    pub seats: Weighed,
}

/// Whose decisions an inference pool weighs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Weighed {
    /// Every seat's but the observer's.
    #[default]
    Others,
    /// Only the other teams' seats: the observer's partner plays as the
    /// observer's own engine, not as the model.
    Opponents,
    /// Every seat's but the observer's, its partners' by the game's model
    /// of tauler's own engine (they play by the same engine), the other
    /// teams' by the model.
    EnginePartner,
}

impl Weighed {
    /// The seats weighed when `observer` is to move in `world` (bit per
    /// seat).
    fn mask<G: crate::game::Game>(self, world: &G, observer: usize) -> u8 {
        (0..world.seats())
            .filter(|&s| match self {
                Weighed::Others | Weighed::EnginePartner => s != observer,
                Weighed::Opponents => world.team_of(s) != world.team_of(observer),
            })
            .fold(0, |m, s| m | 1 << s)
    }

    /// Those of the seats weighed that are weighed by the model of the
    /// engine (bit per seat): `observer`'s partners under `EnginePartner`.
    fn engine_mask<G: crate::game::Game>(self, world: &G, observer: usize) -> u8 {
        match self {
            Weighed::EnginePartner => (0..world.seats())
                .filter(|&s| s != observer && world.team_of(s) == world.team_of(observer))
                .fold(0, |m, s| m | 1 << s),
            Weighed::Others | Weighed::Opponents => 0,
        }
    }
}

/// How an inference pool is built.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Sampler {
    /// Worlds drawn uniformly, each weighted by its likelihood.
    #[default]
    Importance,
    /// Metropolis chains ([`RuleBasedGame::propose_world`]), their worlds
    /// alike.
    Metropolis(Chains),
}

/// The Metropolis chains of an inference pool.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Chains {
    /// Chains, each from its own uniform world, run in parallel on rayon;
    /// the pool's worlds are split among them.
    pub chains: usize,
    /// Steps a chain takes before it keeps its first world.
    pub burn_in: usize,
    /// Steps between two worlds a chain keeps.
    pub thin: usize,
}

/// A sampling search's assumptions about the other seats.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Modelling {
    /// Inference on the sampled worlds; `None`: every consistent world
    /// alike.
    pub inference: Option<Inference>,
    /// How the playouts move the seats; `None`: uniformly random moves.
    pub playout: Option<PlayoutModel>,
    /// The model that moves the other team's seats inside the tree;
    /// `None`: they choose by UCB.
    pub opponents: Option<PolicyModel>,
}

/// How a search's playouts move the seats: every seat by the model, or the
/// searcher's team by the model reading every hand of the sampled world
/// ([`RuleBasedGame::informed_action`]) and the other team by the model
/// alone.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PlayoutModel {
    /// The rule-based policy made stochastic.
    pub model: PolicyModel,
    /// Whether the searcher's team reads every hand of the sampled world.
    pub informed: bool,
}

/// A pool of worlds consistent with an observation, each with its weight.
pub struct Belief<G> {
    worlds: Vec<G>,
    /// Running sums of the weights (the last is the total).
    cumulative: Vec<f64>,
}

impl<G: RuleBasedGame> Belief<G> {
    /// The pool of `inference` for `observation` (its worlds weighed by the
    /// model's likelihood of the decisions of the seats it weighs, seen
    /// from the one to move, the observer), built in parallel on rayon. Stops when `stop`
    /// is set; the pool depends only on the seed and its settings.
    pub fn sample(
        observation: &G::Observation,
        inference: &Inference,
        seed: u64,
        stop: &AtomicBool,
    ) -> Self {
        match inference.sampler {
            Sampler::Importance => Self::importance(observation, inference, seed, stop),
            Sampler::Metropolis(chains) => {
                Self::metropolis(observation, inference, &chains, seed, stop)
            }
        }
    }

    /// The generator of the `index`th world or chain of a pool.
    fn generator(seed: u64, index: usize) -> Xoshiro256PlusPlus {
        Xoshiro256PlusPlus::seed_from_u64(
            seed ^ (index as u64 + 1).wrapping_mul(0xD1B5_4A32_D192_ED03),
        )
    }

    /// `inference.worlds` uniform worlds, each from its own generator,
    /// weighted by their likelihood.
    fn importance(
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
                let world = G::sample_world(observation, &mut Self::generator(seed, index));
                let log_weight = match world.turn() {
                    Turn::Player(observer) => {
                        let seats = inference.seats.mask(&world, observer);
                        let engine = inference.seats.engine_mask(&world, observer);
                        G::seat_log_likelihoods(&world, seats, engine, &inference.model)
                            .iter()
                            .sum()
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

    /// `chains.chains` Metropolis chains, each from a uniform world of its
    /// own generator, keeping `inference.worlds` worlds between them, all
    /// alike.
    fn metropolis(
        observation: &G::Observation,
        inference: &Inference,
        chains: &Chains,
        seed: u64,
        stop: &AtomicBool,
    ) -> Self {
        let count = chains.chains.min(inference.worlds).max(1);
        let kept: Vec<Vec<G>> = (0..count)
            .into_par_iter()
            .map(|index| {
                let share =
                    inference.worlds / count + usize::from(index < inference.worlds % count);
                let mut rng = Self::generator(seed, index);
                run_chain(observation, inference, chains, share, &mut rng, stop)
            })
            .collect();
        let worlds: Vec<G> = kept.into_iter().flatten().collect();
        let cumulative = (1..=worlds.len()).map(|k| k as f64).collect();
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

/// One Metropolis chain from a uniform world of `observation`: each step
/// draws a proposal ([`RuleBasedGame::propose_world`]) and accepts it with
/// the ratio of the model's likelihoods of the weighed seats' decisions
/// (only the seats it changed are weighed again); after `chains.burn_in`
/// steps it keeps its world every `chains.thin` steps until it holds
/// `share`. Stops early when `stop` is set.
fn run_chain<G: RuleBasedGame>(
    observation: &G::Observation,
    inference: &Inference,
    chains: &Chains,
    share: usize,
    rng: &mut Xoshiro256PlusPlus,
    stop: &AtomicBool,
) -> Vec<G> {
    let mut kept = Vec::with_capacity(share);
    let mut world = G::sample_world(observation, rng);
    let Turn::Player(observer) = world.turn() else {
        kept.resize(share, world);
        return kept;
    };
    let others = inference.seats.mask(&world, observer);
    let engine = inference.seats.engine_mask(&world, observer);
    let model = &inference.model;
    let mut logs = G::seat_log_likelihoods(&world, others, engine, model);
    let mut step = 0;
    while kept.len() < share && !stop.load(Ordering::Relaxed) {
        if let Some((proposal, changed)) = G::propose_world(&world, observation, rng) {
            let changed = changed & others;
            let new = G::seat_log_likelihoods(&proposal, changed, engine, model);
            let seats = (0..logs.len()).filter(|&s| changed & 1 << s != 0);
            let delta: f64 = seats.map(|s| new[s] - logs[s]).sum();
            if delta >= 0.0 || unit_interval(rng.next_u64()) < delta.exp() {
                world = proposal;
                for s in (0..logs.len()).filter(|&s| changed & 1 << s != 0) {
                    logs[s] = new[s];
                }
            }
        }
        step += 1;
        if step >= chains.burn_in && (step - chains.burn_in).is_multiple_of(chains.thin.max(1)) {
            kept.push(world.clone());
        }
    }
    kept
}

/// Which worlds a sampling search runs its UCT over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Determinization {
    /// Perfect-information Monte Carlo (determinized search): one world
    /// sampled per tree ([`HiddenInfo::sample_world`]), each searched by
    /// perfect-information UCT, the root statistics merged.
    ///
    /// [`HiddenInfo::sample_world`]: crate::game::HiddenInfo::sample_world
    PerTree,
    /// Single-observer information-set MCTS (Cowling, Powley & Whitehouse):
    /// one tree over the observer's information sets, each playout in a
    /// world sampled from the observation, chance drawn and not branched on.
    PerPlayout,
}

/// PIMC or ISMCTS: runs the one UCT ([`uct::search`], root-parallel:
/// `config.trees` trees sharing the playouts of `limits`) for the seat to
/// move in `observation`, its worlds sampled as `determinization` says,
/// from the observation directly or from a [`Belief`] when `modelling`
/// infers, its leaves valued by random playouts or by the model's, the
/// other team moved in the tree by UCB or by the model, until done or
/// `stop` is set; `on_info` hears the progress. Only the observation is
/// ever read.
#[allow(clippy::too_many_arguments)]
pub fn search_worlds<G: RuleBasedGame>(
    observation: &G::Observation,
    determinization: Determinization,
    config: &UctConfig,
    modelling: &Modelling,
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
    let playout = modelling.playout.unwrap_or_default();
    let root_team = if playout.informed {
        uct::mover_team(&sample(&mut Xoshiro256PlusPlus::seed_from_u64(seed)))
    } else {
        None
    };
    let rollout = |state: G, rng: &mut Xoshiro256PlusPlus| {
        model_playout(state, &playout.model, root_team, rng)
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
