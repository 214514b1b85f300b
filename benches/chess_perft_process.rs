//! Plain chess perft as a user runs it: whole processes, tauler against
//! cozy-chess, in the same run.
//!
//! Each repetition starts `tauler perft cardchess --option cards=off
//! --position FEN --depth N` and a cozy-chess perft of the same position
//! (this bench binary run again with `--cozy-perft FEN N`: cozy-chess
//! 0.3's legal generator with the same bulk counting at the last ply), in
//! alternating order, and times each from spawn to exit. Both programs are
//! built by the same `cargo bench` with the same profile. It reports the
//! median wall time and the median CPU time (user + system, from the
//! children's resource usage) of each side and their ratio, cozy-chess's
//! time over tauler's: above 1, tauler is faster. Every run's leaf count is
//! checked.
//!
//! Run: `cargo bench --bench chess_perft_process` (options after `--`:
//! `--reps N`, default 5; `--tauler PATH` to time another tauler binary,
//! e.g. `target/release/tauler`; position names `start`, `kiwipete` to run
//! only those).

use std::process::Command;
use std::time::{Duration, Instant};

use anyhow::{anyhow, bail, Context, Result};
use cozy_chess::Board;

#[path = "shared/chess_positions.rs"]
mod chess_positions;
#[path = "shared/cozy_perft.rs"]
mod cozy_perft;

/// The argument that makes this binary a cozy-chess perft process.
const COZY_PERFT: &str = "--cozy-perft";

/// The repetitions per side and position unless `--reps` says otherwise.
const DEFAULT_REPS: usize = 5;

/// The most repetitions `--reps` accepts.
const MAX_REPS: usize = 1000;

/// What the command line asks for.
struct Settings {
    reps: usize,
    tauler: String,
    names: Vec<String>,
}

/// One side's timings over the repetitions.
#[derive(Default)]
struct Timings {
    wall: Vec<Duration>,
    cpu: Vec<Duration>,
}

fn main() -> Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some(COZY_PERFT) {
        return cozy_process(&args[1..]);
    }
    let settings = settings(&args)?;
    let chosen: Vec<_> = chess_positions::POSITIONS
        .iter()
        .filter(|(name, ..)| settings.names.is_empty() || settings.names.iter().any(|n| n == name))
        .collect();
    if chosen.is_empty() {
        bail!("no position named {:?} (start, kiwipete)", settings.names);
    }
    let me = std::env::current_exe().context("locating the bench binary")?;
    let me = me
        .to_str()
        .context("the bench binary's path is not UTF-8")?;
    println!("load average before: {}", load_average());
    for &&(name, fen, depth, leaves) in &chosen {
        let depth_text = depth.to_string();
        let tauler_args = [
            "perft",
            "cardchess",
            "--option",
            "cards=off",
            "--position",
            fen,
            "--depth",
            &depth_text,
        ];
        let cozy_args = [COZY_PERFT, fen, &depth_text];
        let (mut tauler, mut cozy) = (Timings::default(), Timings::default());
        for rep in 0..settings.reps {
            if rep.is_multiple_of(2) {
                run(&settings.tauler, &tauler_args, leaves, &mut tauler)?;
                run(me, &cozy_args, leaves, &mut cozy)?;
            } else {
                run(me, &cozy_args, leaves, &mut cozy)?;
                run(&settings.tauler, &tauler_args, leaves, &mut tauler)?;
            }
        }
        report(name, depth, leaves, settings.reps, &tauler, &cozy);
    }
    println!("load average after: {}", load_average());
    Ok(())
}

/// Reads `--reps N`, `--tauler PATH` and position names; skips the
/// `--bench` cargo passes.
fn settings(args: &[String]) -> Result<Settings> {
    let mut settings = Settings {
        reps: DEFAULT_REPS,
        tauler: env!("CARGO_BIN_EXE_tauler").to_string(),
        names: Vec::new(),
    };
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--bench" => {}
            "--reps" => {
                let value = args.next().context("--reps needs a number")?;
                settings.reps = value
                    .parse()
                    .ok()
                    .filter(|reps| (1..=MAX_REPS).contains(reps))
                    .ok_or_else(|| anyhow!("--reps `{value}`: expected 1 to {MAX_REPS}"))?;
            }
            "--tauler" => {
                settings.tauler = args.next().context("--tauler needs a path")?.clone();
            }
            name if !name.starts_with('-') => settings.names.push(name.to_string()),
            other => bail!("unknown option `{other}` (--reps N, --tauler PATH, position names)"),
        }
    }
    Ok(settings)
}

