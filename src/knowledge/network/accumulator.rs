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
        for_each_change(old, new, |cell, was, is| {
            for (perspective, half) in self.halves.iter_mut().enumerate() {
                if was != 0 {
                    simd::sub(half, network.column(set.feature(perspective, was, cell)));
                }
                if is != 0 {
                    simd::add(half, network.column(set.feature(perspective, is, cell)));
                }
            }
        });
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

/// The bytes of a word, eight at a time: the cells are compared a word
/// at a time, since a move changes two to four of a board's 100-odd cells
/// and a byte-by-byte scan cost more than the accumulator's update.
const WORD: usize = 8;
const LOW_SEVEN: u64 = 0x7f7f_7f7f_7f7f_7f7f;
const HIGH: u64 = 0x8080_8080_8080_8080;

/// How many bytes of `word` are not zero.
#[inline]
fn nonzero_bytes(word: u64) -> usize {
    // A byte's high bit is set after the addition exactly when its low
    // seven bits are not all zero; or-ing in the word itself catches a
    // byte whose only bit is the high one.
    (((word & LOW_SEVEN).wrapping_add(LOW_SEVEN) | word) & HIGH).count_ones() as usize
}

/// `cells` as whole words, and the bytes left after the last one.
fn words(cells: &[u8]) -> (impl Iterator<Item = u64> + '_, &[u8]) {
    let chunks = cells.chunks_exact(WORD);
    let tail = chunks.remainder();
    let words = chunks.map(|chunk| u64::from_le_bytes(chunk.try_into().expect("a word")));
    (words, tail)
}

/// How many cells hold a man.
fn men(cells: &[u8]) -> usize {
    let (words, tail) = words(cells);
    words.map(nonzero_bytes).sum::<usize>() + tail.iter().filter(|&&code| code != 0).count()
}

/// How many cells differ between `a` and `b` (of one length).
fn differing(a: &[u8], b: &[u8]) -> usize {
    let ((a_words, a_tail), (b_words, b_tail)) = (words(a), words(b));
    let changed: usize = a_words
        .zip(b_words)
        .map(|(x, y)| nonzero_bytes(x ^ y))
        .sum();
    changed + a_tail.iter().zip(b_tail).filter(|(x, y)| x != y).count()
}

/// Calls `change(cell, was, is)` for every cell whose man differs between
/// `old` and `new` (of one length), skipping the equal words whole.
#[inline]
fn for_each_change(old: &[u8], new: &[u8], mut change: impl FnMut(usize, u8, u8)) {
    let (old_words, _) = words(old);
    let (new_words, _) = words(new);
    let whole = old.len() / WORD * WORD;
    let changed_words = old_words
        .zip(new_words)
        .enumerate()
        .filter(|(_, (x, y))| x != y)
        .map(|(index, _)| index * WORD);
    for start in changed_words.chain((whole < old.len()).then_some(whole)) {
        let end = (start + WORD).min(old.len());
        for cell in start..end {
            let (was, is) = (old[cell], new[cell]);
            if was != is {
                change(cell, was, is);
            }
        }
    }
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
        let men = men(&self.cells);
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
    /// corrects it ([`Network::evaluation`]); without a network, the
    /// classic evaluation alone.
    pub fn fresh_evaluation<S: NetworkInput>(
        network: Option<&Network>,
        state: &S,
        classic: impl FnOnce() -> i32,
    ) -> i32 {
        match network {
            Some(network) => {
                let output = Self::default().evaluate(network, state, 0);
                network.evaluation(output, classic)
            }
            None => classic(),
        }
    }

    /// [`Self::fresh_evaluation`] of `state` reached at `ply` of a search,
    /// from the accumulators the thread keeps in `scratch` (an evaluator's
    /// `evaluate_at`).
    pub fn evaluation_at<S: NetworkInput>(
        network: Option<&Network>,
        state: &S,
        ply: usize,
        scratch: &mut EvalScratch,
        classic: impl FnOnce() -> i32,
    ) -> i32 {
        match network {
            Some(network) => {
                let output = scratch.get::<Self>().evaluate(network, state, ply);
                network.evaluation(output, classic)
            }
            None => classic(),
        }
    }

    /// The accumulator of `ply`'s last evaluation, if any.
    #[must_use]
    pub fn accumulator(&self, ply: usize) -> Option<&Accumulator> {
        self.slots.get(ply)?.as_ref().map(|slot| &slot.accumulator)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn word_counts_agree_with_a_byte_by_byte_count() {
        // Every byte value, in every position of a word, beside others.
        let bytes: Vec<u8> = (0..=255u8).chain([0, 0x80, 1, 0, 0x7f, 0xff, 0]).collect();
        for len in [0, 1, 7, 8, 9, 64, 169, bytes.len()] {
            let a = &bytes[..len];
            let b: Vec<u8> = a.iter().rev().copied().collect();
            assert_eq!(men(a), a.iter().filter(|&&x| x != 0).count(), "len {len}");
            let expected = a.iter().zip(&b).filter(|(x, y)| x != y).count();
            assert_eq!(differing(a, &b), expected, "len {len}");
            let mut seen = Vec::new();
            for_each_change(a, &b, |cell, was, is| seen.push((cell, was, is)));
            let all: Vec<_> = (0..len)
                .filter(|&i| a[i] != b[i])
                .map(|i| (i, a[i], b[i]))
                .collect();
            assert_eq!(seen, all, "len {len}");
        }
    }
}
