//! Scenario tests of the C'escacs rules (`docs/rules/cescacs.md`): one test
//! per rule, each on a constructed position, asserting the exact legal moves,
//! their text, and the outcome.

mod support;

mod endings;
mod front_ends;
mod king;
mod notation;
mod pawns;
mod pieces;
mod promotion;
