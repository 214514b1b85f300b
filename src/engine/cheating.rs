//! The cheating player: perfect-information UCT on the true state, every
//! hidden card included. A MEASUREMENT TOOL ONLY: its margin over a fair
//! engine bounds what hidden information costs. It implements the
//! perfect-information [`Player`] trait, so it can sit at a hidden table only
//! as [`super::observer::TableSeat::Cheating`], never by accident as a fair
//! player.

use crate::game::{Game, Turn};
use crate::search::world_mcts::{most_visited, search, MctsConfig};

use super::player::{Player, PlayerError};

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

impl<G: Game> Player<G> for CheatingMcts {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, state: &G) -> Result<G::Action, PlayerError> {
        if !matches!(state.turn(), Turn::Player(_)) {
            return Err(PlayerError::NotAPlayersTurn);
        }
        let mut legal = Vec::new();
        state.legal_actions(&mut legal);
        if legal.len() == 1 {
            return Ok(legal[0]);
        }
        self.seed = self.seed.wrapping_add(0x2545_F491_4F6C_DD1D);
        let stats = search(state, &self.config, self.seed);
        most_visited(&stats)
            .or_else(|| legal.first().copied())
            .ok_or(PlayerError::NotAPlayersTurn)
    }
}
