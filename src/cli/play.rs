//! `tauler play`: a person plays an engine at the terminal.
//!
//! A renderer over a [`Session`]: the board is drawn before every move,
//! moves are typed in the game's notation, and the commands `moves`, `undo`,
//! `redo`, `hint`, `save FILE`, `load FILE`, `resign`, `help`, `quit` call
//! the session. Chance comes from the session's fixed stream (`--seed`).

use std::io::{BufRead, Write};
use std::path::Path;
use std::time::Duration;

use anyhow::{bail, Result};
use clap::{Args, ValueEnum};

use super::PositionArgs;
use crate::engine::{
    EndReason, EngineProfile, Happening, Playable, SeatSpec, Session, SessionError,
};
use crate::game::{GameOptions, Notation, Seat, TextBoard};
use crate::search::Limits;

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
    /// The engine profile (`engines/NAME.toml`; default `<game>-default`).
    #[arg(long)]
    pub engine: Option<String>,
    /// A playing level, 1 to 8, instead of a profile (docs/levels.md).
    #[arg(long, conflicts_with = "engine")]
    pub level: Option<u32>,
    /// The side you play (default white; board games only).
    #[arg(long, value_enum)]
    pub side: Option<Side>,
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
    /// Muzicando: hands in the match, the deal rotating (default 4).
    #[arg(long)]
    pub hands: Option<usize>,
}

impl PlayArgs {
    /// Refuses, by name, the first flag given that `front_end` does not use
    /// (a flag is never silently dropped).
    pub(super) fn refuse(&self, front_end: &str, flags: &[(&str, bool)]) -> Result<()> {
        match flags.iter().find(|(_, given)| *given) {
            Some((flag, _)) => bail!("{flag} is not used by {front_end}"),
            None => Ok(()),
        }
    }
}

