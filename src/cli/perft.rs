//! `tauler perft`: move-path enumeration for testing move generators.

use std::io::Write;
use std::time::Instant;

use anyhow::Result;

use super::PositionArgs;
use crate::bounds;
use crate::game::{next_actions, Notation};

/// Prints the perft count (and optionally the divide list) of a position.
pub fn run<G: Notation>(args: &PositionArgs, depth: u32, divide: bool) -> Result<()> {
    let depth = bounds::PERFT_DEPTH.check("--depth", depth)?;
    let state: G = args.state()?;
    let mut out = std::io::stdout().lock();
    let start = Instant::now();
    let nodes = if divide && depth > 0 {
        let mut total = 0;
        for (action, text) in root_actions(&state) {
            let mut child = state.clone();
            child.apply(action);
            let count = child.perft(depth - 1);
            writeln!(out, "{text} {count}")?;
            total += count;
        }
        total
    } else {
        state.perft(depth)
    };
    let seconds = start.elapsed().as_secs_f64();
    writeln!(
        out,
        "time {:.3} s, {:.0} nodes/s",
        seconds,
        nodes as f64 / seconds.max(1e-9)
    )?;
    writeln!(out, "nodes {nodes}")?;
    Ok(())
}

/// The actions at the root with their text (chance outcomes included).
fn root_actions<G: Notation>(state: &G) -> Vec<(G::Action, String)> {
    let mut actions = Vec::new();
    next_actions(state, &mut actions);
    actions
        .into_iter()
        .map(|a| (a, state.format_action(a)))
        .collect()
}
