//! The referee: engine-versus-engine tournaments (configuration, parallel
//! runner, records, resume) and their statistics.

pub mod stats;
