//! Game records: one JSON line per finished game in `games.jsonl`, appended
//! and flushed as each game ends, read back on resume (a partly written
//! last line, left by a killed run, is cut off); and a readable text record
//! per game.

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::referee::GameSpec;
use super::seeds::{derive, Stream};

/// An engine's fault that ended a game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FaultRecord {
    /// The faulty engine's seat.
    pub seat: usize,
    /// The faulty engine.
    pub engine: String,
    /// What went wrong (panic message, the illegal action, the error).
    pub message: String,
    /// The position it was asked to move in.
    pub position: String,
}

/// One finished game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    /// The game's index in the schedule (its seed derives from it).
    pub index: usize,
    /// The round (shared opening and chance seed).
    pub round: u32,
    /// The encounter (pair of engines) in the schedule.
    pub encounter: usize,
    /// The engines, by seat.
    pub engines: Vec<String>,
    /// The game's seed.
    pub seed: u64,
    /// The position the opening starts from, in the game's notation
    /// (Muzicando: the hand right after the deal).
    pub start: String,
    /// The opening's plies (random plies), played before the engines.
    pub opening: Vec<String>,
    /// The game's actions after the opening, in the game's notation
    /// (chance outcomes included).
    pub actions: Vec<String>,
    /// Points by seat (Muzicando: the hand's points, partners equal; a
    /// breach's penalty when annulled).
    pub result: Vec<f64>,
    /// Why the game ended: `game over`, `max plies`, `adjudicated draw`,
    /// `adjudicated resignation`, `resigned`, `time forfeit`, `panic`,
    /// `illegal action`, `engine error`.
    pub reason: String,
    /// The fault that decided the game, if any.
    pub fault: Option<FaultRecord>,
    /// Thinking time per action in milliseconds (0 for chance outcomes).
    pub times_ms: Vec<u64>,
}

impl GameRecord {
    /// The record of game `spec` before it is played: `engines` by name
    /// in seat order, its `seed`, the position its opening starts from
    /// and the opening's plies; the match hooks fill in the rest.
    #[must_use]
    pub fn begun(
        spec: &GameSpec,
        engines: Vec<String>,
        seed: u64,
        start: String,
        opening: Vec<String>,
    ) -> Self {
        GameRecord {
            index: spec.index,
            round: spec.round,
            encounter: spec.encounter,
            engines,
            seed,
            start,
            opening,
            actions: Vec::new(),
            result: Vec::new(),
            reason: String::new(),
            fault: None,
            times_ms: Vec::new(),
        }
    }

    /// The engine in `seat`'s score in `[0, 1]` against its opponent: in a
    /// two-seat game its points when the two seats' points sum to 1,
    /// otherwise 1, ½ or 0 by comparison; at a larger table (Muzicando)
    /// against the first seat held by another engine (the team game: the
    /// other team), by the sign of the hand-point difference.
    #[must_use]
    pub fn score(&self, seat: usize) -> f64 {
        let opponent = (0..self.engines.len())
            .find(|&s| self.engines.get(s) != self.engines.get(seat))
            .unwrap_or(1 - seat.min(1));
        self.score_against(seat, opponent)
    }

    /// The score in `[0, 1]` of the engine in `seat` against the one in
    /// `other`: its points when the two seats' points sum to 1 (two-seat
    /// wins, draws and splits), otherwise 1, ½ or 0 by comparison.
    #[must_use]
    pub fn score_against(&self, seat: usize, other: usize) -> f64 {
        let mine = self.result.get(seat).copied().unwrap_or(0.0);
        let theirs = self.result.get(other).copied().unwrap_or(0.0);
        if self.result.len() == 2
            && (mine + theirs - 1.0).abs() < 1e-9
            && (0.0..=1.0).contains(&mine)
        {
            mine
        } else if mine > theirs {
            1.0
        } else if mine < theirs {
            0.0
        } else {
            0.5
        }
    }

