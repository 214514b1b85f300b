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

fn server(memory_mb: usize) -> String {
    web_support::start_server_with(ServeConfig {
        port: 0,
        idle: Duration::from_secs(600),
        memory_mb,
        ..ServeConfig::new(Catalogue::built_in())
    })
}

/// A real `tauler serve` of its own, so that its resident memory is the
/// server's alone, whatever other tests in this process hold; stopped
/// when dropped.
struct ServeProcess(std::process::Child);

impl ServeProcess {
    /// Starts `tauler serve` on a free port with `memory_mb`; the process
    /// and the address it serves at.
    fn start(memory_mb: usize) -> (Self, String) {
        use std::io::BufRead;
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_tauler"))
            .args(["serve", "--port", "0", "--log", "warn", "--memory-mb"])
            .arg(memory_mb.to_string())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("tauler serve starts");
        let stdout = child.stdout.take().expect("its standard output");
        let mut line = String::new();
        std::io::BufReader::new(stdout)
            .read_line(&mut line)
            .expect("the serving line");
        let address = line
            .split_whitespace()
            .find(|word| word.starts_with("http://"))
            .unwrap_or_else(|| panic!("an address in {line:?}"))
            .trim_end_matches('/')
            .to_string();
        (Self(child), address)
    }
}

impl Drop for ServeProcess {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[test]
fn three_hundred_sessions_stay_within_the_budget() {
    if !cfg!(target_os = "linux") {
        eprintln!("SKIPPED: resident memory is read from /proc (Linux only)");
        return;
    }
    const BUDGET: usize = 256;
    let (process, server) = ServeProcess::start(BUDGET);
    let pid = process.0.id().to_string();
    let before = web_support::rss_mb_of(&pid);
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
        peak = peak.max(web_support::rss_mb_of(&pid));
    }
    eprintln!("resident memory of the server: {before} MiB before, peak {peak} MiB over 300 sessions (budget {BUDGET} MiB)");
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
