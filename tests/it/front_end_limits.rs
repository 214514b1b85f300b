//! The terminal and the browser turn the same request into the same
//! limits: every limit given applies and the search stops at the first
//! reached. A move time of a day with 300 nodes answers at once in both;
//! under the old rules the terminal searched to the depth and the browser
//! for the day.

use crate::support::web as web_support;

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use tauler::engine::{LimitKeys, LimitRequest, LimitSpec};
use web_support::request;

const DAY_MS: u64 = 86_400_000;

/// The request both front ends are given.
fn asked() -> LimitRequest {
    LimitRequest {
        movetime_ms: Some(DAY_MS),
        nodes: Some(300),
        depth: Some(64),
    }
}

#[test]
fn a_request_keeps_every_limit_and_replaces_the_base() {
    let base = LimitSpec {
        depth: Some(4),
        clock_ms: Some(60_000),
        ..LimitSpec::default()
    };
    let spec = asked().over(&base, LimitKeys::FIELDS).expect("in range");
    assert_eq!(
        spec,
        LimitSpec {
            movetime_ms: Some(DAY_MS),
            nodes: Some(300),
            depth: Some(64),
            ..LimitSpec::default()
        }
    );
    assert_eq!(
        LimitRequest::default().over(&base, LimitKeys::FLAGS),
        Ok(base)
    );
    let error = LimitRequest {
        depth: Some(65),
        ..LimitRequest::default()
    }
    .over(&LimitSpec::default(), LimitKeys::FLAGS)
    .expect_err("out of range");
    assert!(error.to_string().contains("--depth"), "{error}");
}

#[test]
fn the_terminal_and_the_browser_stop_at_the_first_limit_reached() {
    let start = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_tauler"))
        .args([
            "analyse",
            "cescacs",
            "--movetime",
            &DAY_MS.to_string(),
            "--nodes",
            "300",
            "--depth",
            "64",
        ])
        .stdout(Stdio::piped())
        .spawn()
        .expect("tauler runs");
    while child.try_wait().expect("a status").is_none() {
        if start.elapsed() > Duration::from_secs(60) {
            child.kill().expect("killed");
            panic!("the terminal's analysis did not stop at 300 nodes");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let output = child.wait_with_output().expect("the output");
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{text}");
    assert!(text.contains("bestmove"), "{text}");

    let server = web_support::start_server();
    let body = serde_json::json!({
        "game": "cescacs",
        "side": "black",
        "movetime_ms": DAY_MS,
        "nodes": 300,
        "depth": 64,
    });
    let start = Instant::now();
    let (status, view) = request(
        &server,
        "POST",
        "/api/sessions",
        Some(body.to_string().as_bytes()),
    );
    assert_eq!(status, 201, "{view}");
    assert!(start.elapsed() < Duration::from_secs(60));
    assert_eq!(
        view["record"].as_array().map(Vec::len),
        Some(1),
        "the engine (white) has moved: {view}"
    );
}
