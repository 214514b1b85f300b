//! Rule-based policies: fast players that follow a game's rules of thumb,
//! seeing only one seat's observation. They serve as baselines, as the
//! rollout policy of simulations, and as engines of their own. Their
//! parameters are typed; reading them from a profile is the engine's job.

use serde::de::DeserializeOwned;

use crate::game::HiddenInfo;

/// A rule-based policy for `G`.
pub trait Policy<G: HiddenInfo>: Send {
    /// A short name for records and tables.
    fn name(&self) -> &str;

    /// The action to play, given what the seat to move sees and its legal
    /// actions; `None` only when `legal` is empty.
    fn choose(&mut self, observation: &G::Observation, legal: &[G::Action]) -> Option<G::Action>;
}

/// A hidden-information game that has a rule-based policy of its own.
pub trait RuleBasedGame: HiddenInfo {
    /// The policy's parameters (every field defaulted, so a profile names
    /// only what it changes).
    type PolicyParams: DeserializeOwned + Default + Clone + Send + Sync;

    /// The policy.
    type Policy: Policy<Self> + Clone + 'static;

    /// The policy with `params`.
    fn policy(params: &Self::PolicyParams) -> Self::Policy;

    /// What is wrong with `params` (a value out of its range, named with
    /// the range), checked where a profile is read. Any value is fine by
    /// default.
    fn check_policy_params(_params: &Self::PolicyParams) -> Result<(), String> {
        Ok(())
    }

    /// Whether a decision with these legal actions fixes the contract (an
    /// auction call, a choice of game type): the decisions made by
    /// simulation when a profile asks to bid that way. None by default.
    fn is_contract_decision(_legal: &[Self::Action]) -> bool {
        false
    }
}
