//! The sessions being played and the card tables, by id, in one kind of
//! store ([`Store`]). One unused for the idle time expires: the server's
//! one sweep drops it (its engine told to stop), which frees its memory. Sooner, a session gone quiet gives its engine's table back to
//! the memory budget ([`super::memory`]).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use dashmap::DashMap;

use crate::engine::Stop;
use crate::game::Seat;

use super::board_session::BoardSession;
use super::memory::Reservation;

/// Locks `mutex`, carrying on after a panic elsewhere (the data a session
/// keeps stays consistent: a failed engine forfeits, it never half-applies).
pub fn lock<T: ?Sized>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The first characters of a session or table id: enough to follow one in
/// the log, too few to reach it.
#[must_use]
pub fn short(id: &str) -> &str {
    id.get(..4).unwrap_or(id)
}

/// One session being played.
pub struct Entry {
    /// The game (locked while an engine thinks).
    pub session: Mutex<Box<dyn BoardSession>>,
    /// Stops its engine from any thread, without the lock.
    pub stop: Stop,
    /// The seat the person plays.
    pub you: Seat,
    /// The engine profile's name.
    pub engine: String,
    /// The rules options it was started with.
    pub options: Vec<String>,
    /// The seed the person asked for, kept by a new game (`None`: each
    /// game draws a fresh one).
    pub seed_asked: Option<u64>,
    /// The MiB its engine's table takes once it searches (0: none).
    pub table_mb: usize,
    /// The budget its engine's table holds (`None`: it holds no table).
    pub memory: Mutex<Option<Reservation>>,
    last_used: Mutex<Instant>,
}

impl Entry {
    /// A session the person plays at seat `you` against `engine`, under
    /// the rules `options`, with the seed they asked for if any; its
    /// engine's table takes `table_mb` and holds `memory` now.
    #[must_use]
    pub fn new(
        session: Box<dyn BoardSession>,
        you: Seat,
        engine: String,
        options: Vec<String>,
        seed_asked: Option<u64>,
        table_mb: usize,
        memory: Option<Reservation>,
    ) -> Self {
        Self {
            stop: session.stop(),
            session: Mutex::new(session),
            you,
            engine,
            options,
            seed_asked,
            table_mb,
            memory: Mutex::new(memory),
            last_used: Mutex::new(Instant::now()),
        }
    }

    /// Gives the engine's table back to the budget unless the engine is
    /// busy; whether it held one and gave it back.
    pub fn release_memory(&self) -> bool {
        let mut session = match self.session.try_lock() {
            Ok(session) => session,
            Err(std::sync::TryLockError::Poisoned(poisoned)) => poisoned.into_inner(),
            Err(std::sync::TryLockError::WouldBlock) => return false,
        };
        session.release_memory();
        lock(&self.memory).take().is_some()
    }
}

/// What a store keeps: a board session or a card table, which knows when
/// it was last asked for and how to stop its engines when it expires.
pub trait Kept: Send + Sync {
    /// When it was last asked for.
    fn last_used(&self) -> Instant;
    /// Marks it asked for at `now`.
    fn touch(&self, now: Instant);
    /// Tells its engines to stop: it is dropped.
    fn expire(&self) {}
}

impl Kept for Entry {
    fn last_used(&self) -> Instant {
        *lock(&self.last_used)
    }

    fn touch(&self, now: Instant) {
        *lock(&self.last_used) = now;
    }

