//! The alpha-beta engine as a player.

use std::sync::atomic::Ordering;

use crate::game::PerfectInfo;
use crate::search::tt::TableAllocError;
use crate::search::{AlphaBeta, Evaluator, Limits, SearchConfig, SearchInfo};

use crate::engine::level::{Choice, LevelChooser};
use crate::engine::player::{Decision, InfoSink, Player, PlayerError, Stats, Stop, View};

/// Chooses by alpha-beta search: the best line's action, or under a level's
/// [`Choice`] an action drawn from the softmax of the multi-PV lines'
/// scores ([`crate::engine::level`]).
pub struct AlphaBetaPlayer<G: PerfectInfo, E> {
    name: String,
    searcher: AlphaBeta<G, E>,
    chooser: Option<LevelChooser>,
}

impl<G: PerfectInfo, E: Evaluator<G>> AlphaBetaPlayer<G, E> {
    /// A player named `name` searching with `evaluator` and `config`, or
    /// the error when its transposition table cannot be allocated.
    pub fn new(name: &str, evaluator: E, config: SearchConfig) -> Result<Self, TableAllocError> {
        Ok(Self {
            name: name.to_string(),
            searcher: AlphaBeta::try_new(evaluator, config)?,
            chooser: None,
        })
    }

    /// The same player choosing by the level rule at `choice`, drawing
    /// from `seed`.
    #[must_use]
    pub fn with_choice(mut self, choice: Choice, seed: u64) -> Self {
        self.chooser = Some(LevelChooser::new(choice, seed));
        self
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
        let mut result = self.searcher.run_among(
            view.observation,
            only,
            limits,
            stop,
            &mut |report: &SearchInfo<G::Action>| info.info(report),
        )?;
        // The level rule draws among scored moves: a node budget spent
        // before the first iteration completed leaves none, so the level
        // completes depth 1 (a few hundred nodes) rather than play the
        // move-ordering fallback.
        if self.chooser.is_some() && result.depth == 0 && !stop.load(Ordering::Relaxed) {
            result = self.searcher.run_among(
                view.observation,
                only,
                &Limits::depth(1),
                stop,
                &mut |report: &SearchInfo<G::Action>| info.info(report),
            )?;
        }
        let mut action = result.best;
        let mut score = result.score().0;
        if let Some(chooser) = &mut self.chooser {
            let lines: Vec<_> = result
                .lines
                .iter()
                .filter(|line| line.pv.first().is_some_and(|a| view.legal.contains(a)))
                .collect();
            let scores: Vec<f64> = lines.iter().map(|line| f64::from(line.score.0)).collect();
            if let Some(index) = chooser.pick(&scores) {
                action = lines[index].pv[0];
                score = lines[index].score.0;
            }
        }
        Ok(Decision {
            action,
            score: Some(score),
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
