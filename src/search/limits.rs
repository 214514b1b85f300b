//! What bounds a search: depth, nodes, a fixed time per move, or a game
//! clock with increment. Any combination may be set; the first reached stops
//! the search. With none set the search runs until stopped from outside (or
//! until the maximum depth).

use std::time::Duration;

/// A player's clock at the moment it must move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    /// Time left on the clock.
    pub remaining: Duration,
    /// Time added after each move.
    pub increment: Duration,
    /// Moves until the next time control, if the control has one.
    pub moves_to_go: Option<u32>,
}

/// Limits of one search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Search at most this many plies deep (iterative deepening stops there).
    pub depth: Option<u32>,
    /// Stop after about this many nodes (exact with one thread).
    pub nodes: Option<u64>,
    /// Spend at most this long (never more than 5% + 10 ms beyond it).
    pub movetime: Option<Duration>,
    /// Budget the time from a game clock.
    pub clock: Option<Clock>,
}

impl Limits {
    /// A fixed-depth search.
    #[must_use]
    pub fn depth(depth: u32) -> Self {
        Self {
            depth: Some(depth),
            ..Self::default()
        }
    }

    /// A fixed-node search.
    #[must_use]
    pub fn nodes(nodes: u64) -> Self {
        Self {
            nodes: Some(nodes),
            ..Self::default()
        }
    }

    /// These limits held within `cap`'s: each of depth, nodes and move time
    /// the smaller where both set one, the one set otherwise; the clock is
    /// these limits'. (A weakened engine's budget bounds whatever a
    /// `go` asks.)
    #[must_use]
    pub fn within(self, cap: &Limits) -> Self {
        fn least<T: Ord>(a: Option<T>, b: Option<T>) -> Option<T> {
            match (a, b) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            }
        }
        Self {
            depth: least(self.depth, cap.depth),
            nodes: least(self.nodes, cap.nodes),
            movetime: least(self.movetime, cap.movetime),
            clock: self.clock,
        }
    }

    /// These limits, or `nodes` playouts when they set no bound at all
    /// (for players that must not search until stopped).
    #[must_use]
    pub fn or_nodes(self, nodes: u64) -> Self {
        if self.depth.is_none()
            && self.nodes.is_none()
            && self.movetime.is_none()
            && self.clock.is_none()
        {
            Self::nodes(nodes)
        } else {
            self
        }
    }

    /// A fixed-time search.
    #[must_use]
    pub fn movetime(movetime: Duration) -> Self {
        Self {
            movetime: Some(movetime),
            ..Self::default()
        }
    }
}
