//! What a game tells the searcher about playing well: a static evaluation
//! and which actions are "noisy" (captures and the like), optionally with a
//! generator of the noisy actions alone for quiescence.
//!
//! Each game supplies its evaluator in its own folder; the searchers know
//! only this trait.

use std::any::Any;

use serde::de::DeserializeOwned;
use serde::Deserialize;

use crate::bounds;
use crate::game::{Game, Notation};

use super::network::NetworkError;

/// Which evaluation an engine profile plays with (`eval = "classic"` or
/// `"network"` at the profile's top level).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum EvalKind {
    /// The hand-written evaluation with its tuned weights.
    #[default]
    Classic,
    /// The game's trained network, built into the program.
    Network,
}

/// What an evaluator keeps from one evaluation to the next within one
/// search thread (a network's accumulators, [`Evaluator::evaluate_at`]):
/// empty until the evaluator first asks for it, then of the evaluator's
/// own type.
#[derive(Default)]
pub struct EvalScratch(Option<Box<dyn Any + Send>>);

impl EvalScratch {
    /// The scratch as a `T`, made with `T::default()` the first time (or
    /// when it held another type).
    pub fn get<T: Any + Send + Default>(&mut self) -> &mut T {
        if !self.0.as_ref().is_some_and(|held| held.is::<T>()) {
            self.0 = Some(Box::<T>::default());
        }
        match self.0.as_mut().and_then(|held| held.downcast_mut::<T>()) {
            Some(scratch) => scratch,
            None => unreachable!("the scratch was just made a T"),
        }
    }
}

/// What [`Evaluator::noisy_actions`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoisyActions {
    /// The game has no noisy-only generator: the searcher lists every legal
    /// action and keeps those [`Evaluator::is_noisy`] accepts.
    Unsupported,
    /// The output holds exactly the legal actions `is_noisy` accepts.
    Generated {
        /// Whether the state also has a legal action that is not noisy (which
        /// lets the side to move stand pat in quiescence).
        quiet: bool,
    },
}

/// Fills `out` with the noisy legal actions of `state` (what quiescence
/// searches): from the game's generator where it has one, else the legal
/// list filtered by [`Evaluator::is_noisy`]. Returns whether a quiet legal
/// action exists besides.
pub fn noisy_actions_or_filtered<G: Game, E: Evaluator<G> + ?Sized>(
    evaluator: &E,
    state: &G,
    out: &mut Vec<G::Action>,
) -> bool {
    match evaluator.noisy_actions(state, out) {
        NoisyActions::Generated { quiet } => quiet,
        NoisyActions::Unsupported => {
            state.legal_actions(out);
            let all = out.len();
            out.retain(|&action| evaluator.is_noisy(state, action));
            out.len() < all
        }
    }
}

/// Static knowledge of a game, used by the alpha-beta searcher.
pub trait Evaluator<G: Game>: Send + Sync {
    /// The value of a non-terminal state from the view of the seat to move,
    /// in centipawn-like units (a pawn ≈ 100). The alpha-beta searcher clamps
    /// it to its own evaluation limit (far below mate scores).
    fn evaluate(&self, state: &G) -> i32;

    /// [`evaluate`](Self::evaluate) of `state`, reached `ply` plies below
    /// the search's root, with the thread's `scratch`: an evaluator that
    /// updates its work incrementally (a network's accumulators) keeps it
    /// there between calls. Must return what `evaluate` returns; the
    /// default is `evaluate`.
    fn evaluate_at(&self, state: &G, ply: usize, scratch: &mut EvalScratch) -> i32 {
        let _ = (ply, scratch);
        self.evaluate(state)
    }

    /// Whether `action` (legal in `state`) changes the position so sharply
    /// that a static evaluation before it is meaningless: captures,
    /// promotions, compulsory jumps. Quiescence search follows exactly these.
    fn is_noisy(&self, state: &G, action: G::Action) -> bool {
        let _ = (state, action);
        false
    }

    /// Fills `out` (cleared first) with the noisy legal actions of `state`
    /// (a non-terminal state) without listing the quiet ones, which is what
    /// quiescence needs and often far cheaper than
    /// [`Game::legal_actions`](crate::game::Game::legal_actions).
    ///
    /// A game that implements it must produce exactly the actions of
    /// `legal_actions` for which [`is_noisy`](Self::is_noisy) holds, in the
    /// same relative order (move ordering breaks ties by position, so the
    /// order keeps searches identical), and say whether a quiet legal action
    /// exists besides. The default generates nothing and returns
    /// [`NoisyActions::Unsupported`].
    fn noisy_actions(&self, state: &G, out: &mut Vec<G::Action>) -> NoisyActions {
        let _ = state;
        out.clear();
        NoisyActions::Unsupported
    }

    /// The most a noisy action can gain in evaluation units (the captured
    /// man's value, plus what a promotion adds), for delta pruning in
    /// quiescence; `None` (the default) never prunes the action.
    fn capture_gain(&self, state: &G, action: G::Action) -> Option<i32> {
        let _ = (state, action);
        None
    }

