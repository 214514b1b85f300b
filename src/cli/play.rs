//! `tauler play`: a person plays an engine at the terminal.
//!
//! The board is drawn before every move; moves are typed in the game's
//! notation. Commands: `moves`, `undo`, `hint`, `save FILE`, `load FILE`,
//! `resign`, `help`, `quit`.

use std::io::{BufRead, Write};
use std::path::Path;
use std::time::Duration;

use anyhow::{anyhow, Context, Result};
use clap::{Args, ValueEnum};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

use super::PositionArgs;
use crate::engine::{build_player, build_standard_player, EngineProfile, Player};
use crate::game::{Game, GameOptions, Notation, Seat, TextBoard, Turn};
use crate::knowledge::{draw_outcome, Evaluator};
use crate::search::{AlphaBeta, AlphaBetaGame, Limits};

use super::search_text::format_pv;

/// Which side the person plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Side {
    /// The first player (White).
    White,
    /// The second player (Black).
    Black,
}

/// Who plays what.
#[derive(Debug, Clone, Args)]
pub struct PlayArgs {
    #[command(flatten)]
    pub position: PositionArgs,
    /// The engine profile (`tauler engines GAME` lists them; default: the
    /// game's default profile).
    #[arg(long)]
    pub engine: Option<String>,
    /// The side you play.
    #[arg(long, value_enum, default_value_t = Side::White)]
    pub side: Side,
    /// Seed for engines that use chance (and Muzicando's deals).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Muzicando: your seat (default 0).
    #[arg(long)]
    pub seat: Option<usize>,
    /// Muzicando: the four-player team game (the default).
    #[arg(long, conflicts_with = "players")]
    pub team: bool,
    /// Muzicando: the individual game for K players (2..8).
    #[arg(long, value_name = "K")]
    pub players: Option<u8>,
    /// Muzicando: hands in the match, the deal rotating.
    #[arg(long, default_value_t = 4)]
    pub hands: usize,
}

const HELP: &str = "Type a move in the game's notation, or a command:
  moves        list the legal moves
  undo         take back your last move (and the engine's reply)
  hint         ask the engine for a move (2 s)
  save FILE    save the game (start position and moves)
  load FILE    load a saved game
  resign       give up
  help         this text
  quit         leave without finishing";

/// A game in progress: where it started and the moves since.
struct Record<G: Game> {
    start: G,
    moves: Vec<G::Action>,
}

impl<G: Notation> Record<G> {
    fn current(&self) -> G {
        let mut state = self.start.clone();
        for &mv in &self.moves {
            state.apply(mv);
        }
        state
    }

    fn save(&self, path: &Path) -> Result<()> {
        let mut text = format!(
            "# tauler {} game\nposition {}\n",
            G::NAME,
            self.start.format_position()
        );
        let mut state = self.start.clone();
        for &mv in &self.moves {
            text.push_str(&state.format_action(mv));
            text.push('\n');
            state.apply(mv);
        }
        std::fs::write(path, text).with_context(|| format!("cannot write {}", path.display()))
    }

    fn load(path: &Path, options: &G::Options) -> Result<Record<G>> {
        let text = crate::user_files::read_to_string(path)
            .with_context(|| format!("cannot read {}", path.display()))?;
        let mut lines = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'));
        let position = lines
            .next()
            .and_then(|l| l.strip_prefix("position "))
            .ok_or_else(|| anyhow!("{}: the first line must be `position …`", path.display()))?;
        let start =
            G::parse_position(position, options).map_err(|e| anyhow!("{}: {e}", path.display()))?;
        let mut record = Record {
            start,
            moves: Vec::new(),
        };
        let mut state = record.start.clone();
        for (index, line) in lines.enumerate() {
            let mv = state
                .parse_action(line)
                .map_err(|e| anyhow!("{}: move {} `{line}`: {e}", path.display(), index + 1))?;
            state.apply(mv);
            record.moves.push(mv);
        }
        Ok(record)
    }
}

/// Plays a game of an alpha-beta game against its engine; `hint` asks the
/// game's standard searcher for 2 s.
pub fn run<G: AlphaBetaGame + TextBoard>(args: &PlayArgs, profile: &EngineProfile) -> Result<()> {
    let engine = build_standard_player::<G>(profile, args.seed)?;
    let hint = |state: &G| -> Result<String> {
        let mut searcher =
            AlphaBeta::<G, G::Evaluator>::new(G::Evaluator::default(), G::search_config());
        let result = searcher.search(state, &Limits::movetime(Duration::from_secs(2)))?;
        Ok(format!(
            "{} (score {}, line {})",
            state.format_action(result.best),
            result.score(),
            format_pv(state, result.pv())
        ))
    };
    session(args, &profile.name, &profile.description, engine, hint)
}

/// Plays a game with public chance (card chess) against an expectimax,
/// MCTS or greedy `profile` searching with evaluator `E`; cards are drawn
/// at random from `--seed`, and `hint` asks the same profile.
pub fn run_chance<G: Notation + TextBoard, E: Evaluator<G> + Default + 'static>(
    args: &PlayArgs,
    profile: &EngineProfile,
) -> Result<()> {
    let engine = build_player::<G, _>(profile, E::default(), args.seed)?;
    let hint = |state: &G| -> Result<String> {
        let mut adviser = build_player::<G, _>(profile, E::default(), args.seed)?;
        Ok(state.format_action(adviser.choose(state)?))
    };
    session(args, &profile.name, &profile.description, engine, hint)
}

