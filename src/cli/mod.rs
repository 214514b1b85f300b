//! The command-line front end: argument parsing and the subcommands.
//!
//! Output lines that scripts rely on (`nodes N`, `N nodes M nps`) are part of
//! the command-line contract (the README's Commands section) and must stay
//! stable.

mod analyse;
mod analyse_chance;
mod analyse_hands;
mod bench;
mod cardchess_words;
mod datagen;
mod engine_server;
mod engines;
mod logging;
mod openings;
mod perft;
mod play;
mod play_hands;
mod position;
pub mod search_text;
mod serve;
mod smp_bench;
mod sprt;
mod tournament;
mod train;
mod tune;

use anyhow::Result;
use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::{Parser, Subcommand};

use std::path::PathBuf;

use crate::engine::level_table;
use crate::engine::{Catalogue, EngineProfile};
use crate::games::{GameId, REGISTRY};
use crate::tournament::stats::{Sprt, SprtModel};
pub use position::PositionArgs;

/// tauler: plays, analyses and referees card chess, C'escacs, Camelot and Muzicando.
#[derive(Debug, Parser)]
#[command(name = "tauler", version, about)]
pub struct Cli {
    /// A folder of engine profiles (`NAME.toml`) added to the built-in ones,
    /// replacing those of the same name.
    #[arg(long, global = true, value_name = "DIR", env = "TAULER_ENGINES")]
    engines: Option<PathBuf>,
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Counts move sequences of a given length (last line: `nodes N`).
    Perft {
        /// The game.
        #[arg(value_parser = game_parser())]
        game: GameId,
        #[command(flatten)]
        position: PositionArgs,
        /// How many plies deep to count.
        #[arg(long)]
        depth: u32,
        /// Prints the count below each legal action first.
        #[arg(long)]
        divide: bool,
    },
    /// Prints the position reached after `--moves`: who is to move, a
    /// finished game's points, then `position P` (last line).
    Position {
        /// The game.
        #[arg(value_parser = game_parser())]
        game: GameId,
        #[command(flatten)]
        position: PositionArgs,
    },
    /// Searches a position and streams `info` lines, then `bestmove`.
    Analyse {
        /// The game.
        #[arg(value_parser = game_parser())]
        game: GameId,
        #[command(flatten)]
        args: analyse::AnalyseArgs,
    },
    /// Plays a game against an engine at the terminal.
    Play {
        /// The game.
        #[arg(value_parser = game_parser())]
        game: GameId,
        #[command(flatten)]
        args: play::PlayArgs,
    },
    /// Runs the fixed benchmark (last line: `N nodes M nps`, N deterministic),
    /// or with `--smp` measures the threaded search's time to depth.
    Bench {
        /// Only this game (default: every game).
        #[arg(value_parser = game_parser())]
        game: Option<GameId>,
        #[command(flatten)]
        smp: bench::SmpArgs,
        /// The alpha-beta searches' evaluation: classic, or network (the
        /// game's built-in trained network; an error for a game without one).
        #[arg(long, default_value = "classic", value_parser = ["classic", "network"])]
        eval: String,
    },
    /// Serves the browser board: play and analyse at http://127.0.0.1:PORT/.
    Serve(serve::ServeArgs),
    /// Lists the engine profiles: name, game, searcher, limits, description, origin.
    Engines {
        /// Only this game's profiles.
        #[arg(value_parser = game_parser())]
        game: Option<GameId>,
    },
    /// Writes an opening suite for a tournament's `[openings] file`:
    /// distinct positions a few random plies deep, kept when the engine's
    /// score lies in a band.
    Openings {
        /// The game (a two-seat game: cescacs, camelot, cardchess).
        #[arg(value_parser = game_parser())]
        game: GameId,
        #[command(flatten)]
        args: openings::OpeningsArgs,
    },
    /// Self-play training data for a learned evaluation: positions with
    /// the search score and the game's result, in the binary format of
    /// docs/datagen.md (last line: `games N (played M) positions P seed S`).
    Datagen(datagen::DatagenArgs),
    /// Trains a network on `tauler datagen` files and writes its quantised
    /// weights and the validation curve (docs/train.md).
    Train(train::TrainArgs),
    /// Runs an engine tournament described by a TOML file and reports it;
    /// `tauler tournament merge DIR...` joins the results of its shards.
    #[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
    Tournament {
        #[command(subcommand)]
        merge: Option<TournamentCommand>,
        /// The tournament file (`tournaments/NAME.toml`).
        #[arg(required = true)]
        file: Option<PathBuf>,
        /// Continues an interrupted run: no game lost or played twice.
        #[arg(long)]
        resume: bool,
        /// Where the results go (default: `results/NAME/` beside the file,
        /// `results/NAME-shard-K-of-N/` for a shard).
        #[arg(long)]
        out: Option<PathBuf>,
        /// No progress bar.
        #[arg(long)]
        quiet: bool,
        /// Plays only shard K (counted from 0) of N: whole game pairs and
        /// duplicate deals, the same games on any machine.
        #[arg(long, value_name = "K/N")]
        shard: Option<String>,
    },
    /// Tunes the parameters an engine profile declares in `[tune]` by SPSA,
    /// playing game pairs as the tune file says; writes the tuned profile.
    Tune {
        /// The tune file (`tournaments/NAME.toml`).
        file: PathBuf,
        /// Continues an interrupted run exactly: no iteration lost or
        /// played twice.
        #[arg(long)]
        resume: bool,
        /// Where the state and the tuned profile go (default:
        /// `results/NAME/` beside the file).
        #[arg(long)]
        out: Option<PathBuf>,
        /// Iterations instead of the file's `iterations`.
        #[arg(long)]
        iterations: Option<u32>,
        /// No progress bar.
        #[arg(long)]
        quiet: bool,
    },
    /// Plain chess (card chess with `cards=off`) as a UCI engine on
    /// standard input and output.
    Uci {
        /// The engine profile (default `chess`, alpha-beta).
        #[arg(long)]
        engine: Option<String>,
    },
    /// Any game as a UGI engine on standard input and output (see
    /// docs/protocol.md).
    Ugi {
        /// The game.
        #[arg(value_parser = game_parser())]
        game: GameId,
        /// The engine profile (default: the game's `play` profile).
        #[arg(long)]
        engine: Option<String>,
        /// A rule option, `KEY=VALUE` (repeatable).
        #[arg(long = "option", value_name = "K=V")]
        options: Vec<String>,
        /// The seed of the engine's randomness.
        #[arg(long, default_value_t = 0)]
        seed: u64,
    },
    /// The GSPRT and Elo of game-pair counts (last line: `llr X bounds (L, U) DECISION`).
    Sprt {
        /// Pentanomial counts `LL,LD,DD,WD,WW` (DD counts DD and WL pairs).
        #[arg(long)]
        counts: String,
        /// The Elo difference of H0.
        #[arg(long, allow_negative_numbers = true)]
        elo0: f64,
        /// The Elo difference of H1.
        #[arg(long, allow_negative_numbers = true)]
        elo1: f64,
        /// The false-positive rate.
        #[arg(long, default_value_t = 0.05)]
        alpha: f64,
        /// The false-negative rate.
        #[arg(long, default_value_t = 0.05)]
        beta: f64,
        /// How the Elo bounds are read: normalized or logistic.
        #[arg(long, value_parser = model_parser(), default_value = "normalized")]
        model: SprtModel,
    },
}

