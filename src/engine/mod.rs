//! Players and the match loop.
//!
//! Every player (the alpha-beta, expectimax, MCTS, PIMC and ISMCTS engines,
//! the greedy, rule-based and random movers, the measurement-only cheating
//! player) implements one contract, [`Player`], which hands it its seat's
//! observation and legal actions. Engines are named by profiles
//! (`engines/*.toml`) and built by [`build_player`] for any game. The match
//! loop ([`match_loop`]) is the only code that plays a game; tournaments and
//! sessions drive it.
//!
//! # Determinism
//!
//! A game is a function of its seeds and the engines' limits, whatever the
//! process or the number of games played at once:
//! - chance event k of a game comes from `(chance seed, k)`
//!   ([`SeededChance`]; Muzicando tournaments draw the stock in one shuffled
//!   order per deal), never from a shared generator;
//! - each engine owns its generator, seeded from the game's seed and its
//!   seat (tournaments: `seeds::engine_seed`; sessions: `seed × 31 + seat`),
//!   and is built afresh for every game;
//! - with a node, depth or playout limit (no time limit) an engine's answer
//!   depends only on the position it is shown and its own history in the
//!   game. Ties are broken by a fixed rule: alpha-beta and expectimax keep
//!   the first best action in move-ordering order (a later action must be
//!   strictly better); the visit-counting players (PIMC, ISMCTS, cheating)
//!   take the most visited action, then the better mean, then the last in
//!   the order the worlds were merged (world 0 first); the greedy and random
//!   movers choose uniformly among equals with their seeded generator.
//!
//! Limits in time (move time, clocks) make answers depend on the machine's
//! speed; so does card chess MCTS with more than one thread until its root
//! statistics are merged in a fixed order.

pub mod analysis;
pub mod bench;
pub mod build;
pub mod catalogue;
pub mod game_clock;
pub mod hand_table;
pub mod level;
pub mod level_table;
pub mod limit_request;
pub mod match_loop;
pub mod playable;
pub mod player;
mod players;
pub mod profile;
pub mod session;
pub mod table;
pub mod tunable;

pub use alphabeta_player::AlphaBetaPlayer;
pub use build::{build_player, evaluated_player, hidden_player};
pub use catalogue::{Catalogue, Origin};
pub use chance_players::{ExpectimaxPlayer, GreedyPlayer, MctsPlayer};
pub use cheating::CheatingMcts;
pub use external::ExternalPlayer;
pub use game_clock::{ClockView, GameClock, TimeControl};
pub use hand_table::{HandStep, HandTable, TableSetup, TableTurn};
pub use limit_request::{LimitKeys, LimitRequest};
pub use match_loop::{
    play_out, ChanceSource, EndReason, Ending, Event, Fault, FixedLimits, Match, MatchHooks,
    Occupant, Progress, Question, RefusedAction, SeededChance,
};
pub use partner_sight::PartnerSight;
pub use playable::Playable;
pub use player::{
    ask, Decision, GameSoFar, InfoSink, NoInfo, Player, PlayerError, Stats, Stop, View,
};
pub use players::{
    alphabeta_player, chance_players, cheating, external, most_visited, partner_sight,
    policy_player, random, sampling_player, simulation_bidder,
};
pub use policy_player::PolicyPlayer;
pub use profile::{
    Bidding, ChanceParams, EngineProfile, ExternalSpec, LimitSpec, ProfileError, SamplingParams,
    SearcherKind, EVAL_KEY,
};
pub use random::RandomPlayer;
pub use sampling_player::{Sampling, SamplingPlayer};
pub use session::{
    AnySession, EngineTurn, Happening, SeatSpec, Session, SessionError, SessionEvent,
};
pub use simulation_bidder::SimulationBidder;
pub use table::{AnyTable, AnyTurn, HintLine, SeatedTable, TableError, TableEvent};
pub use tunable::{Tunable, TunableError, TuneRange};
