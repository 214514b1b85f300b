//! The decision rule of the visit-counting players (PIMC, ISMCTS, the
//! cheating player).

use crate::search::uct::UctResult;
use crate::search::SearchError;

use super::player::{Decision, PlayerError, Stats};

/// The decision of a visit-counting player: the only legal action when
/// there is one, else the best action (by the UCT's ranking rule: most
/// visits, then the higher mean, then the earlier legal action) of a search
/// run with the next seed drawn from `seed`, with its score, line and cost.
pub fn choose_most_visited<A: Copy + PartialEq>(
    legal: &[A],
    seed: &mut u64,
    search: impl FnOnce(u64) -> Result<UctResult<A>, SearchError>,
) -> Result<Decision<A>, PlayerError> {
    match legal {
        [] => return Err(PlayerError::NotAPlayersTurn),
        [only] => return Ok(Decision::action(*only)),
        _ => {}
    }
    *seed = seed.wrapping_add(0x2545_F491_4F6C_DD1D);
    let result = search(*seed)?;
    if !legal.contains(&result.best) {
        return Ok(Decision::action(legal[0]));
    }
    Ok(decision(result))
}

/// A UCT result as a player's decision.
#[must_use]
pub fn decision<A>(result: UctResult<A>) -> Decision<A> {
    let UctResult {
        best,
        lines,
        iterations,
        time,
        ..
    } = result;
    Decision {
        action: best,
        score: lines.first().map(|line| line.score.0),
        lines,
        stats: Stats {
            depth: 0,
            nodes: iterations,
            time,
        },
    }
}
