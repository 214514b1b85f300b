//! The cheating player: perfect-information UCT on the true state, every
//! hidden card included. A MEASUREMENT TOOL ONLY: its margin over a fair
//! engine bounds what hidden information costs. It declares
//! [`Player::sees_everything`], so only a table that allows it hands it the
//! state; a fair table refuses it.

use crate::game::Observe;
use crate::search::world_mcts::{most_visited, search, MctsConfig};
use crate::search::Limits;

use super::player::{Decision, InfoSink, Player, PlayerError, Stop, View};

/// Perfect-information UCT that reads every seat's cards (measurement only).
#[derive(Clone, Debug)]
pub struct CheatingMcts {
    config: MctsConfig,
    seed: u64,
    name: String,
}

impl CheatingMcts {
    /// A cheating UCT player.
    #[must_use]
    pub fn new(config: MctsConfig, seed: u64) -> Self {
        CheatingMcts {
            config,
            seed,
            name: format!("cheating-mcts-{}", config.iterations),
        }
    }
}

impl<G: Observe> Player<G> for CheatingMcts {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(
        &mut self,
        view: &View<'_, G>,
        limits: &Limits,
        _stop: &Stop,
        _info: &mut dyn InfoSink<G::Action>,
    ) -> Result<Decision<G::Action>, PlayerError> {
        let state = view.state.ok_or(PlayerError::NeedsFullState)?;
        match view.legal {
            [] => return Err(PlayerError::NotAPlayersTurn),
            [only] => return Ok(Decision::action(*only)),
            _ => {}
        }
        let mut config = self.config;
        if let Some(nodes) = limits.nodes {
            config.iterations = u32::try_from(nodes).unwrap_or(u32::MAX);
        }
        self.seed = self.seed.wrapping_add(0x2545_F491_4F6C_DD1D);
        let stats = search(state, &config, self.seed);
        let action = most_visited(&stats).unwrap_or(view.legal[0]);
        Ok(Decision::action(action))
    }

    fn sees_everything(&self) -> bool {
        true
    }
}
