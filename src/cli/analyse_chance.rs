//! `tauler analyse` for games with chance (card chess): an expectimax
//! search under the given limits, then what a player at the board asks —
//! the expected value of drawing against the best normal move, and the
//! value of each card that may come.
//!
//! The whole command keeps to `--movetime`: the search gets three quarters
//! of it and the breakdown what is left, deepening up to the search's depth
//! while time remains. Under `--nodes` the breakdown has a budget of the
//! same size; under `--depth` it goes to the same depth. `bestmove` is the
//! search's choice, and the breakdown's best move wins ties in its favour.

use std::io::Write;
use std::time::{Duration, Instant};

use anyhow::Result;

use super::analyse::{AnalyseArgs, Flag};
use crate::engine::EngineProfile;
use crate::game::Notation;
use crate::search::{Evaluator, Limits};

/// Analyses with expectimax and `evaluator`, the pruning and table size of
/// `profile` (the game's analysis profile); values are from the view of the
/// seat to move, in the evaluator's units (pawn ≈ 100).
pub fn run<G: Notation, E: Evaluator<G>>(
    args: &AnalyseArgs,
    profile: &EngineProfile,
    evaluator: E,
) -> Result<()> {
    args.refuse(
        &[Flag::Multipv, Flag::Threads, Flag::Hash, Flag::Seat],
        G::NAME,
    )?;
    let limits = args.limits()?;
    let root: G = args.position.state()?;
    let start = Instant::now();
    let params = profile.chance_params()?;
    let mut searcher = params.expectimax(evaluator);
    let result = searcher.search(&root, &search_share(&limits))?;
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "info depth {} value {:.1} nodes {}",
        result.depth, result.value, result.nodes
    )?;
    out.flush()?;
    let rest = breakdown_share(&limits, start.elapsed());
    let breakdown = searcher.breakdown(&root, result.depth, &rest, Some(result.best))?;
    if let Some(breakdown) = breakdown {
        if breakdown.depth < result.depth {
            writeln!(
                out,
                "breakdown depth {} (its budget ran out)",
                breakdown.depth
            )?;
        }
        if let Some((action, value)) = breakdown.best_sure {
            writeln!(
                out,
                "best move {} value {value:.1}",
                root.format_action(action)
            )?;
        }
        for gamble in &breakdown.gambles {
            writeln!(
                out,
                "{} expected value {:.1}",
                root.format_action(gamble.action),
                gamble.expected
            )?;
            let mut drawn = root.clone();
            drawn.apply(gamble.action);
            for (outcome, p, value) in &gamble.outcomes {
                writeln!(
                    out,
                    "  {} probability {p:.4} value {value:.1}",
                    drawn.format_action(*outcome)
                )?;
            }
        }
    } else {
        writeln!(out, "breakdown skipped (its budget ran out)")?;
    }
    writeln!(out, "bestmove {}", root.format_action(result.best))?;
    Ok(())
}

/// The search's part of `limits`: three quarters of a fixed time.
fn search_share(limits: &Limits) -> Limits {
    match limits.movetime {
        Some(time) => Limits::movetime((time * 3 / 4).max(Duration::from_millis(1))),
        None => *limits,
    }
}

/// The breakdown's part of `limits` once the search took `spent`: the rest
/// of a fixed time (at least a millisecond, so that it stops at once).
fn breakdown_share(limits: &Limits, spent: Duration) -> Limits {
    match limits.movetime {
        Some(time) => Limits::movetime(time.saturating_sub(spent).max(Duration::from_millis(1))),
        None => *limits,
    }
}
