//! The transposition table shared by all search threads: lock-free, keyed by
//! [`Game::hash`](crate::game::Game::hash).
//!
//! Each entry is two atomic words, `key ^ data` and `data`; a reader accepts
//! an entry only if the two xor back to its key, so a torn write (two threads
//! storing at once) reads as a miss, never as a wrong position. Entries are
//! grouped four to a 64-byte bucket. The best action is stored as its index
//! in the position's `legal_actions` order, which keeps the table independent
//! of the game's action type.

use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};

/// What a stored score says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The value is at most the score (every action failed low).
    Upper,
    /// The value is at least the score (an action failed high).
    Lower,
    /// The score is the value.
    Exact,
}

/// A table hit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Index of the best action in `legal_actions` order, if one was found.
    pub action: Option<u16>,
    /// The score, relative to the stored node (see `score::to_table`).
    pub score: i32,
    /// Remaining depth the score was searched to.
    pub depth: u8,
    /// How the score bounds the value.
    pub bound: Bound,
}

const NO_ACTION: u64 = 0xFFFF;
const BUCKET_ENTRIES: usize = 4;

#[derive(Default)]
#[repr(align(64))]
struct Bucket {
    words: [[AtomicU64; 2]; BUCKET_ENTRIES],
}

/// A fixed-size, lock-free hash table of search results. Its memory is
/// taken when a search first needs it ([`TranspositionTable::allocate`])
/// and can be given back between searches ([`TranspositionTable::release`]):
/// an engine that waits for a person holds none.
pub struct TranspositionTable {
    buckets: Vec<Bucket>,
    /// The buckets the table has once allocated.
    count: usize,
    generation: AtomicU8,
}

impl std::fmt::Debug for TranspositionTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TranspositionTable")
            .field("buckets", &self.buckets.len())
            .finish()
    }
}

fn pack(entry: Entry, generation: u8) -> u64 {
    let action = entry.action.map_or(NO_ACTION, u64::from);
    let score = u64::from(entry.score.clamp(i16::MIN.into(), i16::MAX.into()) as i16 as u16);
    let bound = match entry.bound {
        Bound::Upper => 1u64,
        Bound::Lower => 2,
        Bound::Exact => 3,
    };
    action | score << 16 | u64::from(entry.depth) << 32 | bound << 40 | u64::from(generation) << 48
}

fn unpack(data: u64) -> Option<(Entry, u8)> {
    let bound = match (data >> 40) & 3 {
        1 => Bound::Upper,
        2 => Bound::Lower,
        3 => Bound::Exact,
        _ => return None,
    };
    let action = data & 0xFFFF;
    let entry = Entry {
        action: (action != NO_ACTION).then_some(action as u16),
        score: i32::from((data >> 16) as u16 as i16),
        depth: (data >> 32) as u8,
        bound,
    };
    Some((entry, (data >> 48) as u8))
}

/// The machine cannot hold a table of the size asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("cannot allocate a {megabytes} MiB transposition table")]
pub struct TableAllocError {
    /// The size asked for.
    pub megabytes: usize,
}

impl TranspositionTable {
    /// A table of about `megabytes` MiB (at least one bucket), allocated
    /// now.
    ///
    /// # Panics
    /// If the memory cannot be allocated; see [`TranspositionTable::try_new`].
    #[must_use]
    pub fn new(megabytes: usize) -> Self {
        let mut table = Self::try_new(megabytes).unwrap_or_else(|error| panic!("{error}"));
        table.allocate().unwrap_or_else(|error| panic!("{error}"));
        table
    }

    /// A table of about `megabytes` MiB (at least one bucket), not yet
    /// allocated; an error when the size overflows or the machine could
    /// not give that much (the address space is asked for and given back
    /// at once, so no page is touched).
    pub fn try_new(megabytes: usize) -> Result<Self, TableAllocError> {
        let error = TableAllocError { megabytes };
        let bytes = megabytes.checked_mul(1024 * 1024).ok_or(error)?;
        let count = (bytes / std::mem::size_of::<Bucket>()).max(1);
        Vec::<Bucket>::new()
            .try_reserve_exact(count)
            .map_err(|_| error)?;
        Ok(Self {
            buckets: Vec::new(),
            count,
            generation: AtomicU8::new(0),
        })
    }

