//! The alpha-beta searcher's public face: configure it once, then ask it
//! for the best action of a state under some limits, watching its progress.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use thiserror::Error;

use crate::game::{Game, Turn};

use super::config::SearchConfig;
use super::ordering::MoveOrdering;
use super::smp::{threaded_search, Context};
use super::tt::{TableAllocError, TranspositionTable};
use crate::knowledge::Evaluator;
use crate::search::control::Control;
use crate::search::info::{PvLine, SearchInfo, SearchResult};
use crate::search::limits::Limits;
use crate::search::score::{Score, MAX_PLY};

/// Why a state cannot be searched by alpha-beta.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SearchError {
    /// The game is over; there is nothing to choose.
    #[error("the game is over")]
    GameOver,
    /// Alpha-beta handles two-player games only.
    #[error("alpha-beta needs a two-player game, this one has {0} seats")]
    NotTwoPlayer(usize),
    /// A chance event (at the root or inside the tree): use an expectimax or
    /// MCTS searcher for games with chance.
    #[error("alpha-beta cannot search chance events; use a searcher for games with chance")]
    Chance,
    /// The state claims to be a player's turn but offers no action.
    #[error("the seat to move has no legal action in a non-terminal state")]
    NoLegalAction,
    /// The transposition table's memory could not be had.
    #[error(transparent)]
    Memory(#[from] TableAllocError),
}

/// Plies beyond the nominal depth kept free for quiescence.
const DEPTH_HEADROOM: usize = 24;

/// A generic alpha-beta searcher for two-player, perfect-information games
/// without chance, with its transposition table and ordering statistics kept
/// from one search to the next (call [`AlphaBeta::new_game`] between games).
pub struct AlphaBeta<G: Game, E> {
    evaluator: E,
    config: SearchConfig,
    tt: TranspositionTable,
    orderings: Vec<MoveOrdering<G::Action>>,
    stop: Arc<AtomicBool>,
}

impl<G: Game, E: Evaluator<G>> AlphaBeta<G, E> {
    /// A searcher with `evaluator` and `config` (its table allocated by
    /// the first search).
    ///
    /// # Panics
    /// If the table cannot be allocated; see [`AlphaBeta::try_new`].
    #[must_use]
    pub fn new(evaluator: E, config: SearchConfig) -> Self {
        Self::try_new(evaluator, config).unwrap_or_else(|error| panic!("{error}"))
    }

    /// A searcher with `evaluator` and `config`, or an error when its
    /// table's size overflows (the table is allocated by the first search).
    pub fn try_new(evaluator: E, config: SearchConfig) -> Result<Self, TableAllocError> {
        let threads = config.threads.max(1);
        Ok(Self {
            evaluator,
            tt: TranspositionTable::try_new(config.hash_mb)?,
            orderings: orderings(threads),
            config,
            stop: Arc::new(AtomicBool::new(false)),
        })
    }

    /// The parameters in use.
    #[must_use]
    pub fn config(&self) -> &SearchConfig {
        &self.config
    }

    /// Sets the lines reported and searched (multi-PV), at least 1.
    pub fn set_multipv(&mut self, lines: usize) {
        self.config.multipv = lines.max(1);
    }

    /// Sets the number of search threads, at least 1.
    pub fn set_threads(&mut self, threads: usize) {
        self.config.threads = threads.max(1);
        self.orderings = orderings(self.config.threads);
    }

