//! `tauler tournament FILE.toml [--resume]`: runs a tournament and prints
//! its report.

use std::path::Path;

use anyhow::Result;

use crate::tournament::{run as run_tournament, RunOptions};

/// Runs the tournament in `file` and prints the report (its JSON form is
/// written beside the records).
pub fn run(file: &Path, options: &RunOptions) -> Result<()> {
    let report = run_tournament(file, options)?;
    print!("{report}");
    Ok(())
}
