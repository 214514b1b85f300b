//! Where the program's `tracing` events go: one line each on standard
//! error, at the level `--log LEVEL` gives, else `RUST_LOG`'s directives,
//! else `info`.

use anyhow::{anyhow, Result};
use tracing_subscriber::EnvFilter;

/// Starts logging at `level` (`error`, `warn`, `info`, `debug`, `trace`,
/// or `RUST_LOG`-style directives such as `tauler=debug`); without it, as
/// `RUST_LOG` says, else `info`.
pub fn init(level: Option<&str>) -> Result<()> {
    let filter = match level {
        Some(level) => EnvFilter::try_new(level)
            .map_err(|e| anyhow!("--log {level}: not a log level or filter ({e})"))?,
        None => EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info")),
    };
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .try_init()
        .map_err(|e| anyhow!("cannot start logging: {e}"))
}
