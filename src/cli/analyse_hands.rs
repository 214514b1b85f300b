//! `tauler analyse` for a hidden-hand game (Muzicando): ranks the legal
//! calls or plays of one seat by expected hand score, seeing only that
//! seat's observation.
//!
//! The position is read in full, but only the observation of the seat to
//! move is kept; the legal actions are listed from a world sampled from it.
//! ISMCTS and PIMC each spend `--nodes` playouts (root statistics: mean
//! score and visits per action); in the auction, or at the individual
//! game's choice of type, the simulation bidder's expected value per call
//! is added. Searches run on a rayon pool of `--threads` threads. The last
//! line is `bestmove ACTION`.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Instant;

use anyhow::{bail, Context, Result};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

use super::analyse::{AnalyseArgs, Flag};
use crate::bounds;
use crate::engine::EngineProfile;
use crate::game::{HandText, Turn};
use crate::knowledge::RuleBasedGame;
use crate::search::bid_simulation::{simulate_calls, Simulation};
use crate::search::modelling::{search_worlds, Determinization, Modelling};
use crate::search::uct::{ActionStats, UctConfig};
use crate::search::Limits;

/// Playouts per searcher when `--nodes` is not given.
const DEFAULT_PLAYOUTS: u64 = 4000;
/// Sampled worlds per call for the simulation bidder.
const BID_WORLDS: u32 = 64;

/// One searcher's figures for every legal action.
struct Column<A> {
    title: &'static str,
    stats: Vec<ActionStats<A>>,
}

impl<A: PartialEq> Column<A> {
    fn of(&self, action: A) -> Option<&ActionStats<A>> {
        self.stats.iter().find(|s| s.action == action)
    }
}

/// Analyses the decision of the seat to move (or `--seat`, which must be
/// the seat to move) from its observation alone, with the exploration
/// constant of `profile` (the game's analysis profile).
pub fn run<G: HandText + RuleBasedGame>(args: &AnalyseArgs, profile: &EngineProfile) -> Result<()> {
    args.refuse(
        &[Flag::Movetime, Flag::Depth, Flag::Multipv, Flag::Hash],
        G::NAME,
    )?;
    let threads = args.threads()?;
    let playouts = bounds::PLAYOUTS.check("--nodes", args.nodes.unwrap_or(DEFAULT_PLAYOUTS))?;
    let state: G = args.position.state()?;
    let to_move = match state.turn() {
        Turn::Player(seat) => seat,
        Turn::Chance => {
            bail!("no player has a decision in this position: cards are still being dealt or drawn")
        }
        Turn::Terminal => bail!("no player has a decision in this position: the hand is over"),
    };
    if let Some(seat) = args.seat {
        if seat != to_move {
            bail!("seat {seat} has no decision in this position: seat {to_move} is to move");
        }
    }
    let observation = state.observation(to_move);
    drop(state);
    let exploration = profile.sampling_config()?.exploration;
    analyse::<G>(&observation, threads, playouts, exploration)
}

/// The analysis of `observation` on `threads` threads, `playouts` per
/// searcher, the UCT exploration constant `exploration` (the analysis
/// profile's).
fn analyse<G: HandText + RuleBasedGame>(
    observation: &G::Observation,
    threads: usize,
    playouts: u64,
    exploration: f64,
) -> Result<()> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
    let mut legal = Vec::new();
    G::sample_world(observation, &mut rng).legal_actions(&mut legal);
    let describe = G::sample_world(observation, &mut rng);
    println!("{}", G::draw_view(observation));
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .context("cannot start the search threads")?;
    let config = UctConfig {
        exploration,
        trees: 4.max(threads),
        ..UctConfig::default()
    };
    let limits = Limits::nodes(playouts);
    let stop = Arc::new(AtomicBool::new(false));
    let mut columns = Vec::new();
    if legal.len() > 1 && G::is_contract_decision(&legal) {
        let start = Instant::now();
        let stats = pool
            .install(|| {
                simulate_calls::<G>(
                    observation,
                    &legal,
                    &Simulation::default(),
                    &Limits::nodes(u64::from(BID_WORLDS)),
                    &stop,
                    1,
                    &mut |_| {},
                )
            })?
            .stats;
        report_speed(
            "simulation",
            u64::from(BID_WORLDS) * legal.len() as u64,
            start,
            threads,
        );
        columns.push(Column {
            title: "simulation",
            stats,
        });
    }
    // The two determinizing searches each give one column of the table.
    let searches = [
        ("ismcts", Determinization::PerPlayout),
        ("pimc", Determinization::PerTree),
    ];
    for (title, determinization) in searches {
        let start = Instant::now();
        let stats = pool
            .install(|| {
                search_worlds::<G>(
                    observation,
                    determinization,
                    &config,
                    &Modelling::default(),
                    &limits,
                    &stop,
                    1,
                    &mut |_| {},
                )
            })?
            .stats;
        report_speed(title, playouts, start, threads);
        columns.push(Column { title, stats });
    }
    let ranked = rank(&legal, &columns[0]);
    let mut header = format!("{:<4} {:<14}", "rank", "action");
    for column in &columns {
        header.push_str(&format!(
            " {:>12} {:>8}",
            format!("{} mean", column.title),
            "samples"
        ));
    }
    println!("{header}");
    for (place, &action) in ranked.iter().enumerate() {
        let mut line = format!("{:<4} {:<14}", place + 1, describe.format_action(action));
        for column in &columns {
            match column.of(action) {
                Some(s) if s.visits > 0 => {
                    line.push_str(&format!(" {:>12.2} {:>8}", s.mean(), s.visits));
                }
                _ => line.push_str(&format!(" {:>12} {:>8}", "-", 0)),
            }
        }
        println!("{line}");
    }
    let best = ranked.first().copied().unwrap_or(legal[0]);
    println!("bestmove {}", describe.format_action(best));
    Ok(())
}

/// The legal actions by the first column's mean, best first; actions it
/// never sampled last.
fn rank<A: Copy + PartialEq>(legal: &[A], column: &Column<A>) -> Vec<A> {
    let mut ranked = legal.to_vec();
    let key = |a: &A| {
        column
            .of(*a)
            .filter(|s| s.visits > 0)
            .map_or(f64::NEG_INFINITY, ActionStats::mean)
    };
    ranked.sort_by(|a, b| key(b).total_cmp(&key(a)));
    ranked
}

fn report_speed(title: &str, playouts: u64, start: Instant, threads: usize) {
    let seconds = start.elapsed().as_secs_f64();
    println!(
        "info searcher {title} playouts {playouts} time {:.0} ms playouts/s {:.0} threads {threads}",
        seconds * 1000.0,
        playouts as f64 / seconds.max(1e-9)
    );
}
