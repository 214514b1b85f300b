//! The command line's answers to bad, extreme and awkward input: a clear
//! one-line error naming the flag or key and its range, never a panic, an
//! abort or a hang (issue 18's audit, one test per defect).

use std::io::{BufRead, BufReader};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

fn tauler(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tauler"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

/// Runs `args`, expects exit status 1 and one `error: …` line containing
/// every one of `needles`; returns the line.
fn fails(args: &[&str], needles: &[&str]) -> String {
    let output = tauler(args);
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert_eq!(output.status.code(), Some(1), "{args:?}: {stderr}");
    assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
    assert!(stderr.starts_with("error: "), "{args:?}: {stderr}");
    for needle in needles {
        assert!(
            stderr.contains(needle),
            "{args:?}: `{stderr}` lacks `{needle}`"
        );
    }
    stderr
}

/// Runs `args` and expects success; returns stdout.
fn succeeds(args: &[&str]) -> String {
    let output = tauler(args);
    assert!(
        output.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn perft_depth_4294967295_is_out_of_range_not_an_allocation_abort() {
    for game in ["cescacs", "camelot", "cardchess", "muzicando"] {
        fails(
            &["perft", game, "--depth", "4294967295"],
            &["--depth", "4294967295", "0 to 64"],
        );
    }
}

#[test]
fn analyse_hash_out_of_range_or_unallocatable_is_an_error_not_an_abort() {
    for hash in ["100000000", "1152921504606846976", "0"] {
        fails(
            &["analyse", "cescacs", "--hash", hash, "--depth", "1"],
            &["--hash", "1 to 65536"],
        );
    }
}

#[test]
fn analyse_threads_100000_is_out_of_range_not_a_panic_or_a_long_burn() {
    for game in ["cescacs", "muzicando"] {
        fails(
            &["analyse", game, "--threads", "100000", "--nodes", "100"],
            &["--threads", "100000", "1 to 256"],
        );
    }
}

/// Reads two lines of `args`' output, closes the pipe and expects a quiet
/// end: success or death by SIGPIPE, nothing on stderr.
fn ends_quietly_on_a_closed_pipe(args: &[&str]) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tauler"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut reader = BufReader::new(child.stdout.take().unwrap());
    for _ in 0..2 {
        let mut line = String::new();
        reader.read_line(&mut line).unwrap();
    }
    drop(reader);
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.is_empty(), "{args:?}: {stderr}");
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        assert!(
            output.status.success() || output.status.signal() == Some(13),
            "{args:?}: {:?}",
            output.status
        );
    }
    #[cfg(not(unix))]
    assert!(output.status.success(), "{args:?}: {:?}", output.status);
}

#[test]
fn output_to_a_closed_pipe_ends_quietly() {
    ends_quietly_on_a_closed_pipe(&["perft", "cescacs", "--depth", "3", "--divide"]);
    ends_quietly_on_a_closed_pipe(&["bench", "camelot"]);
    ends_quietly_on_a_closed_pipe(&["play", "cescacs", "--engine", "cescacs-weak"]);
}

const TACTIC: &str = "r3k3/pb1pq1pr/7p/Qp1P1p2/2P5/8/5PPP/R3R1K1 b - - 3 28";

/// Not a tight timing: before the fix the breakdown after the search took
/// several times the movetime (114 s for `--movetime 60000`). The program's
/// start (card chess builds its tables) is measured alongside and allowed
/// for, so that a loaded machine does not fail the test.
#[test]
fn analyse_cardchess_movetime_covers_search_and_breakdown() {
    let start = Instant::now();
    succeeds(&["perft", "cardchess", "--depth", "1"]);
    let startup = start.elapsed();
    let start = Instant::now();
    let text = succeeds(&["analyse", "cardchess", "--movetime", "1000"]);
    let limit = startup * 2 + Duration::from_secs(4);
    assert!(
        start.elapsed() < limit,
        "took {:?}, allowed {limit:?}",
        start.elapsed()
    );
    assert!(
        text.lines().last().unwrap().starts_with("bestmove "),
        "{text}"
    );
    assert!(text.contains(" expected value "), "{text}");
}

