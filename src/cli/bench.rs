//! `tauler bench`: a fixed, deterministic workload per game. The node count
//! depends only on the code, so it doubles as a quick regression check; the
//! speed is the machine's.

use std::time::Instant;

use anyhow::{bail, Result};

use crate::engine::Catalogue;
use crate::game::Notation;
use crate::games::{GameId, PerftJob, SearchJob};
use crate::search::{AlphaBeta, AlphaBetaGame, Limits, SearchConfig};

/// The perft counts of `jobs`, summed.
fn bench_game<G: Notation>(jobs: &[PerftJob]) -> Result<u64> {
    let options = G::Options::default();
    let mut nodes = 0;
    for &PerftJob { position, depth } in jobs {
        let state = match position {
            Some(text) => G::parse_position(text, &options)?,
            None => G::new(&options),
        };
        nodes += state.perft(depth);
    }
    Ok(nodes)
}

/// Fixed-depth alpha-beta searches with the settings of the game's built-in
/// analysis profile (overrides from `--engines` do not change the bench),
/// single-threaded with a fresh table, from each position; returns the
/// nodes searched.
fn search_bench<G: AlphaBetaGame>(game: GameId, job: SearchJob) -> Result<u64> {
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
        let mut searcher = AlphaBeta::<G, G::Evaluator>::new(G::Evaluator::default(), config);
        nodes += searcher.search(&state, &Limits::depth(job.depth))?.nodes;
    }
    Ok(nodes)
}

/// The search part of the bench, for the games that have one: (nodes, depth).
fn search_job(game: GameId) -> Result<Option<(u64, u32)>> {
    let Some(job) = game.info().bench.search else {
        return Ok(None);
    };
    let nodes = crate::with_family!(game,
        perfect G => search_bench::<G>(game, job)?,
        chance _, _ => bail!("{game}: the bench searches alpha-beta games only"),
        hidden _ => bail!("{game}: the bench searches alpha-beta games only"),
    );
    Ok(Some((nodes, job.depth)))
}

/// Runs the bench for one game or all, printing one line per game and the
/// total last.
pub fn run(only: Option<GameId>) -> Result<()> {
    let games: Vec<GameId> = only.map_or_else(|| GameId::ALL.to_vec(), |g| vec![g]);
    let start = Instant::now();
    let mut total: u64 = 0;
    for game in games {
        let game_start = Instant::now();
        let nodes: u64 = crate::with_game!(game, G => bench_game::<G>(game.info().bench.perft)?);
        let seconds = game_start.elapsed().as_secs_f64();
        println!(
            "{game}: perft {nodes} nodes in {seconds:.3} s, {:.0} nps",
            nodes as f64 / seconds.max(1e-9)
        );
        total += nodes;
        let search_start = Instant::now();
        if let Some((nodes, depth)) = search_job(game)? {
            let seconds = search_start.elapsed().as_secs_f64();
            println!(
                "{game}: search depth {depth}: {nodes} nodes in {seconds:.3} s, {:.0} nps",
                nodes as f64 / seconds.max(1e-9)
            );
            total += nodes;
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    println!("{total} nodes {:.0} nps", total as f64 / seconds.max(1e-9));
    Ok(())
}
