//! `tauler tournament FILE.toml [--resume]`: runs a tournament and prints
//! its report.

use std::path::{Path, PathBuf};

use anyhow::Result;

use crate::tournament::{run as run_tournament, RunOptions};

/// Runs the tournament in `file` and prints the report (its JSON form is
/// written beside the records).
pub fn run(file: &Path, resume: bool, out: Option<PathBuf>, quiet: bool) -> Result<()> {
    let report = run_tournament(
        file,
        &RunOptions {
            resume,
            out_dir: out,
            quiet,
        },
    )?;
    print!("{report}");
    Ok(())
}
