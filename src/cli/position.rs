//! The `--position`, `--moves` and `--option` arguments shared by `perft`,
//! `analyse` and `play`, and the state they describe.

use anyhow::{anyhow, Context, Result};
use clap::Args;

use crate::game::{GameOptions, Notation};

/// Where a command starts: a position string, moves played from it, and
/// rules options.
#[derive(Debug, Clone, Default, Args)]
pub struct PositionArgs {
    /// The start position in the game's own notation (default: the initial position).
    #[arg(long)]
    pub position: Option<String>,
    /// Moves to play from the position, in the game's notation, space-separated.
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
            for (index, text) in moves.split_whitespace().enumerate() {
                let action = state
                    .parse_action(text)
                    .map_err(|e| anyhow!("move {} `{text}`: {e}", index + 1))?;
                state.apply(action);
            }
        }
        Ok(state)
    }
}
