//! The partner-sight player: a fair player handed, besides its own
//! observation, its partner's hand. A MEASUREMENT TOOL ONLY, like the
//! cheating player: what it gains over the same player without the sight
//! bounds what partners could gain by telling each other their hands
//! through calls and plays (signalling). It declares
//! [`Player::sees_everything`], so only a table that allows it hands it the
//! state; fair tables and `play` refuse it.

use crate::game::HiddenInfo;
use crate::search::Limits;

use crate::engine::player::{Decision, InfoSink, Player, PlayerError, Stop, View};

/// A player that decides on its seat's observation widened by the
/// partner's hand ([`HiddenInfo::observation_with_partner`]).
pub struct PartnerSight<G: HiddenInfo> {
    inner: Box<dyn Player<G>>,
    name: String,
}

impl<G: HiddenInfo> PartnerSight<G> {
    /// `inner` deciding with its partner's hand in sight.
    #[must_use]
    pub fn new(inner: Box<dyn Player<G>>) -> Self {
        let name = format!("{}+partner-sight", inner.name());
        PartnerSight { inner, name }
    }
}

impl<G: HiddenInfo> Player<G> for PartnerSight<G> {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(
        &mut self,
        view: &View<'_, G>,
        limits: &Limits,
        stop: &Stop,
        info: &mut dyn InfoSink<G::Action>,
    ) -> Result<Decision<G::Action>, PlayerError> {
        let state = view.state.ok_or(PlayerError::NeedsFullState)?;
        let observation = state.observation_with_partner(view.seat);
        let widened = View {
            seat: view.seat,
            observation: &observation,
            legal: view.legal,
            state: None,
            game: None,
        };
        self.inner.choose(&widened, limits, stop, info)
    }

    fn new_game(&mut self) {
        self.inner.new_game();
    }

    fn sees_everything(&self) -> bool {
        true
    }
}
