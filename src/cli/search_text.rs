//! The UCI-style text of a search for the front ends: `info` lines while it
//! runs, `bestmove` at the end, principal variations in the game's
//! notation, and [`analyse`], which streams them while searching.

use std::io::Write;

use thiserror::Error;

use crate::game::Notation;
use crate::knowledge::Evaluator;
use crate::search::{AlphaBeta, Limits, SearchError, SearchInfo, SearchResult};

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

/// Why an analysis failed.
#[derive(Debug, Error)]
pub enum AnalysisError {
    /// The searcher refused the state.
    #[error(transparent)]
    Search(#[from] SearchError),
    /// Writing the output failed.
    #[error("cannot write the analysis: {0}")]
    Io(#[from] std::io::Error),
}

/// Searches `state` under `limits`, writing one flushed `info` line per
/// completed line of each iteration and a final `bestmove` line to `out`.
pub fn analyse<G: Notation, E: Evaluator<G>>(
    searcher: &mut AlphaBeta<G, E>,
    state: &G,
    limits: &Limits,
    out: &mut impl Write,
) -> Result<SearchResult<G::Action>, AnalysisError> {
    let mut failure = None;
    let result = searcher.search_with(state, limits, |info| {
        if failure.is_none() {
            let written = writeln!(out, "{}", info_line(state, info)).and_then(|()| out.flush());
            failure = written.err();
        }
    })?;
    if let Some(error) = failure {
        return Err(error.into());
    }
    writeln!(out, "{}", bestmove_line(state, &result))?;
    out.flush()?;
    Ok(result)
}
