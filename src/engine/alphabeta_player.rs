//! The alpha-beta engine as a player.

use std::sync::atomic::Ordering;

use crate::game::PerfectInfo;
use crate::search::{AlphaBeta, Evaluator, Limits, SearchConfig, SearchInfo};

use super::player::{Decision, InfoSink, Player, PlayerError, Stats, Stop, View};

/// Chooses by alpha-beta search.
pub struct AlphaBetaPlayer<G: PerfectInfo, E> {
    name: String,
    searcher: AlphaBeta<G, E>,
}

impl<G: PerfectInfo, E: Evaluator<G>> AlphaBetaPlayer<G, E> {
    /// A player named `name` searching with `evaluator` and `config`.
    #[must_use]
    pub fn new(name: &str, evaluator: E, config: SearchConfig) -> Self {
        Self {
            name: name.to_string(),
            searcher: AlphaBeta::new(evaluator, config),
        }
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
        // The searcher polls its own flag; the shared one is passed on to
        // it after every completed line.
        let own = self.searcher.stop_handle();
        let result = self.searcher.search_with(
            view.observation,
            limits,
            |report: &SearchInfo<G::Action>| {
                info.info(report);
                if stop.load(Ordering::Relaxed) {
                    own.store(true, Ordering::Relaxed);
                }
            },
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
}
