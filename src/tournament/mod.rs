//! The referee: engine-versus-engine tournaments (configuration, parallel
//! runner, records, resume) and their statistics.

pub mod aggregate;
pub mod config;
pub mod datagen;
pub mod datagen_format;
pub mod follow;
pub mod hand_points;
pub mod hand_referee;
pub mod live;
pub mod match_hooks;
pub mod merge;
pub mod plan;
pub mod record;
pub mod referee;
pub mod report;
pub mod runner;
pub mod seating;
pub mod seeds;
pub mod snapshot;
pub mod spsa;
pub mod stats;
pub mod store;
pub mod suite;
pub mod tune;
pub mod worker;

pub use aggregate::Tally;
pub use config::TournamentConfig;
pub use merge::{merge, Merged};
pub use plan::Shard;
pub use record::GameRecord;
pub use report::Report;
pub use runner::{results_folder, run, RunOptions, RunProgress};
pub use tune::{TuneOptions, TuneOutcome};
