//! `tauler serve`: the browser board. An HTTP server (axum on tokio) that
//! serves a page built into the program and a JSON API over engine
//! sessions: C'escacs, Camelot and card chess drawn from each game's own
//! geometry, played by clicks against an engine, analysed live over
//! server-sent events.
//!
//! A front end over [`crate::engine`]: each feature is a file with a
//! `routes` function returning its `Router`, merged in one place
//! ([`server::router`]).

pub mod analysis;
pub mod app;
pub mod assets;
pub mod board_session;
pub mod clock;
pub mod decision_timer;
pub mod editor_api;
pub mod error;
pub mod games_api;
pub mod hosts;
pub mod memory;
pub mod picture;
mod pictures;
pub mod play_api;
pub mod review;
pub mod server;
pub mod store;
pub mod table_api;
pub mod tournament_api;

pub use server::{router, ServeConfig, ServeError, Server};
