//! What a search reports, as typed data: one [`SearchInfo`] per completed
//! line of each iteration, and a [`SearchResult`] at the end. Front ends
//! turn them into text.

use std::time::Duration;

use super::score::Score;

/// One principal variation and its score.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PvLine<A> {
    /// The score from the root seat's view.
    pub score: Score,
    /// The actions, first the root action.
    pub pv: Vec<A>,
}

/// Progress after one line of one iteration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchInfo<A> {
    /// Nominal depth of the iteration (the length of the line, for Monte
    /// Carlo searchers).
    pub depth: u32,
    /// Deepest ply reached, quiescence included.
    pub seldepth: usize,
    /// Which line (1 = best) under multi-PV.
    pub multipv: usize,
    /// The line.
    pub line: PvLine<A>,
    /// Nodes searched so far by all threads (playouts, for Monte Carlo
    /// searchers).
    pub nodes: u64,
    /// Playouts (or sampled worlds) so far, for the searchers that count
    /// them instead of deepening.
    pub iterations: Option<u64>,
    /// Time since the search started.
    pub time: Duration,
    /// Permille of the transposition table written in this search.
    pub hashfull: usize,
}

impl<A> SearchInfo<A> {
    /// Nodes per second so far.
    #[must_use]
    pub fn nps(&self) -> u64 {
        nps(self.nodes, self.time)
    }
}

/// The outcome of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult<A> {
    /// The action to play: the first action of the best line.
    pub best: A,
    /// The best lines, best first (one unless multi-PV).
    pub lines: Vec<PvLine<A>>,
    /// Depth of the last completed iteration (0 if none completed).
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: usize,
    /// Nodes searched by all threads.
    pub nodes: u64,
    /// Time the search took.
    pub time: Duration,
}

impl<A: Copy> SearchResult<A> {
    /// The score of the best line.
    #[must_use]
    pub fn score(&self) -> Score {
        self.lines.first().map_or(Score(0), |line| line.score)
    }

    /// The best line.
    #[must_use]
    pub fn pv(&self) -> &[A] {
        self.lines.first().map_or(&[], |line| line.pv.as_slice())
    }
}

fn nps(nodes: u64, time: Duration) -> u64 {
    let micros = time.as_micros().max(1);
    (u128::from(nodes) * 1_000_000 / micros) as u64
}
