//! Searchers over the game contract and the knowledge layer. Alpha-beta
//! (iterative deepening, PVS, a shared lock-free transposition table,
//! quiescence, aspiration windows, late-move reductions, futility and
//! late-move pruning at the frontier, internal iterative reduction, all
//! switchable in [`SearchConfig`], several threads splitting the tree or
//! as Lazy SMP, multi-PV) serves the two-player perfect-information games; a game plugs in through an
//! [`Evaluator`]. Games with chance events (card chess's draws) use
//! [`expectimax`] (Star1/Star2 pruning) or the one UCT ([`uct`], chance
//! nodes sampled by probability) with the same evaluators. For
//! hidden-information games, determinized search ([`pimc`]),
//! information-set MCTS ([`ismcts`]) — both on [`uct`] — and bidding by
//! simulation ([`bid_simulation`]) see only a seat's observation; the
//! first two may model the other seats by a policy ([`modelling`]).
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

pub mod alphabeta;
pub mod bid_simulation;
pub mod config;
pub mod control;
pub mod expectimax;
pub mod info;
pub mod ismcts;
pub mod limits;
pub mod modelling;
pub mod ordering;
pub mod pimc;
pub mod score;
pub mod searcher;
pub mod smp;
pub mod split;
pub mod timeman;
pub mod tt;
pub mod uct;
pub mod uct_shared;

pub use crate::knowledge::{Evaluator, NoisyActions};
pub use config::{AlphaBetaGame, SearchConfig};
pub use info::{PvLine, SearchInfo, SearchResult};
pub use limits::{Clock, Limits};
pub use score::Score;
pub use searcher::{AlphaBeta, SearchError};
