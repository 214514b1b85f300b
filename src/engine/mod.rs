//! Players: anything that chooses an action for its seat. Humans at the
//! terminal, the alpha-beta, expectimax and MCTS engines, a greedy and a
//! random mover share one trait, and
//! engines are named by profiles in `engines/*.toml`.

pub mod alphabeta_player;
pub mod build;
pub mod chance_players;
pub mod human;
pub mod player;
pub mod profile;
pub mod random;

pub use alphabeta_player::AlphaBetaPlayer;
pub use build::{build_player, build_standard_player};
pub use chance_players::{ExpectimaxPlayer, GreedyPlayer, MctsPlayer};
pub use human::HumanPlayer;
pub use player::{Player, PlayerError};
pub use profile::{ChanceParams, EngineProfile, LimitSpec, ProfileError, SearcherKind};
pub use random::RandomPlayer;
