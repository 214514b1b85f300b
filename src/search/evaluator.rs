//! What a game tells the searcher about playing well: a static evaluation
//! and which actions are "noisy" (captures and the like).
//!
//! Each game supplies its evaluator in its own folder; the searcher knows
//! only this trait.

use crate::game::{Game, Notation};

use super::config::SearchConfig;

/// Static knowledge of a game, used by the alpha-beta searcher.
pub trait Evaluator<G: Game>: Send + Sync {
    /// The value of a non-terminal state from the view of the seat to move,
    /// in centipawn-like units (a pawn ≈ 100). The searcher clamps it to
    /// `±`[`EVAL_LIMIT`](crate::search::score::EVAL_LIMIT).
    fn evaluate(&self, state: &G) -> i32;

    /// Whether `action` (legal in `state`) changes the position so sharply
    /// that a static evaluation before it is meaningless: captures,
    /// promotions, compulsory jumps. Quiescence search follows exactly these.
    fn is_noisy(&self, state: &G, action: G::Action) -> bool {
        let _ = (state, action);
        false
    }

    /// The most a noisy action can gain in evaluation units (the captured
    /// man's value, plus what a promotion adds), for delta pruning in
    /// quiescence; `None` (the default) never prunes the action.
    fn capture_gain(&self, state: &G, action: G::Action) -> Option<i32> {
        let _ = (state, action);
        None
    }

    /// An ordering value for a noisy action, higher first (e.g. most valuable
    /// victim, least valuable attacker).
    fn action_value(&self, state: &G, action: G::Action) -> i32 {
        let _ = (state, action);
        0
    }
}

/// A game the alpha-beta searcher can play, and the evaluator it plays with
/// by default, so that front ends can build an engine from the game type
/// alone (`AlphaBeta::<G, G::Evaluator>::new(Default::default(), config)`).
pub trait AlphaBetaGame: Notation {
    /// The game's standard evaluator.
    type Evaluator: Evaluator<Self> + Default + Clone + 'static;

    /// The search settings that suit the game: which selective features are
    /// sound for it (late-move reductions, delta pruning). Front ends start
    /// from this and set threads, table size and lines.
    #[must_use]
    fn search_config() -> SearchConfig {
        SearchConfig::default()
    }
}
