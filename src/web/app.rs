//! What every handler shares: the session store and the engine profiles.

use std::sync::Arc;

use crate::engine::Catalogue;

use super::error::ApiError;
use super::store::{Entry, Store};
use super::tournament_api::Tournaments;

/// The server's shared state.
pub struct App {
    /// The sessions being played.
    pub store: Store,
    /// The engine profiles a session may name.
    pub catalogue: Catalogue,
    /// The tournaments followed by the live tournament page.
    pub tournaments: Tournaments,
}

/// The shared state as handlers receive it.
pub type Shared = Arc<App>;

impl App {
    /// The session `id`, or a 404 naming it.
    pub fn entry(&self, id: &str) -> Result<Arc<Entry>, ApiError> {
        self.store
            .get(id)
            .ok_or_else(|| ApiError::not_found(format!("no session `{id}` (it may have expired)")))
    }
}
