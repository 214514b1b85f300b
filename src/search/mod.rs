//! Searchers over the game contract and the knowledge layer. Alpha-beta
//! (iterative deepening, PVS, a shared lock-free transposition table,
//! quiescence, aspiration windows, late-move reductions, futility and
//! late-move pruning at the frontier, internal iterative reduction, all
//! switchable in [`SearchConfig`], several threads splitting the tree or
//! as Lazy SMP, multi-PV) serves the two-player perfect-information games; a game plugs in through an
//! [`Evaluator`]. Games with chance events (card chess's draws) use
//! [`expectimax`] (Star1/Star2 pruning) or the one UCT ([`uct`], chance
//! nodes sampled by probability) with the same evaluators. For
//! hidden-information games, determinized search (PIMC) and
//! information-set MCTS (ISMCTS) — both [`modelling::search_worlds`] on
//! [`uct`] — and bidding by simulation ([`bid_simulation`]) see only a
//! seat's observation; the first two may model the other seats by a
//! policy ([`modelling`]).
//!
//! The families have folders: `alphabeta/` (the negamax thread, its
//! configuration, move ordering, transposition table and the two ways
//! threads share a search), `mcts/` (the one UCT, the sampling searches
//! and their modelling, the simulation bidder); `expectimax.rs` stands
//! alone, and the limits, stop control, time management, scores and
//! reports are shared by all. Each module has one public path, directly
//! under `search` (`crate::search::uct`, `crate::search::tt`).
//!
//! Every searcher takes [`Limits`], a shared stop flag and a progress
//! callback, and returns its best action, lines, nodes and time.
//!
//! Calling it from a front end (`analyse`, `play`, a referee):
//!
//! ```text
//! let mut searcher = AlphaBeta::new(G::Evaluator::default(), config); // G: AlphaBetaGame
//! searcher.set_multipv(k);
//! searcher.set_threads(t);
//! let result = searcher.search_with(&state, &Limits::movetime(ms), |info| {
//!     show(info); // typed progress: depth, score, line, nodes, time
//! })?;
//! ```
//!
//! Turning [`SearchInfo`] and [`SearchResult`] into protocol text is the
//! front ends' business.
//!
//! The searcher keeps its table between calls (call `new_game` between
//! games); `stop_handle` stops a running search from another thread.

mod alphabeta;
pub mod control;
pub mod expectimax;
pub mod info;
pub mod limits;
mod mcts;
pub mod score;
pub mod timeman;

pub use alphabeta::{config, ordering, searcher, smp, split, tt};
pub use mcts::{bid_simulation, modelling, uct};

pub use crate::knowledge::{Evaluator, NoisyActions};
pub use config::{AlphaBetaGame, SearchConfig};
pub use info::{PvLine, SearchInfo, SearchResult};
pub use limits::{Clock, Limits};
pub use score::Score;
pub use searcher::{AlphaBeta, SearchError};
