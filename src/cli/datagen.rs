//! `tauler datagen GAME`: self-play training data for a learned evaluation
//! (see [`crate::tournament::datagen`] and `docs/datagen.md`).

use std::path::PathBuf;

use anyhow::{bail, Context, Result};
use clap::builder::PossibleValuesParser;
use clap::Args;

use crate::bounds;
use crate::engine::{Catalogue, EngineProfile, Playable};
use crate::game::GameOptions;
use crate::games::camelot::Camelot;
use crate::games::cardchess::{CardChess, CardChessEval};
use crate::games::cescacs::Cescacs;
use crate::knowledge::Evaluator;
use crate::tournament::datagen::{run as run_datagen, DatagenSpec};
use crate::tournament::datagen_format::DataGame;
use crate::tournament::runner::read_openings;
use crate::tournament::Shard;

/// What `tauler datagen` is asked.
#[derive(Debug, Clone, Args)]
pub struct DatagenArgs {
    /// The game: cescacs, camelot or chess (card chess with `cards=off`).
    #[arg(value_parser = PossibleValuesParser::new(DataGame::ALL.map(DataGame::name)))]
    pub game: String,
    /// Where the data goes (appended to with --resume).
    #[arg(long)]
    pub out: PathBuf,
    /// Games in the whole run (every shard together), 1 to 1000000.
    #[arg(long, default_value_t = 100)]
    pub games: usize,
    /// Nodes searched per move, 1 to 10^12.
    #[arg(long, default_value_t = 5_000)]
    pub nodes: u64,
    /// An opening suite (`openings/GAME.txt`): game i starts from its line
    /// i (cycling).
    #[arg(long)]
    pub openings: Option<PathBuf>,
    /// Random plies played from the start (after the suite's line), 0 to 200.
    #[arg(long, default_value_t = 4)]
    pub random_plies: u32,
    /// The seed every game derives from (default: a random one, kept in the
    /// file's header).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Plays only shard K (from 0) of N: the games i with i mod N = K.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<String>,
    /// Games played at once, a thread each, 1 to 256.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Continues the file at --out: the games already in it are skipped.
    #[arg(long)]
    pub resume: bool,
    /// The engine profile (default: the game's full-strength alpha-beta).
    #[arg(long)]
    pub engine: Option<String>,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
}

/// Runs `tauler datagen`.
pub fn run(args: &DatagenArgs, catalogue: &Catalogue) -> Result<()> {
    let game = DataGame::ALL
        .into_iter()
        .find(|g| g.name() == args.game)
        .with_context(|| format!("unknown game `{}`", args.game))?;
    let profile = catalogue.get(args.engine.as_deref().unwrap_or(game.default_profile()))?;
    profile.expect_game(game.game_name())?;
    if profile.searcher.name() != "alphabeta" {
        bail!(
            "--engine {}: datagen needs an alpha-beta profile",
            profile.name
        );
    }
    match game {
        DataGame::Cescacs => generate::<Cescacs>(args, game, &profile, Cescacs::in_check),
        // Camelot has no check.
        DataGame::Camelot => generate::<Camelot>(args, game, &profile, |_| false),
        DataGame::Chess => {
            let in_check = |state: &CardChess| CardChessEval::default().in_check(state);
            generate::<CardChess>(args, game, &profile, in_check)
        }
    }
}

fn generate<G>(
    args: &DatagenArgs,
    game: DataGame,
    profile: &EngineProfile,
    in_check: fn(&G) -> bool,
) -> Result<()>
where
    G: Playable + Send + Sync,
    G::Options: Sync,
{
    let options = G::Options::from_pairs(
        profile
            .options
            .iter()
            .map(String::as_str)
            .chain(game.options().iter().copied()),
    )?;
    let starts = match &args.openings {
        Some(path) => read_openings::<G>(path, &options)?,
        None => Vec::new(),
    };
    let spec = DatagenSpec {
        game,
        games: bounds::SCHEDULED_GAMES.check("--games", args.games)?,
        nodes: bounds::NODES.check("--nodes", args.nodes)?,
        random_plies: bounds::RANDOM_PLIES.check("--random-plies", args.random_plies)?,
        seed: args.seed,
        shard: args
            .shard
            .as_deref()
            .map(str::parse)
            .transpose()?
            .unwrap_or(Shard { index: 0, count: 1 }),
        threads: bounds::THREADS.check("--threads", args.threads)?,
        resume: args.resume,
        progress: (!args.quiet).then(|| super::tournament::progress_bar("games")),
    };
    let summary = run_datagen::<G>(&spec, &starts, &options, profile, in_check, &args.out)?;
    println!(
        "games {} (played {}) positions {} seed {}",
        summary.games_done, summary.games_played, summary.positions, summary.seed
    );
    Ok(())
}
