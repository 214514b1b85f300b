//! tauler: plays, analyses and referees card chess, C'escacs, Camelot and
//! Muzicando.
//!
//! Data flows one way: each layer names only the layers above it in the
//! diagram of `docs/architecture.md` ("The layers"), which states the layers
//! once; `tests/it/layering.rs` checks every source file against that table.

pub mod bounds;
pub mod cli;
pub mod engine;
pub mod game;
pub mod games;
pub mod knowledge;
pub mod protocol;
pub mod search;
pub mod splitmix;
pub mod tournament;
pub mod user_files;
pub mod web;
