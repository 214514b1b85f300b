//! The deterministic bench: fixed perft counts and fixed-depth alpha-beta
//! searches per game, whose node counts depend only on the code. `tauler
//! bench` times them at full depth; a tournament records the counts of a
//! shallow run as its binary's **signature**, so that shards played by
//! different builds are told apart.

use anyhow::{bail, Result};
use serde::{Deserialize, Serialize};

use crate::engine::Catalogue;
use crate::game::Notation;
use crate::games::{GameId, PerftJob, SearchJob};
use crate::knowledge::EvalKind;
use crate::search::{AlphaBeta, AlphaBetaGame, Limits, SearchConfig};

/// Depths of the signature's perft jobs and searches at most: a fraction
/// of a second even in a debug build.
const SIGNATURE_PERFT_DEPTH: u32 = 2;
const SIGNATURE_SEARCH_DEPTH: u32 = 2;

/// The node counts of a shallow bench of one game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Signature {
    /// Perft nodes.
    pub perft: u64,
    /// Search nodes (games with an alpha-beta search).
    pub search: Option<u64>,
}

impl std::fmt::Display for Signature {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "perft {}", self.perft)?;
        if let Some(search) = self.search {
            write!(f, ", search {search}")?;
        }
        Ok(())
    }
}

/// The signature of `game`: the bench's jobs, each cut to a shallow depth.
pub fn signature(game: GameId) -> Result<Signature> {
    Ok(Signature {
        perft: perft_nodes(game, SIGNATURE_PERFT_DEPTH)?,
        search: search_nodes(game, SIGNATURE_SEARCH_DEPTH, EvalKind::Classic)?
            .map(|(nodes, _)| nodes),
    })
}

/// The perft counts of `game`'s bench jobs, each at most `max_depth` deep,
/// summed.
pub fn perft_nodes(game: GameId, max_depth: u32) -> Result<u64> {
    crate::with_game!(game, G => perft_jobs::<G>(game.info().bench.perft, max_depth))
}

fn perft_jobs<G: Notation>(jobs: &[PerftJob], max_depth: u32) -> Result<u64> {
    let options = G::Options::default();
    let mut nodes = 0;
    for &PerftJob { position, depth } in jobs {
        let state = match position {
            Some(text) => G::parse_position(text, &options)?,
            None => G::new(&options),
        };
        nodes += state.perft(depth.min(max_depth));
    }
    Ok(nodes)
}

/// The search part of `game`'s bench, for the games that have one, each
/// search at most `max_depth` deep: (nodes, depth).
pub fn search_nodes(game: GameId, max_depth: u32, eval: EvalKind) -> Result<Option<(u64, u32)>> {
    let Some(job) = game.info().bench.search else {
        return Ok(None);
    };
    let job = SearchJob {
        depth: job.depth.min(max_depth),
        ..job
    };
    let nodes = crate::with_family!(game,
        perfect G => search_jobs::<G>(game, job, eval)?,
        chance _, _ => bail!("{game}: the bench searches alpha-beta games only"),
        hidden _ => bail!("{game}: the bench searches alpha-beta games only"),
    );
    Ok(Some((nodes, job.depth)))
}

/// Fixed-depth alpha-beta searches with the settings of the game's built-in
/// analysis profile (overrides from `--engines` do not change the bench),
/// single-threaded with a fresh table, from each position, with the
/// game's standard evaluator or its network (`eval`); returns the nodes
/// searched.
fn search_jobs<G: AlphaBetaGame>(game: GameId, job: SearchJob, eval: EvalKind) -> Result<u64> {
    let settings = Catalogue::built_in()
        .get(game.info().profiles.analyse)?
        .search_config()?;
    let options = G::Options::default();
    let mut nodes = 0;
    for &position in job.positions {
        let state = match position {
            Some(text) => G::parse_position(text, &options)?,
            None => G::new(&options),
        };
        let config = SearchConfig {
            threads: 1,
            hash_mb: 16,
            ..settings
        };
        let evaluator = match eval {
            EvalKind::Classic => G::Evaluator::default(),
            EvalKind::Network => G::with_network(G::Evaluator::default())?,
        };
        let mut searcher = AlphaBeta::<G, G::Evaluator>::new(evaluator, config);
        nodes += searcher.search(&state, &Limits::depth(job.depth))?.nodes;
    }
    Ok(nodes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_signature_is_deterministic_and_differs_by_game() {
        let cescacs = signature(GameId::Cescacs).unwrap();
        assert_eq!(cescacs, signature(GameId::Cescacs).unwrap());
        assert!(cescacs.search.is_some());
        let muzicando = signature(GameId::Muzicando).unwrap();
        assert_eq!(muzicando.search, None);
        assert_ne!(cescacs.perft, muzicando.perft);
    }
}
