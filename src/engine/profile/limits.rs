//! A profile's `[limits]`: the per-move limits as written, and the search
//! limits they make.

use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::bounds::{self, OutOfRange};
use crate::search::{Clock, Limits};

/// Per-move limits as written in a profile.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(default, deny_unknown_fields)]
pub struct LimitSpec {
    /// Fixed time per move, in milliseconds.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub movetime_ms: Option<u64>,
    /// Fixed depth.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub depth: Option<u32>,
    /// Fixed node count.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub nodes: Option<u64>,
    /// A game clock, in milliseconds (with the two fields below).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clock_ms: Option<u64>,
    /// The clock's increment per move, in milliseconds.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub increment_ms: Option<u64>,
    /// Moves per time control.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub moves_to_go: Option<u32>,
}

impl LimitSpec {
    /// The limits for people: `depth 4, movetime 100 ms`, or `no limit`.
    #[must_use]
    pub fn summary(&self) -> String {
        let mut parts = Vec::new();
        if let Some(depth) = self.depth {
            parts.push(format!("depth {depth}"));
        }
        if let Some(nodes) = self.nodes {
            parts.push(format!("nodes {nodes}"));
        }
        if let Some(ms) = self.movetime_ms {
            parts.push(format!("movetime {ms} ms"));
        }
        if let Some(clock) = self.clock_ms {
            let mut text = format!("clock {clock}+{} ms", self.increment_ms.unwrap_or(0));
            if let Some(moves) = self.moves_to_go {
                text.push_str(&format!(" / {moves} moves"));
            }
            parts.push(text);
        }
        if parts.is_empty() {
            "no limit".to_string()
        } else {
            parts.join(", ")
        }
    }

    /// Checks every limit against its range (`crate::bounds`), naming the key.
    pub fn check(&self) -> Result<(), OutOfRange> {
        bounds::MILLISECONDS.check_opt("movetime_ms", self.movetime_ms)?;
        bounds::SEARCH_DEPTH.check_opt("depth", self.depth)?;
        bounds::NODES.check_opt("nodes", self.nodes)?;
        bounds::MILLISECONDS.check_opt("clock_ms", self.clock_ms)?;
        bounds::INCREMENT_MS.check_opt("increment_ms", self.increment_ms)?;
        bounds::MOVES_TO_GO.check_opt("moves_to_go", self.moves_to_go)?;
        Ok(())
    }

    /// Whether no limit at all is set: a thinking searcher would never stop.
    #[must_use]
    pub fn is_unlimited(&self) -> bool {
        self.movetime_ms.is_none()
            && self.depth.is_none()
            && self.nodes.is_none()
            && self.clock_ms.is_none()
    }

    /// The search limits this describes.
    #[must_use]
    pub fn limits(&self) -> Limits {
        Limits {
            depth: self.depth,
            nodes: self.nodes,
            movetime: self.movetime_ms.map(Duration::from_millis),
            clock: self.clock_ms.map(|clock| Clock {
                remaining: Duration::from_millis(clock),
                increment: Duration::from_millis(self.increment_ms.unwrap_or(0)),
                moves_to_go: self.moves_to_go,
            }),
        }
    }
}
