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

#[test]
fn analyse_cardchess_movetime_covers_search_and_breakdown() {
    let start = Instant::now();
    let text = succeeds(&["analyse", "cardchess", "--movetime", "200"]);
    assert!(
        start.elapsed() < Duration::from_secs(5),
        "took {:?}",
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
