//! The searcher's tunable parameters, per engine profile: threads, table
//! size, lines to report, and the selective features a game may turn on or
//! off (reductions and pruning are only sound where the game allows them).

use serde::Deserialize;

use crate::knowledge::{EvaluatedGame, SearchHints};

/// How the threads of one search share it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SmpMode {
    /// Lazy SMP: every thread runs iterative deepening on the whole tree,
    /// sharing the table, the root's later actions divided between them
    /// (`search::smp`).
    Lazy,
    /// Young-brothers-wait splitting: one thread runs iterative deepening
    /// and the others join its nodes' remaining actions (`search::split`).
    Split,
}

/// Parameters of one alpha-beta search. `Default` is the tuned, selective
/// setup the games start from; [`SearchConfig::full_width`] turns every
/// reduction and pruning off, so that fixed-depth values are exact minimax.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SearchConfig {
    /// Search threads; 1 searches alone.
    pub threads: usize,
    /// How several threads share the search.
    pub smp: SmpMode,
    /// Splitting: the least remaining depth at which a node's actions are
    /// shared between threads.
    pub split_min_depth: u32,
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
    /// Losing-capture pruning: in quiescence, when the side to move may
    /// stand pat, a noisy action whose static exchange estimate (see
    /// `Evaluator::exchange_value`) is negative is skipped. Without it a
    /// game with many long-range men explodes in chains of hopeless
    /// captures.
    pub losing_capture_pruning: bool,
    /// Half-width of the aspiration window around the previous score; 0 disables.
    pub aspiration_window: i32,
    /// Aspiration windows are used from this depth on.
    pub aspiration_min_depth: u32,
    /// Late-move reductions: quiet, non-killer actions late in the order are
    /// searched shallower first (re-searched in full if they beat alpha).
    /// The reduction grows with the logarithms of the remaining depth and
    /// of the action's index: `lmr_base + ln(depth)·ln(index) / lmr_divisor`
    /// (both in hundredths), one ply less at principal-variation nodes and
    /// for actions with a good history, one more for a bad history.
    pub late_move_reductions: bool,
    /// Reductions apply only at this remaining depth or more.
    pub lmr_min_depth: u32,
    /// Reductions apply only from this action index on (0-based, in search order).
    pub lmr_min_index: usize,
    /// Constant term of the reduction, in hundredths of a ply.
    pub lmr_base: u32,
    /// Divisor of the logarithmic term, in hundredths.
    pub lmr_divisor: u32,
    /// Reverse futility pruning: at a non-PV node with at most
    /// `futility_depth` plies left and a quiet action available, a static
    /// evaluation that beats beta by `reverse_futility_margin` per ply is
    /// returned without searching.
    pub reverse_futility: bool,
    /// Margin per remaining ply of reverse futility pruning.
    pub reverse_futility_margin: i32,
    /// Futility pruning: at a non-PV node with at most `futility_depth`
    /// plies left whose static evaluation plus `futility_margin` per ply
    /// stays at or below alpha, quiet actions after the first are skipped.
    pub futility_pruning: bool,
    /// Margin per remaining ply of futility pruning.
    pub futility_margin: i32,
    /// The deepest remaining depth at which (reverse) futility pruning applies.
    pub futility_depth: u32,
    /// Late-move pruning: at a non-PV node with at most `lmp_depth` plies
    /// left, quiet non-killer actions beyond the first `3 + depth²` are skipped.
    pub late_move_pruning: bool,
    /// The deepest remaining depth at which late-move pruning applies.
    pub lmp_depth: u32,
    /// Internal iterative reduction: a node with `iir_min_depth` plies or
    /// more left and no table action is searched one ply shallower (its
    /// ordering is poor, and the shallower search supplies one next time).
    pub internal_reduction: bool,
    /// The least remaining depth at which internal iterative reduction applies.
    pub iir_min_depth: u32,
    /// Null-move pruning: at a non-PV node whose static evaluation reaches
    /// beta, the seat to move passes (see `Evaluator::null_move`, which
    /// says when that is sound) and a search `null_move_reduction +
    /// depth / null_move_divisor` plies shallower still failing high cuts
    /// the node off. Off by default (games without a pass never use it).
    pub null_move: bool,
    /// The least remaining depth at which a null move is tried.
    pub null_move_min_depth: u32,
    /// The plies a null-move search is shallower by, besides the move itself.
    pub null_move_reduction: u32,
    /// One more ply of null-move reduction per this many plies of depth.
    pub null_move_divisor: u32,
    /// Check extension: a node whose seat to move is in check (see
    /// `Evaluator::in_check`) is searched one ply deeper. Off by default.
    pub check_extension: bool,
    /// Check evasions in quiescence: a seat in check at the horizon may
    /// not stand pat and tries every legal action, so mates and forced
    /// losses just beyond the nominal depth are seen. Off by default.
    pub check_evasions: bool,
    /// Exchange pruning: at a non-PV node with at most
    /// `see_pruning_depth` plies left, a noisy action whose static
    /// exchange estimate loses more than `see_margin` per ply is skipped.
    /// Off by default.
    pub see_pruning: bool,
    /// The deepest remaining depth at which exchange pruning applies.
    pub see_pruning_depth: u32,
    /// Material an exchange may lose per remaining ply before it is pruned.
    pub see_margin: i32,
}

