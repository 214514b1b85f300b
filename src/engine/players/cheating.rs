//! The cheating player: perfect-information UCT on the true state, every
//! hidden card included. A MEASUREMENT TOOL ONLY: its margin over a fair
//! engine bounds what hidden information costs. It declares
//! [`Player::sees_everything`], so only a table that allows it hands it the
//! state; a fair table refuses it.

use crate::game::Observe;
use crate::search::uct::{self, Leaf, Opponents, UctConfig, Worlds, DEFAULT_PLAYOUTS};
use crate::search::Limits;

use super::most_visited::choose_most_visited;
use crate::engine::player::{Decision, InfoSink, Player, PlayerError, Stop, View};

/// Perfect-information UCT that reads every seat's cards (measurement only).
#[derive(Clone, Debug)]
pub struct CheatingMcts {
    config: UctConfig,
    seed: u64,
}

impl CheatingMcts {
    /// A cheating UCT player.
    #[must_use]
    pub fn new(config: UctConfig, seed: u64) -> Self {
        CheatingMcts { config, seed }
    }
}

impl<G: Observe> Player<G> for CheatingMcts {
    fn name(&self) -> &str {
        "cheating-mcts"
    }

    fn choose(
        &mut self,
        view: &View<'_, G>,
        limits: &Limits,
        stop: &Stop,
        info: &mut dyn InfoSink<G::Action>,
    ) -> Result<Decision<G::Action>, PlayerError> {
        let state = view.state.ok_or(PlayerError::NeedsFullState)?;
        let limits = limits.or_nodes(DEFAULT_PLAYOUTS);
        choose_most_visited(view.legal, &mut self.seed, None, |seed| {
            uct::search(
                Worlds::Fixed(state),
                Leaf::Playout,
                Opponents::Search,
                &self.config,
                &limits,
                stop,
                seed,
                &mut |report| info.info(report),
            )
        })
    }

    fn sees_everything(&self) -> bool {
        true
    }
}
