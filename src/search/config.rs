//! The searcher's tunable parameters, per engine profile: threads, table
//! size, lines to report, and the selective features a game may turn on or
//! off (reductions are only sound where the game allows them).

use serde::Deserialize;

/// Parameters of one alpha-beta search; `Default` is a safe, full-width setup.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SearchConfig {
    /// Search threads (Lazy SMP); 1 searches alone.
    pub threads: usize,
    /// Transposition-table size in MiB.
    pub hash_mb: usize,
    /// How many best lines to search and report (multi-PV).
    pub multipv: usize,
    /// Whether leaves are extended by a search of noisy actions.
    pub quiescence: bool,
    /// How deep quiescence may go below the nominal depth, in plies.
    pub quiescence_plies: usize,
    /// Delta pruning: in quiescence, a noisy action whose most optimistic
    /// gain (see `Evaluator::capture_gain`) plus `delta_margin` cannot lift
    /// the standing evaluation to alpha is skipped.
    pub delta_pruning: bool,
    /// The positional slack allowed for in delta pruning.
    pub delta_margin: i32,
    /// Half-width of the aspiration window around the previous score; 0 disables.
    pub aspiration_window: i32,
    /// Aspiration windows are used from this depth on.
    pub aspiration_min_depth: u32,
    /// Late-move reductions: quiet, non-killer actions late in the order are
    /// searched one ply shallower first (re-searched in full if they fail high).
    pub late_move_reductions: bool,
    /// Reductions apply only at this remaining depth or more.
    pub lmr_min_depth: u32,
    /// Reductions apply only from this action index on (0-based, in search order).
    pub lmr_min_index: usize,
}

impl Default for SearchConfig {
    fn default() -> Self {
        Self {
            threads: 1,
            hash_mb: 16,
            multipv: 1,
            quiescence: true,
            quiescence_plies: 16,
            delta_pruning: true,
            delta_margin: 200,
            aspiration_window: 35,
            aspiration_min_depth: 4,
            late_move_reductions: false,
            lmr_min_depth: 3,
            lmr_min_index: 3,
        }
    }
}
