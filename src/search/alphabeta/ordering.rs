//! Move ordering: the hash action first, then noisy actions by value, then
//! the killers of this ply, then quiet actions by their history score, then
//! the noisy actions the evaluator expects to lose material.
//!
//! Actions are opaque to the searcher, so history is indexed by a hash of the
//! action (and the seat that plays it); collisions only blur the statistics.

use std::hash::{Hash, Hasher};
use std::sync::atomic::{AtomicI32, Ordering};
use std::sync::Arc;

use crate::game::Seat;

use crate::search::score::MAX_PLY;

/// Ordering key of the hash (transposition-table) action.
pub const HASH_ACTION: i32 = i32::MAX;
/// Noisy actions score this plus their evaluator value.
pub const NOISY_BASE: i32 = 1 << 28;
/// The first killer scores this, the second one less.
pub const KILLER: i32 = 1 << 27;
/// Noisy actions that lose material by the evaluator's exchange estimate
/// score this plus a scaled-down value: after every quiet action.
pub const LOSING_NOISY: i32 = -(1 << 26);
/// History scores stay within `±HISTORY_MAX`.
const HISTORY_MAX: i32 = 1 << 14;
/// A quiet action whose history is above this is reduced one ply less by
/// late-move reductions, one below its negation one ply more.
pub const HISTORY_GOOD: i32 = HISTORY_MAX / 4;
/// Slots per seat in the history table (a power of two).
const HISTORY_SLOTS: usize = 1 << 12;

/// A small multiplicative hasher (the FxHash step) for action keys.
#[derive(Default)]
struct ActionHasher(u64);

impl Hasher for ActionHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.write_u64(u64::from(byte));
        }
    }

    fn write_u64(&mut self, value: u64) {
        self.0 = (self.0.rotate_left(5) ^ value).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn write_u8(&mut self, value: u8) {
        self.write_u64(u64::from(value));
    }

    fn write_u16(&mut self, value: u16) {
        self.write_u64(u64::from(value));
    }

    fn write_u32(&mut self, value: u32) {
        self.write_u64(u64::from(value));
    }

    fn write_usize(&mut self, value: usize) {
        self.write_u64(value as u64);
    }
}

fn history_slot<A: Hash>(seat: Seat, action: &A) -> usize {
    let mut hasher = ActionHasher::default();
    action.hash(&mut hasher);
    let spread = hasher.finish().wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 52;
    (seat & 1) * HISTORY_SLOTS + spread as usize % HISTORY_SLOTS
}

/// Per-thread ordering statistics: killers per ply and history per action.
#[derive(Debug)]
pub struct MoveOrdering<A> {
    killers: Vec<[Option<A>; 2]>,
    /// Shared by the threads of one search (see [`MoveOrdering::sharing`]):
    /// a thread that takes over part of another's tree orders it with what
    /// the other has learnt. Read and written without locking: a lost
    /// update only blurs the statistics.
    history: Arc<[AtomicI32]>,
    /// Whether the history is another ordering's (which ages it).
    borrowed: bool,
}

impl<A: Copy + Eq + Hash> Default for MoveOrdering<A> {
    fn default() -> Self {
        Self {
            killers: vec![[None, None]; MAX_PLY + 1],
            history: (0..2 * HISTORY_SLOTS).map(|_| AtomicI32::new(0)).collect(),
            borrowed: false,
        }
    }
}

impl<A: Copy + Eq + Hash> MoveOrdering<A> {
    /// The ordering key of a quiet action: killer rank, else history.
    #[must_use]
    pub fn quiet_key(&self, seat: Seat, ply: usize, action: A) -> i32 {
        let killers = &self.killers[ply.min(MAX_PLY)];
        if killers[0] == Some(action) {
            KILLER
        } else if killers[1] == Some(action) {
            KILLER - 1
        } else {
            self.history[history_slot(seat, &action)].load(Ordering::Relaxed)
        }
    }

    /// Whether `action` is a killer at `ply`.
    #[must_use]
    pub fn is_killer(&self, ply: usize, action: A) -> bool {
        self.killers[ply.min(MAX_PLY)].contains(&Some(action))
    }

    /// Records that quiet `action` refuted the position at `ply`, after the
    /// quiet actions `tried` before it failed, at remaining `depth`.
    pub fn reward(&mut self, seat: Seat, ply: usize, depth: u32, action: A, tried: &[A]) {
        let killers = &mut self.killers[ply.min(MAX_PLY)];
        if killers[0] != Some(action) {
            killers[1] = killers[0];
            killers[0] = Some(action);
        }
        let bonus = (depth * depth).min(400) as i32;
        self.adjust(seat, &action, bonus);
        for failed in tried {
            self.adjust(seat, failed, -bonus);
        }
    }

    fn adjust(&mut self, seat: Seat, action: &A, bonus: i32) {
        let slot = &self.history[history_slot(seat, action)];
        let value = slot.load(Ordering::Relaxed);
        slot.store(
            value + bonus - value * bonus.abs() / HISTORY_MAX,
            Ordering::Relaxed,
        );
    }

