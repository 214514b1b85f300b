//! The line protocols engines speak: UCI for chess, UGI for every game.
//!
//! This layer holds the wire format once, for both ends of a pipe: the
//! messages a referee or graphical interface sends ([`command`]), the
//! engine's replies ([`reply`]), and how actions and positions travel as
//! text ([`wire`]; a hidden-hand seat's view: [`seat_view`]). The engine side (`tauler uci`, `tauler ugi GAME`, in
//! `src/cli`) and the referee side (external engines as players, in
//! `src/engine`) both read and write through it. It names the game
//! contract, the games (for their notation) and the search layer's limits
//! and scores, never a player, the referee or a front end. The messages and
//! this program's extensions to UGI are described in `docs/protocol.md`.

pub mod command;
pub mod reply;
pub mod seat_view;
pub mod wire;

pub use command::{Command, CommandError, Dialect, Go, Query, Start};
pub use reply::{Info, OptionKind, OptionSpec, Reply};
pub use wire::{Wire, WireError, WireView};
