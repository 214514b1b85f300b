//! The registry of games: their command-line names and dispatch from a name
//! to the concrete game type.

pub mod cardchess;

use std::fmt;

/// A game tauler knows, by its command-line name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, clap::ValueEnum)]
pub enum GameId {
    /// Chess with EDAMI's luck cards.
    Cardchess,
}

impl GameId {
    /// Every registered game, in bench order.
    pub const ALL: &'static [GameId] = &[GameId::Cardchess];

    /// The command-line name.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            GameId::Cardchess => "cardchess",
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
            $crate::games::GameId::Cardchess => {
                type $G = $crate::games::cardchess::CardChess;
                $body
            }
        }
    };
}
