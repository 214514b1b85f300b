//! Training data from self-play (`tauler datagen GAME`): an alpha-beta
//! engine plays itself at a fixed node count from an opening suite's lines
//! or short random openings, and every position it searches that passes the
//! filters is written with the search score and the game's result (format:
//! [`super::datagen_format`]).
//!
//! Game `i` of the run starts from suite line `i mod lines` (when a suite is
//! given), then plays random plies drawn from `derive(seed, Opening, i)`;
//! its engine's randomness is `derive(seed, Game, i)`. With a node limit a
//! game is a function of the seed and its index, so a resumed or sharded
//! run plays the same games. Shard `K/N` plays the games with `i mod N = K`.
//!
//! A searched position is kept unless the side to move is in check (by the
//! caller's `in_check`: the game's own rule), the best move is noisy (a capture or promotion,
//! by the evaluator: a winning capture is pending, so the static value is
//! wrong), or the score is beyond [`EVAL_LIMIT`] (a mate or decided result).

use std::collections::BTreeSet;
use std::fs::{File, OpenOptions};
use std::io::BufReader;
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use anyhow::{bail, Context, Result};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use rayon::prelude::*;

use crate::engine::{ask, build_player, EngineProfile, Playable};
use crate::game::Turn;
use crate::search::{score::EVAL_LIMIT, Limits};

use super::datagen_format::{append, read_all, DataGame, Header, Record};
use super::referee::random_action;
use super::seeds::{derive, Stream};
use super::{RunProgress, Shard};

/// Plies after which a game still going is stopped and scored a draw.
pub const MAX_GAME_PLIES: u16 = 600;

/// What a datagen run does.
#[derive(Clone)]
pub struct DatagenSpec {
    /// The game (its header id).
    pub game: DataGame,
    /// Games in the whole run (every shard together).
    pub games: usize,
    /// Nodes searched per move.
    pub nodes: u64,
    /// Random plies played after the start position.
    pub random_plies: u32,
    /// The seed (`None`: the file's, or a random one for a new file).
    pub seed: Option<u64>,
    /// This run's part of the games.
    pub shard: Shard,
    /// Games played at once, a thread each.
    pub threads: usize,
    /// Continue the file rather than refuse an existing one.
    pub resume: bool,
    /// Where progress goes.
    pub progress: Option<Arc<dyn RunProgress>>,
}

/// What a run did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DatagenSummary {
    /// Games of this shard in the file at the end.
    pub games_done: usize,
    /// Games this run played.
    pub games_played: usize,
    /// Positions this run wrote.
    pub positions: u64,
    /// The seed used.
    pub seed: u64,
}

