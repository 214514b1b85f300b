//! `tauler bench`: a fixed, deterministic workload per game. The node count
//! depends only on the code, so it doubles as a quick regression check; the
//! speed is the machine's. `tauler bench --smp` instead measures the
//! threaded search: time to a fixed depth with one thread and with several.

use std::time::Instant;

use anyhow::Result;
use clap::Args;

use super::smp_bench::{geometric_mean, measure, smp_job, SmpSample, SMP_GAMES};
use crate::bounds;
use crate::engine::bench::{perft_nodes, search_nodes};
use crate::games::GameId;
use crate::knowledge::EvalKind;

/// The flags of the SMP measurement.
#[derive(Args, Debug, Default)]
pub struct SmpArgs {
    /// Measure Lazy SMP instead: time to depth with 1 thread and with
    /// `--threads` on ten stored middlegames per alpha-beta game.
    #[arg(long)]
    pub smp: bool,
    /// The depth each search completes, 1 to 64 (default: the game's, where
    /// one thread needs a few seconds).
    #[arg(long, requires = "smp")]
    pub depth: Option<u32>,
    /// Threads compared with one, 1 to 256 (default 2).
    #[arg(long, requires = "smp", default_value_t = 2)]
    pub threads: usize,
    /// Searches per position and thread count, 1 to 100 (default 1): each
    /// side's median time stands for the position, which damps the machine's
    /// noise and the multi-threaded search's own variation.
    #[arg(long, requires = "smp", default_value_t = 1)]
    pub reps: u32,
}

/// Runs the bench for one game or all, printing one line per game and the
/// total last; or, with `--smp`, the SMP measurement.
pub fn run(only: Option<GameId>, smp: &SmpArgs, eval: EvalKind) -> Result<()> {
    if smp.smp {
        return run_smp(only, smp);
    }
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
        if let Some((nodes, depth)) = search_nodes(game, u32::MAX, eval)? {
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

/// The load average line of `/proc/loadavg`, where the system has one.
fn load_average() -> Option<String> {
    let text = std::fs::read_to_string("/proc/loadavg").ok()?;
    Some(
        text.split_whitespace()
            .take(3)
            .collect::<Vec<_>>()
            .join(" "),
    )
}

fn print_load(when: &str) {
    if let Some(load) = load_average() {
        println!("load average {when}: {load}");
    }
}

/// The SMP measurement: per position the two times to depth, their ratio,
/// nodes and nps; per game and overall the geometric means of the ratios.
fn run_smp(only: Option<GameId>, args: &SmpArgs) -> Result<()> {
    let depth = bounds::SEARCH_DEPTH.check_opt("--depth", args.depth)?;
    let threads = bounds::THREADS.check("--threads", args.threads)?;
    let reps = bounds::BENCH_REPS.check("--reps", args.reps)?;
    let jobs = match only {
        Some(game) => vec![smp_job(game)?],
        None => SMP_GAMES
            .iter()
            .map(|&game| smp_job(game))
            .collect::<Result<_>>()?,
    };
    print_load("before");
    let mut all: Vec<SmpSample> = Vec::new();
    for job in &jobs {
        let depth = depth.unwrap_or(job.depth);
        let game = job.game;
        println!(
            "{game}: profile {}, depth {depth}, 1 thread vs {threads}, median of {reps}",
            job.profile
        );
        let samples = measure(job, depth, threads, reps, &mut |index, sample| {
            println!(
                "{game} {:>2}: 1 thread {:.3} s {} nodes {:.0} nps | {threads} threads {:.3} s {} nodes {:.0} nps | time ratio {:.2} nps ratio {:.2} nodes ratio {:.2} | ceiling {:.2}",
                index + 1,
                sample.one.seconds,
                sample.one.nodes,
                sample.one.nps(),
                sample.many.seconds,
                sample.many.nodes,
                sample.many.nps(),
                sample.time_ratio(),
                sample.nps_ratio(),
                sample.nodes_ratio(),
                sample.ceiling,
            );
        })?;
        print_summary(&game.to_string(), &samples);
        all.extend(samples);
    }
    if jobs.len() > 1 {
        print_summary("all", &all);
    }
    print_load("after");
    Ok(())
}

/// One summary line: geometric means of the per-position ratios.
fn print_summary(label: &str, samples: &[SmpSample]) {
    let time = geometric_mean(samples.iter().map(SmpSample::time_ratio));
    let nps = geometric_mean(samples.iter().map(SmpSample::nps_ratio));
    let nodes = geometric_mean(samples.iter().map(SmpSample::nodes_ratio));
    let ceiling = geometric_mean(samples.iter().map(|sample| sample.ceiling));
    let one: f64 = samples.iter().map(|sample| sample.one.seconds).sum();
    let many: f64 = samples.iter().map(|sample| sample.many.seconds).sum();
    println!(
        "{label}: time-to-depth ratio {time:.2}, nps ratio {nps:.2}, nodes ratio {nodes:.2}, \
         machine ceiling {ceiling:.2} (geometric means over {} positions; total {one:.1} s vs {many:.1} s)",
        samples.len()
    );
}