#[test]
fn analyse_cardchess_best_move_line_agrees_with_bestmove() {
    for depth in ["6", "7", "8"] {
        let text = succeeds(&[
            "analyse",
            "cardchess",
            "--option",
            "cards=off",
            "--position",
            TACTIC,
            "--depth",
            depth,
        ]);
        let best = text
            .lines()
            .find_map(|l| l.strip_prefix("best move "))
            .and_then(|l| l.split_whitespace().next())
            .unwrap_or_else(|| panic!("{text}"));
        let bestmove = text.lines().last().unwrap().strip_prefix("bestmove ");
        assert_eq!(bestmove, Some(best), "depth {depth}: {text}");
    }
}

/// A fresh scratch folder holding `files` (relative path, text).
fn scratch(name: &str, files: &[(&str, &str)]) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("tauler-cli-errors-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for (path, text) in files {
        let path = dir.join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    dir
}

const RANDOM: &str = "game = \"camelot\"\nsearcher = \"random\"\n";
const SHORT: &str = "game = \"camelot\"\nengines = [\"r1\", \"r2\"]\nengine_dir = \"engines\"\nrounds = 1\nseed = 5\n[adjudication]\nmax_plies = 10\n";

fn path_str(path: &std::path::Path) -> &str {
    path.to_str().unwrap()
}

#[test]
fn user_files_are_read_with_a_size_cap() {
    #[cfg(unix)]
    {
        fails(
            &["tournament", "/dev/zero"],
            &["/dev/zero", "larger than 16 MiB"],
        );
        fails(
            &[
                "perft",
                "cardchess",
                "--option",
                "deck=/dev/zero",
                "--depth",
                "1",
            ],
            &["deck", "larger than 16 MiB"],
        );
        let dir = scratch("cap", &[("engines/r1.toml", RANDOM)]);
        std::os::unix::fs::symlink("/dev/zero", dir.join("engines/r2.toml")).unwrap();
        std::fs::write(dir.join("t.toml"), SHORT).unwrap();
        fails(
            &["tournament", path_str(&dir.join("t.toml")), "--quiet"],
            &["r2.toml", "larger than 16 MiB"],
        );
    }
}

#[test]
fn a_broken_tournament_file_error_has_line_and_column() {
    let dir = scratch(
        "broken",
        &[(
            "t.toml",
            "game = \"camelot\"\nengines = [\"a\", \"b\"]\nrounds = = 1\n",
        )],
    );
    fails(
        &["tournament", path_str(&dir.join("t.toml"))],
        &["line 3, column 10"],
    );
}

#[test]
fn tournament_rounds_4294967295_and_huge_schedules_are_refused() {
    let text = SHORT.replace("rounds = 1", "rounds = 4294967295");
    let dir = scratch("rounds", &[("t.toml", &text)]);
    fails(
        &["tournament", path_str(&dir.join("t.toml"))],
        &["rounds: 4294967295 is out of range (allowed 1 to 100000)"],
    );
}

#[test]
fn a_failed_start_leaves_no_results_folder_and_an_unlimited_engine_is_named() {
    let thinker = "game = \"camelot\"\nsearcher = \"alphabeta\"\n";
    let dir = scratch(
        "start",
        &[
            ("engines/r1.toml", RANDOM),
            ("engines/r2.toml", thinker),
            ("t.toml", SHORT),
        ],
    );
    fails(
        &["tournament", path_str(&dir.join("t.toml")), "--quiet"],
        &["engine `r2` has no limit per move", "[limits.r2]"],
    );
    assert!(!dir.join("results").exists(), "a results folder was left");
    std::fs::remove_file(dir.join("engines/r2.toml")).unwrap();
    fails(
        &["tournament", path_str(&dir.join("t.toml")), "--quiet"],
        &["no engine profile `r2`"],
    );
    assert!(!dir.join("results").exists(), "a results folder was left");
}

