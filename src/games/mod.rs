//! The registry of games: their command-line names and dispatch from a name
//! to the concrete game type.

pub mod camelot;
pub mod cescacs;

use std::fmt;

/// A game tauler knows, by its command-line name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, clap::ValueEnum)]
pub enum GameId {
    /// C'escacs, hexagonal chess on 169 hexes.
    Cescacs,
    /// Camelot (World Camelot Federation rules).
    Camelot,
}

impl GameId {
    /// Every registered game, in bench order.
    pub const ALL: &'static [GameId] = &[GameId::Cescacs, GameId::Camelot];

    /// The command-line name.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            GameId::Cescacs => "cescacs",
            GameId::Camelot => "camelot",
        }
    }
}

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Runs `$body` with `$G` bound to the game type named by `$id`.
#[macro_export]
macro_rules! with_game {
    ($id:expr, $G:ident => $body:expr) => {
        match $id {
            $crate::games::GameId::Cescacs => {
                type $G = $crate::games::cescacs::Cescacs;
                $body
            }
            $crate::games::GameId::Camelot => {
                type $G = $crate::games::camelot::Camelot;
                $body
            }
        }
    };
}