/// Runs a parsed command line.
pub fn run(cli: Cli) -> Result<()> {
    let catalogue = || Catalogue::built_in().with_optional_dir(cli.engines.as_deref());
    match cli.command {
        Command::Perft {
            game,
            position,
            depth,
            divide,
        } => crate::with_game!(game, G => perft::run::<G>(&position, depth, divide)),
        Command::Position { game, position } => {
            crate::with_game!(game, G => position::run::<G>(&position))
        }
        Command::Analyse { game, args } => {
            let profile = game_profile(&catalogue()?, game, game.info().profiles.analyse)?;
            crate::with_family!(game,
                perfect G => analyse::run::<G>(&args, &profile),
                chance G, E => analyse_chance::run::<G, E>(&args, &profile, E::default()),
                hidden H => analyse_hands::run::<H>(&args, &profile),
            )
        }
        Command::Play { game, args } => {
            let level = args
                .level
                .map(|level| {
                    let options = &args.position.options;
                    level_table::level_profile_name(game.name(), options, "--level", level)
                })
                .transpose()?;
            let name = level
                .as_deref()
                .or(args.engine.as_deref())
                .unwrap_or(game.info().profiles.play);
            let profile = game_profile(&catalogue()?, game, name)?;
            crate::with_family!(game,
                perfect G => play::run::<G>(&args, &profile),
                chance G, _ => play::run::<G>(&args, &profile),
                hidden H => play_hands::run::<H>(&args, &profile),
            )
        }
        Command::Bench { game, smp, eval } => {
            let eval = match eval.as_str() {
                "network" => crate::knowledge::EvalKind::Network,
                _ => crate::knowledge::EvalKind::Classic,
            };
            bench::run(game, &smp, eval)
        }
        Command::Engines { game } => engines::run(&catalogue()?, game),
        Command::Openings { game, args } => {
            let name = args
                .engine
                .as_deref()
                .unwrap_or(game.info().profiles.analyse);
            let profile = game_profile(&catalogue()?, game, name)?;
            crate::with_family!(game,
                perfect G => openings::run::<G>(&args, &profile),
                chance G, _ => openings::run::<G>(&args, &profile),
                hidden _ => anyhow::bail!("{game} hands start from seeded deals: opening suites do not apply"),
            )
        }
        Command::Serve(args) => serve::run(&args, catalogue()?),
        Command::Datagen(args) => datagen::run(&args, &catalogue()?),
        Command::Train(args) => train::run(&args, &catalogue()?),
        Command::Tournament {
            merge: Some(TournamentCommand::Merge { dirs }),
            ..
        } => tournament::merge(&dirs),
        Command::Tournament {
            merge: None,
            file,
            resume,
            out,
            quiet,
            shard,
        } => tournament::run(
            &file.unwrap_or_default(),
            &crate::tournament::RunOptions {
                resume,
                out_dir: out,
                progress: (!quiet).then(|| tournament::progress_bar("games")),
                engines: cli.engines,
                shard: shard.as_deref().map(str::parse).transpose()?,
                stop: None,
            },
        ),
        Command::Tune {
            file,
            resume,
            out,
            iterations,
            quiet,
        } => tune::run(
            &file,
            &crate::tournament::TuneOptions {
                resume,
                out_dir: out,
                iterations,
                progress: (!quiet).then(|| tournament::progress_bar("iterations")),
                engines: cli.engines,
            },
        ),
        Command::Uci { engine } => engine_server::run_uci(&catalogue()?, engine.as_deref()),
        Command::Ugi {
            game,
            engine,
            options,
            seed,
        } => engine_server::run_ugi(&catalogue()?, game, engine.as_deref(), &options, seed),
        Command::Sprt {
            counts,
            elo0,
            elo1,
            alpha,
            beta,
            model,
        } => sprt::run(
            &counts,
            Sprt {
                elo0,
                elo1,
                alpha,
                beta,
                model,
            },
        ),
    }
}

