//! The first layer's output, kept up to date as the searcher walks the
//! tree.
//!
//! The alpha-beta searcher copies a state and applies an action to make a
//! child (it never unmakes), so the network cannot ride on make/unmake
//! hooks. Instead each search thread keeps one accumulator per ply
//! ([`IncrementalEval`]) with the cells it was computed from; a node at ply
//! `p` starts from whichever of ply `p`'s (the last sibling evaluated) and
//! ply `p − 1`'s (usually its parent) differs from it in fewer cells, and
//! removes the columns of the men that left a cell and adds those of the
//! men that arrived — a move touches two to four cells. When more cells
//! changed than a fresh sum costs (after a jump back up the tree), it sums
//! the active columns afresh. Leaving the ply (the searcher's unmake)
//! costs nothing: the parent's accumulator is still in its slot. The
//! result never depends on which path was taken: it is always the sum of
//! the position's columns (the property `tests/it/network.rs` checks).

use super::{simd, FeatureSet, Network, NetworkInput};
use crate::knowledge::EvalScratch;

/// The first layer's output for both perspectives (the first seat's, then
/// the second's), before clipping.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Accumulator {
    halves: [Vec<i16>; 2],
}

impl Accumulator {
    /// The sum of `cells`' active columns and the biases.
    #[must_use]
    pub fn fresh(network: &Network, set: &FeatureSet, cells: &[u8]) -> Self {
        let mut accumulator = Accumulator {
            halves: [network.b1.clone(), network.b1.clone()],
        };
        accumulator.refresh(network, set, cells);
        accumulator
    }

    fn refresh(&mut self, network: &Network, set: &FeatureSet, cells: &[u8]) {
        for (perspective, half) in self.halves.iter_mut().enumerate() {
            half.copy_from_slice(&network.b1);
            for (cell, &code) in cells.iter().enumerate().filter(|(_, &code)| code != 0) {
                simd::add(half, network.column(set.feature(perspective, code, cell)));
            }
        }
    }

    /// Moves the accumulator from `old` cells to `new` ones.
    fn update(&mut self, network: &Network, set: &FeatureSet, old: &[u8], new: &[u8]) {
        for (cell, (&was, &is)) in old.iter().zip(new).enumerate() {
            if was == is {
                continue;
            }
            for (perspective, half) in self.halves.iter_mut().enumerate() {
                if was != 0 {
                    simd::sub(half, network.column(set.feature(perspective, was, cell)));
                }
                if is != 0 {
                    simd::add(half, network.column(set.feature(perspective, is, cell)));
                }
            }
        }
    }

    /// The half of `perspective` (0 the first seat's, 1 the second's).
    #[must_use]
    pub fn half(&self, perspective: usize) -> &[i16] {
        &self.halves[perspective]
    }

    /// The evaluation from `side`'s view (the seat to move).
    #[must_use]
    pub fn output(&self, network: &Network, side: usize) -> i32 {
        network.output(&self.halves[side], &self.halves[side ^ 1])
    }
}

/// One ply's accumulator and the cells it sums.
#[derive(Clone, Debug)]
struct Slot {
    cells: Vec<u8>,
    accumulator: Accumulator,
}

/// A search thread's accumulators, one a ply (see the module's comment).
#[derive(Debug, Default)]
pub struct IncrementalEval {
    slots: Vec<Option<Slot>>,
    cells: Vec<u8>,
    /// Evaluations that summed the columns afresh.
    pub refreshes: u64,
    /// Evaluations that updated a kept accumulator.
    pub updates: u64,
}

fn differing(a: &[u8], b: &[u8]) -> usize {
    a.iter().zip(b).filter(|(x, y)| x != y).count()
}

impl IncrementalEval {
    /// The evaluation of `state`, reached at `ply` of the search, in
    /// centipawns from the side to move's view.
    pub fn evaluate<S: NetworkInput>(&mut self, network: &Network, state: &S, ply: usize) -> i32 {
        let set = S::feature_set();
        self.cells.resize(set.cells, 0);
        state.write_cells(&mut self.cells);
        if self.slots.len() <= ply {
            self.slots.resize(ply + 1, None);
        }
        let men = self.cells.iter().filter(|&&code| code != 0).count();
        // A changed cell costs up to two column operations a perspective,
        // a fresh sum one for each man.
        let cheap = |changed: usize| 2 * changed < men;
        let (before, rest) = self.slots.split_at_mut(ply);
        let parent = before.last().and_then(Option::as_ref);
        let distance = |slot: &Slot| differing(&slot.cells, &self.cells);
        let here = rest[0].as_ref().map(distance).filter(|&d| cheap(d));
        let up = parent.map(distance).filter(|&d| cheap(d));
        let slot = match (rest[0].take(), parent) {
            (Some(mut kept), _) if here.is_some_and(|h| up.is_none_or(|p| h <= p)) => {
                kept.accumulator
                    .update(network, set, &kept.cells, &self.cells);
                self.updates += 1;
                kept
            }
            (kept, Some(base)) if up.is_some() => {
                let mut kept = kept.unwrap_or_else(|| base.clone());
                kept.accumulator.clone_from(&base.accumulator);
                kept.accumulator
                    .update(network, set, &base.cells, &self.cells);
                self.updates += 1;
                kept
            }
            (Some(mut kept), _) => {
                kept.accumulator.refresh(network, set, &self.cells);
                self.refreshes += 1;
                kept
            }
            (None, _) => {
                self.refreshes += 1;
                Slot {
                    cells: self.cells.clone(),
                    accumulator: Accumulator::fresh(network, set, &self.cells),
                }
            }
        };
        let slot = rest[0].insert(slot);
        slot.cells.copy_from_slice(&self.cells);
        slot.accumulator.output(network, state.side_to_move())
    }

    /// `network`'s evaluation of `state` summed afresh (an evaluator's
    /// `evaluate`), with the game's `classic` evaluation where the network
    /// corrects it ([`Network::evaluation`]).
    pub fn fresh_evaluation<S: NetworkInput>(
        network: &Network,
        state: &S,
        classic: impl FnOnce() -> i32,
    ) -> i32 {
        let output = Self::default().evaluate(network, state, 0);
        network.evaluation(output, classic)
    }

    /// [`Self::fresh_evaluation`] of `state` reached at `ply` of a search,
    /// from the accumulators the thread keeps in `scratch` (an evaluator's
    /// `evaluate_at`).
    pub fn evaluation_at<S: NetworkInput>(
        network: &Network,
        state: &S,
        ply: usize,
        scratch: &mut EvalScratch,
        classic: impl FnOnce() -> i32,
    ) -> i32 {
        let output = scratch.get::<Self>().evaluate(network, state, ply);
        network.evaluation(output, classic)
    }

    /// The accumulator of `ply`'s last evaluation, if any.
    #[must_use]
    pub fn accumulator(&self, ply: usize) -> Option<&Accumulator> {
        self.slots.get(ply)?.as_ref().map(|slot| &slot.accumulator)
    }
}
