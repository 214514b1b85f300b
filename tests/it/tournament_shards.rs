//! Tournaments split into shards (`--shard K/N`) and joined again
//! (`tauler tournament merge`): the shards of a node-limited tournament
//! give the records and the report of the unsharded run; merge refuses
//! shards that do not belong together and names why; a killed shard
//! resumes to the records of an uninterrupted one; a merge of some shards
//! says whether the SPRT wants the next wave.

// The shared harness; this test needs only part of it.
use crate::support::tournament_cli;

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant};

use tauler::tournament::GameRecord;
use tournament_cli::{comparable, lines, run_ok, scratch, tauler};

/// Two node- and depth-limited C'escacs engines and the greedy capturer.
const CESCACS: &str = r#"
game = "cescacs"
engines = ["cescacs-weak", "cescacs-greedy", "cescacs-random"]
pairing = "gauntlet"
rounds = 2
seed = 11
concurrency = 2

[openings]
random_plies = 2

[adjudication]
max_plies = 80
"#;

/// Muzicando teams: the rule-based player, the random one, and ISMCTS
/// limited to 100 playouts a decision.
const MUZICANDO: &str = r#"
game = "muzicando"
engines = ["muzicando-rules", "muzicando-random", "muzicando-ismcts-weak"]
rounds = 4
hands_per_match = 4
seed = 5
concurrency = 2

[limits.muzicando-ismcts-weak]
nodes = 100
"#;

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// Writes `text` as `dir/NAME.toml`.
fn tournament(dir: &Path, name: &str, text: &str) -> PathBuf {
    let file = dir.join(format!("{name}.toml"));
    std::fs::write(&file, text).unwrap();
    file
}

/// Plays shard `k` of `n` of `file` into `out`; returns its report text.
fn shard(file: &Path, k: usize, n: usize, out: &Path) -> String {
    let shard = format!("{k}/{n}");
    let output = run_ok(&[
        "tournament",
        path(file),
        "--quiet",
        "--shard",
        &shard,
        "--out",
        path(out),
    ]);
    String::from_utf8(output.stdout).unwrap()
}

/// Merges `dirs`: its output, or its error line.
fn merge(dirs: &[PathBuf]) -> Result<String, String> {
    let mut args = vec!["tournament", "merge"];
    args.extend(dirs.iter().map(|d| path(d)));
    let output = tauler(&args).output().unwrap();
    if output.status.success() {
        Ok(String::from_utf8(output.stdout).unwrap())
    } else {
        Err(String::from_utf8(output.stderr).unwrap())
    }
}

/// The unsharded run and 4 shards of `text`: the shards' records together
/// are the run's (times aside), and their merge prints the run's report.
fn four_shards_are_the_whole_run(name: &str, text: &str) {
    let dir = scratch("shards", name, &[]);
    let file = tournament(&dir, name, text);
    let whole = dir.join("whole");
    let output = run_ok(&["tournament", path(&file), "--quiet", "--out", path(&whole)]);
    let report = String::from_utf8(output.stdout).unwrap();
    let shards: Vec<PathBuf> = (0..4).map(|k| dir.join(format!("shard{k}"))).collect();
    let mut records: Vec<GameRecord> = Vec::new();
    for (k, out) in shards.iter().enumerate().rev() {
        shard(&file, k, 4, out);
        let part = comparable(&out.join("games.jsonl"));
        assert!(!part.is_empty(), "{name}: shard {k} played nothing");
        records.extend(part);
    }
    records.sort_by_key(|r| r.index);
    assert_eq!(
        records,
        comparable(&whole.join("games.jsonl")),
        "{name}: records"
    );
    assert_eq!(merge(&shards).unwrap(), report, "{name}: report");
}

#[test]
fn four_cescacs_shards_are_the_whole_run() {
    four_shards_are_the_whole_run("cescacs", CESCACS);
}

#[test]
fn four_muzicando_shards_are_the_whole_run() {
    four_shards_are_the_whole_run("muzicando", MUZICANDO);
}

/// Muzicando, fast: the rule-based team against the random one.
const QUICK: &str = r#"
game = "muzicando"
engines = ["muzicando-rules", "muzicando-random"]
rounds = 8
hands_per_match = 4
seed = 3
"#;