#[test]
fn resume_refuses_records_whose_seed_or_engines_do_not_match_the_schedule() {
    let dir = scratch(
        "resume",
        &[
            ("engines/r1.toml", RANDOM),
            ("engines/r2.toml", RANDOM),
            ("t.toml", SHORT),
        ],
    );
    let file = dir.join("t.toml");
    succeeds(&["tournament", path_str(&file), "--quiet"]);
    let games = dir.join("results/t/games.jsonl");
    let original = std::fs::read_to_string(&games).unwrap();
    succeeds(&["tournament", path_str(&file), "--quiet", "--resume"]);
    let tamper = |edit: &dyn Fn(&mut serde_json::Value)| {
        let mut lines: Vec<serde_json::Value> = original
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        edit(&mut lines[0]);
        let text: String = lines.iter().map(|v| format!("{v}\n")).collect();
        std::fs::write(&games, text).unwrap();
    };
    tamper(&|record| record["seed"] = serde_json::json!(12345));
    fails(
        &["tournament", path_str(&file), "--quiet", "--resume"],
        &["game 0 does not match the schedule: seed 12345"],
    );
    tamper(&|record| record["engines"] = serde_json::json!(["r2", "r2"]));
    fails(
        &["tournament", path_str(&file), "--quiet", "--resume"],
        &["game 0 does not match the schedule: engines [\"r2\", \"r2\"]"],
    );
}

#[test]
fn an_io_error_is_said_once() {
    let error = fails(
        &["tournament", "no/such/dir/t.toml"],
        &["no/such/dir/t.toml"],
    );
    assert_eq!(error.matches("os error 2").count(), 1, "{error}");
    assert_eq!(error.matches("No such file").count(), 1, "{error}");
}

#[test]
fn sprt_refuses_elo0_above_elo1_nan_and_bad_rates() {
    let counts = ["sprt", "--counts", "1,2,3,4,5"];
    let run = |extra: &[&str], needle: &str| {
        let mut args = counts.to_vec();
        args.extend_from_slice(extra);
        fails(&args, &[needle]);
    };
    run(
        &["--elo0", "10", "--elo1", "0"],
        "--elo0 (10) must be below --elo1 (0)",
    );
    run(
        &["--elo0", "0", "--elo1", "NaN"],
        "--elo1: NaN is out of range",
    );
    run(
        &["--elo0", "0", "--elo1", "5", "--alpha", "0.6"],
        "--alpha: 0.6",
    );
    run(&["--elo0", "0", "--elo1", "5", "--beta", "0"], "--beta: 0");
    let text = succeeds(&[
        "sprt",
        "--counts",
        "1,2,3,4,5",
        "--elo0",
        "0",
        "--elo1",
        "5",
    ]);
    assert!(text.lines().last().unwrap().starts_with("llr "), "{text}");
}

#[test]
fn analyse_flags_a_game_ignores_are_refused_by_name() {
    for (game, flags) in [
        (
            "cardchess",
            &[
                ["--multipv", "2"],
                ["--threads", "2"],
                ["--hash", "8"],
                ["--seat", "0"],
            ][..],
        ),
        (
            "muzicando",
            &[
                ["--movetime", "10"],
                ["--depth", "2"],
                ["--multipv", "2"],
                ["--hash", "8"],
            ][..],
        ),
        ("cescacs", &[["--seat", "1"]][..]),
        ("camelot", &[["--seat", "1"]][..]),
    ] {
        for [flag, value] in flags {
            fails(
                &["analyse", game, flag, value],
                &[&format!("{flag} does not apply to {game} analysis")],
            );
        }
    }
}

#[test]
fn play_flags_a_game_ignores_are_refused_by_name() {
    for game in ["cescacs", "camelot", "cardchess"] {
        for args in [
            &["--seat", "1"][..],
            &["--team"][..],
            &["--players", "3"][..],
            &["--hands", "2"][..],
        ] {
            let mut command = vec!["play", game];
            command.extend_from_slice(args);
            fails(
                &command,
                &[&format!("{} is not used by play {game}", args[0])],
            );
        }
    }
    fails(
        &["play", "muzicando", "--side", "black"],
        &["--side is not used by play muzicando"],
    );
    fails(
        &["play", "muzicando", "--hands", "0"],
        &["--hands", "out of range"],
    );
}

/// The first record of a shipped regression tournament: (start, actions,
/// result, whether the rules ended it).
fn first_record(game: &str) -> (String, Vec<String>, Vec<f64>, bool) {
    let path = format!(
        "{}/tests/data/regression/{game}.jsonl",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(path).unwrap();
    let record: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    let strings = |key: &str| -> Vec<String> {
        record[key]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_str().unwrap().to_string())
            .collect()
    };
    let mut actions = strings("opening");
    actions.extend(strings("actions"));
    let result = record["result"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_f64().unwrap())
        .collect();
    (
        record["start"].as_str().unwrap().to_string(),
        actions,
        result,
        record["reason"] == "game over",
    )
}

