//! The state all threads of one search share to decide when to stop: the
//! start time and deadlines, the node budget and count, and the stop flag.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::limits::Limits;
use super::timeman::TimePlan;

/// Nodes a thread counts locally before it publishes them and reads the
/// clock. Small, because a node can cost tens of microseconds in a game with
/// a heavy evaluation, and a search may overrun its time by at most 5% + 10 ms.
pub const POLL_INTERVAL: u64 = 32;

/// A value alone on its cache line, so that writes to its neighbours do
/// not make other cores reload it.
#[derive(Debug, Default)]
#[repr(align(64))]
struct CacheLine<T>(T);

/// Shared stopping state of one search. The stop flag, read at every node by
/// every thread, and the node count, added to by every thread, sit on cache
/// lines of their own: a shared line would be pulled between the cores at
/// each addition.
#[derive(Debug)]
pub struct Control {
    start: Instant,
    plan: TimePlan,
    node_limit: Option<u64>,
    /// Set from outside to stop the search.
    stop: Arc<AtomicBool>,
    /// Set by the search itself (time up, a thread done), so that the
    /// caller's flag keeps meaning "stopped from outside".
    halted: CacheLine<AtomicBool>,
    nodes: CacheLine<AtomicU64>,
}

impl Control {
    /// Starts the clock for a search under `limits`, stopped early when
    /// the caller sets `stop` (which the search itself never sets).
    #[must_use]
    pub fn new(limits: &Limits, stop: Arc<AtomicBool>) -> Self {
        Self {
            start: Instant::now(),
            plan: TimePlan::new(limits),
            node_limit: limits.nodes,
            stop,
            halted: CacheLine::default(),
            nodes: CacheLine::default(),
        }
    }

    /// Time since the search started.
    #[must_use]
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Whether the search must stop now.
    #[must_use]
    pub fn stopped(&self) -> bool {
        self.halted.0.load(Ordering::Relaxed) || self.stop.load(Ordering::Relaxed)
    }

    /// Tells every thread to stop.
    pub fn stop(&self) {
        self.halted.0.store(true, Ordering::Relaxed);
    }

    /// Nodes published by all threads so far.
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.nodes.0.load(Ordering::Relaxed)
    }

    /// Adds a thread's locally counted nodes and checks the clock; returns
    /// whether the search must stop.
    pub fn publish(&self, nodes: u64) -> bool {
        self.nodes.0.fetch_add(nodes, Ordering::Relaxed);
        if self.plan.hard.is_some_and(|hard| self.elapsed() >= hard) {
            self.stop();
        }
        self.stopped()
    }

    /// Whether the node budget is spent, counting `pending` unpublished nodes.
    #[must_use]
    pub fn nodes_exhausted(&self, pending: u64) -> bool {
        self.node_limit
            .is_some_and(|limit| self.nodes() + pending >= limit)
    }

    /// Whether another iteration may start.
    #[must_use]
    pub fn may_start_iteration(&self) -> bool {
        !self.stopped() && self.plan.soft.is_none_or(|soft| self.elapsed() < soft)
    }
}