#[test]
fn merge_refuses_shards_that_do_not_belong_together() {
    let dir = scratch("shards", "refused", &[]);
    let file = tournament(&dir, "quick", QUICK);
    let good: Vec<PathBuf> = (0..2).map(|k| dir.join(format!("s{k}"))).collect();
    for (k, out) in good.iter().enumerate() {
        shard(&file, k, 2, out);
    }
    let merged = merge(&good).unwrap();
    assert!(
        merged.starts_with("tournament quick (muzicando): 16/16 games\n"),
        "{merged}"
    );
    assert!(!merged.contains("merged"), "{merged}");
    let refused = |other: &Path, needle: &str| {
        let error = merge(&[good[0].clone(), other.to_path_buf()]).unwrap_err();
        assert!(
            error.starts_with("error: ") && error.contains(needle),
            "`{error}` lacks `{needle}`"
        );
    };
    // Another tournament file (another seed).
    let reseeded = dir.join("reseeded");
    std::fs::create_dir_all(&reseeded).unwrap();
    let other = tournament(&reseeded, "quick", &QUICK.replace("seed = 3", "seed = 4"));
    let out = dir.join("other-seed");
    shard(&other, 1, 2, &out);
    refused(&out, "the tournament file differs");
    // Another profile of the same name.
    let engines = dir.join("engines");
    let rules = std::fs::read_to_string("engines/muzicando-rules.toml").unwrap();
    std::fs::write(
        engines.join("muzicando-rules.toml"),
        rules.replace("level_step = 0.75", "level_step = 1.0"),
    )
    .unwrap();
    let out = dir.join("other-profile");
    run_ok(&[
        "--engines",
        path(&engines),
        "tournament",
        path(&file),
        "--quiet",
        "--shard",
        "1/2",
        "--out",
        path(&out),
    ]);
    refused(&out, "the engine profile `muzicando-rules` differs");
    // Another binary: a snapshot of another version, or another bench signature.
    for (field, value, needle) in [
        ("version", "\"99.0.0\"", "version"),
        ("perft", "1", "bench signature"),
    ] {
        let out = dir.join(format!("other-{field}"));
        shard(&file, 1, 2, &out);
        let snapshot = out.join("snapshot.json");
        let text = std::fs::read_to_string(&snapshot).unwrap();
        let start = text.find(&format!("\"{field}\": ")).unwrap() + field.len() + 4;
        let end = start + text[start..].find([',', '\n']).unwrap();
        std::fs::write(
            &snapshot,
            format!("{}{value}{}", &text[..start], &text[end..]),
        )
        .unwrap();
        refused(&out, needle);
    }
    // Another shard count; the same shard twice.
    let out = dir.join("thirds");
    shard(&file, 1, 3, &out);
    refused(&out, "the shard counts differ");
    refused(&good[0], "are both shard 0/2");
}

#[test]
fn a_killed_shard_resumes_with_nothing_lost_or_doubled() {
    let dir = scratch("shards", "killed", &[]);
    let text = MUZICANDO.replace("rounds = 4", "rounds = 8");
    let file = tournament(&dir, "killed", &text);
    let whole = dir.join("uninterrupted");
    shard(&file, 1, 2, &whole);
    let out = dir.join("killed");
    let games = out.join("games.jsonl");
    let mut child = tauler(&[
        "tournament",
        path(&file),
        "--quiet",
        "--shard",
        "1/2",
        "--out",
        path(&out),
    ])
    .stdout(Stdio::null())
    .spawn()
    .unwrap();
    let started = Instant::now();
    while lines(&games) < 5 && started.elapsed() < Duration::from_secs(120) {
        std::thread::sleep(Duration::from_millis(2));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let before = lines(&games);
    let expected = comparable(&whole.join("games.jsonl"));
    assert!(
        before >= 5 && before < expected.len(),
        "killed after {before} of {} hands",
        expected.len()
    );
    let shard_arg = ["--shard", "1/2"];
    let mut args = vec![
        "tournament",
        path(&file),
        "--quiet",
        "--resume",
        "--out",
        path(&out),
    ];
    // Resuming as another shard is refused.
    let refused = tauler(&[&args[..], &["--shard", "0/2"]].concat())
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&refused.stderr).contains("holds shard 1/2, not shard 0/2"));
    args.extend(shard_arg);
    run_ok(&args);
    assert_eq!(comparable(&games), expected);
}

#[test]
fn a_merge_of_one_wave_says_whether_the_sprt_goes_on() {
    let dir = scratch("shards", "waves", &[]);
    let text = format!(
        "{}\n[sprt]\nelo0 = 100\nelo1 = 200\nmodel = \"logistic\"\n",
        QUICK.replace("rounds = 8", "rounds = 400")
    );
    let file = tournament(&dir, "waves", &text);
    let shards: Vec<PathBuf> = (0..100).map(|k| dir.join(format!("s{k}"))).collect();
    shard(&file, 0, 100, &shards[0]);
    let first = merge(&shards[..1]).unwrap();
    assert!(
        first.contains("merged 1 of 100 shards (missing 1, 2,"),
        "{first}"
    );
    assert!(
        first.ends_with("wave: continue: run the next wave of shards\n"),
        "{first}"
    );
    for (k, out) in shards.iter().enumerate().take(5).skip(1) {
        shard(&file, k, 100, out);
    }
    let wave = merge(&shards[..5]).unwrap();
    assert!(wave.contains("merged 5 of 100 shards"), "{wave}");
    assert!(
        wave.ends_with("wave: H0 accepted: stop, no further wave\n"),
        "{wave}"
    );
}