#[test]
fn moves_with_card_actions_are_one_move_each_whether_spaced_or_semicolon_separated() {
    let (start, actions, _, _) = first_record("cardchess");
    assert!(
        actions.iter().any(|a| a.contains(' ')),
        "the record has card actions with an argument: {actions:?}"
    );
    let spaced = succeeds(&[
        "position",
        "cardchess",
        "--position",
        &start,
        "--moves",
        &actions.join(" "),
    ]);
    let separated = succeeds(&[
        "position",
        "cardchess",
        "--position",
        &start,
        "--moves",
        &actions.join("; "),
    ]);
    assert_eq!(spaced, separated);
    let swap = succeeds(&[
        "perft",
        "cardchess",
        "--moves",
        "draw draw:swap swap b1-c3",
        "--depth",
        "1",
    ]);
    assert!(swap.ends_with("\n"), "{swap}");
    fails(
        &[
            "perft",
            "cardchess",
            "--moves",
            "draw draw:swap swap b1-z9",
            "--depth",
            "1",
        ],
        &["move 3 `swap`", "swap b1-z9"],
    );
}

#[test]
fn position_prints_the_turn_a_finished_hands_points_and_the_position() {
    let (start, actions, result, over) = first_record("muzicando");
    assert!(over, "the first Muzicando record is a finished hand");
    let text = succeeds(&[
        "position",
        "muzicando",
        "--position",
        &start,
        "--moves",
        &actions.join(" "),
    ]);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "turn over", "{text}");
    let points: Vec<String> = result.iter().map(ToString::to_string).collect();
    assert_eq!(lines[1], format!("points {}", points.join(" ")), "{text}");
    assert!(lines[2].starts_with("position "), "{text}");
    let first = succeeds(&[
        "position",
        "muzicando",
        "--position",
        &start,
        "--moves",
        &actions[0],
    ]);
    assert!(first.starts_with("turn seat "), "{first}");
    for game in ["cescacs", "camelot", "cardchess"] {
        let text = succeeds(&["position", game]);
        assert!(text.starts_with("turn seat 0\nposition "), "{game}: {text}");
    }
    let moved = succeeds(&["position", "cescacs", "--moves", "NG3-I7 F20-F16"]);
    let again = succeeds(&[
        "position",
        "cescacs",
        "--position",
        moved
            .lines()
            .last()
            .unwrap()
            .strip_prefix("position ")
            .unwrap(),
    ]);
    assert_eq!(moved, again, "the printed position reads back");
}

#[test]
fn a_profile_table_the_machine_cannot_allocate_is_an_error_not_a_panic() {
    let dir = scratch(
        "huge-hash",
        &[(
            "engines/huge.toml",
            "game = \"cescacs\"\nsearcher = \"alphabeta\"\n[parameters]\nhash_mb = 65536\n[limits]\ndepth = 2\n",
        )],
    );
    let engines = dir.join("engines");
    fails(
        &[
            "--engines",
            path_str(&engines),
            "play",
            "cescacs",
            "--engine",
            "huge",
        ],
        &["huge", "65536 MiB"],
    );
}

#[test]
fn rule_based_parameters_out_of_range_are_named() {
    for (key, value) in [("level_step", "0.0"), ("min_margin", "1e9")] {
        let dir = scratch(
            &format!("rules-{key}"),
            &[(
                "engines/odd.toml",
                &format!(
                    "game = \"muzicando\"\nsearcher = \"rules\"\n[parameters]\n{key} = {value}\n"
                ),
            )],
        );
        fails(
            &[
                "--engines",
                path_str(&dir.join("engines")),
                "play",
                "muzicando",
                "--engine",
                "odd",
            ],
            &["odd", key, "out of range"],
        );
    }
}

#[test]
fn smp_bench_settings_out_of_range_are_one_line_errors() {
    fails(&["bench", "--smp", "--reps", "0"], &["--reps", "1 to 100"]);
    fails(
        &["bench", "--smp", "--threads", "0"],
        &["--threads", "1 to 256"],
    );
    fails(
        &["bench", "--smp", "--depth", "65"],
        &["--depth", "1 to 64"],
    );
    fails(&["bench", "muzicando", "--smp"], &["alpha-beta games only"]);
}
