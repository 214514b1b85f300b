//! The workers: a rayon pool of `concurrency` threads, each taking the
//! next game of a shared queue, playing it through its referee (the one
//! match loop) and handing the record on, one record at a time.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

use anyhow::{Context, Result};

use super::record::GameRecord;
use super::record::GameSpec;

/// Whether the workers go on after a record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Flow {
    /// Play the next game.
    Continue,
    /// Take no further game (the games being played still end and are
    /// handed on).
    Stop,
}

/// Plays `games` on `concurrency` threads: `play` plays one game; `take`
/// receives each record as its game ends (one at a time) and says whether
/// to go on. Each thread runs its own loop (a broadcast, not one task per
/// game), so a thread waiting inside a searcher's parallel section never
/// picks up a whole other game and overruns its own clock. The first error
/// of `take` stops the workers and is returned.
pub(super) fn play_all(
    concurrency: usize,
    games: Vec<GameSpec>,
    play: impl Fn(&GameSpec) -> GameRecord + Sync,
    take: impl FnMut(GameRecord) -> Result<Flow> + Send,
) -> Result<()> {
    let stop = AtomicBool::new(false);
    let queue = Mutex::new(VecDeque::from(games));
    let take = Mutex::new(take);
    let failure: Mutex<Option<anyhow::Error>> = Mutex::new(None);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(concurrency)
        .thread_name(|i| format!("tournament-{i}"))
        .build()
        .context("starting the tournament's worker threads")?;
    pool.broadcast(|_| loop {
        if stop.load(Ordering::SeqCst) {
            break;
        }
        let Some(spec) = queue.lock().map(|mut q| q.pop_front()).ok().flatten() else {
            break;
        };
        let record = play(&spec);
        let Ok(mut take) = take.lock() else {
            break;
        };
        match take(record) {
            Ok(Flow::Continue) => {}
            Ok(Flow::Stop) => stop.store(true, Ordering::SeqCst),
            Err(error) => {
                stop.store(true, Ordering::SeqCst);
                if let Ok(mut slot) = failure.lock() {
                    slot.get_or_insert(error);
                }
                break;
            }
        }
    });
    match failure.into_inner().ok().flatten() {
        Some(error) => Err(error),
        None => Ok(()),
    }
}
