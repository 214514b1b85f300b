//! Where the program's `tracing` events go: one line each on standard
//! error, at the level `--log LEVEL` gives, else `RUST_LOG`'s directives,
//! else `info`; a tournament's events to `run.log` in its results folder.

use std::fs::OpenOptions;
use std::io::Write;
use std::path::PathBuf;

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

/// Logs a tournament's events to `run.log` in its results folder `dir`,
/// appended (a resumed run adds to it), at `info` unless `RUST_LOG` says
/// otherwise; nothing is written before the run has made its folder (a
/// refused start leaves nothing behind).
pub fn init_tournament(dir: PathBuf) -> Result<()> {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    let file = dir.join("run.log");
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_ansi(false)
        .with_writer(move || -> Box<dyn Write> {
            match OpenOptions::new()
                .append(true)
                .create(dir.is_dir())
                .open(&file)
            {
                Ok(log) => Box::new(log),
                Err(_) => Box::new(std::io::sink()),
            }
        })
        .try_init()
        .map_err(|e| anyhow!("cannot start logging: {e}"))
}
