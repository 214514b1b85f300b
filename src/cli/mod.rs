//! The command-line front end: argument parsing and the subcommands.
//!
//! Output lines that scripts rely on (`nodes N`, `N nodes M nps`) are part of
//! the CLI contract in DESIGN.md and must stay stable.

mod analyse;
mod analyse_chance;
mod bench;
mod perft;
mod play;
mod position;

use anyhow::{bail, Result};
use clap::{Parser, Subcommand};

use crate::games::cardchess::{CardChess, CardChessEval};
use crate::games::cescacs::Cescacs;
use crate::games::GameId;
pub use position::PositionArgs;

/// tauler: plays, analyses and referees card chess, C'escacs, Camelot and Muzicando.
#[derive(Debug, Parser)]
#[command(name = "tauler", version, about)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Counts move sequences of a given length (last line: `nodes N`).
    Perft {
        /// The game.
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
    /// Searches a position and streams `info` lines, then `bestmove`.
    Analyse {
        /// The game.
        game: GameId,
        #[command(flatten)]
        args: analyse::AnalyseArgs,
    },
    /// Plays a game against an engine at the terminal.
    Play {
        /// The game.
        game: GameId,
        #[command(flatten)]
        args: play::PlayArgs,
    },
    /// Runs the fixed benchmark (last line: `N nodes M nps`, N deterministic).
    Bench {
        /// Only this game (default: every game).
        game: Option<GameId>,
    },
}

/// Runs a parsed command line.
pub fn run(cli: Cli) -> Result<()> {
    match cli.command {
        Command::Perft {
            game,
            position,
            depth,
            divide,
        } => crate::with_game!(game, G => perft::run::<G>(&position, depth, divide)),
        Command::Analyse { game, args } => match game {
            GameId::Cescacs => analyse::run::<Cescacs>(&args),
            GameId::Cardchess => analyse_chance::run::<CardChess, _>(&args, CardChessEval),
            other => bail!("no alpha-beta engine for {other} yet"),
        },
        Command::Play { game, args } => match game {
            GameId::Cescacs => play::run::<Cescacs>(&args),
            other => bail!("no alpha-beta engine for {other} yet"),
        },
        Command::Bench { game } => bench::run(game),
    }
}

/// The shipped default engine profiles, built into the program so that
/// `play` works from any directory.
fn embedded_profile(name: &str) -> Option<&'static str> {
    match name {
        "cescacs-default" => Some(include_str!("../../engines/cescacs-default.toml")),
        _ => None,
    }
}
