//! `tauler analyse`: searches a position and streams UCI-style `info` lines,
//! then `bestmove`.

use anyhow::{bail, Result};
use clap::Args;

use super::search_text::analyse;
use super::PositionArgs;
use crate::bounds;
use crate::engine::{EngineProfile, LimitKeys, LimitRequest, LimitSpec};
use crate::search::{AlphaBeta, AlphaBetaGame, Limits, SearchConfig};

/// Thinking time when no limit is given, in milliseconds.
const DEFAULT_MOVETIME_MS: u64 = 5000;
/// Search threads when `--threads` is not given.
const DEFAULT_THREADS: usize = 1;
/// Transposition-table MiB when `--hash` is not given.
const DEFAULT_HASH_MB: usize = 64;

/// How long and how wide to analyse. Every game's analyser takes the flags
/// it uses and refuses the others by name (see [`AnalyseArgs::refuse`]).
#[derive(Debug, Clone, Args)]
pub struct AnalyseArgs {
    #[command(flatten)]
    pub position: PositionArgs,
    /// Think for this many milliseconds, 1 to 86400000 (default 5000 when no
    /// limit is given; with `--depth` or `--nodes` the search stops at the
    /// first reached). Board games and card chess.
    #[arg(long)]
    pub movetime: Option<u64>,
    /// Search to this nominal depth, 1 to 64. Board games and card chess.
    #[arg(long)]
    pub depth: Option<u32>,
    /// Stop after about this many nodes, 1 to 10^12 (Muzicando: playouts per
    /// searcher, 1 to 10^9, default 4000).
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Report the best K lines, 1 to 256 (default 1). Board games only.
    #[arg(long)]
    pub multipv: Option<usize>,
    /// Search threads, 1 to 256 (default 1). Board games (the threads split the tree) and Muzicando.
    #[arg(long)]
    pub threads: Option<usize>,
    /// Transposition table size in MiB, 1 to 65536 (default 64). Board games only.
    #[arg(long)]
    pub hash: Option<usize>,
    /// Muzicando: the seat whose observation is analysed (must be the seat
    /// to move; default: the seat to move).
    #[arg(long)]
    pub seat: Option<usize>,
}

/// An `analyse` flag that some game's analyser does not use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flag {
    /// `--movetime`.
    Movetime,
    /// `--depth`.
    Depth,
    /// `--multipv`.
    Multipv,
    /// `--threads`.
    Threads,
    /// `--hash`.
    Hash,
    /// `--seat`.
    Seat,
}

impl Flag {
    fn name(self) -> &'static str {
        match self {
            Flag::Movetime => "--movetime",
            Flag::Depth => "--depth",
            Flag::Multipv => "--multipv",
            Flag::Threads => "--threads",
            Flag::Hash => "--hash",
            Flag::Seat => "--seat",
        }
    }
}

impl AnalyseArgs {
    /// Refuses, by name, the first of `unused` that was given: `game`'s
    /// analyser would otherwise drop it silently.
    pub(super) fn refuse(&self, unused: &[Flag], game: &str) -> Result<()> {
        for &flag in unused {
            let given = match flag {
                Flag::Movetime => self.movetime.is_some(),
                Flag::Depth => self.depth.is_some(),
                Flag::Multipv => self.multipv.is_some(),
                Flag::Threads => self.threads.is_some(),
                Flag::Hash => self.hash.is_some(),
                Flag::Seat => self.seat.is_some(),
            };
            if given {
                bail!("{} does not apply to {game} analysis", flag.name());
            }
        }
        Ok(())
    }

    /// The search limits, each range-checked: every one given applies
    /// (the browser's rule, [`LimitRequest`]); none, the default move time.
    pub(super) fn limits(&self) -> Result<Limits> {
        let default = LimitSpec {
            movetime_ms: Some(DEFAULT_MOVETIME_MS),
            ..LimitSpec::default()
        };
        let asked = LimitRequest {
            movetime_ms: self.movetime,
            nodes: self.nodes,
            depth: self.depth,
        };
        Ok(asked.over(&default, LimitKeys::FLAGS)?.limits())
    }

    /// `--threads`, range-checked (default 1).
    pub(super) fn threads(&self) -> Result<usize> {
        let threads = self.threads.unwrap_or(DEFAULT_THREADS);
        Ok(bounds::THREADS.check("--threads", threads)?)
    }
}

/// Analyses with the game's standard evaluator and the search settings of
/// `profile` (the game's analysis profile), threads, table size and lines
/// from the command line.
pub fn run<G: AlphaBetaGame>(args: &AnalyseArgs, profile: &EngineProfile) -> Result<()> {
    args.refuse(&[Flag::Seat], G::NAME)?;
    let limits = args.limits()?;
    let config = SearchConfig {
        threads: args.threads()?,
        hash_mb: bounds::HASH_MB.check("--hash", args.hash.unwrap_or(DEFAULT_HASH_MB))?,
        multipv: bounds::MULTIPV.check("--multipv", args.multipv.unwrap_or(1))?,
        ..profile.search_config()?
    };
    let root: G = args.position.state()?;
    let mut searcher = AlphaBeta::<G, G::Evaluator>::try_new(G::Evaluator::default(), config)?;
    analyse(&mut searcher, &root, &limits, &mut std::io::stdout().lock())?;
    Ok(())
}
