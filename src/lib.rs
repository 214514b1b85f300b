//! tauler: plays, analyses and referees card chess, C'escacs, Camelot and
//! Muzicando.
//!
//! Data flows one way: the games (`games`) implement the contract (`game`)
//! and the knowledge layer (`knowledge`: evaluators, rule-based policies,
//! the chance sampler); searchers (`search`) know only those two; players,
//! the referee and the front ends sit above.

pub mod bounds;
pub mod cli;
pub mod engine;
pub mod game;
pub mod games;
pub mod knowledge;
pub mod search;
pub mod splitmix;
pub mod tournament;
pub mod user_files;
