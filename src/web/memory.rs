//! The server's memory budget (`serve --memory-mb`): what the engines may
//! hold at once, counted in MiB.
//!
//! The large allocations of a server are the alpha-beta engines'
//! transposition tables. Together they may hold three quarters of the
//! budget (the rest is for the sessions, the searches' other memory and
//! the program). Each is sized to fit (its profile's `hash_mb` or
//! expectimax `table_bits`, at most a sixty-fourth of the tables' share, so
//! that 64 engines may think at once), taken when a search first
//! needs it, and counted here from then on: a session's engine holds its
//! [`Reservation`] until the session goes quiet, an analysis or a hint for
//! as long as it runs. When the budget is full, the tables of the sessions
//! unused longest are given back first; when nothing can be given back the
//! request is answered 503. Sessions themselves cost little and are
//! capped by the budget too ([`MemoryBudget::session_cap`]).

use std::sync::{Arc, Mutex};

use crate::engine::{EngineProfile, SearcherKind};

use super::store::lock;

/// The budget unless `--memory-mb` says otherwise (a laptop's share).
pub const DEFAULT_MEMORY_MB: usize = 1024;

/// The largest share of the tables' budget one table may take.
const TABLE_SHARE: usize = 64;

/// What an expectimax table slot takes, about (a key, a depth, a bound, a
/// value and an action; 40 bytes for card chess), for sizing its table.
const EXPECTIMAX_SLOT_BYTES: usize = 48;

/// What a session costs without its table (its game, its engine's move
/// ordering statistics; about 60 KiB measured for C'escacs by the test
/// `web_memory`), with room to spare, for the session cap.
const SESSION_KB: usize = 128;

/// The memory the engines may hold.
#[derive(Debug)]
pub struct MemoryBudget {
    limit_mb: usize,
    held_mb: Mutex<usize>,
}

/// MiB counted against the budget until dropped.
#[derive(Debug)]
pub struct Reservation {
    budget: Arc<MemoryBudget>,
    mb: usize,
}

impl Drop for Reservation {
    fn drop(&mut self) {
        *lock(&self.budget.held_mb) -= self.mb;
    }
}

impl MemoryBudget {
    /// A budget of `budget_mb` MiB, three quarters of it for tables.
    #[must_use]
    pub fn new(budget_mb: usize) -> Arc<Self> {
        Arc::new(Self {
            limit_mb: budget_mb * 3 / 4,
            held_mb: Mutex::new(0),
        })
    }

    /// `mb` MiB if the budget has them.
    pub fn reserve(self: &Arc<Self>, mb: usize) -> Option<Reservation> {
        let mut held = lock(&self.held_mb);
        (*held + mb <= self.limit_mb).then(|| {
            *held += mb;
            Reservation {
                budget: Arc::clone(self),
                mb,
            }
        })
    }

    /// The MiB the tables may hold.
    #[must_use]
    pub fn limit_mb(&self) -> usize {
        self.limit_mb
    }

    /// The MiB held now.
    #[must_use]
    pub fn held_mb(&self) -> usize {
        *lock(&self.held_mb)
    }

    /// The most sessions kept at once: the quarter of the budget left
    /// beside the tables over what a session costs without its table.
    #[must_use]
    pub fn session_cap(&self) -> usize {
        (self.limit_mb / 3 * 1024 / SESSION_KB).max(1)
    }

    /// Sizes `profile`'s table to fit the budget (an alpha-beta
    /// `hash_mb`, an expectimax `table_bits`); the MiB it will hold once it
    /// searches (0: the profile keeps no table).
    pub fn fit(&self, profile: &mut EngineProfile) -> usize {
        let most_mb = (self.limit_mb / TABLE_SHARE).max(1);
        let (key, value, mb) = match profile.searcher {
            SearcherKind::AlphaBeta => {
                let asked = profile.search_config().map_or(1, |config| config.hash_mb);
                let mb = asked.clamp(1, most_mb);
                ("hash_mb", mb as i64, mb)
            }
            SearcherKind::Expectimax => {
                let mut bits = profile
                    .chance_params()
                    .map_or(1, |params| params.table_bits);
                while bits > 1 && EXPECTIMAX_SLOT_BYTES << bits > most_mb << 20 {
                    bits -= 1;
                }
                let mb = ((EXPECTIMAX_SLOT_BYTES << bits) >> 20).max(1);
                ("table_bits", i64::from(bits), mb)
            }
            _ => return 0,
        };
        profile
            .parameters
            .insert(key.into(), toml::Value::Integer(value));
        mb
    }
}

/// Makes the allocator give a freed table back to the system at once:
/// glibc otherwise raises its mmap threshold after the first large free
/// and keeps later tables in heaps it seldom trims, so a released table
/// would stay resident. Blocks of 1 MiB and more are mapped on their own.
pub fn return_freed_tables() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only sets a parameter of the allocator; called once
    // before the server's threads allocate.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, 1 << 20);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Catalogue;

    #[test]
    fn reservations_are_counted_until_dropped() {
        let budget = MemoryBudget::new(400);
        assert_eq!(
            budget.limit_mb(),
            300,
            "a quarter is left beside the tables"
        );
        let first = budget.reserve(200).expect("room");
        assert!(budget.reserve(200).is_none(), "over the budget");
        let second = budget.reserve(100).expect("the rest");
        assert_eq!(budget.held_mb(), 300);
        drop(first);
        drop(second);
        assert_eq!(budget.held_mb(), 0);
    }

    #[test]
    fn tables_are_sized_to_the_budget() {
        let mut profile = Catalogue::built_in().get("cescacs-fast").expect("shipped");
        let asked = profile.search_config().expect("alpha-beta").hash_mb;
        // 1024 MiB: 768 for tables, 12 a table at most.
        assert_eq!(MemoryBudget::new(1024).fit(&mut profile), 12.min(asked));
        assert_eq!(
            profile.search_config().expect("still valid").hash_mb,
            12.min(asked)
        );
        let mut expectimax = Catalogue::built_in()
            .get("cardchess-expectimax")
            .expect("shipped");
        let mb = MemoryBudget::new(1024).fit(&mut expectimax);
        let bits = expectimax.chance_params().expect("still valid").table_bits;
        assert_eq!((bits, mb), (18, 12), "2^18 slots of 48 bytes: 12 MiB");
        let mut mcts = Catalogue::built_in()
            .get("cardchess-mcts")
            .expect("shipped");
        assert_eq!(MemoryBudget::new(64).fit(&mut mcts), 0);
    }
}
