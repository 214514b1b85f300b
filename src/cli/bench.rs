//! `tauler bench`: a fixed, deterministic workload per game. The node count
//! depends only on the code, so it doubles as a quick regression check; the
//! speed is the machine's.

use std::time::Instant;

use anyhow::Result;

use crate::game::Notation;
use crate::games::GameId;
use crate::search::{AlphaBeta, AlphaBetaGame, Limits, SearchConfig};

/// A Camelot middlegame with Black to move, for perft and search.
const CAMELOT_MIDDLEGAME: &str =
    "2/8/10/12/7m4/2kmmmm1m3/3km1mmk3/5m1k4/12/2MKMM1MK3/2KM1MM1MK2/3M2M5/12/10/8/2 b 0,0";

/// Perft jobs per game: (position string or `None` for the start, depth).
fn perft_jobs(game: GameId) -> &'static [(Option<&'static str>, u32)] {
    match game {
        GameId::Cescacs => &[
            (None, 4),
            (Some(crate::games::cescacs::bench::CASTLING), 3),
            (Some(crate::games::cescacs::bench::PROMOTION), 3),
        ],
        GameId::Camelot => &[(None, 3), (Some(CAMELOT_MIDDLEGAME), 3)],
        // Card chess from the start with the default deck: every decision
        // and card drawn is a ply.
        GameId::Cardchess => &[(None, 5)],
        GameId::Muzicando => &[
            (Some("seed:1 1M - - -"), 14),
            (Some("seed:1 1P - - -"), 12),
            (Some("seed:1 1G - - -"), 8),
            (Some("seed:1 1S - - -"), 5),
        ],
    }
}

fn bench_game<G: Notation>(jobs: &[(Option<&str>, u32)]) -> Result<u64> {
    let options = G::Options::default();
    let mut nodes = 0;
    for &(position, depth) in jobs {
        let state = match position {
            Some(text) => G::parse_position(text, &options)?,
            None => G::new(&options),
        };
        nodes += state.perft(depth);
    }
    Ok(nodes)
}

/// Fixed-depth alpha-beta searches, single-threaded with a fresh table, from
/// each position; returns the nodes searched.
fn search_bench<G: AlphaBetaGame>(positions: &[Option<&str>], depth: u32) -> Result<u64> {
    let options = G::Options::default();
    let mut nodes = 0;
    for &position in positions {
        let state = match position {
            Some(text) => G::parse_position(text, &options)?,
            None => G::new(&options),
        };
        let config = SearchConfig {
            threads: 1,
            hash_mb: 16,
            ..G::search_config()
        };
        let mut searcher = AlphaBeta::<G, G::Evaluator>::new(G::Evaluator::default(), config);
        nodes += searcher.search(&state, &Limits::depth(depth))?.nodes;
    }
    Ok(nodes)
}

/// The search part of the bench, for games with an alpha-beta engine:
/// (nodes, depth).
fn search_job(game: GameId) -> Result<Option<(u64, u32)>> {
    use crate::games::camelot::Camelot;
    use crate::games::cescacs::{bench, Cescacs};
    Ok(match game {
        GameId::Cescacs => Some((
            search_bench::<Cescacs>(&[None, Some(bench::CASTLING)], 4)?,
            4,
        )),
        GameId::Camelot => Some((
            search_bench::<Camelot>(&[None, Some(CAMELOT_MIDDLEGAME)], 5)?,
            5,
        )),
        _ => None,
    })
}

/// Runs the bench for one game or all, printing one line per game and the
/// total last.
pub fn run(only: Option<GameId>) -> Result<()> {
    let games: Vec<GameId> = only.map_or_else(|| GameId::ALL.to_vec(), |g| vec![g]);
    let start = Instant::now();
    let mut total: u64 = 0;
    for game in games {
        let game_start = Instant::now();
        let nodes: u64 = crate::with_game!(game, G => bench_game::<G>(perft_jobs(game))?);
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
