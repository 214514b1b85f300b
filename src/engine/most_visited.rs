//! The decision rule of the visit-counting players (PIMC, ISMCTS).

use crate::search::world_mcts::{most_visited, ActionStats};

use super::player::PlayerError;

/// The decision of a visit-counting player: the only legal action when
/// there is one, else the most visited legal action of a search run with
/// the next seed drawn from `seed` (the first legal action if none was
/// visited).
pub fn choose_most_visited<A: Copy + PartialEq>(
    legal: &[A],
    seed: &mut u64,
    search: impl FnOnce(u64) -> Vec<ActionStats<A>>,
) -> Result<A, PlayerError> {
    match legal {
        [] => return Err(PlayerError::NotAPlayersTurn),
        [only] => return Ok(*only),
        _ => {}
    }
    *seed = seed.wrapping_add(0x2545_F491_4F6C_DD1D);
    let mut stats = search(*seed);
    stats.retain(|s| legal.contains(&s.action));
    Ok(most_visited(&stats).unwrap_or(legal[0]))
}
