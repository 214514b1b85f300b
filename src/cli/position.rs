//! The `--position`, `--moves` and `--option` arguments shared by `perft`,
//! `analyse`, `play` and `position`, the state they describe, and the
//! `position` command that prints it.
//!
//! `--moves` is read by one rule for every game and command: moves are
//! separated by `;` when the text holds one; otherwise by spaces, and a word
//! that is not a move by itself is joined with the next word, so that card
//! chess's `swap e4-h5`, `remove f6`, `recover N@c3` and `steal veto` are
//! one move each.

use std::io::Write;

use anyhow::{anyhow, Context, Result};
use clap::Args;

use crate::game::{GameOptions, Notation, Turn};

/// Where a command starts: a position string, moves played from it, and
/// rules options.
#[derive(Debug, Clone, Default, Args)]
pub struct PositionArgs {
    /// The start position in the game's own notation (default: the initial position).
    #[arg(long)]
    pub position: Option<String>,
    /// Moves to play from the position, in the game's notation: separated by
    /// `;`, or by spaces (a word that is not a move alone takes the next
    /// word: `swap e4-h5`).
    #[arg(long)]
    pub moves: Option<String>,
    /// A rules option `KEY=VALUE` (repeatable), e.g. `stalemate=two-thirds`.
    #[arg(long = "option", value_name = "KEY=VALUE")]
    pub options: Vec<String>,
}

impl PositionArgs {
    /// The state these arguments describe.
    pub fn state<G: Notation>(&self) -> Result<G> {
        let options = G::Options::from_pairs(self.options.iter().map(String::as_str))?;
        let mut state = match &self.position {
            Some(text) => G::parse_position(text, &options)
                .with_context(|| format!("bad {} position `{text}`", G::NAME))?,
            None => G::new(&options),
        };
        if let Some(moves) = &self.moves {
            play_moves(&mut state, moves)?;
        }
        Ok(state)
    }
}

/// Plays `moves` (see the module text for the rule) on `state`.
fn play_moves<G: Notation>(state: &mut G, moves: &str) -> Result<()> {
    let mut number = 0;
    if moves.contains(';') {
        for text in moves.split(';').map(str::trim).filter(|t| !t.is_empty()) {
            number += 1;
            let action = state
                .parse_action(text)
                .map_err(|e| anyhow!("move {number} `{text}`: {e}"))?;
            state.apply(action);
        }
        return Ok(());
    }
    let mut words = moves.split_whitespace().peekable();
    while let Some(word) = words.next() {
        number += 1;
        let action = match state.parse_action(word) {
            Ok(action) => action,
            Err(alone) => {
                let Some(next) = words.peek() else {
                    return Err(anyhow!("move {number} `{word}`: {alone}"));
                };
                let joined = format!("{word} {next}");
                let action = state.parse_action(&joined).map_err(|with_next| {
                    anyhow!("move {number} `{word}`: {alone} (and `{joined}`: {with_next})")
                })?;
                words.next();
                action
            }
        };
        state.apply(action);
    }
    Ok(())
}

/// `tauler position`: prints who is to move, a finished game's points by
/// seat (Muzicando: the hand's points) and, last, the position string.
pub fn run<G: Notation>(args: &PositionArgs) -> Result<()> {
    let state: G = args.state()?;
    let mut out = std::io::stdout().lock();
    match state.turn() {
        Turn::Player(seat) => writeln!(out, "turn seat {seat}")?,
        Turn::Chance => writeln!(out, "turn chance")?,
        Turn::Terminal => {
            writeln!(out, "turn over")?;
            if let Some(returns) = state.returns() {
                let points: Vec<String> = returns.iter().map(ToString::to_string).collect();
                writeln!(out, "points {}", points.join(" "))?;
            }
        }
    }
    writeln!(out, "position {}", state.format_position())?;
    Ok(())
}
