//! The searchers on small games with exactly known values, and on the
//! real games where a property needs them.

mod bid_simulation;
mod camelot;
mod cescacs;
mod chess;
mod ebf;
mod errors;
mod exact;
mod games;
mod limits;
mod modelling;
mod players;
mod reference;
mod reporting;
mod results;
mod smp;
mod split;
mod stopping;
mod uct;
