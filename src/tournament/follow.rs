//! Following a tournament while it runs, for a live page: its results
//! folders (one, or the folders of its shards) read into the merged report,
//! each shard's progress, the SPRT's log-likelihood ratio after each game,
//! the games that ended last and the games being played. Everything comes
//! from the files a run writes (`games.jsonl`, `snapshot.json`,
//! `live.json`), so a run in another process, or on another machine that
//! shares the folder, is followed the same way as one in this process.

use std::path::PathBuf;

use anyhow::Result;
use serde::Serialize;

use super::aggregate::Tally;
use super::live::{read_live, LiveGame};
use super::merge::read_merged;
use super::record::GameRecord;
use super::report::Report;

/// The most points of the LLR's course kept (a longer run is thinned
/// evenly, its last point always kept).
const LLR_POINTS: usize = 400;

/// How many of the last finished games are listed.
const RECENT: usize = 12;

/// One shard's progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ShardProgress {
    /// Its index.
    pub index: usize,
    /// Shards in all.
    pub count: usize,
    /// Games recorded.
    pub done: usize,
    /// Games in its part of the schedule.
    pub total: usize,
}

/// A finished game, as a list shows it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FinishedGame {
    /// Its index in the schedule.
    pub index: usize,
    /// The engines by seat.
    pub engines: Vec<String>,
    /// Points by seat.
    pub result: Vec<f64>,
    /// Why it ended.
    pub reason: String,
    /// Its actions, opening included.
    pub plies: usize,
}

impl FinishedGame {
    fn of(record: &GameRecord) -> Self {
        Self {
            index: record.index,
            engines: record.engines.clone(),
            result: record.result.clone(),
            reason: record.reason.clone(),
            plies: record.opening.len() + record.actions.len(),
        }
    }
}

/// What a live page shows of a tournament.
#[derive(Clone, Debug, Serialize)]
pub struct Following {
    /// The report of every game recorded so far (the merged shards').
    pub report: Report,
    /// The game's rule options (to replay a game's position).
    pub options: Vec<String>,
    /// Each merged shard's progress.
    pub shards: Vec<ShardProgress>,
    /// Shards not among the folders, by index.
    pub missing: Vec<usize>,
    /// Whether every game of the schedule is recorded.
    pub complete: bool,
    /// The SPRT's course: (games recorded, LLR after them), when the
    /// tournament has an SPRT.
    pub llr: Vec<(usize, f64)>,
    /// The games that ended last, the latest first.
    pub recent: Vec<FinishedGame>,
    /// The games being played.
    pub live: Vec<LiveGame>,
}

/// Reads the results folders `dirs` of one tournament (one folder, or its
/// shards' folders). The folders must belong together, as for a merge.
pub fn follow(dirs: &[PathBuf]) -> Result<Following> {
    let (merged, config, mut records) = read_merged(dirs)?;
    if dirs.len() > 1 {
        records.sort_by_key(|r| r.index);
    }
    let mut tally = Tally::new(&config);
    let mut llr = Vec::new();
    for (n, record) in records.iter().enumerate() {
        tally.add(record);
        if let Some(sprt) = tally.sprt() {
            llr.push((n + 1, sprt.llr));
        }
    }
    let recent = records
        .iter()
        .rev()
        .take(RECENT)
        .map(FinishedGame::of)
        .collect();
    let live = dirs.iter().flat_map(|dir| read_live(dir)).collect();
    let complete = merged.is_complete();
    Ok(Following {
        report: merged.report,
        options: config.options,
        shards: merged
            .progress
            .iter()
            .map(|(shard, done, total)| ShardProgress {
                index: shard.index,
                count: shard.count,
                done: *done,
                total: *total,
            })
            .collect(),
        missing: merged.missing,
        complete,
        llr: thin(llr),
        recent,
        live,
    })
}

/// The record of game `index` among the results folders `dirs`, as its line
/// of `games.jsonl` (what the board page loads to review a game).
pub fn game_line(dirs: &[PathBuf], index: usize) -> Result<Option<String>> {
    let (_, _, records) = read_merged(dirs)?;
    Ok(records
        .iter()
        .find(|r| r.index == index)
        .map(serde_json::to_string)
        .transpose()?)
}

/// At most [`LLR_POINTS`] points of `course`, evenly spaced, the last kept.
fn thin(course: Vec<(usize, f64)>) -> Vec<(usize, f64)> {
    if course.len() <= LLR_POINTS {
        return course;
    }
    let step = course.len().div_ceil(LLR_POINTS);
    let last = course.len() - 1;
    course
        .into_iter()
        .enumerate()
        .filter(|(i, _)| i % step == 0 || *i == last)
        .map(|(_, point)| point)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_course_is_thinned_evenly_and_keeps_its_end() {
        let course: Vec<(usize, f64)> = (1..=1000).map(|n| (n, n as f64)).collect();
        let thinned = thin(course);
        assert!(thinned.len() <= LLR_POINTS + 1);
        assert_eq!(thinned.first(), Some(&(1, 1.0)));
        assert_eq!(thinned.last(), Some(&(1000, 1000.0)));
        let short: Vec<(usize, f64)> = (1..=10).map(|n| (n, 0.0)).collect();
        assert_eq!(thin(short.clone()), short);
    }
}