    /// An ordering for another thread of the same search: killers of its
    /// own, this one's history.
    #[must_use]
    pub fn sharing(&self) -> Self {
        Self {
            killers: vec![[None, None]; MAX_PLY + 1],
            history: Arc::clone(&self.history),
            borrowed: true,
        }
    }

    /// Forgets the killers (between searches); history is kept, halved
    /// once by the ordering that owns it.
    pub fn age(&mut self) {
        self.killers.fill([None, None]);
        if !self.borrowed {
            for value in self.history.iter() {
                value.store(value.load(Ordering::Relaxed) / 2, Ordering::Relaxed);
            }
        }
    }
}

/// Late-move reductions by remaining depth and action index:
/// `(base + ln(depth)·ln(index) / divisor) / 100` plies, rounded down
/// (`base` and `divisor` in hundredths).
#[derive(Clone, Debug)]
pub struct Reductions {
    plies: Vec<[i32; Self::INDICES]>,
}

impl Reductions {
    const DEPTHS: usize = 64;
    const INDICES: usize = 64;

    /// The table for `base` and `divisor` (hundredths; a zero divisor counts as one).
    #[must_use]
    pub fn new(base: u32, divisor: u32) -> Self {
        let divisor = f64::from(divisor.max(1)) / 100.0;
        let base = f64::from(base) / 100.0;
        let plies = (0..Self::DEPTHS)
            .map(|depth| {
                let mut row = [0; Self::INDICES];
                for (index, cell) in row.iter_mut().enumerate() {
                    if depth > 0 && index > 0 {
                        let log = (depth as f64).ln() * (index as f64).ln() / divisor;
                        *cell = (base + log) as i32;
                    }
                }
                row
            })
            .collect();
        Self { plies }
    }

    /// The reduction of the action at `index` with `depth` plies left.
    #[must_use]
    pub fn get(&self, depth: u32, index: usize) -> i32 {
        self.plies[(depth as usize).min(Self::DEPTHS - 1)][index.min(Self::INDICES - 1)]
    }
}

/// An action waiting to be searched, with its ordering key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Candidate<A> {
    /// The action.
    pub action: A,
    /// Higher is searched first.
    pub key: i32,
    /// Whether the evaluator calls it noisy.
    pub noisy: bool,
    /// Its index in `legal_actions` order (what the table stores).
    pub index: u16,
}

impl<A> Candidate<A> {
    /// Whether it is quiet and not a killer: the actions late-move
    /// reductions and the frontier prunings apply to.
    #[must_use]
    pub fn is_ordinary_quiet(&self) -> bool {
        !self.noisy && self.key < KILLER - 1
    }
}

/// Moves the highest-keyed candidate of `list[start..]` to `start` and
/// returns it; among equal keys the earliest wins.
pub fn pick_next<A: Copy>(list: &mut [Candidate<A>], start: usize) -> Candidate<A> {
    let best = (start..list.len())
        .max_by_key(|&index| (list[index].key, std::cmp::Reverse(index)))
        .unwrap_or(start);
    list.swap(start, best);
    list[start]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn killers_outrank_history_and_rotate() {
        let mut ordering = MoveOrdering::<u32>::default();
        ordering.reward(0, 3, 4, 7, &[1, 2]);
        assert_eq!(ordering.quiet_key(0, 3, 7), KILLER);
        ordering.reward(0, 3, 4, 8, &[]);
        assert_eq!(ordering.quiet_key(0, 3, 8), KILLER);
        assert_eq!(ordering.quiet_key(0, 3, 7), KILLER - 1);
        assert!(
            ordering.quiet_key(0, 4, 7) > 0,
            "history carries to other plies"
        );
        assert!(
            ordering.quiet_key(0, 4, 1) < 0,
            "failed actions are penalised"
        );
    }

    #[test]
    fn history_stays_bounded() {
        let mut ordering = MoveOrdering::<u32>::default();
        for _ in 0..10_000 {
            ordering.reward(1, 0, 30, 5, &[]);
        }
        let key = ordering.quiet_key(1, 1, 5);
        assert!(key > 0 && key <= HISTORY_MAX, "{key}");
    }

    #[test]
    fn reductions_grow_with_depth_and_index() {
        let table = Reductions::new(75, 225);
        assert_eq!(table.get(3, 3), 1);
        assert!(table.get(10, 30) > table.get(3, 3));
        assert!(table.get(200, 500) >= table.get(10, 30));
        assert_eq!(table.get(0, 10), 0);
    }

    #[test]
    fn pick_next_takes_the_highest_key_first_and_keeps_ties_in_order() {
        let mut list: Vec<Candidate<char>> = [('a', 1), ('b', 5), ('c', 5), ('d', 0)]
            .iter()
            .enumerate()
            .map(|(index, &(action, key))| Candidate {
                action,
                key,
                noisy: false,
                index: index as u16,
            })
            .collect();
        let order: Vec<char> = (0..list.len())
            .map(|i| pick_next(&mut list, i).action)
            .collect();
        assert_eq!(order, ['b', 'c', 'a', 'd']);
    }
}