impl Default for SearchConfig {
    fn default() -> Self {
        Self {
            threads: 1,
            smp: SmpMode::Split,
            split_min_depth: 3,
            hash_mb: 16,
            multipv: 1,
            quiescence: true,
            quiescence_plies: 16,
            delta_pruning: true,
            delta_margin: 200,
            losing_capture_pruning: true,
            aspiration_window: 35,
            aspiration_min_depth: 4,
            late_move_reductions: true,
            lmr_min_depth: 3,
            lmr_min_index: 3,
            lmr_base: 75,
            lmr_divisor: 225,
            reverse_futility: true,
            reverse_futility_margin: 120,
            futility_pruning: true,
            futility_margin: 150,
            futility_depth: 1,
            late_move_pruning: true,
            lmp_depth: 1,
            internal_reduction: true,
            iir_min_depth: 4,
            null_move: false,
            null_move_min_depth: 3,
            null_move_reduction: 2,
            null_move_divisor: 4,
            check_extension: false,
            check_evasions: false,
            see_pruning: false,
            see_pruning_depth: 3,
            see_margin: 100,
        }
    }
}

impl SearchConfig {
    /// The default setup with every reduction and pruning turned off
    /// (quiescence and its delta and losing-capture pruning stay): fixed-depth values are then
    /// those of plain minimax with the same quiescence.
    #[must_use]
    pub fn full_width() -> Self {
        Self {
            late_move_reductions: false,
            reverse_futility: false,
            futility_pruning: false,
            late_move_pruning: false,
            internal_reduction: false,
            null_move: false,
            see_pruning: false,
            ..Self::default()
        }
    }
}

impl SearchConfig {
    /// The default setup adjusted to a game's hints: reductions only where
    /// they are sound, quiescence as deep as its noisy sequences run.
    #[must_use]
    pub fn for_hints(hints: &SearchHints) -> Self {
        Self {
            late_move_reductions: hints.late_move_reductions,
            quiescence_plies: hints.noisy_plies,
            ..Self::default()
        }
    }
}

/// A game the alpha-beta searcher can play: any game with a standard
/// evaluator. Front ends start from [`AlphaBetaGame::search_config`] and set
/// threads, table size and lines.
pub trait AlphaBetaGame: EvaluatedGame {
    /// The search settings that suit the game, from its hints.
    #[must_use]
    fn search_config() -> SearchConfig {
        SearchConfig::for_hints(&Self::search_hints())
    }
}

impl<G: EvaluatedGame> AlphaBetaGame for G {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_hints_give_the_default_config() {
        assert_eq!(
            SearchConfig::for_hints(&SearchHints::default()),
            SearchConfig::default()
        );
    }

    #[test]
    fn the_chess_techniques_are_off_unless_a_profile_turns_them_on() {
        for config in [SearchConfig::default(), SearchConfig::full_width()] {
            assert!(!config.null_move);
            assert!(!config.check_extension);
            assert!(!config.check_evasions);
            assert!(!config.see_pruning);
        }
    }

    #[test]
    fn hints_set_reductions_and_quiescence_depth() {
        let config = SearchConfig::for_hints(&SearchHints {
            late_move_reductions: false,
            noisy_plies: 24,
        });
        assert!(!config.late_move_reductions);
        assert_eq!(config.quiescence_plies, 24);
    }
}
