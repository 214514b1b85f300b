//! The sampling searchers' settings (PIMC, ISMCTS, cheating UCT: `[parameters]`
//! of a hidden-card game's profile) and the choices they name: inference,
//! playouts, opponents, bidding.

use serde::Deserialize;

use crate::knowledge::PolicyModel;
use crate::search::uct::{Objective, UctConfig};

/// The settings of the sampling searchers (PIMC, ISMCTS, cheating UCT), from
/// `[parameters]`; the playouts per decision are the profile's `nodes` limit.
#[derive(Clone, Copy, Debug, PartialEq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SamplingParams {
    /// The UCT exploration constant, in the game's points.
    pub exploration: f64,
    /// Worlds (PIMC) or trees (ISMCTS, cheating) searched in parallel on
    /// rayon, the playouts split among them, their root statistics merged.
    pub parallel: usize,
    /// What the search (and a simulation bidder) maximises for each seat:
    /// `score` (its own return) or `margin` (its return minus the other
    /// team's).
    pub objective: Objective,
    /// How PIMC and ISMCTS make contract decisions (auction calls, the
    /// choice of type): `search` like any other, or `simulation`.
    pub bidding: Bidding,
    /// Sampled worlds per contract decision under `bidding = "simulation"`.
    pub bid_worlds: u32,
    /// Where those worlds come from: `uniform` (every world consistent
    /// with the observation alike) or `inference` (drawn from the pool the
    /// play's `inference` builds, so the calls seen so far shape them).
    pub bid_inference: BidInference,
    /// PIMC and ISMCTS: `none` (every world consistent with the
    /// observation alike) or `policy` (worlds weighted by how likely the
    /// rule-based policy, made stochastic, makes the other seats' calls and
    /// plays in them).
    pub inference: Inference,
    /// Worlds in the inference pool per decision (`inference = "policy"`
    /// or `"mcmc"`).
    pub inference_worlds: usize,
    /// Whose decisions inference weighs: `others` (every seat but the
    /// searcher's), `opponents` (the other team's only) or
    /// `engine-partner` (every seat but the searcher's, its partner's by
    /// the game's model of tauler's own engine).
    pub inference_seats: InferenceSeats,
    /// Metropolis chains per decision under `inference = "mcmc"`.
    pub mcmc_chains: usize,
    /// Steps a chain takes before it keeps a world.
    pub mcmc_burn_in: usize,
    /// Steps between the worlds a chain keeps.
    pub mcmc_thin: usize,
    /// The inference model's softmax temperature over the policy's
    /// preferences.
    pub model_temperature: f64,
    /// The inference model's share of uniformly random choices.
    pub model_epsilon: f64,
    /// PIMC and ISMCTS playouts: `random`, `policy` (every seat moved by
    /// the rule-based policy made stochastic) or `informed` (that, the
    /// searcher's team reading every hand of the sampled world).
    pub playout: Playout,
    /// The playout policy's softmax temperature.
    pub playout_temperature: f64,
    /// The playout policy's share of uniformly random moves.
    pub playout_epsilon: f64,
    /// PIMC and ISMCTS: how the other team's seats choose inside the
    /// tree: `search` (by UCB, for themselves) or `policy` (drawn from the
    /// inference model, `model_temperature` and `model_epsilon`).
    pub opponents: Opponents,
    /// MEASUREMENT ONLY (PIMC and ISMCTS): the player also sees its
    /// partner's hand ([`crate::engine::PartnerSight`]); like the cheating
    /// searcher, fair tables refuse it and tournaments need
    /// `allow_cheating = true`.
    pub partner_sight: bool,
}

/// Whether a sampling searcher weighs its worlds by inference.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Inference {
    /// Every world consistent with the observation alike.
    #[default]
    None,
    /// Worlds weighted by the rule-based policy's likelihood of the other
    /// seats' decisions (`search::modelling`, importance sampling).
    Policy,
    /// Worlds drawn by that likelihood with Metropolis chains
    /// (`search::modelling`, `mcmc_chains`, `mcmc_burn_in`, `mcmc_thin`).
    Mcmc,
}

/// Whose decisions a sampling searcher's inference weighs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum InferenceSeats {
    /// Every seat's but the searcher's.
    #[default]
    Others,
    /// The other team's only (the partner plays as the searcher, not as
    /// the rule-based policy).
    Opponents,
    /// Every seat's but the searcher's, its partner's weighed by the
    /// game's model of tauler's own engine (Muzicando: a fit to the
    /// default engine's plays), as it plays by the same engine.
    #[serde(rename = "engine-partner")]
    EnginePartner,
}

/// How a sampling searcher plays its playouts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Playout {
    /// Uniformly random moves.
    #[default]
    Random,
    /// The rule-based policy made stochastic at every seat.
    Policy,
    /// That policy, the searcher's own team reading every hand of the
    /// sampled world (`search::modelling`): the searcher and its partner
    /// play better later than the policy does.
    Informed,
}

/// How the other team's seats choose inside a sampling searcher's tree.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Opponents {
    /// By UCB, each for its own team.
    #[default]
    Search,
    /// Drawn from the rule-based policy made stochastic.
    Policy,
}

/// How a sampling searcher makes its contract decisions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Bidding {
    /// With its own search, like every other decision.
    #[default]
    Search,
    /// By the expected score of each call over sampled worlds played out by
    /// the rule-based player (`search::bid_simulation`).
    Simulation,
}

/// Where a simulation bidder's worlds come from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum BidInference {
    /// Sampled uniformly from the observation.
    #[default]
    Uniform,
    /// Drawn from the inference pool of the profile's `inference` (its
    /// sampler, worlds, model and seats).
    Inference,
}

impl Default for SamplingParams {
    fn default() -> Self {
        let config = UctConfig::default();
        Self {
            exploration: config.exploration,
            parallel: config.trees,
            objective: Objective::Score,
            bidding: Bidding::Search,
            bid_worlds: 32,
            bid_inference: BidInference::Uniform,
            inference: Inference::None,
            inference_worlds: 256,
            inference_seats: InferenceSeats::Others,
            mcmc_chains: 8,
            mcmc_burn_in: 256,
            mcmc_thin: 4,
            model_temperature: PolicyModel::default().temperature,
            model_epsilon: PolicyModel::default().epsilon,
            playout: Playout::Random,
            playout_temperature: PolicyModel::default().temperature,
            playout_epsilon: PolicyModel::default().epsilon,
            opponents: Opponents::Search,
            partner_sight: false,
        }
    }
}
