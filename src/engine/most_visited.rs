//! The decision rule of the visit-counting players (PIMC, ISMCTS, the
//! cheating player).

use crate::search::uct::UctResult;
use crate::search::SearchError;

use super::player::PlayerError;

/// The decision of a visit-counting player: the only legal action when
/// there is one, else the best action (by the UCT's ranking rule) of a
/// search run with the next seed drawn from `seed` (the first legal action
/// if the search offers none of them).
pub fn choose_most_visited<A: Copy + PartialEq>(
    legal: &[A],
    seed: &mut u64,
    search: impl FnOnce(u64) -> Result<UctResult<A>, SearchError>,
) -> Result<A, PlayerError> {
    match legal {
        [] => return Err(PlayerError::NotAPlayersTurn),
        [only] => return Ok(*only),
        _ => {}
    }
    *seed = seed.wrapping_add(0x2545_F491_4F6C_DD1D);
    Ok(search(*seed)
        .ok()
        .map(|result| result.best)
        .filter(|best| legal.contains(best))
        .unwrap_or(legal[0]))
}

/// A sampling player's name: its kind and playouts per decision (`timed`
/// without a playout limit).
#[must_use]
pub fn player_name(kind: &str, limits: &crate::search::Limits) -> String {
    match limits.nodes {
        Some(nodes) => format!("{kind}-{nodes}"),
        None => format!("{kind}-timed"),
    }
}