    /// Takes the table's memory if it does not hold it (empty entries), or
    /// an error when the machine cannot give it.
    pub fn allocate(&mut self) -> Result<(), TableAllocError> {
        if self.buckets.is_empty() {
            let megabytes = (self.count * std::mem::size_of::<Bucket>()) >> 20;
            self.buckets
                .try_reserve_exact(self.count)
                .map_err(|_| TableAllocError { megabytes })?;
            self.buckets.resize_with(self.count, Bucket::default);
        }
        Ok(())
    }

    /// Gives the table's memory back (every entry forgotten); the next
    /// search allocates it again.
    pub fn release(&mut self) {
        self.buckets = Vec::new();
    }

    /// Whether the table holds its memory now.
    #[must_use]
    pub fn is_allocated(&self) -> bool {
        !self.buckets.is_empty()
    }

    /// Forgets every entry.
    pub fn clear(&self) {
        for bucket in &self.buckets {
            for word in bucket.words.iter().flatten() {
                word.store(0, Ordering::Relaxed);
            }
        }
    }

    /// Marks the start of a new search, so older entries are replaced first.
    pub fn new_search(&self) {
        self.generation.fetch_add(1, Ordering::Relaxed);
    }

    fn bucket(&self, hash: u64) -> &Bucket {
        let index = ((u128::from(hash) * self.buckets.len() as u128) >> 64) as usize;
        &self.buckets[index]
    }

    /// The entry stored for `hash`, if any.
    #[must_use]
    pub fn probe(&self, hash: u64) -> Option<Entry> {
        self.bucket(hash).words.iter().find_map(|[key, data]| {
            let data = data.load(Ordering::Relaxed);
            let key = key.load(Ordering::Relaxed);
            (key ^ data == hash)
                .then(|| unpack(data))
                .flatten()
                .map(|(entry, _)| entry)
        })
    }

    /// Stores a result for `hash`, replacing the same position's entry unless
    /// that one is both deeper and exact, or else the bucket's least valuable
    /// entry (shallow, or left over from an older search).
    pub fn store(&self, hash: u64, entry: Entry) {
        let generation = self.generation.load(Ordering::Relaxed);
        let bucket = self.bucket(hash);
        let mut victim = 0;
        let mut victim_worth = i32::MAX;
        for (index, [key, data]) in bucket.words.iter().enumerate() {
            let old_data = data.load(Ordering::Relaxed);
            let old_key = key.load(Ordering::Relaxed);
            let Some((old, old_generation)) = unpack(old_data) else {
                if victim_worth != i32::MIN {
                    victim = index;
                    victim_worth = i32::MIN;
                }
                continue;
            };
            if old_key ^ old_data == hash {
                let keep_old = old.bound == Bound::Exact
                    && entry.bound != Bound::Exact
                    && old.depth > entry.depth
                    && old_generation == generation;
                if keep_old {
                    return;
                }
                let mut entry = entry;
                if entry.action.is_none() {
                    entry.action = old.action;
                }
                Self::write(key, data, hash, pack(entry, generation));
                return;
            }
            let age = i32::from(generation.wrapping_sub(old_generation));
            let worth = i32::from(old.depth) - 8 * age;
            if worth < victim_worth {
                victim = index;
                victim_worth = worth;
            }
        }
        let [key, data] = &bucket.words[victim];
        Self::write(key, data, hash, pack(entry, generation));
    }

    fn write(key: &AtomicU64, data: &AtomicU64, hash: u64, packed: u64) {
        key.store(hash ^ packed, Ordering::Relaxed);
        data.store(packed, Ordering::Relaxed);
    }

