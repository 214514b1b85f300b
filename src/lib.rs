//! tauler: plays, analyses and referees card chess, C'escacs, Camelot and
//! Muzicando.
//!
//! Data flows one way; each layer names only the layers below it (checked
//! by `tests/layering.rs`, which lists the violations still being removed):
//!
//! ```text
//! cli, main.rs       front ends: argument parsing (clap), progress
//!   |                (indicatif), printing; `play` renders an engine::Session
//! tournament         schedules, clocks, adjudication, faults, records: hooks
//!   |                on the match loop
//! engine             one Player contract (a seat's observation and legal
//!   |                actions in, a Decision out), build_player for every
//!   |                game, the match loop (the only code that plays a game),
//!   |                sessions (undo, redo, hint, save, load) behind AnySession
//! search  games/<g>  searchers over the contract (alpha-beta, expectimax,
//!   |       |        MCTS, PIMC, ISMCTS) | the rules of each game, its
//!   |       |        notation, evaluator and policies (each game its own folder)
//! knowledge          evaluators, noisy actions, rule-based policies, the
//!   |                chance sampler
//! game               the contract: Game, Observe, HiddenInfo, Notation
//! ```

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
