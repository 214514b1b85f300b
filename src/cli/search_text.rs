//! The UCI-style text of a search for the front ends: `info` lines while it
//! runs, `bestmove` at the end, principal variations in the game's
//! notation ([`Notation::format_line`]), and [`analyse`], which streams them while searching.

use std::io::Write;

use anyhow::Context;

use crate::game::Notation;
use crate::knowledge::Evaluator;
use crate::protocol::reply::Info;
use crate::search::{AlphaBeta, Limits, SearchInfo, SearchResult};

/// The UCI-style line `info depth D seldepth S multipv K score cp X|mate N
/// nodes N nps N hashfull H time MS pv …`, the line in the game's notation.
#[must_use]
pub fn info_line<G: Notation>(root: &G, info: &SearchInfo<G::Action>) -> String {
    Info::of_report(info, root.format_line(&info.line.pv)).to_string()
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

/// Searches `state` under `limits`, writing one flushed `info` line per
/// completed line of each iteration and a final `bestmove` line to `out`.
pub fn analyse<G: Notation, E: Evaluator<G>>(
    searcher: &mut AlphaBeta<G, E>,
    state: &G,
    limits: &Limits,
    out: &mut impl Write,
) -> anyhow::Result<SearchResult<G::Action>> {
    let mut failure = None;
    let result = searcher.search_with(state, limits, |info| {
        if failure.is_none() {
            let written = writeln!(out, "{}", info_line(state, info)).and_then(|()| out.flush());
            failure = written.err();
        }
    })?;
    let written = match failure {
        Some(error) => Err(error),
        None => writeln!(out, "{}", bestmove_line(state, &result)).and_then(|()| out.flush()),
    };
    written.context("cannot write the analysis")?;
    Ok(result)
}
