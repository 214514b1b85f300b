//! The alpha-beta family: iterative deepening over a principal-variation
//! negamax ([`negamax`], one thread), its switches ([`config`]), move
//! ordering ([`ordering`]), the shared transposition table ([`tt`]), the
//! searcher front ([`searcher`]) and the two ways threads share a search:
//! splitting the tree ([`split`]) and Lazy SMP ([`smp`]).

pub mod config;
mod negamax;
pub mod ordering;
pub mod searcher;
pub mod smp;
pub mod split;
pub mod tt;
