//! Searchers over the game contract. Alpha-beta (iterative deepening, PVS,
//! a shared lock-free transposition table, quiescence, aspiration windows,
//! optional late-move reductions, Lazy SMP, multi-PV) serves the two-player
//! perfect-information games; a game plugs in through an [`Evaluator`].

pub mod alphabeta;
pub mod config;
pub mod control;
pub mod evaluator;
pub mod info;
pub mod limits;
pub mod ordering;
pub mod score;
pub mod searcher;
pub mod smp;
pub mod timeman;
pub mod tt;

pub use config::SearchConfig;
pub use evaluator::{AlphaBetaGame, Evaluator};
pub use info::{bestmove_line, format_pv, info_line, PvLine, SearchInfo, SearchResult};
pub use limits::{Clock, Limits};
pub use score::Score;
pub use searcher::{AlphaBeta, SearchError};
