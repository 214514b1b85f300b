//! What a search reports: one [`SearchInfo`] per completed line of each
//! iteration, and a [`SearchResult`] at the end, with their UCI-style text.

use std::time::Duration;

use crate::game::Notation;

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
    /// Nominal depth of the iteration.
    pub depth: u32,
    /// Deepest ply reached, quiescence included.
    pub seldepth: usize,
    /// Which line (1 = best) under multi-PV.
    pub multipv: usize,
    /// The line.
    pub line: PvLine<A>,
    /// Nodes searched so far by all threads.
    pub nodes: u64,
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

/// Writes `pv` in the game's notation, each action formatted in the state it
/// is played from.
#[must_use]
pub fn format_pv<G: Notation>(root: &G, pv: &[G::Action]) -> String {
    let mut state = root.clone();
    let mut words = Vec::with_capacity(pv.len());
    for &action in pv {
        words.push(state.format_action(action));
        state.apply(action);
    }
    words.join(" ")
}

/// The UCI-style line `info depth D seldepth S multipv K score cp X|mate N
/// nodes N nps N hashfull H time MS pv …`.
#[must_use]
pub fn info_line<G: Notation>(root: &G, info: &SearchInfo<G::Action>) -> String {
    format!(
        "info depth {} seldepth {} multipv {} score {} nodes {} nps {} hashfull {} time {} pv {}",
        info.depth,
        info.seldepth,
        info.multipv,
        info.line.score,
        info.nodes,
        info.nps(),
        info.hashfull,
        info.time.as_millis(),
        format_pv(root, &info.line.pv)
    )
}

/// The line `bestmove M` (with `ponder P` when the line continues).
#[must_use]
pub fn bestmove_line<G: Notation>(root: &G, result: &SearchResult<G::Action>) -> String {
    let mut text = format!("bestmove {}", root.format_action(result.best));
    if let Some(&reply) = result.pv().get(1) {
        let mut next = root.clone();
        next.apply(result.best);
        text.push_str(" ponder ");
        text.push_str(&next.format_action(reply));
    }
    text
}
