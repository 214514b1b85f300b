//! The snapshot that travels with a run's results (`snapshot.json`): the
//! tournament file and its openings as they were, the text of every
//! engine profile it plays, the binary's version and bench signature, and
//! the shard. A resumed run, and the shards a merge joins, must match it;
//! the first difference is named.

use std::collections::BTreeMap;
use std::path::Path;

use anyhow::{Context, Result};
use serde::{Deserialize, Serialize};

use crate::engine::bench::Signature;

use super::plan::Shard;

/// The file name of the snapshot in a results folder.
pub const FILE: &str = "snapshot.json";

/// What a run was started with.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Snapshot {
    /// The tournament's name (its file name without `.toml`).
    pub name: String,
    /// The tournament file's text.
    pub tournament: String,
    /// The openings file's text, if the tournament has one.
    pub openings: Option<String>,
    /// The text of every engine's profile, by name.
    pub profiles: BTreeMap<String, String>,
    /// The binary's version.
    pub version: String,
    /// The binary's bench signature for the tournament's game.
    pub bench: Signature,
    /// The part of the schedule the run plays (none: all of it).
    pub shard: Option<Shard>,
}

impl Snapshot {
    /// The version of this binary, as a snapshot records it.
    #[must_use]
    pub fn this_version() -> String {
        env!("CARGO_PKG_VERSION").to_string()
    }

    /// The first difference between this snapshot and `other`, the shards
    /// aside, for people; `None` when both are runs of one tournament with
    /// the same engines and binary.
    #[must_use]
    pub fn difference(&self, other: &Self) -> Option<String> {
        if self.name != other.name || self.tournament != other.tournament {
            return Some(format!(
                "the tournament file differs (`{}` and `{}`)",
                self.name, other.name
            ));
        }
        if self.openings != other.openings {
            return Some("the openings file differs".into());
        }
        let names = self.profiles.keys().chain(other.profiles.keys());
        for name in names {
            if self.profiles.get(name) != other.profiles.get(name) {
                return Some(format!("the engine profile `{name}` differs"));
            }
        }
        if self.version != other.version {
            return Some(format!(
                "the binary differs: version {} and {}",
                self.version, other.version
            ));
        }
        if self.bench != other.bench {
            return Some(format!(
                "the binary differs: bench signature {} and {}",
                self.bench, other.bench
            ));
        }
        None
    }

    /// Reads the snapshot of the results folder `dir`.
    pub fn read(dir: &Path) -> Result<Self> {
        let path = dir.join(FILE);
        let text = crate::user_files::read_to_string(&path)
            .with_context(|| format!("{}: not a tournament's results", path.display()))?;
        serde_json::from_str(&text).with_context(|| format!("{}: not a snapshot", path.display()))
    }

    /// Writes the snapshot into the results folder `dir`.
    pub fn write(&self, dir: &Path) -> Result<()> {
        let path = dir.join(FILE);
        let json = serde_json::to_string_pretty(self)?;
        std::fs::write(&path, json).with_context(|| format!("writing {}", path.display()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn snapshot() -> Snapshot {
        Snapshot {
            name: "t".into(),
            tournament: "game = \"camelot\"\n".into(),
            openings: None,
            profiles: [("a".to_string(), "x".to_string())].into(),
            version: "1.0.0".into(),
            bench: Signature {
                perft: 10,
                search: Some(20),
            },
            shard: Some(Shard { index: 0, count: 2 }),
        }
    }

    #[test]
    fn differences_are_named() {
        let base = snapshot();
        let other_shard = Snapshot {
            shard: Some(Shard { index: 1, count: 2 }),
            ..snapshot()
        };
        assert_eq!(base.difference(&other_shard), None);
        for (changed, needle) in [
            (
                Snapshot {
                    tournament: "game = \"cescacs\"\n".into(),
                    ..snapshot()
                },
                "tournament file",
            ),
            (
                Snapshot {
                    profiles: [("a".to_string(), "y".to_string())].into(),
                    ..snapshot()
                },
                "profile `a`",
            ),
            (
                Snapshot {
                    version: "1.0.1".into(),
                    ..snapshot()
                },
                "version 1.0.0 and 1.0.1",
            ),
            (
                Snapshot {
                    bench: Signature {
                        perft: 10,
                        search: Some(21),
                    },
                    ..snapshot()
                },
                "bench signature",
            ),
        ] {
            let difference = base.difference(&changed).unwrap();
            assert!(difference.contains(needle), "{difference}");
        }
    }
}
