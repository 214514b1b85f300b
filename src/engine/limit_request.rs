//! A person's limits for an engine's search — a move time, a node count, a
//! depth — as every front end receives them (the terminal's flags, the
//! browser's form), turned into a profile's limits by one rule.
//!
//! The rule is the one a UCI `go` with several limits and a profile's
//! `[limits]` already follow: every limit given applies, and the search
//! stops at the first reached. A request that names any limit replaces
//! all the limits it is laid over (a person's "one second a move" is not
//! also capped by the profile's depth); one that names none keeps them.

use crate::bounds::{self, OutOfRange};

use super::profile::LimitSpec;

/// The limits a person asked for, as a front end read them (unchecked).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LimitRequest {
    /// Time per move, in milliseconds.
    pub movetime_ms: Option<u64>,
    /// Nodes (playouts, for a sampling searcher) per move.
    pub nodes: Option<u64>,
    /// Nominal depth.
    pub depth: Option<u32>,
}

/// How a front end spells the three limits, for its error messages.
#[derive(Clone, Copy, Debug)]
pub struct LimitKeys {
    /// The move time's key.
    pub movetime: &'static str,
    /// The node count's key.
    pub nodes: &'static str,
    /// The depth's key.
    pub depth: &'static str,
}

impl LimitKeys {
    /// The terminal's flags.
    pub const FLAGS: LimitKeys = LimitKeys {
        movetime: "--movetime",
        nodes: "--nodes",
        depth: "--depth",
    };
    /// The browser's JSON fields (and a profile's keys).
    pub const FIELDS: LimitKeys = LimitKeys {
        movetime: "movetime_ms",
        nodes: "nodes",
        depth: "depth",
    };
}

impl LimitRequest {
    /// `base` (a profile's limits, or a front end's default) with this
    /// request laid over it by the module's rule, each limit range-checked
    /// and named as `keys` spells it.
    pub fn over(&self, base: &LimitSpec, keys: LimitKeys) -> Result<LimitSpec, OutOfRange> {
        if *self == LimitRequest::default() {
            return Ok(base.clone());
        }
        Ok(LimitSpec {
            movetime_ms: bounds::MILLISECONDS.check_opt(keys.movetime, self.movetime_ms)?,
            nodes: bounds::NODES.check_opt(keys.nodes, self.nodes)?,
            depth: bounds::SEARCH_DEPTH.check_opt(keys.depth, self.depth)?,
            ..LimitSpec::default()
        })
    }
}