/// Plays the games of `spec` not yet in `out` and appends their positions;
/// `in_check` says whether the side to move is in check (`|_| false` for a
/// game without check).
///
/// # Errors
/// An existing file without `resume`, a file of other settings, an engine
/// that cannot be built or fails, a write error.
pub fn run<G>(
    spec: &DatagenSpec,
    starts: &[G],
    options: &G::Options,
    profile: &EngineProfile,
    in_check: fn(&G) -> bool,
    out: &Path,
) -> Result<DatagenSummary>
where
    G: Playable + Send + Sync,
    G::Options: Sync,
{
    let (header, done) = open_header(spec, out)?;
    let mut file = OpenOptions::new()
        .append(true)
        .open(out)
        .with_context(|| format!("cannot open {}", out.display()))?;
    let pending: Vec<usize> = (spec.shard.index..spec.games)
        .step_by(spec.shard.count)
        .filter(|i| !done.contains(i))
        .collect();
    let total = pending.len() + done.len();
    if let Some(progress) = &spec.progress {
        progress.start(total as u64, done.len() as u64, "0 positions");
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(spec.threads)
        .build()
        .context("cannot start the worker threads")?;
    let started = Instant::now();
    let positions = AtomicU64::new(0);
    let writer = Mutex::new(&mut file);
    pool.install(|| {
        pending.par_iter().try_for_each(|&index| -> Result<()> {
            let records = play_game::<G>(spec, starts, &header, options, profile, in_check, index)?;
            {
                let mut file = writer.lock().unwrap_or_else(|e| e.into_inner());
                append(&mut *file, &header, &records)
                    .with_context(|| format!("cannot write {}", out.display()))?;
            }
            let written =
                positions.fetch_add(records.len() as u64, Ordering::Relaxed) + records.len() as u64;
            if let Some(progress) = &spec.progress {
                let rate = written as f64 / started.elapsed().as_secs_f64().max(1e-3);
                progress.game_done(&format!("{written} positions, {rate:.0} positions/s"));
            }
            Ok(())
        })
    })?;
    if let Some(progress) = &spec.progress {
        progress.finish();
    }
    Ok(DatagenSummary {
        games_done: total,
        games_played: pending.len(),
        positions: positions.into_inner(),
        seed: header.seed,
    })
}

/// The file's header, written if the file is new, and the games of the
/// shard already in it; a torn last record is cut off.
fn open_header(spec: &DatagenSpec, out: &Path) -> Result<(Header, BTreeSet<usize>)> {
    if !out.exists() {
        let header = Header::new(
            spec.game,
            spec.seed.unwrap_or_else(rand::random),
            spec.nodes,
        );
        std::fs::write(out, header.to_bytes())
            .with_context(|| format!("cannot write {}", out.display()))?;
        return Ok((header, BTreeSet::new()));
    }
    if !spec.resume {
        bail!(
            "{} exists: pass --resume to continue it, or another --out",
            out.display()
        );
    }
    let file = File::open(out).with_context(|| format!("cannot read {}", out.display()))?;
    let (header, records, complete) =
        read_all(BufReader::new(file)).with_context(|| format!("{}", out.display()))?;
    if header.game != spec.game {
        bail!(
            "{} holds {} data, not {}",
            out.display(),
            header.game.name(),
            spec.game.name()
        );
    }
    if header.nodes != spec.nodes {
        bail!(
            "{} was made with --nodes {}, not {}",
            out.display(),
            header.nodes,
            spec.nodes
        );
    }
    if spec.seed.is_some_and(|seed| seed != header.seed) {
        bail!("{} was made with --seed {}", out.display(), header.seed);
    }
    OpenOptions::new()
        .write(true)
        .open(out)
        .and_then(|file| file.set_len(complete))
        .with_context(|| format!("cannot cut the torn end of {}", out.display()))?;
    let done = records
        .iter()
        .map(|record| record.game as usize)
        .filter(|i| i % spec.shard.count == spec.shard.index)
        .collect();
    Ok((header, done))
}

/// Plays game `index` and gives its kept positions, labelled with its result.
fn play_game<G: Playable>(
    spec: &DatagenSpec,
    starts: &[G],
    header: &Header,
    options: &G::Options,
    profile: &EngineProfile,
    in_check: fn(&G) -> bool,
    index: usize,
) -> Result<Vec<Record>> {
    let limits = &Limits::nodes(spec.nodes);
    let mut state = match starts.len() {
        0 => G::new(options),
        lines => starts[index % lines].clone(),
    };
    let mut rng =
        Xoshiro256PlusPlus::seed_from_u64(derive(header.seed, Stream::Opening, index as u64));
    let mut ply: u16 = 0;
    for _ in 0..spec.random_plies {
        match random_action(&state, &mut rng) {
            Some(action) if state.turn() != Turn::Terminal => {
                state.apply(action);
                ply += 1;
            }
            _ => break,
        }
    }
    let mut engine = build_player::<G>(profile, derive(header.seed, Stream::Game, index as u64))?;
    engine.new_game();
    let mut kept = Vec::new();
    while let Turn::Player(seat) = state.turn() {
        if ply >= MAX_GAME_PLIES {
            break;
        }
        let decision = ask(engine.as_mut(), &state, limits)
            .with_context(|| format!("engine {} at {}", profile.name, state.format_position()))?;
        if let Some(score) = decision.score {
            let keep =
                score.abs() <= EVAL_LIMIT && !in_check(&state) && !state.is_noisy(decision.action);
            if keep {
                kept.push(Record {
                    position: state.format_position(),
                    score: i16::try_from(score).unwrap_or_default(),
                    result: 0,
                    seat: u8::try_from(seat).unwrap_or(u8::MAX),
                    ply,
                    game: u32::try_from(index).unwrap_or(u32::MAX),
                });
            }
        }
        state.apply(decision.action);
        ply += 1;
    }
    let returns = state.returns();
    for record in &mut kept {
        // A game stopped at the ply cap is a draw.
        let points = returns
            .as_ref()
            .and_then(|r| r.get(usize::from(record.seat)).copied())
            .unwrap_or(0.5);
        record.result = (points * 4.0).round().clamp(0.0, 4.0) as u8;
    }
    Ok(kept)
}
