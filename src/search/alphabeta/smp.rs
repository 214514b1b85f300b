//! Several threads on one search. Two ways, chosen by
//! [`SmpMode`](super::config::SmpMode):
//!
//! - **Splitting** (the default, `split.rs`): the main thread runs iterative
//!   deepening and the others wait to share the remaining actions of its
//!   nodes, the root's included. Here the helpers only serve splits.
//! - **Lazy SMP**, the rest of this file: every thread runs iterative
//!   deepening on the same root, sharing the transposition table, and they
//!   divide the root between them:
//!   - All threads search the same depth. Every thread searches a line's
//!     first root action (the expected best, where the table sharing helps
//!     most); each later root action is *claimed* by the first thread to
//!     reach it at that depth, and the others defer it to the end of their
//!     pass, where the claimer's result is mostly waiting in the table.
//!   - A thread that completes a depth publishes it; the others abandon that
//!     depth at their next poll (what they searched stays in the table) and
//!     go on with the next one, so no thread lingers on a finished depth.
//!     The main thread reports the published iteration as its own.
//!   - Whichever thread completes the last depth first stops them all, and
//!     the answer is the deepest completed iteration of any thread (the main
//!     thread's on a tie).
//!
//! Either way the main thread reports its iterations and decides when time
//! is up. With one thread none of this applies: the search is the plain
//! single-threaded one, node for node.

use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Mutex;

use std::marker::PhantomData;

use crate::game::{Game, Seat};

use super::config::{SearchConfig, SmpMode};
use super::negamax::{Outcome, Shared, Worker};
use super::ordering::MoveOrdering;
use super::split::SplitBoard;
use super::tt::TranspositionTable;
use crate::knowledge::Evaluator;
use crate::search::control::Control;
use crate::search::info::{PvLine, SearchInfo};

/// What every thread of one search shares.
pub struct Context<'a, E> {
    /// The static evaluation.
    pub evaluator: &'a E,
    /// The shared table.
    pub tt: &'a TranspositionTable,
    /// The shared stopping state.
    pub control: &'a Control,
    /// Search parameters.
    pub config: &'a SearchConfig,
    /// The last depth to search.
    pub max_depth: u32,
}

/// An iteration a thread completed, for the others to take up.
#[derive(Clone, Debug)]
pub struct Completed<A> {
    /// Its depth.
    pub depth: u32,
    /// Its lines, best first.
    pub lines: Vec<PvLine<A>>,
    /// The deepest ply its thread had reached.
    pub seldepth: usize,
}

/// How the threads of one search divide the root (see the module doc).
#[derive(Debug)]
pub struct RootShare<A> {
    /// Per root action, in `legal_actions` order: the highest claim key
    /// (depth and line, see [`RootShare::claim`]) a thread has taken it at.
    claims: Vec<AtomicU32>,
    /// The deepest iteration any thread has completed.
    completed: AtomicU32,
    /// That iteration's result.
    best: Mutex<Option<Completed<A>>>,
}

impl<A: Clone> RootShare<A> {
    /// The shared state of a root with `actions` legal actions.
    #[must_use]
    pub fn new(actions: usize) -> Self {
        Self {
            claims: (0..actions).map(|_| AtomicU32::new(0)).collect(),
            completed: AtomicU32::new(0),
            best: Mutex::new(None),
        }
    }

    /// Takes root action `action` (its `legal_actions` index) for line
    /// `line` of the iteration to `depth`; false if another thread took it
    /// first, when the caller defers it.
    pub fn claim(&self, action: usize, depth: u32, line: usize) -> bool {
        let key = depth << 9 | (line.min(511) as u32);
        self.claims
            .get(action)
            .is_none_or(|claim| claim.fetch_max(key, Ordering::Relaxed) < key)
    }

    /// The deepest iteration any thread has completed.
    #[must_use]
    pub fn completed(&self) -> u32 {
        self.completed.load(Ordering::Relaxed)
    }

    /// Publishes a completed iteration, unless a deeper one is known.
    pub fn complete(&self, iteration: Completed<A>) {
        let mut best = self
            .best
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if best
            .as_ref()
            .is_none_or(|known| known.depth < iteration.depth)
        {
            self.completed.fetch_max(iteration.depth, Ordering::Relaxed);
            *best = Some(iteration);
        }
    }

    /// The deepest completed iteration, if it is deeper than `depth`.
    #[must_use]
    pub fn deeper_than(&self, depth: u32) -> Option<Completed<A>> {
        if self.completed() <= depth {
            return None;
        }
        let best = self
            .best
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        best.as_ref().filter(|known| known.depth > depth).cloned()
    }
}

