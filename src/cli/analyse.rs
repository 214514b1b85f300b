//! `tauler analyse`: searches a position and streams UCI-style `info` lines,
//! then `bestmove`.

use std::time::Duration;

use anyhow::Result;
use clap::Args;

use super::PositionArgs;
use crate::engine::EngineProfile;
use crate::search::{analyse, AlphaBeta, AlphaBetaGame, Limits, SearchConfig};

/// How long and how wide to analyse.
#[derive(Debug, Clone, Args)]
pub struct AnalyseArgs {
    #[command(flatten)]
    pub position: PositionArgs,
    /// Think for this many milliseconds (default 5000 when no limit is given).
    #[arg(long, conflicts_with_all = ["depth", "nodes"])]
    pub movetime: Option<u64>,
    /// Search to this nominal depth.
    #[arg(long, conflicts_with = "nodes")]
    pub depth: Option<u32>,
    /// Stop after about this many nodes.
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Report the best K lines.
    #[arg(long, default_value_t = 1)]
    pub multipv: usize,
    /// Search threads (Lazy SMP).
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Transposition table size in MiB.
    #[arg(long, default_value_t = 64)]
    pub hash: usize,
    /// Hidden-information games: the seat whose observation is analysed
    /// (must be the seat to move; default: the seat to move).
    #[arg(long)]
    pub seat: Option<usize>,
}

impl AnalyseArgs {
    pub(super) fn limits(&self) -> Limits {
        match (self.movetime, self.depth, self.nodes) {
            (_, Some(depth), _) => Limits::depth(depth),
            (_, _, Some(nodes)) => Limits::nodes(nodes),
            (movetime, _, _) => Limits::movetime(Duration::from_millis(movetime.unwrap_or(5000))),
        }
    }
}

/// Analyses with the game's standard evaluator and the search settings of
/// `profile` (the game's analysis profile), threads, table size and lines
/// from the command line.
pub fn run<G: AlphaBetaGame>(args: &AnalyseArgs, profile: &EngineProfile) -> Result<()> {
    let root: G = args.position.state()?;
    let config = SearchConfig {
        threads: args.threads.max(1),
        hash_mb: args.hash.max(1),
        multipv: args.multipv.max(1),
        ..profile.search_config()?
    };
    let mut searcher = AlphaBeta::<G, G::Evaluator>::new(G::Evaluator::default(), config);
    analyse(
        &mut searcher,
        &root,
        &args.limits(),
        &mut std::io::stdout().lock(),
    )?;
    Ok(())
}