    /// Permille of sampled entries written in the current search.
    #[must_use]
    pub fn hashfull(&self) -> usize {
        let generation = self.generation.load(Ordering::Relaxed);
        let sample = self.buckets.len().min(250);
        if sample == 0 {
            return 0;
        }
        let used = self.buckets[..sample]
            .iter()
            .flat_map(|bucket| bucket.words.iter())
            .filter(|[_, data]| {
                unpack(data.load(Ordering::Relaxed)).is_some_and(|(_, g)| g == generation)
            })
            .count();
        used * 1000 / (sample * BUCKET_ENTRIES)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn memory_is_taken_by_the_first_search_and_given_back() {
        let mut table = TranspositionTable::try_new(64).expect("a size");
        assert!(!table.is_allocated(), "nothing allocated before a search");
        assert_eq!(table.hashfull(), 0);
        table.allocate().expect("64 MiB");
        assert!(table.is_allocated());
        table.store(7, entry(5, 3, Bound::Exact, Some(1)));
        assert!(table.probe(7).is_some());
        table.release();
        assert!(!table.is_allocated());
        table.allocate().expect("again");
        assert_eq!(table.probe(7), None, "released entries are forgotten");
    }

    fn entry(score: i32, depth: u8, bound: Bound, action: Option<u16>) -> Entry {
        Entry {
            action,
            score,
            depth,
            bound,
        }
    }

    #[test]
    fn stored_entries_read_back() {
        let table = TranspositionTable::new(1);
        for (hash, score) in [
            (0u64, 0),
            (1, -31_990),
            (u64::MAX, 31_990),
            (0xDEAD_BEEF, -7),
        ] {
            let stored = entry(score, 9, Bound::Lower, Some(17));
            table.store(hash, stored);
            assert_eq!(table.probe(hash), Some(stored));
        }
    }

    #[test]
    fn empty_table_misses_even_hash_zero() {
        let table = TranspositionTable::new(1);
        assert_eq!(table.probe(0), None);
        assert_eq!(table.probe(12345), None);
    }

    #[test]
    fn a_different_key_in_the_same_bucket_misses() {
        let table = TranspositionTable::new(0);
        table.store(1, entry(5, 3, Bound::Exact, None));
        assert_eq!(table.probe(2), None);
        assert_eq!(table.probe(1).map(|e| e.score), Some(5));
    }

    #[test]
    fn a_torn_entry_reads_as_a_miss() {
        let table = TranspositionTable::new(0);
        table.store(42, entry(5, 3, Bound::Exact, Some(1)));
        table.buckets[0].words[0][1].fetch_xor(1 << 20, Ordering::Relaxed);
        assert_eq!(table.probe(42), None);
    }

    #[test]
    fn a_table_too_large_for_the_machine_is_an_error_not_an_abort() {
        for megabytes in [usize::MAX, 1 << 40] {
            assert_eq!(
                TranspositionTable::try_new(megabytes).unwrap_err(),
                TableAllocError { megabytes }
            );
        }
        assert!(TranspositionTable::try_new(1).is_ok());
    }

    #[test]
    fn a_full_bucket_evicts_the_shallowest() {
        let table = TranspositionTable::new(0);
        for (hash, depth) in [(1u64, 5u8), (2, 1), (3, 7), (4, 6)] {
            table.store(hash, entry(0, depth, Bound::Exact, None));
        }
        table.store(5, entry(0, 2, Bound::Exact, None));
        assert_eq!(table.probe(2), None);
        for hash in [1, 3, 4, 5] {
            assert!(table.probe(hash).is_some(), "{hash} evicted");
        }
    }

    #[test]
    fn a_deeper_exact_entry_survives_a_shallow_bound() {
        let table = TranspositionTable::new(0);
        table.store(9, entry(10, 8, Bound::Exact, Some(3)));
        table.store(9, entry(20, 2, Bound::Lower, None));
        assert_eq!(table.probe(9).map(|e| e.score), Some(10));
        table.new_search();
        table.store(9, entry(20, 2, Bound::Lower, None));
        assert_eq!(table.probe(9), Some(entry(20, 2, Bound::Lower, Some(3))));
    }
}
