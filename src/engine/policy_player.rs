//! A knowledge-layer rule-based policy seated at a table as an observing
//! player: it sees only its seat's observation either way.

use crate::game::HiddenInfo;
use crate::knowledge::Policy;

use super::observer::ObservingPlayer;
use super::player::PlayerError;

/// The observing player that plays policy `P`.
#[derive(Clone, Debug)]
pub struct PolicyPlayer<P>(pub P);

impl<G: HiddenInfo, P: Policy<G>> ObservingPlayer<G> for PolicyPlayer<P> {
    fn name(&self) -> &str {
        self.0.name()
    }

    fn choose(
        &mut self,
        observation: &G::Observation,
        legal: &[G::Action],
    ) -> Result<G::Action, PlayerError> {
        self.0
            .choose(observation, legal)
            .ok_or(PlayerError::NotAPlayersTurn)
    }
}