/// The cozy-chess side: `FEN DEPTH`, prints `nodes N` like `tauler perft`.
fn cozy_process(args: &[String]) -> Result<()> {
    let [fen, depth] = args else {
        bail!("{COZY_PERFT} needs a FEN and a depth");
    };
    let board: Board = fen.parse().map_err(|e| anyhow!("bad FEN `{fen}`: {e:?}"))?;
    let depth: u32 = depth
        .parse()
        .ok()
        .filter(|d| (1..=20).contains(d))
        .ok_or_else(|| anyhow!("depth `{depth}`: expected 1 to 20"))?;
    println!("nodes {}", cozy_perft::perft(&board, depth));
    Ok(())
}

/// Runs one process to its end, checks it printed `nodes LEAVES`, and
/// records its wall time and (where readable) CPU time.
fn run(program: &str, args: &[&str], leaves: u64, timings: &mut Timings) -> Result<()> {
    let cpu_before = children_cpu();
    let start = Instant::now();
    let output = Command::new(program)
        .args(args)
        .output()
        .with_context(|| format!("starting {program}"))?;
    let wall = start.elapsed();
    let cpu_after = children_cpu();
    if !output.status.success() {
        bail!(
            "{program} {args:?} failed: {}",
            String::from_utf8_lossy(&output.stderr).trim()
        );
    }
    let stdout = String::from_utf8_lossy(&output.stdout);
    let nodes = stdout
        .lines()
        .find_map(|line| line.strip_prefix("nodes "))
        .with_context(|| format!("{program} printed no `nodes` line"))?;
    if nodes.trim() != leaves.to_string() {
        bail!("{program} {args:?} counted {nodes} leaves, expected {leaves}");
    }
    timings.wall.push(wall);
    if let (Some(before), Some(after)) = (cpu_before, cpu_after) {
        timings.cpu.push(after.saturating_sub(before));
    }
    Ok(())
}

/// Prints one position's medians and ratios.
fn report(name: &str, depth: u32, leaves: u64, reps: usize, tauler: &Timings, cozy: &Timings) {
    println!("{name} perft {depth} ({leaves} leaves), {reps} runs each, alternated:");
    for (side, timings) in [("tauler", tauler), ("cozy-chess", cozy)] {
        print!("  {side:<10}  wall median {:.3} s", seconds(&timings.wall));
        if !timings.cpu.is_empty() {
            print!("   cpu median {:.3} s", seconds(&timings.cpu));
        }
        println!();
    }
    let ratio = |ours: &[Duration], theirs: &[Duration]| seconds(theirs) / seconds(ours).max(1e-9);
    print!(
        "  speed ratio tauler/cozy-chess (>1: tauler faster): wall {:.2}x",
        ratio(&tauler.wall, &cozy.wall)
    );
    if !tauler.cpu.is_empty() {
        print!(", cpu {:.2}x", ratio(&tauler.cpu, &cozy.cpu));
    }
    println!();
}

/// The median of some timings in seconds.
fn seconds(times: &[Duration]) -> f64 {
    median(times).as_secs_f64()
}

/// The median of some timings (the mean of the middle two for an even count).
fn median(times: &[Duration]) -> Duration {
    let mut sorted = times.to_vec();
    sorted.sort();
    let mid = sorted.len() / 2;
    if sorted.len().is_multiple_of(2) {
        (sorted[mid - 1] + sorted[mid]) / 2
    } else {
        sorted[mid]
    }
}

/// The 1, 5 and 15 minute load averages, or a note that they are unknown.
fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|text| {
            text.split_whitespace()
                .take(3)
                .collect::<Vec<_>>()
                .join(" ")
        })
        .unwrap_or_else(|_| "unknown".to_string())
}

/// The user + system CPU time of every child process waited for so far.
#[cfg(unix)]
fn children_cpu() -> Option<Duration> {
    // SAFETY: getrusage only writes the struct it is given.
    let usage = unsafe {
        let mut usage: libc::rusage = std::mem::zeroed();
        (libc::getrusage(libc::RUSAGE_CHILDREN, &mut usage) == 0).then_some(usage)
    }?;
    let time = |t: libc::timeval| {
        Duration::from_secs(t.tv_sec as u64) + Duration::from_micros(t.tv_usec as u64)
    };
    Some(time(usage.ru_utime) + time(usage.ru_stime))
}

/// Children's CPU time is not read on this platform (only wall times are
/// reported).
#[cfg(not(unix))]
fn children_cpu() -> Option<Duration> {
    None
}
