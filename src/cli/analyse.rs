//! `tauler analyse`: searches a position and streams UCI-style `info` lines,
//! then `bestmove`.

use std::io::Write;
use std::time::Duration;

use anyhow::Result;
use clap::Args;

use super::PositionArgs;
use crate::search::{bestmove_line, info_line, AlphaBeta, AlphaBetaGame, Limits, SearchConfig};

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
}

impl AnalyseArgs {
    fn limits(&self) -> Limits {
        match (self.movetime, self.depth, self.nodes) {
            (_, Some(depth), _) => Limits::depth(depth),
            (_, _, Some(nodes)) => Limits::nodes(nodes),
            (movetime, _, _) => Limits::movetime(Duration::from_millis(movetime.unwrap_or(5000))),
        }
    }
}

/// Analyses with the game's standard evaluator.
pub fn run<G: AlphaBetaGame>(args: &AnalyseArgs) -> Result<()> {
    let root: G = args.position.state()?;
    let config = SearchConfig {
        threads: args.threads.max(1),
        hash_mb: args.hash.max(1),
        multipv: args.multipv.max(1),
        ..SearchConfig::default()
    };
    let mut searcher = AlphaBeta::<G, G::Evaluator>::new(G::Evaluator::default(), config);
    let stdout = std::io::stdout();
    let result = searcher.search_with(&root, &args.limits(), |info| {
        let mut out = stdout.lock();
        let _ = writeln!(out, "{}", info_line(&root, info));
        let _ = out.flush();
    })?;
    println!("{}", bestmove_line(&root, &result));
    Ok(())
}