    /// The seat of engine `name`, if it played.
    #[must_use]
    pub fn seat_of(&self, name: &str) -> Option<usize> {
        self.engines.iter().position(|e| e == name)
    }

    /// The readable record's headers, `[Key "value"]` lines, and a blank line.
    #[must_use]
    pub fn headers(&self, tournament: &str, game: &str) -> String {
        let mut text = String::new();
        let mut header = |key: &str, value: &str| text.push_str(&format!("[{key} \"{value}\"]\n"));
        header("Tournament", tournament);
        header("Game", game);
        header("Index", &self.index.to_string());
        header("Round", &self.round.to_string());
        for (seat, engine) in self.engines.iter().enumerate() {
            header(&format!("Seat{seat}"), engine);
        }
        header("Seed", &self.seed.to_string());
        header("Start", &self.start);
        header("Opening", &self.opening.join(" "));
        let points: Vec<String> = self.result.iter().map(f64::to_string).collect();
        // Two seats `1-0`; a larger table (scores may be negative) by seat, spaced.
        let separator = if points.len() == 2 { "-" } else { " " };
        header("Result", &points.join(separator));
        header("Reason", &self.reason);
        if let Some(fault) = &self.fault {
            header(
                "Fault",
                &format!("{} (seat {}): {}", fault.engine, fault.seat, fault.message),
            );
            header("FaultPosition", &fault.position);
        }
        text.push('\n');
        text
    }

    /// The readable record: headers, then the moves numbered per two plies.
    #[must_use]
    pub fn to_text(&self, tournament: &str, game: &str) -> String {
        let mut text = self.headers(tournament, game);
        let mut line = String::new();
        for (ply, action) in self.opening.iter().chain(&self.actions).enumerate() {
            if ply % 2 == 0 {
                line.push_str(&format!("{}. ", ply / 2 + 1));
            }
            line.push_str(action);
            line.push(' ');
        }
        text.push_str(line.trim_end());
        text.push('\n');
        text
    }
}

/// A tournament record line (one line of `games.jsonl`) as the text a
/// session loads: `position` (the record's start), `seed`, then the
/// opening's plies and the game's actions, chance outcomes included, one a
/// line. Lets a front end open a tournament game for review.
///
/// # Errors
/// A line that is not a game record, with serde's words for why.
pub fn record_as_saved_game(line: &str) -> Result<String, String> {
    let record: GameRecord = serde_json::from_str(line.trim())
        .map_err(|e| format!("not a tournament game record: {e}"))?;
    let mut text = format!("position {}\nseed {}\n", record.start, record.seed);
    for action in record.opening.iter().chain(&record.actions) {
        text.push_str(action);
        text.push('\n');
    }
    Ok(text)
}

/// Why the records could not be read or written.
#[derive(Debug, Error)]
pub enum RecordError {
    /// A file operation failed.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// The failure.
        source: std::io::Error,
    },
    /// A complete line is not what the file holds.
    #[error("{} line {line}: not a {what}: {message}", path.display())]
    Corrupt {
        /// The file.
        path: PathBuf,
        /// The line number (from 1).
        line: usize,
        /// What the lines are (`game record`).
        what: &'static str,
        /// The JSON reader's complaint.
        message: String,
    },
    /// A record that does not belong to this tournament's schedule.
    #[error("{}: game {index} does not match the schedule: {what}; resume only the run this folder holds", path.display())]
    Mismatch {
        /// The file.
        path: PathBuf,
        /// The game index.
        index: usize,
        /// The first difference found.
        what: String,
    },
    /// Two records of the same game.
    #[error("{}: game {index} is recorded twice", path.display())]
    Duplicate {
        /// The file.
        path: PathBuf,
        /// The game index.
        index: usize,
    },
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> RecordError + '_ {
    move |source| RecordError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// Reads the records of `path` (none if it does not exist) and cuts off a
