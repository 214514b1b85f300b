//! What a game knows about playing well, below search: static evaluators
//! and their noisy-action generators ([`evaluator`]), the search hints a
//! game gives ([`SearchHints`]), learned evaluations ([`network`]), rule-based policies with typed parameters
//! ([`policy`]) and the one chance sampler ([`chance`]).
//!
//! Games implement these traits in their own folders and import only the
//! game contract and this layer; searchers read them and import no game.

pub mod chance;
pub mod evaluator;
pub mod network;
pub mod policy;

pub use chance::{draw_outcome, outcome_at, unit_interval};
pub use evaluator::{
    noisy_actions_or_filtered, read_weights, EvalKind, EvalScratch, EvaluatedGame, Evaluator,
    NoisyActions, SearchHints,
};
pub use policy::{model_playout, play_out, uniform_action, Policy, PolicyModel, RuleBasedGame};
