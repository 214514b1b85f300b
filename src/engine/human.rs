//! A human at a terminal (or any line-based input): reads actions in the
//! game's notation, explains a mistyped or illegal one and asks again.

use std::io::{BufRead, Write};

use crate::game::{Notation, Turn};

use super::player::{Player, PlayerError};

/// Reads one action per line from `input`, prompting on `output`.
/// The line `resign` resigns.
pub struct HumanPlayer<R, W> {
    name: String,
    input: R,
    output: W,
}

impl<R: BufRead, W: Write> HumanPlayer<R, W> {
    /// A human named `name` typing on `input`, prompted on `output`.
    pub fn new(name: &str, input: R, output: W) -> Self {
        Self {
            name: name.to_string(),
            input,
            output,
        }
    }
}

impl<G: Notation, R: BufRead + Send, W: Write + Send> Player<G> for HumanPlayer<R, W> {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, state: &G) -> Result<G::Action, PlayerError> {
        if !matches!(state.turn(), Turn::Player(_)) {
            return Err(PlayerError::NotAPlayersTurn);
        }
        loop {
            write!(self.output, "your move: ")?;
            self.output.flush()?;
            let mut line = String::new();
            if self.input.read_line(&mut line)? == 0 {
                return Err(PlayerError::InputClosed);
            }
            let text = line.trim();
            if text.is_empty() {
                continue;
            }
            if text == "resign" {
                return Err(PlayerError::Resigned);
            }
            match state.parse_action(text) {
                Ok(action) => return Ok(action),
                Err(error) => writeln!(self.output, "`{text}` is not a legal move here: {error}")?,
            }
        }
    }
}