    fn expire(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// Why a session could not be stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Full;

/// The sessions (or tables) by random id, on a concurrent map: every
/// request reads it, and the server's one sweep drops what stayed unused
/// for the idle time.
pub struct Store<T = Entry> {
    entries: DashMap<String, Arc<T>>,
    /// How many are stored or being stored: the capacity is checked and
    /// taken in one step.
    count: AtomicUsize,
    idle: Duration,
    capacity: usize,
}

impl<T: Kept> Store<T> {
    /// An empty store whose entries expire after `idle` unused, holding at
    /// most `capacity` at once.
    #[must_use]
    pub fn new(idle: Duration, capacity: usize) -> Self {
        Self {
            entries: DashMap::new(),
            count: AtomicUsize::new(0),
            idle,
            capacity,
        }
    }

    /// Stores `entry` under a new random id.
    pub fn insert(&self, entry: T) -> Result<String, Full> {
        if self.count.fetch_add(1, Ordering::AcqRel) >= self.capacity {
            self.count.fetch_sub(1, Ordering::AcqRel);
            return Err(Full);
        }
        let entry = Arc::new(entry);
        loop {
            let id = format!("{:016x}", rand::random::<u64>());
            if let dashmap::Entry::Vacant(vacant) = self.entries.entry(id.clone()) {
                vacant.insert(entry);
                return Ok(id);
            }
        }
    }

    /// The entry `id`, marked used now.
    pub fn get(&self, id: &str) -> Option<Arc<T>> {
        let entry = self.entries.get(id).map(|found| Arc::clone(&found))?;
        entry.touch(Instant::now());
        Some(entry)
    }

    /// Removes the entry `id`, stopping its engines; whether it existed.
    pub fn remove(&self, id: &str) -> bool {
        let Some((_, entry)) = self.entries.remove(id) else {
            return false;
        };
        self.count.fetch_sub(1, Ordering::AcqRel);
        entry.expire();
        true
    }

    /// Drops every entry unused since before `now − idle`, stopping its
    /// engines; returns how many went.
    pub fn sweep(&self, now: Instant) -> usize {
        let mut expired = 0;
        self.entries.retain(|_, entry| {
            let fresh = now.saturating_duration_since(entry.last_used()) < self.idle;
            if !fresh {
                entry.expire();
                expired += 1;
            }
            fresh
        });
        self.count.fetch_sub(expired, Ordering::AcqRel);
        expired
    }

    /// The entries, in no order.
    fn all(&self) -> Vec<Arc<T>> {
        self.entries
            .iter()
            .map(|entry| Arc::clone(entry.value()))
            .collect()
    }

    /// How many entries are stored.
    #[must_use]
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether no entry is stored.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

impl Store<Entry> {
    /// Gives back the table of the session unused longest that holds one
    /// and is not busy; whether one was given back.
    pub fn release_oldest_memory(&self) -> bool {
        let mut holders: Vec<Arc<Entry>> = self
            .all()
            .into_iter()
            .filter(|entry| lock(&entry.memory).is_some())
            .collect();
        holders.sort_by_key(|entry| entry.last_used());
        holders.iter().any(|entry| entry.release_memory())
    }

    /// Gives back the tables of the sessions unused since before
    /// `now − quiet`; returns how many.
    pub fn release_quiet_memory(&self, now: Instant, quiet: Duration) -> usize {
        let quiet: Vec<Arc<Entry>> = self
            .all()
            .into_iter()
            .filter(|entry| now.saturating_duration_since(entry.last_used()) >= quiet)
            .collect();
        quiet.iter().filter(|entry| entry.release_memory()).count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{SeatSpec, Session};
    use crate::game::Game;
    use crate::games::camelot::Camelot;

    fn entry() -> Entry {
        let session = Session::new(
            Camelot::new(&Default::default()),
            vec![SeatSpec::Person, SeatSpec::Person],
            1,
        )
        .expect("a session of two people");
        Entry::new(
            Box::new(session),
            0,
            "nobody".into(),
            Vec::new(),
            None,
            0,
            None,
        )
    }

    #[test]
    fn idle_sessions_expire_and_their_engines_are_stopped() {
        let store = Store::new(Duration::from_secs(60), 2);
        let old = store.insert(entry()).expect("room");
        let stop = store.get(&old).expect("stored").stop.clone();
        let later = Instant::now() + Duration::from_secs(30);
        assert_eq!(store.sweep(later), 0, "not idle long enough");
        let fresh = store.insert(entry()).expect("room");
        assert_eq!(store.insert(entry()).err(), Some(Full), "at capacity");
        let much_later = Instant::now() + Duration::from_secs(120);
        assert_eq!(store.sweep(much_later), 2);
        assert!(store.is_empty());
        assert!(
            stop.load(Ordering::Relaxed),
            "the expired session's engine is told to stop"
        );
        assert!(store.get(&fresh).is_none());
    }
}
