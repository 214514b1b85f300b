//! The games in progress, for people watching a run: `live.json` in the
//! results folder holds each game being played (its engines, start,
//! opening and actions so far), replaced whole after a move (at most a few
//! times a second) and when a game ends. It is a view, not a record: the
//! records stay in `games.jsonl`, and a reader that finds `live.json`
//! missing, stale or half-written only misses the boards.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use super::record::GameRecord;

/// The file of the games in progress in a results folder.
pub const LIVE: &str = "live.json";

/// The shortest time between two writes of `live.json` while games go on.
const WRITE_EVERY: Duration = Duration::from_millis(250);

/// One game in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LiveGame {
    /// The game's index in the schedule.
    pub index: usize,
    /// The engines, by seat.
    pub engines: Vec<String>,
    /// The start position, in the game's notation.
    pub start: String,
    /// The opening's plies.
    pub opening: Vec<String>,
    /// The actions so far.
    pub actions: Vec<String>,
}

impl LiveGame {
    fn of(record: &GameRecord) -> Self {
        Self {
            index: record.index,
            engines: record.engines.clone(),
            start: record.start.clone(),
            opening: record.opening.clone(),
            actions: record.actions.clone(),
        }
    }
}

/// The games in progress of a run, kept in `live.json`.
pub struct LiveGames {
    path: PathBuf,
    state: Mutex<(BTreeMap<usize, LiveGame>, Option<Instant>)>,
}

impl LiveGames {
    /// The live games of the results folder `dir` (none yet; a stale file
    /// of an earlier run is replaced at the first write).
    #[must_use]
    pub fn new(dir: &Path) -> Self {
        Self {
            path: dir.join(LIVE),
            state: Mutex::new((BTreeMap::new(), None)),
        }
    }

    /// The game of `record` has reached its last action: written out
    /// unless the file was written very recently.
    pub fn update(&self, record: &GameRecord) {
        let Ok(mut state) = self.state.lock() else {
            return;
        };
        state.0.insert(record.index, LiveGame::of(record));
        if state.1.is_none_or(|at| at.elapsed() >= WRITE_EVERY) {
            state.1 = Some(Instant::now());
            self.write(&state.0);
        }
    }

    /// The game `index` is over: it leaves the file at once.
    pub fn finish(&self, index: usize) {
        let Ok(mut state) = self.state.lock() else {
            return;
        };
        state.0.remove(&index);
        state.1 = Some(Instant::now());
        self.write(&state.0);
    }

    /// Replaces the file (a temporary file renamed over it, so a reader
    /// never sees half of one). A failure to write only loses the view.
    fn write(&self, games: &BTreeMap<usize, LiveGame>) {
        let list: Vec<&LiveGame> = games.values().collect();
        let Ok(text) = serde_json::to_string(&list) else {
            return;
        };
        let temporary = self.path.with_extension("json.tmp");
        if std::fs::write(&temporary, text).is_ok() {
            let _ = std::fs::rename(&temporary, &self.path);
        }
    }
}

/// The games in progress recorded in the results folder `dir` (none when
/// the file is missing or unreadable).
#[must_use]
pub fn read_live(dir: &Path) -> Vec<LiveGame> {
    std::fs::read_to_string(dir.join(LIVE))
        .ok()
        .and_then(|text| serde_json::from_str(&text).ok())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(index: usize, actions: &[&str]) -> GameRecord {
        GameRecord {
            index,
            round: 0,
            encounter: 0,
            engines: vec!["a".into(), "b".into()],
            seed: 1,
            start: "start".into(),
            opening: vec![],
            actions: actions.iter().map(|a| a.to_string()).collect(),
            result: vec![],
            reason: String::new(),
            fault: None,
            times_ms: vec![],
        }
    }

    #[test]
    fn games_appear_while_played_and_leave_when_over() {
        let dir = std::env::temp_dir().join(format!("tauler-live-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let live = LiveGames::new(&dir);
        assert!(read_live(&dir).is_empty());
        live.update(&record(3, &["e4"]));
        assert_eq!(read_live(&dir), vec![LiveGame::of(&record(3, &["e4"]))]);
        live.finish(3);
        assert!(read_live(&dir).is_empty());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
