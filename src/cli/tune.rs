//! `tauler tune FILE.toml [--out DIR] [--resume] [--iterations N]`: tunes
//! a profile's `[tune]` parameters by SPSA (see `tournament::tune`),
//! showing a progress bar, and prints where each parameter went and the
//! tuned profile's path.

use std::path::Path;

use anyhow::Result;

use crate::tournament::tune::{run as run_tune, TuneOptions};

/// Runs the tune file `file` and prints the outcome.
pub fn run(file: &Path, options: &TuneOptions) -> Result<()> {
    print!("{}", run_tune(file, options)?);
    Ok(())
}
