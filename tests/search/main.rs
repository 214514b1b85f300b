//! The alpha-beta searcher on small games with exactly known values.

mod camelot;
mod cescacs;
mod ebf;
mod errors;
mod exact;
mod games;
mod limits;
mod players;
mod reference;
mod reporting;
mod results;
mod smp;
