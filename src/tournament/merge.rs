//! The merge: the results folders of a tournament's shards joined into the
//! report one unsharded run would give. The shards must belong together
//! (one tournament file, openings, engine profiles and binary, by their
//! snapshots; one shard count; no shard twice), and every record must be
//! a game of its own shard's part of the schedule. A merge of some of the
//! shards (a wave) reports what they hold, says which shards are missing
//! and, with an SPRT, whether to run the next wave.

use std::fmt;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};

use super::aggregate::Tally;
use super::config::TournamentConfig;
use super::plan::{schedule, shard_of_games, Shard};
use super::record::{check_against_schedule, read_complete_records, GameRecord};
use super::report::Report;
use super::snapshot::Snapshot;
use super::stats::SprtDecision;
use super::store::GAMES;

/// The merged shards.
#[derive(Debug)]
pub struct Merged {
    /// The report of every record of the shards.
    pub report: Report,
    /// Shards in all.
    pub count: usize,
    /// The shards not merged, by index.
    pub missing: Vec<usize>,
    /// Shards not played to their end: (shard, games recorded, games in
    /// its part).
    pub unfinished: Vec<(Shard, usize, usize)>,
    /// Every merged shard's progress: (shard, games recorded, games in its
    /// part), by shard index.
    pub progress: Vec<(Shard, usize, usize)>,
}

impl Merged {
    /// Whether every game of the tournament is merged: then the report is
    /// the unsharded run's.
    #[must_use]
    pub fn is_complete(&self) -> bool {
        self.missing.is_empty() && self.unfinished.is_empty()
    }
}

impl fmt::Display for Merged {
    /// The report, then (when shards are missing or unfinished) what is
    /// missing and, with an SPRT, the decision for the next wave.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.report)?;
        if self.is_complete() {
            return Ok(());
        }
        let merged = self.count - self.missing.len();
        write!(f, "merged {merged} of {} shards", self.count)?;
        if !self.missing.is_empty() {
            let missing: Vec<String> = self.missing.iter().map(ToString::to_string).collect();
            write!(f, " (missing {})", missing.join(", "))?;
        }
        writeln!(f)?;
        for (shard, done, total) in &self.unfinished {
            writeln!(
                f,
                "shard {shard} unfinished: {done} of {total} games (resume it)"
            )?;
        }
        if let Some(sprt) = &self.report.sprt {
            let next = match sprt.decision {
                SprtDecision::Continue => "continue: run the next wave of shards",
                SprtDecision::AcceptH1 => "H1 accepted: stop, no further wave",
                SprtDecision::AcceptH0 => "H0 accepted: stop, no further wave",
            };
            writeln!(f, "wave: {next}")?;
        }
        Ok(())
    }
}

/// One shard's folder, read.
struct ShardDir {
    dir: PathBuf,
    snapshot: Snapshot,
    shard: Shard,
}

fn read_shard(dir: &Path) -> Result<ShardDir> {
    let snapshot = Snapshot::read(dir)?;
    let shard = snapshot.shard.unwrap_or(Shard { index: 0, count: 1 });
    Ok(ShardDir {
        dir: dir.to_path_buf(),
        snapshot,
        shard,
    })
}

/// Merges the results folders `dirs` of one tournament's shards.
pub fn merge(dirs: &[PathBuf]) -> Result<Merged> {
    read_merged(dirs).map(|(merged, _, _)| merged)
}

/// Merges the results folders `dirs` of one tournament's shards, and gives
/// the tournament and the records too (each shard's in its file's order,
/// the shards in the order given).
pub(super) fn read_merged(dirs: &[PathBuf]) -> Result<(Merged, TournamentConfig, Vec<GameRecord>)> {
    let Some((first, rest)) = dirs.split_first() else {
        bail!("merge needs the results folders of the shards");
    };
    let first = read_shard(first)?;
    let mut shards = vec![first];
    for dir in rest {
        let shard = read_shard(dir)?;
        let reference = &shards[0];
        if let Some(difference) = reference.snapshot.difference(&shard.snapshot) {
            bail!(
                "{} does not belong with {}: {difference}",
                shard.dir.display(),
                reference.dir.display()
            );
        }
        if shard.shard.count != reference.shard.count {
            bail!(
                "{} is shard {} but {} is shard {}: the shard counts differ",
                shard.dir.display(),
                shard.shard,
                reference.dir.display(),
                reference.shard
            );
        }
        if let Some(twin) = shards.iter().find(|s| s.shard == shard.shard) {
            bail!(
                "{} and {} are both shard {}",
                twin.dir.display(),
                shard.dir.display(),
                shard.shard
            );
        }
        shards.push(shard);
    }
    let reference = &shards[0].snapshot;
    let count = shards[0].shard.count;
    let config = TournamentConfig::parse(&reference.name, &reference.tournament, &shards[0].dir)
        .with_context(|| format!("the tournament file of {}", shards[0].dir.display()))?;
    let whole = schedule(&config);
    let owners = shard_of_games(&whole, count);
    let mut tally = Tally::new(&config);
    let mut unfinished = Vec::new();
    let mut progress = Vec::new();
    let mut all = Vec::new();
    for shard in &shards {
        let path = shard.dir.join(GAMES);
        let records = read_complete_records(&path)?;
        check_against_schedule(&records, &whole, &config.engines, config.seed, &path)?;
        if let Some(stray) = records
            .iter()
            .find(|r| owners[r.index] != shard.shard.index)
        {
            bail!(
                "{}: game {} belongs to shard {}/{count}, not {}",
                path.display(),
                stray.index,
                owners[stray.index],
                shard.shard
            );
        }
        let planned = owners.iter().filter(|&&o| o == shard.shard.index).count();
        if records.len() < planned {
            unfinished.push((shard.shard, records.len(), planned));
        }
        progress.push((shard.shard, records.len(), planned));
        for record in &records {
            tally.add(record);
        }
        all.extend(records);
    }
    unfinished.sort_by_key(|(shard, _, _)| shard.index);
    progress.sort_by_key(|(shard, _, _)| shard.index);
    let missing = (0..count)
        .filter(|&k| shards.iter().all(|s| s.shard.index != k))
        .collect();
    let merged = Merged {
        report: tally.report(),
        count,
        missing,
        unfinished,
        progress,
    };
    Ok((merged, config, all))
}