const HELP: &str = "Type a move in the game's notation, or a command:
  moves        list the legal moves
  undo         take back your last move (and the engine's reply)
  redo         restore what undo took back
  hint         ask the engine for a move (up to 2 s)
  save FILE    save the game (start position, seed and moves)
  load FILE    load a saved game
  resign       give up
  help         this text
  quit         leave without finishing";

/// What the terminal says about a game beyond its notation; the defaults
/// announce the engine's moves and chance in notation.
pub(super) trait Narration: Playable + TextBoard {
    /// The line announcing `action` played in `before` by `seat` (`None`:
    /// chance), an engine's or the person's; empty for nothing to say.
    fn narrate(before: &Self, seat: Option<Seat>, action: Self::Action, engine: bool) -> String {
        let text = before.format_action(action);
        match (seat, engine) {
            (None, _) => format!("Chance: {text}"),
            (Some(_), true) => format!("Engine plays {text}"),
            (Some(_), false) => String::new(),
        }
    }

    /// Lines shown under the board (the card being carried out, held cards).
    fn notes(_state: &Self) -> Vec<String> {
        Vec::new()
    }

    /// The person's typed text in the game's notation (a shorthand expanded).
    fn rewrite(_state: &Self, text: &str) -> String {
        text.to_string()
    }

    /// What `moves` says instead of listing `count` moves, when a list would
    /// not help.
    fn moves_note(_state: &Self, _count: usize) -> Option<String> {
        None
    }
}

impl Narration for crate::games::cescacs::Cescacs {}

impl Narration for crate::games::camelot::Camelot {}

/// The limits of a hint: the profile's, but at most 2 s.
fn hint_limits(profile: &EngineProfile) -> Limits {
    let mut limits = profile.limits.limits();
    let cap = Duration::from_secs(2);
    limits.movetime = Some(limits.movetime.map_or(cap, |t| t.min(cap)));
    limits.clock = None;
    limits
}

/// Plays a game of card chess, C'escacs or Camelot against the engine
/// `profile` at the terminal.
pub fn run<G: Narration>(args: &PlayArgs, profile: &EngineProfile) -> Result<()> {
    args.refuse(
        &format!("play {}", G::NAME),
        &[
            ("--seat", args.seat.is_some()),
            ("--team", args.team),
            ("--players", args.players.is_some()),
            ("--hands", args.hands.is_some()),
        ],
    )?;
    let name = &profile.name;
    let side = args.side.unwrap_or(Side::White);
    let human: Seat = match side {
        Side::White => 0,
        Side::Black => 1,
    };
    let options = G::Options::from_pairs(args.position.options.iter().map(String::as_str))?;
    let mut seats = vec![
        SeatSpec::Engine(Box::new(profile.clone())),
        SeatSpec::Engine(Box::new(profile.clone())),
    ];
    seats[human] = SeatSpec::Person;
    let mut session = Session::new(args.position.state::<G>()?, seats, args.seed)?;
    println!(
        "You play {side:?} against `{name}` ({}). Type `help` for commands.",
        profile.description
    );
    let stdin = std::io::stdin();
    let mut terminal = Terminal {
        input: stdin.lock(),
        human,
        profile: profile.clone(),
        options,
    };
    terminal.run(&mut session)
}

/// The terminal: where lines come from, and who the person is.
struct Terminal<R, G: Notation> {
    input: R,
    human: Seat,
    profile: EngineProfile,
    options: G::Options,
}

/// What to do after a command.
enum Next {
    /// Draw the board again and go on.
    Redraw,
    /// Wait for the next line.
    Read,
    /// Leave.
    Quit,
}

impl<R: BufRead, G: Narration> Terminal<R, G> {
    fn run(&mut self, session: &mut Session<G>) -> Result<()> {
        session.advance();
        let mut redraw = true;
        loop {
            self.show_happenings(session);
            if let Some(ending) = session.ending() {
                if ending.reason == EndReason::NoChanceOutcome {
                    println!("\n{}", session.state().draw());
                    println!(
                        "The game stops: chance must act here but has no outcome (is the pile empty?)."
                    );
                    return Ok(());
                }
                let mine = ending.result.get(self.human).copied().unwrap_or(0.0);
                let theirs = ending.result.get(1 - self.human).copied().unwrap_or(0.0);
                println!("\n{}", session.state().draw());
                println!(
                    "Game over ({}): you score {mine}, the engine {theirs}.",
                    ending.reason.text()
                );
                return Ok(());
            }
            if redraw {
                self.draw(session.state());
            }
            print!("your move: ");
            std::io::stdout().flush()?;
            let mut line = String::new();
            if self.input.read_line(&mut line)? == 0 {
                println!("\nThe input ended; leaving the game.");
                return Ok(());
            }
            redraw = match self.command(session, line.trim())? {
                Next::Redraw => true,
                Next::Read => false,
                Next::Quit => return Ok(()),
            };
        }
    }

    /// Announces the engine's moves, chance and the person's card decisions
    /// since the last prompt.
    fn show_happenings(&self, session: &mut Session<G>) {
        for happening in session.take_happenings() {
            let line = match happening {
                Happening::Chance { before, action } => G::narrate(&before, None, action, false),
                Happening::Played {
                    before,
                    seat,
                    action,
                    engine,
                    ..
                } => G::narrate(&before, Some(seat), action, engine),
                Happening::Info { .. } | Happening::Over(_) => String::new(),
            };
            if !line.is_empty() {
                println!("{line}");
            }
        }
    }

    /// Draws the board and the game's notes under it.
    fn draw(&self, state: &G) {
        println!("\n{}", state.draw());
        for note in G::notes(state) {
            println!("{note}");
        }
    }

    fn command(&mut self, session: &mut Session<G>, line: &str) -> Result<Next> {
        let (command, argument) = line
            .split_once(' ')
            .map_or((line, ""), |(c, a)| (c, a.trim()));
        match command {
            "" => return Ok(Next::Read),
            "help" => println!("{HELP}"),
            "quit" => return Ok(Next::Quit),
            "resign" => {
                println!("You resign.");
                return Ok(Next::Quit);
            }
            "moves" => {
                let texts = session.legal_texts();
                match G::moves_note(session.state(), texts.len()) {
                    Some(note) => println!("{note}"),
                    None => println!("{} legal moves: {}", texts.len(), texts.join(" ")),
                }
            }
            "undo" => match session.undo() {
                Ok(()) => return Ok(Next::Redraw),
                Err(SessionError::NothingToUndo) => println!("nothing of yours to undo"),
                Err(error) => println!("cannot undo: {error}"),
            },
            "redo" => match session.redo() {
                Ok(()) => return Ok(Next::Redraw),
                Err(error) => println!("cannot redo: {error}"),
            },
            "hint" => match session.hint(&self.profile, &hint_limits(&self.profile)) {
                Ok(decision) => {
                    let state = session.state();
                    let text = state.format_action(decision.action);
                    match decision.lines.first() {
                        Some(line) => println!(
                            "hint: {text} (score {}, line {})",
                            line.score,
                            state.format_line(&line.pv).join(" ")
                        ),
                        None => println!("hint: {text}"),
                    }
                }
                Err(error) => println!("{error}"),
            },
            "save" if !argument.is_empty() => match session.save(Path::new(argument)) {
                Ok(()) => println!("saved to {argument}"),
                Err(error) => println!("cannot save: {error}"),
            },
            "load" if !argument.is_empty() => {
                match session.load(Path::new(argument), &self.options) {
                    Ok(()) => {
                        println!("loaded {argument}");
                        session.advance();
                        return Ok(Next::Redraw);
                    }
                    Err(error) => println!("cannot load: {error}"),
                }
            }
            "save" | "load" => println!("usage: {command} FILE"),
            _ => match session.play_text(&G::rewrite(session.state(), line)) {
                Ok(()) => return Ok(Next::Redraw),
                Err(error) => {
                    println!("{error}  (type `moves` for the legal moves, `help` for commands)");
                }
            },
        }
        Ok(Next::Read)
    }
}
