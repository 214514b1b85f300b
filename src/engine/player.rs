//! The trait every player implements, whoever or whatever decides.

use thiserror::Error;

use crate::game::Game;
use crate::search::SearchError;

/// Why a player gave no action.
#[derive(Debug, Error)]
pub enum PlayerError {
    /// The state is not a player's turn (chance or game over).
    #[error("it is no player's turn")]
    NotAPlayersTurn,
    /// The player gives up.
    #[error("the player resigned")]
    Resigned,
    /// A human's input ended.
    #[error("the input ended")]
    InputClosed,
    /// Reading or writing the terminal failed.
    #[error("terminal input/output failed: {0}")]
    Io(#[from] std::io::Error),
    /// The engine's search refused the state.
    #[error(transparent)]
    Search(#[from] SearchError),
}

/// Something that chooses actions in a perfect-information game.
pub trait Player<G: Game>: Send {
    /// A short name for records and tables.
    fn name(&self) -> &str;

    /// The action to play in `state`, where this player's seat is to move.
    fn choose(&mut self, state: &G) -> Result<G::Action, PlayerError>;

    /// Forgets anything carried over from an earlier game.
    fn new_game(&mut self) {}
}
