//! The cheating player: perfect-information UCT on the true state, every
//! hidden card included. A MEASUREMENT TOOL ONLY: its margin over a fair
//! engine bounds what hidden information costs. It implements the
//! perfect-information [`Player`] trait, so it can sit at a hidden table only
//! as [`super::observer::TableSeat::Cheating`], never by accident as a fair
//! player.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use crate::game::{Game, Turn};
use crate::search::uct::{self, Leaf, UctConfig, Worlds};
use crate::search::Limits;

use super::most_visited::{choose_most_visited, player_name};
use super::player::{Player, PlayerError};

/// Perfect-information UCT that reads every seat's cards (measurement only).
#[derive(Clone, Debug)]
pub struct CheatingMcts {
    config: UctConfig,
    limits: Limits,
    seed: u64,
    name: String,
}

impl CheatingMcts {
    /// A cheating UCT player searching under `limits`.
    #[must_use]
    pub fn new(config: UctConfig, limits: Limits, seed: u64) -> Self {
        CheatingMcts {
            config,
            limits,
            seed,
            name: player_name("cheating-mcts", &limits),
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
        let stop = Arc::new(AtomicBool::new(false));
        choose_most_visited(&legal, &mut self.seed, |seed| {
            uct::search(
                Worlds::Fixed(state),
                Leaf::Playout,
                &self.config,
                &self.limits,
                &stop,
                seed,
                &mut |_| {},
            )
        })
    }
}
