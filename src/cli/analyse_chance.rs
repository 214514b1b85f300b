//! `tauler analyse` for games with chance (card chess): an expectimax
//! search under the given limits, then what a player at the board asks —
//! the expected value of drawing against the best normal move, and the
//! value of each card that may come.

use std::io::Write;

use anyhow::Result;

use super::analyse::AnalyseArgs;
use crate::engine::EngineProfile;
use crate::game::Notation;
use crate::search::expectimax::Expectimax;
use crate::search::Evaluator;

/// Analyses with expectimax and `evaluator`, the pruning and table size of
/// `profile` (the game's analysis profile); values are from the view of the
/// seat to move, in the evaluator's units (pawn ≈ 100).
pub fn run<G: Notation, E: Evaluator<G>>(
    args: &AnalyseArgs,
    profile: &EngineProfile,
    evaluator: E,
) -> Result<()> {
    let root: G = args.position.state()?;
    let params = profile.chance_params()?;
    let mut searcher = Expectimax::new(evaluator, params.pruning, params.table_bits);
    let result = searcher.search(&root, &args.limits())?;
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "info depth {} value {:.1} nodes {}",
        result.depth, result.value, result.nodes
    )?;
    let breakdown = searcher.breakdown(&root, result.depth)?;
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
    writeln!(out, "bestmove {}", root.format_action(result.best))?;
    Ok(())
}
