//! A knowledge-layer rule-based policy seated at a table as a player: it
//! sees only its seat's observation, answers at once and reports nothing.

use crate::game::HiddenInfo;
use crate::knowledge::Policy;
use crate::search::Limits;

use crate::engine::player::{Decision, InfoSink, Player, PlayerError, Stop, View};

/// The player that plays policy `P`.
#[derive(Clone, Debug)]
pub struct PolicyPlayer<P>(pub P);

impl<G: HiddenInfo, P: Policy<G> + Send> Player<G> for PolicyPlayer<P> {
    fn name(&self) -> &str {
        self.0.name()
    }

    fn choose(
        &mut self,
        view: &View<'_, G>,
        _limits: &Limits,
        _stop: &Stop,
        _info: &mut dyn InfoSink<G::Action>,
    ) -> Result<Decision<G::Action>, PlayerError> {
        self.0
            .choose(view.observation, view.legal)
            .map(Decision::action)
            .ok_or(PlayerError::NotAPlayersTurn)
    }
}