    /// A flag that stops the running search when set (from any thread); the
    /// search then returns its last completed result. It is cleared when a
    /// search starts.
    #[must_use]
    pub fn stop_handle(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.stop)
    }

    /// Gives the transposition table's memory back until the next search
    /// (what it learnt is forgotten; killers and history stay).
    pub fn release_memory(&mut self) {
        self.tt.release();
    }

    /// Forgets everything learnt (table, killers, history): a new game.
    pub fn new_game(&mut self) {
        self.tt.clear();
        self.orderings = orderings(self.config.threads.max(1));
    }

    /// Searches `root` under `limits` and returns the best action.
    pub fn search(
        &mut self,
        root: &G,
        limits: &Limits,
    ) -> Result<SearchResult<G::Action>, SearchError> {
        self.search_with(root, limits, |_| {})
    }

    /// Searches `root` under `limits`, calling `on_info` after each completed
    /// line of each iteration; [`AlphaBeta::stop_handle`] stops it.
    ///
    /// The action returned is always legal in `root`: if the search is
    /// stopped before its first iteration completes, it is the first action
    /// in move-ordering order.
    pub fn search_with(
        &mut self,
        root: &G,
        limits: &Limits,
        mut on_info: impl FnMut(&SearchInfo<G::Action>),
    ) -> Result<SearchResult<G::Action>, SearchError> {
        self.stop.store(false, Ordering::Relaxed);
        let stop = Arc::clone(&self.stop);
        self.run(root, limits, &stop, &mut on_info)
    }

    /// Searches `root` under `limits` until done or until `stop` is set
    /// (from any thread), calling `on_info` after each completed line of
    /// each iteration. The action returned is always legal, as with
    /// [`AlphaBeta::search_with`].
    pub fn run(
        &mut self,
        root: &G,
        limits: &Limits,
        stop: &Arc<AtomicBool>,
        on_info: &mut dyn FnMut(&SearchInfo<G::Action>),
    ) -> Result<SearchResult<G::Action>, SearchError> {
        self.run_among(root, &[], limits, stop, on_info)
    }

    /// As [`AlphaBeta::run`], with only the root actions in `only` searched
    /// (UCI's `searchmoves`; empty: every legal action). The action
    /// returned is one of them.
    pub fn run_among(
        &mut self,
        root: &G,
        only: &[G::Action],
        limits: &Limits,
        stop: &Arc<AtomicBool>,
        on_info: &mut dyn FnMut(&SearchInfo<G::Action>),
    ) -> Result<SearchResult<G::Action>, SearchError> {
        if root.seats() != 2 {
            return Err(SearchError::NotTwoPlayer(root.seats()));
        }
        let seat = match root.turn() {
            Turn::Terminal => return Err(SearchError::GameOver),
            Turn::Chance => return Err(SearchError::Chance),
            Turn::Player(seat) => seat,
        };
        let mut actions = Vec::new();
        root.legal_actions(&mut actions);
        if !only.is_empty() {
            actions.retain(|action| only.contains(action));
        }
        if actions.is_empty() {
            return Err(SearchError::NoLegalAction);
        }
        self.tt.allocate()?;
        self.tt.new_search();
        for ordering in &mut self.orderings {
            ordering.age();
        }
        let control = Control::new(limits, Arc::clone(stop));
        let deepest = (MAX_PLY - DEPTH_HEADROOM) as u32;
        let context = Context {
            evaluator: &self.evaluator,
            tt: &self.tt,
            control: &control,
            config: &self.config,
            max_depth: limits
                .depth
                .map_or(deepest, |depth| depth.clamp(1, deepest)),
        };
        let outcome = threaded_search(
            root,
            seat,
            only,
            &context,
            &mut self.orderings,
            &mut |info| on_info(&info),
        );
        if outcome.met_chance {
            return Err(SearchError::Chance);
        }
        let lines = if outcome.lines.is_empty() {
            vec![PvLine {
                score: Score(0),
                pv: vec![outcome.fallback],
            }]
        } else {
            outcome.lines
        };
        Ok(SearchResult {
            best: lines[0].pv[0],
            lines,
            depth: outcome.depth,
            seldepth: outcome.seldepth,
            nodes: control.nodes(),
            time: control.elapsed(),
        })
    }
}

/// Fresh orderings for `threads` threads (at least one), sharing one
/// history table.
fn orderings<A: Copy + Eq + std::hash::Hash>(threads: usize) -> Vec<MoveOrdering<A>> {
    let main = MoveOrdering::default();
    let mut orderings: Vec<_> = (1..threads).map(|_| main.sharing()).collect();
    orderings.insert(0, main);
    orderings
}
