//! The Monte Carlo tree search family: the one UCT ([`uct`]), the sampling
//! searches over a seat's observation (PIMC and ISMCTS) with their
//! modelling of the other seats ([`modelling`]), and bidding by
//! simulation ([`bid_simulation`]).

pub mod bid_simulation;
pub mod modelling;
pub mod uct;
