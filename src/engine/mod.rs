//! Players: anything that chooses an action for its seat. Humans at the
//! terminal, the alpha-beta, expectimax and MCTS engines, a greedy and a
//! random mover share one trait, and engines are named by profiles in
//! `engines/*.toml`. Hidden-information games use the observing contract in
//! [`observer`] instead, which hands an engine only its seat's observation.

pub mod alphabeta_player;
pub mod build;
pub mod catalogue;
pub mod chance_players;
pub mod cheating;
pub mod human;
pub mod ismcts_player;
pub mod most_visited;
pub mod observer;
pub mod pimc_player;
pub mod player;
pub mod policy_player;
pub mod profile;
pub mod random;
pub mod random_observer;
pub mod simulation_bidder;

pub use alphabeta_player::AlphaBetaPlayer;
pub use build::{build_player, build_standard_player, build_table_seat};
pub use catalogue::{Catalogue, Origin};
pub use chance_players::{ExpectimaxPlayer, GreedyPlayer, MctsPlayer};
pub use cheating::CheatingMcts;
pub use human::HumanPlayer;
pub use ismcts_player::IsmctsPlayer;
pub use observer::{play_hidden, play_hidden_to_end, ObservingPlayer, RefereeError, TableSeat};
pub use pimc_player::PimcPlayer;
pub use player::{Player, PlayerError};
pub use policy_player::PolicyPlayer;
pub use profile::{
    Bidding, ChanceParams, EngineProfile, LimitSpec, ProfileError, SamplingParams, SearcherKind,
};
pub use random::RandomPlayer;
pub use random_observer::RandomObserver;
pub use simulation_bidder::SimulationBidder;