/// What `tauler tournament` does besides running a tournament.
#[derive(Debug, Subcommand)]
enum TournamentCommand {
    /// Joins the results folders of one tournament's shards and prints the
    /// report one unsharded run would give (with the shards missing and,
    /// for an SPRT, whether to run the next wave, when some are missing).
    Merge {
        /// The shards' results folders.
        #[arg(required = true)]
        dirs: Vec<PathBuf>,
    },
}

/// Reads a game's name; `--help` and errors list the registry's games.
fn game_parser() -> impl TypedValueParser<Value = GameId> {
    PossibleValuesParser::new(
        REGISTRY
            .iter()
            .map(|info| PossibleValue::new(info.name).help(info.description)),
    )
    .try_map(|name| name.parse::<GameId>())
}

/// Reads an SPRT model's name.
fn model_parser() -> impl TypedValueParser<Value = SprtModel> {
    PossibleValuesParser::new(SprtModel::ALL.iter().map(|&(_, name)| name))
        .try_map(|name| name.parse::<SprtModel>())
}

/// The profile `name` from `catalogue`, checked to play `game`.
fn game_profile(catalogue: &Catalogue, game: GameId, name: &str) -> Result<EngineProfile> {
    let profile = catalogue.get(name)?;
    profile.expect_game(game.name())?;
    Ok(profile)
}
