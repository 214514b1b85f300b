//! The decision rule of the visit-counting players (PIMC, ISMCTS, MCTS,
//! the cheating player): the most visited action, or under a level's
//! choice an action drawn by its visits ([`crate::engine::level`]).

use crate::search::uct::UctResult;
use crate::search::SearchError;

use crate::engine::level::LevelChooser;
use crate::engine::player::{Decision, PlayerError, Stats};

/// The decision of a visit-counting player: the only legal action when
/// there is one, else the best action (by the UCT's ranking rule: most
/// visits, then the higher mean, then the earlier legal action) of a search
/// run with the next seed drawn from `seed`, with its score, line and cost
/// (drawn by `chooser`'s level rule when there is one).
pub fn choose_most_visited<A: Copy + PartialEq>(
    legal: &[A],
    seed: &mut u64,
    chooser: Option<&mut LevelChooser>,
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
    Ok(leveled(result, legal, chooser))
}

/// [`decision`], its action drawn by `chooser` (when given) among the
/// legal root actions by their visits; the score stays the most visited
/// action's.
#[must_use]
pub fn leveled<A: Copy + PartialEq>(
    result: UctResult<A>,
    legal: &[A],
    chooser: Option<&mut LevelChooser>,
) -> Decision<A> {
    let drawn = chooser.and_then(|chooser| {
        let stats: Vec<_> = result
            .stats
            .iter()
            .filter(|s| legal.contains(&s.action))
            .collect();
        let visits: Vec<u64> = stats.iter().map(|s| s.visits).collect();
        chooser.pick_by_visits(&visits).map(|i| stats[i].action)
    });
    let mut decision = decision(result);
    if let Some(action) = drawn {
        decision.action = action;
    }
    decision
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
