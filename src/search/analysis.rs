//! Analysis output for front ends: search a state and stream the UCI-style
//! `info` lines as they come, then `bestmove`.

use std::io::Write;

use thiserror::Error;

use crate::game::Notation;

use super::info::{bestmove_line, info_line, SearchResult};
use super::limits::Limits;
use super::searcher::{AlphaBeta, SearchError};
use crate::knowledge::Evaluator;

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