/// Runs one thread per entry of `orderings` (their per-thread statistics)
/// on `root`, where `seat` is to move, splitting or as Lazy SMP, and
/// returns the main thread's outcome.
/// A chance node met by any thread is reported in the outcome.
pub fn threaded_search<G: Game, E: Evaluator<G>>(
    root: &G,
    seat: Seat,
    only: &[G::Action],
    context: &Context<'_, E>,
    orderings: &mut [MoveOrdering<G::Action>],
    report: &mut dyn FnMut(SearchInfo<G::Action>),
) -> Outcome<G::Action> {
    let mut actions = Vec::new();
    root.legal_actions(&mut actions);
    if !only.is_empty() {
        actions.retain(|action| only.contains(action));
    }
    let threads = orderings.len();
    let first_action = actions.first().copied();
    let splitting = context.config.smp == SmpMode::Split;
    let root_share = (threads > 1 && !splitting).then(|| RootShare::new(actions.len()));
    let board = (threads > 1 && splitting).then(SplitBoard::default);
    let shared = || Shared {
        evaluator: context.evaluator,
        tt: context.tt,
        control: context.control,
        config: context.config,
        max_depth: context.max_depth,
        root: root_share.as_ref(),
        splits: board.as_ref(),
        root_only: only,
        game: PhantomData,
    };
    let Some((main_ordering, helper_orderings)) = orderings.split_first_mut() else {
        return Worker::new(shared(), &mut MoveOrdering::default()).run(root, seat, Some(report));
    };
    std::thread::scope(|scope| {
        let helpers: Vec<_> = helper_orderings
            .iter_mut()
            .map(|ordering| {
                let shared = shared();
                scope.spawn(move || {
                    let mut worker = Worker::new(shared, ordering);
                    match first_action.filter(|_| splitting) {
                        Some(fallback) => worker.serve(fallback),
                        None => worker.run(root, seat, None),
                    }
                })
            })
            .collect();
        let mut outcome = Worker::new(shared(), main_ordering).run(root, seat, Some(report));
        context.control.stop();
        let main_depth = outcome.depth;
        for helper in helpers {
            match helper.join() {
                Ok(helper_outcome) => {
                    let met_chance = outcome.met_chance || helper_outcome.met_chance;
                    let seldepth = outcome.seldepth.max(helper_outcome.seldepth);
                    if helper_outcome.depth > outcome.depth {
                        outcome = helper_outcome;
                    }
                    outcome.met_chance = met_chance;
                    outcome.seldepth = seldepth;
                }
                Err(panic) => std::panic::resume_unwind(panic),
            }
        }
        if outcome.depth > main_depth {
            for (line, pv_line) in outcome.lines.iter().enumerate() {
                report(SearchInfo {
                    depth: outcome.depth,
                    seldepth: outcome.seldepth,
                    multipv: line + 1,
                    line: pv_line.clone(),
                    nodes: context.control.nodes(),
                    iterations: None,
                    time: context.control.elapsed(),
                    hashfull: context.tt.hashfull(),
                });
            }
        }
        outcome
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::score::Score;

    fn completed(depth: u32, action: u8) -> Completed<u8> {
        Completed {
            depth,
            lines: vec![PvLine {
                score: Score(i32::from(action)),
                pv: vec![action],
            }],
            seldepth: depth as usize,
        }
    }

    #[test]
    fn a_root_action_is_claimed_once_per_depth_and_line() {
        let share = RootShare::<u8>::new(3);
        assert!(share.claim(1, 4, 0));
        assert!(!share.claim(1, 4, 0), "a second thread defers it");
        assert!(share.claim(2, 4, 0), "other actions are free");
        assert!(share.claim(1, 4, 1), "the next line takes it again");
        assert!(!share.claim(1, 4, 0), "an earlier line's claim is spent");
        assert!(share.claim(1, 5, 0), "the next depth takes it again");
        assert!(!share.claim(1, 3, 0), "a shallower depth is behind");
    }

    #[test]
    fn the_deepest_completed_iteration_is_kept_and_handed_on() {
        let share = RootShare::new(3);
        assert_eq!(share.completed(), 0);
        assert!(share.deeper_than(0).is_none());
        share.complete(completed(3, 7));
        share.complete(completed(2, 9));
        assert_eq!(share.completed(), 3);
        let taken = share.deeper_than(2).unwrap();
        assert_eq!((taken.depth, taken.lines[0].pv.clone()), (3, vec![7]));
        assert!(share.deeper_than(3).is_none());
    }
}
