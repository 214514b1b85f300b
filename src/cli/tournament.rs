//! `tauler tournament FILE.toml [--resume] [--shard K/N]`: runs a
//! tournament (or one shard of it) and prints its report; `tauler
//! tournament merge DIR...`: joins the shards' results and prints the
//! report.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::Result;
use indicatif::{ProgressBar, ProgressStyle};

use crate::tournament::{merge as merge_shards, run as run_tournament, RunOptions, RunProgress};

/// The terminal's progress bar over a tournament's games.
struct Bar(ProgressBar);

impl RunProgress for Bar {
    fn start(&self, total: u64, done: u64, score: &str) {
        self.0.set_length(total);
        self.0.set_position(done);
        self.0.set_message(score.to_string());
    }

    fn game_done(&self, score: &str) {
        self.0.set_message(score.to_string());
        self.0.inc(1);
    }

    fn finish(&self) {
        self.0.finish_and_clear();
    }
}

/// A progress bar on standard error counting `unit` (`games` for
/// `tauler tournament`, `iterations` for `tauler tune`).
pub fn progress_bar(unit: &str) -> Arc<dyn RunProgress> {
    let bar = ProgressBar::new(0);
    let template = format!("{{bar:30}} {{pos}}/{{len}} {unit}, {{msg}}, eta {{eta}}");
    bar.set_style(
        ProgressStyle::with_template(&template).unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    Arc::new(Bar(bar))
}

/// Runs the tournament in `file` and prints the report (its JSON form is
/// written beside the records).
pub fn run(file: &Path, options: &RunOptions) -> Result<()> {
    super::logging::init_tournament(crate::tournament::results_folder(file, options)?)?;
    let report = run_tournament(file, options)?;
    print!("{report}");
    Ok(())
}

/// Merges the shards' results folders `dirs` and prints the report.
pub fn merge(dirs: &[PathBuf]) -> Result<()> {
    print!("{}", merge_shards(dirs)?);
    Ok(())
}
