//! What every handler shares: the session store and the engine profiles.

use std::sync::Arc;

use rand::RngCore;

use crate::engine::{Catalogue, EngineProfile, SearcherKind};

use super::error::ApiError;
use super::hosts::HostPolicy;
use super::store::{Entry, Store};

/// The server's shared state.
pub struct App {
    /// The sessions being played.
    pub store: Store,
    /// The engine profiles a session may name.
    pub catalogue: Catalogue,
    /// The host names and origins answered.
    pub hosts: HostPolicy,
}

/// The shared state as handlers receive it.
pub type Shared = Arc<App>;

impl App {
    /// The profile `name` for `game`, as a client may name it: a profile
    /// of the catalogue (a name, never a path) that runs inside the server.
    /// An external engine is refused: a client never starts a process.
    pub fn profile(&self, name: &str, game: &str) -> Result<EngineProfile, ApiError> {
        let profile = self.catalogue.get(name)?;
        profile.expect_game(game)?;
        if !served(&profile) {
            return Err(ApiError::bad_request(format!(
                "the profile `{name}` runs an external program, which the server does not start"
            )));
        }
        Ok(profile)
    }

    /// The session `id`, or a 404 naming it.
    pub fn entry(&self, id: &str) -> Result<Arc<Entry>, ApiError> {
        self.store
            .get(id)
            .ok_or_else(|| ApiError::not_found(format!("no session `{id}` (it may have expired)")))
    }
}

/// Whether the server plays `profile` (every profile but an external
/// program's).
#[must_use]
pub fn served(profile: &EngineProfile) -> bool {
    profile.searcher != SearcherKind::External
}

/// A seed drawn from the operating system's generator: every game and
/// table deals from one unless the person asks for a given seed.
#[must_use]
pub fn fresh_seed() -> u64 {
    rand::rngs::OsRng.next_u64()
}