    /// A static exchange estimate of a noisy action: what it wins in
    /// evaluation units once the opponent's best recapture on its target is
    /// taken into account (negative for a losing capture, such as a Queen
    /// taking a defended Pawn). Quiescence skips the losing ones when the side
    /// to move may stand pat, and move ordering tries them after the quiet
    /// actions' killers. `None` (the default) means unknown: never pruned,
    /// ordered by [`action_value`](Self::action_value) alone.
    fn exchange_value(&self, state: &G, action: G::Action) -> Option<i32> {
        let _ = (state, action);
        None
    }

    /// Whether the seat to move in `state` (a non-terminal state) is in
    /// check: null moves and futility are then unsound, and searchers may
    /// extend the line or search every evasion at the horizon. The default
    /// (for games without check) is `false`.
    fn in_check(&self, state: &G) -> bool {
        let _ = state;
        false
    }

    /// The state with the turn passed to the rival (a null move), when
    /// passing is a sound guess of a lower bound here: the seat to move is
    /// not in check and has pieces beyond pawns, so zugzwang is unlikely.
    /// `None` (the default) when the game has no such move or it is unsafe.
    fn null_move(&self, state: &G) -> Option<G> {
        let _ = state;
        None
    }

    /// An ordering value for a noisy action, higher first (e.g. most valuable
    /// victim, least valuable attacker).
    fn action_value(&self, state: &G, action: G::Action) -> i32 {
        let _ = (state, action);
        0
    }
}

/// What a game knows about how deeply and selectively its positions may be
/// searched: facts about the game, not a searcher's settings. A searcher
/// reads them to set up its own configuration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchHints {
    /// Whether searching late, quiet actions shallower is sound: zugzwang is
    /// rare enough (or the searcher never passes) that a quiet action
    /// ordered late seldom turns out best.
    pub late_move_reductions: bool,
    /// How many plies of noisy actions (captures, compulsory jump chains)
    /// may follow one another before a position is quiet.
    pub noisy_plies: usize,
}

impl Default for SearchHints {
    fn default() -> Self {
        SearchHints {
            late_move_reductions: true,
            noisy_plies: 16,
        }
    }
}

/// A game with a standard evaluator, so that front ends can build an engine
/// from the game type alone, and the search hints that suit it.
pub trait EvaluatedGame: Notation {
    /// The game's standard evaluator.
    type Evaluator: Evaluator<Self> + Default + Clone + 'static;

    /// How the game's positions may be searched (the defaults unless the
    /// game says otherwise).
    #[must_use]
    fn search_hints() -> SearchHints {
        SearchHints::default()
    }

    /// `evaluator` made to evaluate with the game's trained network (an
    /// engine profile's `eval = "network"`), or why it cannot (a damaged
    /// built-in network).
    ///
    /// # Errors
    /// The built-in network does not read.
    fn with_network(evaluator: Self::Evaluator) -> Result<Self::Evaluator, NetworkError>;

    /// Whether the game's trained network can evaluate positions under the
    /// rule `options` (an engine profile's `options`), or why not: by
    /// default wherever [`with_network`](Self::with_network) gives one.
    fn network_reads(options: &Self::Options) -> Result<(), NetworkError> {
        let _ = options;
        Ok(())
    }

    /// The evaluator whose weights an engine profile's `[parameters.eval]`
    /// table sets (`weights`: that table; a weight it leaves out keeps its
    /// default), or what is wrong with the table, naming the weight. A
    /// game whose evaluator has no weights accepts only an empty table.
    fn weighted_evaluator(weights: toml::Table) -> Result<Self::Evaluator, String> {
        if weights.is_empty() {
            Ok(Self::Evaluator::default())
        } else {
            Err(format!(
                "the {} evaluator has no weights to set ([parameters.eval])",
                Self::NAME
            ))
        }
    }
}

/// Reads a `[parameters.eval]` table as the weights `W` (which defaults
/// the weights the table leaves out and refuses names it does not know),
/// after checking every number in it against [`bounds::EVAL_WEIGHT`]; the
/// error names the weight (`mobility`, `pawn_advance.2`).
pub fn read_weights<W: DeserializeOwned>(weights: toml::Table) -> Result<W, String> {
    fn check(path: &str, value: &toml::Value) -> Result<(), String> {
        match value {
            toml::Value::Integer(number) => bounds::EVAL_WEIGHT
                .check(path, *number)
                .map(|_| ())
                .map_err(|e| e.to_string()),
            toml::Value::Array(items) => items
                .iter()
                .enumerate()
                .try_for_each(|(i, item)| check(&format!("{path}.{i}"), item)),
            toml::Value::Table(table) => table
                .iter()
                .try_for_each(|(key, item)| check(&format!("{path}.{key}"), item)),
            _ => Ok(()),
        }
    }
    for (key, value) in &weights {
        check(key, value)?;
    }
    weights
        .clone()
        .try_into()
        .map_err(|error: toml::de::Error| {
            let message = error.message().trim().to_string();
            // The reader does not always say which weight it stumbled on (an
            // array of the wrong length): find the one that fails alone.
            let alone = |(key, value): (&String, &toml::Value)| {
                toml::Table::from_iter([(key.clone(), value.clone())])
                    .try_into::<W>()
                    .is_err()
            };
            match weights.iter().find(|&entry| alone(entry)) {
                Some((key, _)) if !message.contains(key.as_str()) => format!("{key}: {message}"),
                _ => message,
            }
        })
}
