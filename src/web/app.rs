//! What every handler shares: the session store and the engine profiles.

use std::sync::Arc;
use std::time::{Duration, Instant};

use rand::RngCore;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use crate::engine::{Catalogue, EngineProfile, SearcherKind};

use super::error::ApiError;
use super::hosts::HostPolicy;
use super::memory::{MemoryBudget, Reservation};
use super::store::lock;
use super::store::{Entry, Store};
use super::table_api::TableEntry;
use super::tournament_api::Tournaments;

/// How long a request waits for memory that engines are thinking with.
const MEMORY_WAIT: Duration = Duration::from_secs(3);

/// How often it looks again meanwhile.
const MEMORY_POLL: Duration = Duration::from_millis(20);

/// The server's shared state.
pub struct App {
    /// The sessions being played.
    pub store: Store,
    /// The card tables being played.
    pub tables: Store<TableEntry>,
    /// The engine profiles a session may name.
    pub catalogue: Catalogue,
    /// The tournaments followed by the live tournament page.
    pub tournaments: Tournaments,
    /// The host names and origins answered.
    pub hosts: HostPolicy,
    /// What the engines may hold.
    pub memory: Arc<MemoryBudget>,
    /// Places for a game's engine to think (a move, a hint, a table's
    /// engines), one a core: searches queue rather than crowd out the
    /// requests that answer at once.
    pub thinking: Arc<Semaphore>,
    /// Places for analyses and reviews, one a core, apart from the games'.
    pub analysing: Arc<Semaphore>,
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

    /// `mb` MiB of the memory budget (`None` for 0), giving back the
    /// tables of the sessions unused longest if need be, and waiting a
    /// moment for thinking engines to finish; a 503 when nothing can be
    /// given back in that time.
    pub async fn reserve(&self, mb: usize) -> Result<Option<Reservation>, ApiError> {
        if mb == 0 {
            return Ok(None);
        }
        let started = Instant::now();
        loop {
            if let Some(reservation) = self.memory.reserve(mb) {
                return Ok(Some(reservation));
            }
            if self.store.release_oldest_memory() {
                continue;
            }
            if started.elapsed() >= MEMORY_WAIT {
                tracing::warn!(
                    asked_mb = mb,
                    held_mb = self.memory.held_mb(),
                    "memory budget full: request refused"
                );
                return Err(ApiError::unavailable(
                    "the server's memory is taken by the engines of other games; try again soon",
                ));
            }
            tokio::time::sleep(MEMORY_POLL).await;
        }
    }

    /// Makes sure the engine of `entry` may hold its table (it is about
    /// to search); a 503 when the budget cannot make room.
    pub async fn hold_memory(&self, entry: &Entry) -> Result<(), ApiError> {
        if entry.table_mb == 0 || lock(&entry.memory).is_some() {
            return Ok(());
        }
        let reservation = self.reserve(entry.table_mb).await?;
        *lock(&entry.memory) = reservation;
        Ok(())
    }

    /// Waits for a place to think in `places`; the place is free again when
    /// the permit is dropped.
    pub async fn place(places: &Arc<Semaphore>) -> Result<OwnedSemaphorePermit, ApiError> {
        Arc::clone(places)
            .acquire_owned()
            .await
            .map_err(|_| ApiError::unavailable("the server is stopping"))
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

/// As many places to think as the machine has cores.
#[must_use]
pub fn places() -> Arc<Semaphore> {
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get);
    Arc::new(Semaphore::new(cores))
}

/// A seed drawn from the operating system's generator: every game and
/// table deals from one unless the person asks for a given seed.
#[must_use]
pub fn fresh_seed() -> u64 {
    rand::rngs::OsRng.next_u64()
}
