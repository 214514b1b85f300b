//! `tauler bench`: a fixed, deterministic workload per game. The node count
//! depends only on the code, so it doubles as a quick regression check; the
//! speed is the machine's.

use std::time::Instant;

use anyhow::Result;

use crate::engine::bench::{perft_nodes, search_nodes};
use crate::games::GameId;

/// Runs the bench for one game or all, printing one line per game and the
/// total last.
pub fn run(only: Option<GameId>) -> Result<()> {
    let games: Vec<GameId> = only.map_or_else(|| GameId::ALL.to_vec(), |g| vec![g]);
    let start = Instant::now();
    let mut total: u64 = 0;
    for game in games {
        let game_start = Instant::now();
        let nodes = perft_nodes(game, u32::MAX)?;
        let seconds = game_start.elapsed().as_secs_f64();
        println!(
            "{game}: perft {nodes} nodes in {seconds:.3} s, {:.0} nps",
            nodes as f64 / seconds.max(1e-9)
        );
        total += nodes;
        let search_start = Instant::now();
        if let Some((nodes, depth)) = search_nodes(game, u32::MAX)? {
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
