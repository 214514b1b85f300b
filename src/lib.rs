//! tauler: plays, analyses and referees card chess, C'escacs, Camelot and
//! Muzicando.
//!
//! Data flows one way: the games (`games`) implement the contract (`game`);
//! searchers, players, the referee and the front ends know only the contract.

pub mod bounds;
pub mod cli;
pub mod engine;
pub mod game;
pub mod games;
pub mod search;
pub mod splitmix;
pub mod tournament;
pub mod user_files;
