//! `tauler openings GAME`: writes an opening suite (see
//! [`crate::tournament::suite`]) as a file a tournament's `[openings] file`
//! reads, its header saying how it was made.

use std::path::PathBuf;

use anyhow::{Context, Result};
use clap::Args;

use crate::bounds;
use crate::engine::{EngineProfile, Playable};
use crate::game::GameOptions;
use crate::search::Limits;
use crate::tournament::suite::{generate, SuiteSpec};

/// How the suite is made.
#[derive(Debug, Clone, Args)]
pub struct OpeningsArgs {
    /// Random plies from the start position, 0 to 200 (chance outcomes
    /// count as plies).
    #[arg(long, default_value_t = 4)]
    pub plies: u32,
    /// The least score kept, from seat 0's (White's) view, −20000 to 20000.
    #[arg(long, allow_negative_numbers = true, default_value_t = -30)]
    pub min: i32,
    /// The greatest score kept, from seat 0's (White's) view, −20000 to 20000.
    #[arg(long, allow_negative_numbers = true, default_value_t = 30)]
    pub max: i32,
    /// Positions wanted, 1 to 100000.
    #[arg(long, default_value_t = 100)]
    pub count: usize,
    /// The seed of the random plies (default: a random seed, written in
    /// the header).
    #[arg(long)]
    pub seed: Option<u64>,
    /// The engine profile that scores each position (default: the game's
    /// analysis profile).
    #[arg(long)]
    pub engine: Option<String>,
    /// Nodes the engine searches per position, 1 to 10^12 (a node limit
    /// makes the suite reproducible).
    #[arg(long, default_value_t = 20_000)]
    pub nodes: u64,
    /// Keep only positions whose side to move has no capture or other
    /// noisy action.
    #[arg(long)]
    pub quiet: bool,
    /// A rules option `KEY=VALUE` (repeatable): the tournament must play
    /// with the same options.
    #[arg(long = "option", value_name = "KEY=VALUE")]
    pub options: Vec<String>,
    /// Where the suite goes (default: standard output).
    #[arg(long)]
    pub out: Option<PathBuf>,
}

impl OpeningsArgs {
    /// The suite's recipe, every number range-checked.
    fn spec(&self, seed: u64) -> Result<SuiteSpec> {
        let min = bounds::OPENING_SCORE.check("--min", self.min)?;
        let max = bounds::OPENING_SCORE.check("--max", self.max)?;
        Ok(SuiteSpec {
            plies: bounds::RANDOM_PLIES.check("--plies", self.plies)?,
            min,
            max,
            count: bounds::OPENING_COUNT.check("--count", self.count)?,
            seed,
            quiet: self.quiet,
            limits: Limits::nodes(bounds::NODES.check("--nodes", self.nodes)?),
        })
    }

    /// The command line that remakes this suite (the seed made explicit).
    fn command(&self, game: &str, engine: &str, seed: u64) -> String {
        let mut words = vec![
            format!("tauler openings {game}"),
            format!("--plies {}", self.plies),
            format!("--min {} --max {}", self.min, self.max),
            format!("--count {}", self.count),
            format!("--seed {seed}"),
            format!("--engine {engine}"),
            format!("--nodes {}", self.nodes),
        ];
        if self.quiet {
            words.push("--quiet".into());
        }
        words.extend(self.options.iter().map(|o| format!("--option {o}")));
        words.join(" ")
    }
}

/// Makes the suite for `G` with `profile` and writes it.
pub fn run<G: Playable>(args: &OpeningsArgs, profile: &EngineProfile) -> Result<()> {
    let seed = args.seed.unwrap_or_else(rand::random);
    let spec = args.spec(seed)?;
    let options = G::Options::from_pairs(args.options.iter().map(String::as_str))?;
    let suite = generate::<G>(&options, profile, &spec)?;
    let tried = suite.attempts;
    let header = vec![
        format!("Opening suite for {}: {} positions.", G::NAME, suite.openings.len()),
        format!("Made by: {}", args.command(G::NAME, &profile.name, seed)),
        format!(
            "Engine {} ({}), {} nodes a position; kept when its score from seat 0's (White's) view lies in {}..{}{}.",
            profile.name,
            profile.searcher.name(),
            args.nodes,
            spec.min,
            spec.max,
            if spec.quiet { ", the side to move having no capture" } else { "" },
        ),
        format!(
            "Tried {} random lines of {} plies: {} ended the game or inside a turn, {} noisy, {} repeated a position; {} searched, {} outside the band.",
            tried.lines, spec.plies, tried.unfinished, tried.noisy, tried.duplicates, tried.searched, tried.outside,
        ),
        format!(
            "tauler {}, {}. Each position follows a comment with its score and its plies from the start.",
            env!("CARGO_PKG_VERSION"),
            time::OffsetDateTime::now_utc().date(),
        ),
    ];
    let text = suite.to_text(&header);
    match &args.out {
        Some(path) => std::fs::write(path, text)
            .with_context(|| format!("cannot write {}", path.display()))?,
        None => print!("{text}"),
    }
    Ok(())
}
