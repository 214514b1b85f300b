//! Players and the match loop.
//!
//! Every player (the alpha-beta, expectimax, MCTS, PIMC and ISMCTS engines,
//! the greedy, rule-based and random movers, the measurement-only cheating
//! player) implements one contract, [`Player`], which hands it its seat's
//! observation and legal actions. Engines are named by profiles
//! (`engines/*.toml`) and built by [`build_player`] for any game. The match
//! loop ([`match_loop`]) is the only code that plays a game; tournaments and
//! sessions drive it.

pub mod alphabeta_player;
pub mod build;
pub mod chance_players;
pub mod cheating;
pub mod ismcts_player;
pub mod match_loop;
pub mod most_visited;
pub mod pimc_player;
pub mod playable;
pub mod player;
pub mod profile;
pub mod random;
pub mod session;
pub mod simulation_bidder;

pub use alphabeta_player::AlphaBetaPlayer;
pub use build::{build_player, evaluated_player, hidden_player, Playable, RuleBasedGame};
pub use chance_players::{ExpectimaxPlayer, GreedyPlayer, MctsPlayer};
pub use cheating::CheatingMcts;
pub use ismcts_player::IsmctsPlayer;
pub use match_loop::{
    play_out, ChanceSource, EndReason, Ending, Event, Fault, FixedLimits, Match, MatchHooks,
    Occupant, Progress, RefusedAction, SeededChance,
};
pub use pimc_player::PimcPlayer;
pub use player::{ask, Decision, InfoSink, NoInfo, Player, PlayerError, Stats, Stop, View};
pub use profile::{
    Bidding, ChanceParams, EngineProfile, LimitSpec, ProfileError, SamplingParams, SearcherKind,
};
pub use random::RandomPlayer;
pub use session::{AnySession, Happening, SeatSpec, Session, SessionError};
pub use simulation_bidder::SimulationBidder;