/// trailing partial line, so that appending continues cleanly.
///
/// Only the last line may be incomplete (no newline, or unreadable without
/// one); any other unreadable line is an error.
pub fn read_records(path: &Path) -> Result<Vec<GameRecord>, RecordError> {
    let records = read_lines(path, "game record")?;
    check_unique(path, &records)?;
    Ok(records)
}

/// The complete records of `path`, leaving the file as it is (a run may
/// still be appending to it); a trailing partial line is passed over.
pub fn read_complete_records(path: &Path) -> Result<Vec<GameRecord>, RecordError> {
    let (records, _, _) = parse_lines(path, "game record")?;
    check_unique(path, &records)?;
    Ok(records)
}

/// An error if two of `records` are of the same game.
fn check_unique(path: &Path, records: &[GameRecord]) -> Result<(), RecordError> {
    let mut seen = std::collections::HashSet::new();
    match records.iter().find(|record| !seen.insert(record.index)) {
        Some(record) => Err(RecordError::Duplicate {
            path: path.to_path_buf(),
            index: record.index,
        }),
        None => Ok(()),
    }
}

/// Reads the lines of the JSON-lines file `path` (none if it does not
/// exist) as `T` (`what`, for errors) and cuts off a trailing partial line,
/// which a killed run leaves, so that appending continues cleanly. Only
/// the last line may be incomplete; any other unreadable line is an error.
pub fn read_lines<T: DeserializeOwned>(
    path: &Path,
    what: &'static str,
) -> Result<Vec<T>, RecordError> {
    let (lines, kept, len) = parse_lines(path, what)?;
    if kept < len {
        let file = OpenOptions::new()
            .write(true)
            .open(path)
            .map_err(io(path))?;
        file.set_len(kept as u64).map_err(io(path))?;
    }
    Ok(lines)
}

/// The complete lines of `path` read as `T`, the bytes they take and the
/// file's length.
fn parse_lines<T: DeserializeOwned>(
    path: &Path,
    what: &'static str,
) -> Result<(Vec<T>, usize, usize), RecordError> {
    let bytes = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok((Vec::new(), 0, 0)),
        Err(e) => return Err(io(path)(e)),
    };
    let mut lines = Vec::new();
    let mut kept = 0;
    for (number, chunk) in bytes.split_inclusive(|&b| b == b'\n').enumerate() {
        if !chunk.ends_with(b"\n") {
            break;
        }
        match serde_json::from_slice::<T>(chunk) {
            Ok(line) => lines.push(line),
            Err(_) if chunk.iter().all(u8::is_ascii_whitespace) => {}
            Err(error) => {
                return Err(RecordError::Corrupt {
                    path: path.to_path_buf(),
                    line: number + 1,
                    what,
                    message: error.to_string(),
                })
            }
        }
        kept += chunk.len();
    }
    Ok((lines, kept, bytes.len()))
}

/// Checks that every record of `path` is a game of `schedule` of the
/// tournament with `engines` and `seed`: its index within the schedule,
/// and its round, encounter, engines by seat and game seed those the
/// schedule gives it. Names the first difference.
pub fn check_against_schedule(
    records: &[GameRecord],
    schedule: &[GameSpec],
    engines: &[String],
    seed: u64,
    path: &Path,
) -> Result<(), RecordError> {
    for record in records {
        let mismatch = |what: String| RecordError::Mismatch {
            path: path.to_path_buf(),
            index: record.index,
            what,
        };
        let Some(spec) = schedule.get(record.index) else {
            return Err(mismatch(format!(
                "the schedule has {} games",
                schedule.len()
            )));
        };
        let scheduled: Vec<&str> = spec
            .engines
            .iter()
            .map(|&e| engines.get(e).map_or("?", String::as_str))
            .collect();
        let game_seed = derive(seed, Stream::Game, record.index as u64);
        if record.engines != scheduled {
            return Err(mismatch(format!(
                "engines {:?}, scheduled {scheduled:?}",
                record.engines
            )));
        }
        if record.seed != game_seed {
            return Err(mismatch(format!(
                "seed {}, scheduled {game_seed} (another tournament seed?)",
                record.seed
            )));
        }
        if (record.round, record.encounter) != (spec.round, spec.encounter) {
            return Err(mismatch(format!(
                "round {} encounter {}, scheduled round {} encounter {}",
                record.round, record.encounter, spec.round, spec.encounter
            )));
        }
    }
    Ok(())
}

