//! The players: every engine and mover behind the one contract
//! ([`crate::engine::player`]) — alpha-beta, expectimax and MCTS (with the
//! greedy mover), PIMC and ISMCTS (and their decision rule), the
//! simulation bidder, the rule-based and random movers, another program
//! over UCI/UGI, and the two measuring tools (the cheating player, the
//! partner-sight wrapper). Each module has one public path, directly under
//! `engine` (`crate::engine::external`).

pub mod alphabeta_player;
pub mod chance_players;
pub mod cheating;
pub mod external;
pub mod most_visited;
pub mod partner_sight;
pub mod policy_player;
pub mod random;
pub mod sampling_player;
pub mod simulation_bidder;
