//! The generic conformance suite: every game registers a module here that runs
//! the same checks of the game contract on its own start positions.

mod suite;

mod camelot;
mod cardchess;
mod cescacs;
mod muzicando;
