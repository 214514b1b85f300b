//! Running the built `tauler` binary on tournament files in scratch folders:
//! shared by the tournament tests of every game.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

use tauler::tournament::record::read_records;
use tauler::tournament::GameRecord;

/// A fresh scratch folder `tauler-<prefix>-<name>-<pid>` in the temporary
/// directory, with `profiles` (name, TOML text) written to its `engines/`.
pub fn scratch(prefix: &str, name: &str, profiles: &[(&str, &str)]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tauler-{prefix}-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("engines")).unwrap();
    for (name, text) in profiles {
        std::fs::write(dir.join("engines").join(format!("{name}.toml")), text).unwrap();
    }
    dir
}

/// The `tauler` binary with `args`.
pub fn tauler(args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_tauler"));
    command.args(args);
    command
}

/// Runs `tauler` with `args`, which must succeed.
pub fn run_ok(args: &[&str]) -> Output {
    let output = tauler(args).output().unwrap();
    assert!(
        output.status.success(),
        "tauler {args:?} failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    output
}

/// Runs `args`, expects exit status 1 and one `error:` line holding `needle`.
pub fn refused(args: &[&str], needle: &str) {
    let output = tauler(args).output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{args:?}: {stderr}");
    assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
    assert!(
        stderr.starts_with("error: ") && stderr.contains(needle),
        "{args:?}: {stderr}"
    );
}

/// Records by index, with the (timing-dependent) decision times left out.
pub fn comparable(path: &Path) -> Vec<GameRecord> {
    let mut records = read_records(path).unwrap();
    records.sort_by_key(|r| r.index);
    for record in &mut records {
        record.times_ms.clear();
    }
    records
}

/// The number of lines in `path` (0 when it does not exist).
pub fn lines(path: &Path) -> usize {
    std::fs::read_to_string(path).map_or(0, |t| t.lines().count())
}

/// Starts `tauler tournament FILE --quiet --out OUT`, kills it (SIGKILL on
/// Unix) once `OUT/games.jsonl` holds at least `records` lines (or after two
/// minutes), and returns how many lines it holds then.
pub fn kill_after(file: &str, out: &Path, records: usize) -> usize {
    let out_arg = out.to_str().unwrap();
    kill_when(
        &["tournament", file, "--quiet", "--out", out_arg],
        &out.join("games.jsonl"),
        records,
    )
}

/// Starts `tauler` with `args`, kills it (SIGKILL on Unix) once `watched`
/// holds at least `count` lines (or after two minutes), and returns how
/// many lines it holds then.
pub fn kill_when(args: &[&str], watched: &Path, count: usize) -> usize {
    let mut child = tauler(args)
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while lines(watched) < count && started.elapsed() < Duration::from_secs(120) {
        std::thread::sleep(Duration::from_millis(2));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    lines(watched)
}
