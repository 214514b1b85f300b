//! Young-brothers-wait splitting: the threads of one search share the
//! work of a node between them instead of each searching the whole tree.
//!
//! One thread (the main one) runs iterative deepening; the others wait for
//! work. At a node with enough depth left, once its first action has been
//! searched without a cut-off (its "eldest brother": after it the node is
//! most likely one whose every action must be searched) and a thread is
//! waiting, the node's remaining actions are published as a
//! [`SplitPoint`]. The waiting threads join it and every thread there takes
//! the next unsearched action until none is left, all against the node's
//! shared alpha. An action that reaches beta stops the others at that node
//! (and everything they were searching below it). The thread that made the
//! split waits for its helpers to finish before it returns the node's
//! value; while it waits it helps at splits made below its own ("helpful
//! master"), so it is not idle while a helper finishes a large subtree.
//!
//! Compared with Lazy SMP (`smp.rs`), where every thread searches the whole
//! tree and the shared table saves part of the duplication, a split divides
//! the tree itself, so two threads search little more than one thread's
//! nodes.

use std::sync::atomic::{AtomicBool, AtomicI32, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use crate::game::{Game, Seat};

use super::ordering::Candidate;

/// What decides whether one of a split node's actions is skipped, computed
/// once by the thread that made the split (see `Worker::negamax`).
#[derive(Clone, Copy, Debug)]
pub struct Pruning {
    /// Whether the node's seat to move is in check.
    pub in_check: bool,
    /// Futility pruning skips the node's ordinary quiet actions.
    pub futile: bool,
    /// Late-move pruning: quiet actions beyond this many are skipped.
    pub quiet_limit: Option<usize>,
    /// Exchange pruning: noisy actions losing more than this are skipped.
    pub exchange_floor: Option<i32>,
}

impl Pruning {
    /// Nothing is skipped (the root).
    pub const NONE: Self = Self {
        in_check: false,
        futile: false,
        quiet_limit: None,
        exchange_floor: None,
    };
}

/// The best a split node has found so far.
#[derive(Clone, Debug)]
pub struct SplitBest<A> {
    /// The highest value.
    pub value: i32,
    /// The `legal_actions` index of the action that last raised alpha.
    pub index: Option<u16>,
    /// That action's line (principal-variation nodes only).
    pub pv: Vec<A>,
}

/// One root action searched at a split of the root.
#[derive(Clone, Debug)]
pub struct Searched<A> {
    /// Its place in the root's search order.
    pub order: usize,
    /// Its value.
    pub value: i32,
    /// Whether the value raised alpha (otherwise it is only an upper bound).
    pub raised: bool,
    /// Its line, the action first.
    pub line: Vec<A>,
}

/// A node whose remaining actions several threads search together.
pub struct SplitPoint<G: Game> {
    /// The node's state.
    pub state: G,
    /// Its seat to move.
    pub seat: Seat,
    /// Its ply from the root.
    pub ply: usize,
    /// Its remaining depth.
    pub depth: u32,
    /// Its beta.
    pub beta: i32,
    /// Whether it is a principal-variation node.
    pub pv_node: bool,
    /// What skips an action here.
    pub pruning: Pruning,
    /// The actions left to search, in search order.
    pub actions: Vec<Candidate<G::Action>>,
    /// The search-order number of `actions[0]` (for reductions).
    pub first: usize,
    /// The split this one was made under, if any.
    pub parent: Option<Arc<SplitPoint<G>>>,
    next: AtomicUsize,
    quiets: AtomicUsize,
    alpha: AtomicI32,
    stop: AtomicBool,
    helpers: AtomicUsize,
    best: Mutex<SplitBest<G::Action>>,
    /// At the root, every action searched (the root reports each one's value).
    searched: Mutex<Vec<Searched<G::Action>>>,
}

impl<G: Game> SplitPoint<G> {
    /// A split of the node `state` (see the fields) whose actions searched
    /// so far left `best` and alpha `alpha`, `quiets` of them quiet.
    #[allow(clippy::too_many_arguments)]
    #[must_use]
    pub fn new(
        state: G,
        seat: Seat,
        ply: usize,
        depth: u32,
        (alpha, beta): (i32, i32),
        pv_node: bool,
        pruning: Pruning,
        actions: Vec<Candidate<G::Action>>,
        first: usize,
        quiets: usize,
        best: SplitBest<G::Action>,
        parent: Option<Arc<SplitPoint<G>>>,
    ) -> Self {
        Self {
            state,
            seat,
            ply,
            depth,
            beta,
            pv_node,
            pruning,
            actions,
            first,
            parent,
            next: AtomicUsize::new(0),
            quiets: AtomicUsize::new(quiets),
            alpha: AtomicI32::new(alpha),
            stop: AtomicBool::new(false),
            helpers: AtomicUsize::new(0),
            best: Mutex::new(best),
            searched: Mutex::new(Vec::new()),
        }
    }

    /// Takes the next action to search: its search-order number and the
    /// action, or `None` when none is left or the node is cut off.
    pub fn take(&self) -> Option<(usize, Candidate<G::Action>)> {
        if self.stopped() {
            return None;
        }
        let next = self.next.fetch_add(1, Ordering::Relaxed);
        self.actions
            .get(next)
            .map(|&candidate| (self.first + next, candidate))
    }

    /// Whether actions are left to take.
    #[must_use]
    pub fn has_work(&self) -> bool {
        !self.stopped() && self.next.load(Ordering::Relaxed) < self.actions.len()
    }

    /// The node's alpha now.
    #[must_use]
    pub fn alpha(&self) -> i32 {
        self.alpha.load(Ordering::Relaxed)
    }

    /// The quiet actions searched here so far.
    #[must_use]
    pub fn quiets(&self) -> usize {
        self.quiets.load(Ordering::Relaxed)
    }

    /// Counts a quiet action searched here.
    pub fn count_quiet(&self) {
        self.quiets.fetch_add(1, Ordering::Relaxed);
    }

    /// Whether an action reached beta (the others stop).
    #[must_use]
    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// Whether this split or one it was made under is cut off.
    #[must_use]
    pub fn cut_off(&self) -> bool {
        self.stopped() || self.parent.as_ref().is_some_and(|parent| parent.cut_off())
    }

    /// Whether `ancestor` is this split or one it was made under.
    #[must_use]
    pub fn descends_from(&self, ancestor: &Self) -> bool {
        std::ptr::eq(self, ancestor)
            || self
                .parent
                .as_ref()
                .is_some_and(|parent| parent.descends_from(ancestor))
    }

    /// Records the value of `action` (the `order`th searched, its
    /// `legal_actions` index `index`) with its line below `line`; returns
    /// true if it reached beta.
    pub fn record(
        &self,
        order: usize,
        value: i32,
        (index, action): (u16, G::Action),
        line: &[G::Action],
    ) -> bool {
        let mut best = self.best.lock().unwrap_or_else(PoisonError::into_inner);
        if value > best.value {
            best.value = value;
        }
        let raised = value > self.alpha() && !self.stopped();
        let full_line = || {
            std::iter::once(action)
                .chain(line.iter().copied())
                .collect()
        };
        if self.ply == 0 {
            self.searched
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .push(Searched {
                    order,
                    value,
                    raised,
                    line: if raised { full_line() } else { Vec::new() },
                });
        }
        if raised {
            best.index = Some(index);
            if self.pv_node {
                best.pv = full_line();
            }
            self.alpha.store(value, Ordering::Relaxed);
            if value >= self.beta {
                self.stop.store(true, Ordering::Relaxed);
                return true;
            }
        }
        false
    }

    /// At the root, the actions searched so far.
    #[must_use]
    pub fn searched(&self) -> Vec<Searched<G::Action>> {
        self.searched
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// The highest value found so far.
    #[must_use]
    pub fn best_value(&self) -> i32 {
        self.best
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .value
    }

    /// What the node found.
    #[must_use]
    pub fn best(&self) -> SplitBest<G::Action> {
        self.best
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// Whether a helper is still searching here.
    #[must_use]
    pub fn busy(&self) -> bool {
        self.helpers.load(Ordering::Acquire) > 0
    }

    /// A helper leaves.
    pub fn leave(&self) {
        self.helpers.fetch_sub(1, Ordering::Release);
    }
}

/// The splits open for joining, and how many threads wait for work.
pub struct SplitBoard<G: Game> {
    open: Mutex<Vec<Arc<SplitPoint<G>>>>,
    /// How many splits are open (read without the lock by waiting threads).
    opened: AtomicUsize,
    waiting: AtomicUsize,
}

impl<G: Game> Default for SplitBoard<G> {
    fn default() -> Self {
        Self {
            open: Mutex::new(Vec::new()),
            opened: AtomicUsize::new(0),
            waiting: AtomicUsize::new(0),
        }
    }
}

impl<G: Game> SplitBoard<G> {
    /// Whether a thread waits for work (a split is worth making).
    #[must_use]
    pub fn someone_waits(&self) -> bool {
        self.waiting.load(Ordering::Relaxed) > 0
    }

    /// A thread starts or stops waiting for work.
    pub fn set_waiting(&self, waiting: bool) {
        if waiting {
            self.waiting.fetch_add(1, Ordering::Relaxed);
        } else {
            self.waiting.fetch_sub(1, Ordering::Relaxed);
        }
    }

    /// Opens `split` for joining.
    pub fn open(&self, split: Arc<SplitPoint<G>>) {
        let mut open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        open.push(split);
        self.opened.store(open.len(), Ordering::Release);
    }

    /// Closes `split`: no thread joins it after this returns.
    pub fn close(&self, split: &SplitPoint<G>) {
        let mut open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        open.retain(|open| !std::ptr::eq(open.as_ref(), split));
        self.opened.store(open.len(), Ordering::Release);
    }

    /// Joins an open split with actions left, one made under `within` when
    /// given (a thread waiting for its own split's helpers helps only
    /// below it).
    pub fn join(&self, within: Option<&SplitPoint<G>>) -> Option<Arc<SplitPoint<G>>> {
        if self.opened.load(Ordering::Acquire) == 0 {
            return None;
        }
        let open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        let split = open.iter().find(|split| {
            split.has_work() && within.is_none_or(|ancestor| split.descends_from(ancestor))
        })?;
        split.helpers.fetch_add(1, Ordering::Acquire);
        Some(Arc::clone(split))
    }
}
