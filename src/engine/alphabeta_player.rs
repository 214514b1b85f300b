//! The alpha-beta engine as a player: its searcher and the limits of each move.

use crate::game::Game;
use crate::search::{AlphaBeta, Evaluator, Limits, SearchConfig, SearchResult};

use super::player::{Player, PlayerError};

/// Chooses by alpha-beta search under fixed per-move limits.
pub struct AlphaBetaPlayer<G: Game, E> {
    name: String,
    searcher: AlphaBeta<G, E>,
    limits: Limits,
    last: Option<SearchResult<G::Action>>,
}

impl<G: Game, E: Evaluator<G>> AlphaBetaPlayer<G, E> {
    /// A player named `name` searching with `evaluator` and `config` under `limits`.
    #[must_use]
    pub fn new(name: &str, evaluator: E, config: SearchConfig, limits: Limits) -> Self {
        Self {
            name: name.to_string(),
            searcher: AlphaBeta::new(evaluator, config),
            limits,
            last: None,
        }
    }

    /// The limits of each move (a referee updates the clock before each move).
    pub fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
    }

    /// The limits of each move.
    #[must_use]
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// The searcher, e.g. for its stop handle or multi-PV setting.
    pub fn searcher_mut(&mut self) -> &mut AlphaBeta<G, E> {
        &mut self.searcher
    }

    /// The result behind the last action chosen (score, line, nodes).
    #[must_use]
    pub fn last_result(&self) -> Option<&SearchResult<G::Action>> {
        self.last.as_ref()
    }
}

impl<G: Game, E: Evaluator<G> + Send> Player<G> for AlphaBetaPlayer<G, E> {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, state: &G) -> Result<G::Action, PlayerError> {
        let result = self.searcher.search(state, &self.limits)?;
        let best = result.best;
        self.last = Some(result);
        Ok(best)
    }

    fn new_game(&mut self) {
        self.searcher.new_game();
        self.last = None;
    }
}