/// The game loop shared by every game: draws the board, lets the engine and
/// chance move, and reads the person's moves and commands.
fn session<G: Notation + TextBoard>(
    args: &PlayArgs,
    name: &str,
    description: &str,
    mut engine: Box<dyn Player<G>>,
    mut hint: impl FnMut(&G) -> Result<String>,
) -> Result<()> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(args.seed);
    let human: Seat = match args.side {
        Side::White => 0,
        Side::Black => 1,
    };
    let options = G::Options::from_pairs(args.position.options.iter().map(String::as_str))?;
    let mut record = Record {
        start: args.position.state::<G>()?,
        moves: Vec::new(),
    };
    println!(
        "You play {:?} against `{name}` ({description}). Type `help` for commands.",
        args.side
    );
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut shown = None;
    loop {
        let state = record.current();
        if shown != Some(record.moves.len()) {
            println!("\n{}", state.draw());
            shown = Some(record.moves.len());
        }
        match state.turn() {
            Turn::Terminal => {
                let returns = state.returns().unwrap_or_default();
                let mine = returns.get(human).copied().unwrap_or(0.0);
                println!("Game over: you score {mine}, the engine {}.", 1.0 - mine);
                return Ok(());
            }
            Turn::Chance => {
                let mut outcomes = Vec::new();
                state.chance_outcomes(&mut outcomes);
                let outcome = draw_outcome(&outcomes, &mut rng);
                println!("Chance: {}", state.format_action(outcome));
                record.moves.push(outcome);
                continue;
            }
            Turn::Player(seat) if seat != human => {
                let mv = engine.choose(&state)?;
                println!("Engine plays {}", state.format_action(mv));
                record.moves.push(mv);
                continue;
            }
            Turn::Player(_) => {}
        }
        print!("your move: ");
        std::io::stdout().flush()?;
        let mut line = String::new();
        if input.read_line(&mut line)? == 0 {
            return Ok(());
        }
        let line = line.trim();
        let (command, argument) = line
            .split_once(' ')
            .map_or((line, ""), |(c, a)| (c, a.trim()));
        match command {
            "" => {}
            "help" => println!("{HELP}"),
            "quit" => return Ok(()),
            "resign" => {
                println!("You resign.");
                return Ok(());
            }
            "moves" => {
                let mut actions = Vec::new();
                state.legal_actions(&mut actions);
                let texts: Vec<String> = actions.iter().map(|&a| state.format_action(a)).collect();
                println!("{} legal moves: {}", texts.len(), texts.join(" "));
            }
            "undo" => {
                let mut undone = false;
                while record.moves.pop().is_some() {
                    if record.current().turn() == Turn::Player(human) {
                        undone = true;
                        break;
                    }
                }
                if undone {
                    shown = None;
                } else {
                    println!("nothing of yours to undo");
                }
            }
            "hint" => println!("hint: {}", hint(&state)?),
            "save" if !argument.is_empty() => {
                record.save(Path::new(argument))?;
                println!("saved to {argument}");
            }
            "load" if !argument.is_empty() => match Record::load(Path::new(argument), &options) {
                Ok(loaded) => {
                    record = loaded;
                    shown = None;
                    engine.new_game();
                    println!("loaded {argument}");
                }
                Err(error) => println!("cannot load: {error:#}"),
            },
            "save" | "load" => println!("usage: {command} FILE"),
            _ => match state.parse_action(line) {
                Ok(mv) => record.moves.push(mv),
                Err(error) => println!(
                    "`{line}`: {error}  (type `moves` for the legal moves, `help` for commands)"
                ),
            },
        }
    }
}
