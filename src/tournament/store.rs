//! The store: a run's results folder. `games.jsonl` holds one record per
//! game, appended and flushed as each game ends; `games/NNNNN.txt` the
//! readable records; `tournament.toml` the tournament file as it was;
//! `snapshot.json` what the run was started with (see
//! [`super::snapshot`]); `report.json` the report when the run ends.

use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};

use super::config::TournamentConfig;
use super::record::{read_records, GameRecord, RecordWriter};
use super::report::Report;
use super::snapshot::Snapshot;

/// The file of the records in a results folder.
pub const GAMES: &str = "games.jsonl";

/// An open results folder.
pub(super) struct ResultsFolder {
    dir: PathBuf,
    games: PathBuf,
    texts: PathBuf,
    writer: RecordWriter,
}

impl ResultsFolder {
    /// Opens the results folder `dir` for the run of the tournament file
    /// `path` (read as `config`) started with `snapshot`, and returns it
    /// with the records it holds. A fresh run refuses a folder that holds
    /// records, and saves the tournament file and the snapshot; `resume`
    /// checks that the file, the shard, the engines and the binary are
    /// those the run started with.
    pub(super) fn open(
        dir: &Path,
        path: &Path,
        config: &TournamentConfig,
        snapshot: &Snapshot,
        resume: bool,
    ) -> Result<(Self, Vec<GameRecord>)> {
        let games = dir.join(GAMES);
        let saved_config = dir.join("tournament.toml");
        if resume {
            let saved = crate::user_files::read_to_string(&saved_config).with_context(|| {
                format!("nothing to resume: {} is missing", saved_config.display())
            })?;
            let base = path.parent().unwrap_or_else(|| Path::new(""));
            let before = TournamentConfig::parse(&config.name, &saved, base)?;
            if before != *config {
                bail!(
                    "{} changed since the run started ({} holds the original); resume with the original",
                    path.display(),
                    saved_config.display()
                );
            }
            if dir.join(super::snapshot::FILE).exists() {
                let before = Snapshot::read(dir)?;
                let name = |shard: Option<_>| {
                    shard.map_or_else(
                        || "the whole tournament".to_string(),
                        |s| format!("shard {s}"),
                    )
                };
                if before.shard != snapshot.shard {
                    bail!(
                        "{} holds {}, not {}: resume it with the same --shard",
                        dir.display(),
                        name(before.shard),
                        name(snapshot.shard)
                    );
                }
                let comparable = Snapshot {
                    name: snapshot.name.clone(),
                    tournament: snapshot.tournament.clone(),
                    ..before
                };
                if let Some(difference) = comparable.difference(snapshot) {
                    bail!(
                        "cannot resume {}: {difference} since the run started",
                        dir.display()
                    );
                }
            }
        } else if std::fs::metadata(&games).is_ok_and(|m| m.len() > 0) {
            bail!(
                "{} already holds results: pass --resume to continue, or delete {} to start again",
                games.display(),
                dir.display()
            );
        }
        let texts = dir.join("games");
        std::fs::create_dir_all(&texts).with_context(|| format!("creating {}", texts.display()))?;
        if !resume {
            let text = crate::user_files::read_to_string(path)
                .with_context(|| format!("reading {}", path.display()))?;
            std::fs::write(&saved_config, text)
                .with_context(|| format!("writing {}", saved_config.display()))?;
        }
        snapshot.write(dir)?;
        let records = read_records(&games)?;
        let store = Self {
            dir: dir.to_path_buf(),
            texts,
            writer: RecordWriter::open(&games)?,
            games,
        };
        Ok((store, records))
    }

    /// The results folder.
    pub(super) fn dir(&self) -> &Path {
        &self.dir
    }

    /// The records' file.
    pub(super) fn games(&self) -> &Path {
        &self.games
    }

    /// Appends `record` to `games.jsonl` (flushed) and writes its readable
    /// `text`.
    pub(super) fn append(&mut self, record: &GameRecord, text: &str) -> Result<()> {
        self.writer.append(record)?;
        let file = self.texts.join(format!("{:05}.txt", record.index));
        std::fs::write(&file, text).with_context(|| format!("writing {}", file.display()))
    }

    /// Writes the report as `report.json`.
    pub(super) fn write_report(&self, report: &Report) -> Result<()> {
        let path = self.dir.join("report.json");
        let json = serde_json::to_string_pretty(report)?;
        std::fs::write(&path, json).with_context(|| format!("writing {}", path.display()))
    }
}
