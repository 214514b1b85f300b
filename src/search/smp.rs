//! Lazy SMP: several threads run the same iterative deepening on the same
//! root, sharing only the transposition table. Helper threads (odd ones one
//! ply deeper) fill the table with results the main thread then finds. The
//! main thread reports its iterations and decides when time is up; whichever
//! thread completes the last depth first stops them all, and the answer is
//! the deepest completed iteration of any thread (the main thread's on a tie).

use std::marker::PhantomData;

use crate::game::{Game, Seat};

use super::alphabeta::{Outcome, Shared, Worker};
use super::config::SearchConfig;
use super::control::Control;
use super::info::SearchInfo;
use super::ordering::MoveOrdering;
use super::tt::TranspositionTable;
use crate::knowledge::Evaluator;

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

/// Runs one thread per entry of `orderings` (their per-thread statistics)
/// on `root`, where `seat` is to move, and returns the main thread's outcome.
/// A chance node met by any thread is reported in the outcome.
pub fn lazy_smp<G: Game, E: Evaluator<G>>(
    root: &G,
    seat: Seat,
    context: &Context<'_, E>,
    orderings: &mut [MoveOrdering<G::Action>],
    report: &mut dyn FnMut(SearchInfo<G::Action>),
) -> Outcome<G::Action> {
    let shared = || Shared {
        evaluator: context.evaluator,
        tt: context.tt,
        control: context.control,
        config: context.config,
        max_depth: context.max_depth,
        game: PhantomData,
    };
    let Some((main_ordering, helper_orderings)) = orderings.split_first_mut() else {
        return Worker::new(shared(), 0, &mut MoveOrdering::default()).run(
            root,
            seat,
            Some(report),
        );
    };
    std::thread::scope(|scope| {
        let helpers: Vec<_> = helper_orderings
            .iter_mut()
            .enumerate()
            .map(|(index, ordering)| {
                let shared = shared();
                scope.spawn(move || Worker::new(shared, index + 1, ordering).run(root, seat, None))
            })
            .collect();
        let mut outcome = Worker::new(shared(), 0, main_ordering).run(root, seat, Some(report));
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
