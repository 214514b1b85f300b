//! The referee: engine-versus-engine tournaments (configuration, parallel
//! runner, records, resume) and their statistics.

pub mod aggregate;
pub mod config;
pub mod hand_points;
pub mod muzicando_referee;
pub mod record;
pub mod referee;
pub mod refereeing;
pub mod report;
pub mod runner;
pub mod seating;
pub mod seeds;
pub mod stats;

pub use aggregate::Tally;
pub use config::TournamentConfig;
pub use record::GameRecord;
pub use report::Report;
pub use runner::{run, RunOptions, RunProgress};
