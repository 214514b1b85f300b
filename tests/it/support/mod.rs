//! What several test modules share: the one gate for real components
//! ([`components`]: skip loudly without CI, fail under `CI=true`), card
//! chess states, the tournament command line, and the browser server.

pub mod cardchess_states;
pub mod components;
pub mod tournament_cli;
pub mod web;
