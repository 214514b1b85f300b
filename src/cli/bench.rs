//! `tauler bench`: a fixed, deterministic workload per game. The node count
//! depends only on the code, so it doubles as a quick regression check; the
//! speed is the machine's.

use std::time::Instant;

use anyhow::Result;

use crate::game::Notation;
use crate::games::GameId;

/// Perft jobs per game: (position string or `None` for the start, depth).
fn perft_jobs(game: GameId) -> &'static [(Option<&'static str>, u32)] {
    match game {
        GameId::Cescacs => &[
            (None, 4),
            (Some(crate::games::cescacs::bench::CASTLING), 3),
            (Some(crate::games::cescacs::bench::PROMOTION), 3),
        ],
        GameId::Camelot => &[(None, 3)],
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
    }
    let seconds = start.elapsed().as_secs_f64();
    println!("{total} nodes {:.0} nps", total as f64 / seconds.max(1e-9));
    Ok(())
}
