//! Card chess: chess with EDAMI's luck cards ("Cartes de la Sort"), rules in
//! `docs/rules/cardchess.md`.
//!
//! `chess/` is a plain chess core (bitboards, magic attacks, legal moves,
//! FEN/SAN/UCI, perft) whose move generator also takes the card effects;
//! the card layer on top is the deck (`deck`), the options (`options`), the
//! state (`state`), the turn machine (`turn`) and the text (`notation`);
//! `network` is plain chess's feature set for a learned evaluation.

pub mod action;
mod arbiter;
pub mod chess;
pub mod deck;
mod display;
pub mod eval;
pub mod network;
pub mod notation;
pub mod options;
pub mod state;
pub mod turn;
pub mod words;

pub use action::Action;
pub use deck::{Card, Deck, DeckError};
pub use eval::CardChessEval;
pub use notation::CardChessError;
pub use options::{BombRule, CardChessOptions};
pub use state::{CardChess, Outcome, Phase};