/// Appends records (game records, or any other lines) to a JSON-lines
/// file, one flushed line each.
pub struct RecordWriter {
    path: PathBuf,
    file: File,
}

impl RecordWriter {
    /// Opens `path` for appending (creating it).
    pub fn open(path: &Path) -> Result<Self, RecordError> {
        let file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(io(path))?;
        Ok(Self {
            path: path.to_path_buf(),
            file,
        })
    }

    /// Writes `record` as one line, in a single write, and flushes it.
    pub fn append<T: Serialize>(&mut self, record: &T) -> Result<(), RecordError> {
        let mut line = serde_json::to_string(record).map_err(|e| RecordError::Io {
            path: self.path.clone(),
            source: std::io::Error::other(e),
        })?;
        line.push('\n');
        self.file
            .write_all(line.as_bytes())
            .map_err(io(&self.path))?;
        self.file.flush().map_err(io(&self.path))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(index: usize) -> GameRecord {
        GameRecord {
            index,
            round: 0,
            encounter: 0,
            engines: vec!["a".into(), "b".into()],
            seed: 9,
            start: "start".into(),
            opening: vec!["x".into()],
            actions: vec!["y".into(), "z".into()],
            result: vec![0.75, 0.25],
            reason: "game over".into(),
            fault: None,
            times_ms: vec![1, 2],
        }
    }

    #[test]
    fn a_partial_last_line_is_cut_off() {
        let path =
            std::env::temp_dir().join(format!("tauler-records-{}.jsonl", std::process::id()));
        let _ = std::fs::remove_file(&path);
        let mut writer = RecordWriter::open(&path).unwrap();
        writer.append(&record(0)).unwrap();
        writer.append(&record(3)).unwrap();
        drop(writer);
        let mut text = std::fs::read_to_string(&path).unwrap();
        let full = text.len();
        text.push_str("{\"index\":5,\"rou");
        std::fs::write(&path, &text).unwrap();
        let records = read_records(&path).unwrap();
        assert_eq!(records, vec![record(0), record(3)]);
        assert_eq!(std::fs::metadata(&path).unwrap().len() as usize, full);
        std::fs::write(&path, format!("{text}\n")).unwrap();
        assert!(matches!(
            read_records(&path),
            Err(RecordError::Corrupt { line: 3, .. })
        ));
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn scores_and_text() {
        let r = record(1);
        assert_eq!((r.score(0), r.score(1)), (0.75, 0.25));
        let points = GameRecord {
            result: vec![3.0, 5.0],
            ..record(1)
        };
        assert_eq!(points.score(0), 0.0);
        let text = r.to_text("t", "cescacs");
        assert!(text.contains("[Result \"0.75-0.25\"]"), "{text}");
        assert!(text.ends_with("1. x y 2. z\n"), "{text}");
    }

    proptest::proptest! {
        #[test]
        fn any_file_gives_records_or_an_error(text in "\\PC{0,300}", cut in 0usize..400) {
            let path = std::env::temp_dir().join(format!(
                "tauler-records-prop-{}-{:?}.jsonl",
                std::process::id(),
                std::thread::current().id()
            ));
            let mut line = serde_json::to_string(&record(1)).unwrap();
            line.push('\n');
            let mut bytes = line.into_bytes();
            bytes.truncate(cut.min(bytes.len()));
            bytes.extend_from_slice(text.as_bytes());
            std::fs::write(&path, &bytes).unwrap();
            let _ = read_records(&path);
            std::fs::remove_file(&path).unwrap();
        }
    }
}
