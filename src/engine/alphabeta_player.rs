//! The alpha-beta engine as a player.

use crate::game::PerfectInfo;
use crate::search::tt::TableAllocError;
use crate::search::{AlphaBeta, Evaluator, Limits, SearchConfig, SearchInfo};

use super::player::{Decision, InfoSink, Player, PlayerError, Stats, Stop, View};

/// Chooses by alpha-beta search.
pub struct AlphaBetaPlayer<G: PerfectInfo, E> {
    name: String,
    searcher: AlphaBeta<G, E>,
}

impl<G: PerfectInfo, E: Evaluator<G>> AlphaBetaPlayer<G, E> {
    /// A player named `name` searching with `evaluator` and `config`, or
    /// the error when its transposition table cannot be allocated.
    pub fn new(name: &str, evaluator: E, config: SearchConfig) -> Result<Self, TableAllocError> {
        Ok(Self {
            name: name.to_string(),
            searcher: AlphaBeta::try_new(evaluator, config)?,
        })
    }

    /// The searcher, e.g. for its multi-PV or thread settings.
    pub fn searcher_mut(&mut self) -> &mut AlphaBeta<G, E> {
        &mut self.searcher
    }
}

impl<G: PerfectInfo, E: Evaluator<G> + Send> Player<G> for AlphaBetaPlayer<G, E> {
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
        let mut all = Vec::new();
        view.observation.legal_actions(&mut all);
        // A narrower list than the rules give is a root restriction
        // (`searchmoves`).
        let only = if view.legal.len() < all.len() {
            view.legal
        } else {
            &[]
        };
        let result = self.searcher.run_among(
            view.observation,
            only,
            limits,
            stop,
            &mut |report: &SearchInfo<G::Action>| info.info(report),
        )?;
        Ok(Decision {
            action: result.best,
            score: Some(result.score().0),
            stats: Stats {
                depth: result.depth,
                nodes: result.nodes,
                time: result.time,
            },
            lines: result.lines,
        })
    }

    fn new_game(&mut self) {
        self.searcher.new_game();
    }

    fn release_memory(&mut self) {
        self.searcher.release_memory();
    }
}
