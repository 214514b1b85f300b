//! Memory is a budget (issue 35, finding 2): 300 sessions whose engines
//! each search keep the server's resident memory under its budget (the
//! tables are taken when a search needs them, sized to the budget, and
//! the quietest sessions give theirs back), and an analysis that cannot
//! have memory is a 503 with a JSON error, never an abort.

use crate::support::web as web_support;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

use tauler::engine::Catalogue;
use tauler::web::ServeConfig;
use web_support::request;

/// One test at a time: the resident memory is the whole process's.
static ALONE: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn server(memory_mb: usize) -> String {
    web_support::start_server_with(ServeConfig {
        port: 0,
        idle: Duration::from_secs(600),
        memory_mb,
        ..ServeConfig::new(Catalogue::built_in())
    })
}

#[test]
fn three_hundred_sessions_stay_within_the_budget() {
    if !cfg!(target_os = "linux") {
        eprintln!("SKIPPED: resident memory is read from /proc (Linux only)");
        return;
    }
    const BUDGET: usize = 256;
    let _alone = ALONE
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let server = server(BUDGET);
    let before = web_support::rss_mb();
    let mut peak = before;
    // Black's side: the engine (a 64 MiB table in its profile) searches
    // as each session is created.
    let body = br#"{"game": "cescacs", "engine": "cescacs-fast", "side": "black", "nodes": 2000}"#;
    for created in 0..300 {
        let (status, view) = request(&server, "POST", "/api/sessions", Some(body));
        assert_eq!(status, 201, "session {created}: {view:?}");
        assert_eq!(
            view["record"].as_array().map(Vec::len),
            Some(1),
            "the engine moved"
        );
        peak = peak.max(web_support::rss_mb());
    }
    eprintln!("resident memory: {before} MiB before, peak {peak} MiB over 300 sessions (budget {BUDGET} MiB)");
    assert!(
        peak - before < BUDGET,
        "300 sessions grew the server by {} MiB, beyond its {BUDGET} MiB budget",
        peak - before
    );
}

/// Starts an analysis and keeps its stream open; the status line.
fn open_analysis(server: &str) -> (TcpStream, String) {
    let address = server.trim_start_matches("http://");
    let mut stream = TcpStream::connect(address).expect("the server accepts");
    write!(
        stream,
        "GET /api/analysis?game=cescacs&seconds=20 HTTP/1.1\r\nHost: {address}\r\n\r\n"
    )
    .expect("the request is sent");
    let mut head = [0u8; 12];
    stream.read_exact(&mut head).expect("a status line");
    (stream, String::from_utf8_lossy(&head).into_owned())
}

#[test]
fn an_analysis_without_memory_is_a_503() {
    let _alone = ALONE
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    // A 2 MiB budget (the command line asks for 64 at least): the tables'
    // 1 MiB holds one table of 1 MiB.
    let server = server(2);
    let running: Vec<(TcpStream, String)> = (0..1).map(|_| open_analysis(&server)).collect();
    for (_, status) in &running {
        assert!(status.ends_with("200"), "{status}");
    }
    let (status, error) = request(
        &server,
        "GET",
        "/api/analysis?game=cescacs&seconds=20",
        None,
    );
    assert_eq!(status, 503, "{error:?}");
    assert!(error["error"]
        .as_str()
        .expect("a JSON error")
        .contains("memory"));
    drop(running);
    // The searches see their pages gone at their next report and stop.
    let mut status = 0;
    for _ in 0..100 {
        std::thread::sleep(Duration::from_millis(100));
        let (_stream, line) = open_analysis(&server);
        status = if line.ends_with("200") { 200 } else { 503 };
        if status == 200 {
            break;
        }
    }
    assert_eq!(status, 200, "the budget came back when the analyses ended");
}
