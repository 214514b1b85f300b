//! `tauler tune` end to end, through the built binary: a few SPSA
//! iterations at a tiny node budget write one state line each and the tuned
//! profile; a run killed with SIGKILL and resumed ends with exactly the
//! lines and profile of an uninterrupted run; mistakes in tune files and
//! `[tune]` tables are named errors.

use crate::support::tournament_cli;

use std::path::{Path, PathBuf};

use tauler::engine::EngineProfile;
use tournament_cli::{kill_when, lines, run_ok, tauler};

/// A tiny C'escacs profile with two tunable parameters: a search margin
/// and an evaluation weight.
const TINY: &str = r#"
game = "cescacs"
searcher = "alphabeta"
description = "tiny"

[parameters]
hash_mb = 1
futility_margin = 150

[parameters.eval]
mobility = 3

[limits]
depth = 1

[tune]
futility_margin = { min = 50, max = 400, c_end = 20, r_end = 0.05 }
"eval.mobility" = { min = 0, max = 12, c_end = 1, r_end = 0.05 }
"#;

const TUNE: &str = r#"
engine = "tiny"
engine_dir = "engines"
iterations = 8
seed = 5
concurrency = 2

[limits]
nodes = 150

[openings]
random_plies = 3

[adjudication]
max_plies = 60
"#;

fn scratch(name: &str, tune: &str) -> (PathBuf, PathBuf) {
    let dir = tournament_cli::scratch(
        "tune",
        name,
        &[
            ("tiny", TINY),
            (
                "untuned",
                "game = \"cescacs\"\nsearcher = \"alphabeta\"\n[limits]\ndepth = 1\n",
            ),
            (
                "muz",
                "game = \"muzicando\"\nsearcher = \"rules\"\n[parameters]\nmin_margin = -2.0\n\
                 [tune]\nmin_margin = { min = -5, max = 5, c_end = 0.5, r_end = 0.01 }\n",
            ),
        ],
    );
    let file = dir.join("tiny-tune.toml");
    std::fs::write(&file, tune).unwrap();
    (dir, file)
}

fn tune(file: &Path, out: &Path, extra: &[&str]) -> std::process::Output {
    let mut args = vec![
        "tune",
        file.to_str().unwrap(),
        "--quiet",
        "--out",
        out.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    run_ok(&args)
}

#[test]
fn a_tuning_run_writes_its_state_and_the_tuned_profile() {
    let (dir, file) = scratch("run", TUNE);
    let out = dir.join("out");
    let output = tune(&file, &out, &[]);
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.contains("8 iterations, 16 games"), "{text}");
    assert!(text.contains("eval.mobility"), "{text}");
    assert_eq!(lines(&out.join("spsa.jsonl")), 8);
    let tuned_text = std::fs::read_to_string(out.join("tiny-tuned.toml")).unwrap();
    let tuned = EngineProfile::parse("tiny-tuned", &tuned_text).unwrap();
    assert_eq!(tuned.tune.len(), 2, "the [tune] table is kept");
    assert!(tuned.description.contains("SPSA, 8 iterations"));
    // The state's last θ, rounded, is what the profile holds.
    let last: serde_json::Value = serde_json::from_str(
        std::fs::read_to_string(out.join("spsa.jsonl"))
            .unwrap()
            .lines()
            .last()
            .unwrap(),
    )
    .unwrap();
    let theta: Vec<f64> = serde_json::from_value(last["theta"].clone()).unwrap();
    let starts: Vec<f64> = tuned.tune.iter().map(|t| t.start).collect();
    assert_eq!(starts, theta.iter().map(|t| t.round()).collect::<Vec<_>>());
    // The same seed gives the same run.
    let again = dir.join("again");
    tune(&file, &again, &[]);
    assert_eq!(
        std::fs::read_to_string(out.join("spsa.jsonl")).unwrap(),
        std::fs::read_to_string(again.join("spsa.jsonl")).unwrap()
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_killed_run_resumes_to_the_uninterrupted_state() {
    let long = TUNE.replace("iterations = 8", "iterations = 24");
    let (dir, file) = scratch("resume", &long);
    let whole = dir.join("whole");
    tune(&file, &whole, &[]);
    let expected = std::fs::read_to_string(whole.join("spsa.jsonl")).unwrap();
    assert_eq!(expected.lines().count(), 24);

    let killed = dir.join("killed");
    let state = killed.join("spsa.jsonl");
    let file_arg = file.to_str().unwrap();
    let killed_arg = killed.to_str().unwrap();
    let done = kill_when(
        &["tune", file_arg, "--quiet", "--out", killed_arg],
        &state,
        3,
    );
    assert!(
        (3..24).contains(&done),
        "the kill should land mid-run ({done} lines)"
    );
    // A write torn by the kill: the resume must cut it off.
    let mut text = std::fs::read_to_string(&state).unwrap();
    text.push_str("{\"iteration\":");
    std::fs::write(&state, text).unwrap();

    let refused = tauler(&["tune", file_arg, "--quiet", "--out", killed_arg])
        .output()
        .unwrap();
    assert!(
        !refused.status.success(),
        "a fresh run must not overwrite a run"
    );
    let other = tauler(&[
        "tune",
        file_arg,
        "--quiet",
        "--out",
        killed_arg,
        "--resume",
        "--iterations",
        "30",
    ])
    .output()
    .unwrap();
    assert!(!other.status.success());
    assert!(String::from_utf8_lossy(&other.stderr).contains("the iterations changed"));

    tune(&file, &killed, &["--resume"]);
    assert_eq!(std::fs::read_to_string(&state).unwrap(), expected);
    assert_eq!(
        std::fs::read_to_string(killed.join("tiny-tuned.toml")).unwrap(),
        std::fs::read_to_string(whole.join("tiny-tuned.toml")).unwrap()
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_tune_files_are_named_errors() {
    for (name, text, needle) in [
        ("noengine", "iterations = 2\n", "missing field `engine`"),
        (
            "unknown",
            "engine = \"nope\"\nengine_dir = \"engines\"\niterations = 2\n",
            "no engine profile `nope`",
        ),
        (
            "untuned",
            "engine = \"untuned\"\nengine_dir = \"engines\"\niterations = 2\n",
            "declares nothing to tune",
        ),
        (
            "zero",
            &TUNE.replace("iterations = 8", "iterations = 0"),
            "iterations: 0 is out of range",
        ),
        (
            "pairs",
            &format!("pairs = 0\n{TUNE}"),
            "pairs: 0 is out of range",
        ),
        (
            "key",
            &format!("rounds = 3\n{TUNE}"),
            "unknown field `rounds`",
        ),
        (
            "limits",
            &TUNE.replace("nodes = 150", "nodes = 0"),
            "nodes: 0 is out of range",
        ),
        (
            "muz",
            "engine = \"muz\"\nengine_dir = \"engines\"\niterations = 2\n",
            "muzicando is played in hands",
        ),
    ] {
        let (dir, file) = scratch(name, text);
        let output = tauler(&["tune", file.to_str().unwrap(), "--quiet"])
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!output.status.success(), "{name}");
        assert!(stderr.contains(needle), "{name}: {stderr}");
        assert_eq!(stderr.trim().lines().count(), 1, "{name}: {stderr}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
    let (dir, file) = scratch("badtune", TUNE);
    std::fs::write(
        dir.join("engines/tiny.toml"),
        TINY.replace("max = 12,", "max = 2,"),
    )
    .unwrap();
    let output = tauler(&["tune", file.to_str().unwrap(), "--quiet"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("[tune] `eval.mobility`: needs min <= start <= max"),
        "{stderr}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
