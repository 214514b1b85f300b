//! The load test (issue 35): 100 simulated people on loopback for 60 s
//! against one server with the default memory budget. 86 play board games
//! against engines at 50 ms a move, 10 run analyses, 4 sit at Muzicando
//! tables with three engines. It prints requests a second, p50 and p99
//! latency per endpoint, the errors and the peak resident memory, and fails
//! on any error, a peak above the budget + 200 MiB, or a p99 above 300 ms
//! for an endpoint that does not wait for a search.
//!
//! Ignored in `cargo test`; run it with
//! `cargo test --test it web_load:: -- --ignored --nocapture`.

use crate::support::web as web_support;

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use rand::seq::SliceRandom;
use rand::Rng;
use serde_json::{json, Value};
use tauler::engine::Catalogue;
use tauler::web::memory::DEFAULT_MEMORY_MB;
use tauler::web::ServeConfig;

const PEOPLE: usize = 100;
const ANALYSTS: usize = 10;
const TABLES: usize = 4;
const RUN: Duration = Duration::from_secs(60);

/// The endpoints whose answer waits for an engine's search.
const SEARCHING: &[&str] = &[
    "POST /api/sessions/{id}/action",
    "GET /api/analysis",
    "POST /api/tables",
    "POST /api/tables/{id}/seats/{token}/play",
];

/// Every answer's latency by endpoint, and the failures.
#[derive(Default)]
struct Record {
    latencies: HashMap<&'static str, Vec<Duration>>,
    errors: Vec<String>,
}

struct Client {
    server: String,
    record: Arc<Mutex<Record>>,
}

impl Client {
    /// Sends one request, timing it under `endpoint`; a 4xx or 5xx is an
    /// error.
    fn send(&self, endpoint: &'static str, method: &str, path: &str, body: Option<Value>) -> Value {
        let body = body.map(|b| b.to_string());
        let started = Instant::now();
        let host = self.server.trim_start_matches("http://").to_string();
        let (status, text) = web_support::request_with(
            &self.server,
            method,
            path,
            &[("Host", &host)],
            body.as_deref().map(str::as_bytes),
        );
        let took = started.elapsed();
        let mut record = self.record.lock().unwrap();
        record.latencies.entry(endpoint).or_default().push(took);
        if status >= 400 {
            record.errors.push(format!("{endpoint}: {status} {text}"));
        }
        serde_json::from_str(&text).unwrap_or(Value::Null)
    }
}

/// The `text` of each legal action listed in `legal`.
fn texts(legal: &Value) -> Vec<String> {
    legal
        .as_array()
        .map(|l| {
            l.iter()
                .filter_map(|a| a["text"].as_str().map(String::from))
                .collect()
        })
        .unwrap_or_default()
}

/// A person playing board games against engines until `stop`.
fn player(client: &Client, stop: &AtomicBool) {
    let mut rng = rand::thread_rng();
    while !stop.load(Ordering::Relaxed) {
        let game = ["cescacs", "camelot", "cardchess"]
            .choose(&mut rng)
            .unwrap();
        let mut view = client.send(
            "POST /api/sessions",
            "POST",
            "/api/sessions",
            Some(json!({"game": game, "movetime_ms": 50})),
        );
        let Some(id) = view["id"].as_str().map(str::to_string) else {
            std::thread::sleep(Duration::from_millis(200));
            continue;
        };
        for moves in 0..30 {
            if stop.load(Ordering::Relaxed) || !view["ending"].is_null() {
                break;
            }
            let legal = texts(&view["legal"]);
            let Some(action) = legal.choose(&mut rng) else {
                break;
            };
            view = client.send(
                "POST /api/sessions/{id}/action",
                "POST",
                &format!("/api/sessions/{id}/action"),
                Some(json!({"action": action})),
            );
            if moves % 10 == 9 {
                client.send(
                    "GET /api/sessions/{id}",
                    "GET",
                    &format!("/api/sessions/{id}"),
                    None,
                );
                client.send("GET /api/games", "GET", "/api/games", None);
            }
        }
        client.send(
            "DELETE /api/sessions/{id}",
            "DELETE",
            &format!("/api/sessions/{id}"),
            None,
        );
    }
}

/// A person analysing positions for a second at a time until `stop`.
fn analyst(client: &Client, stop: &AtomicBool) {
    let mut rng = rand::thread_rng();
    while !stop.load(Ordering::Relaxed) {
        let game = ["cescacs", "camelot", "cardchess"]
            .choose(&mut rng)
            .unwrap();
        client.send(
            "GET /api/analysis",
            "GET",
            &format!("/api/analysis?game={game}&seconds=1"),
            None,
        );
    }
}

/// A person at a Muzicando table with three engines, playing hands
/// until `stop`; polls as the page does.
fn table_person(client: &Client, stop: &AtomicBool) {
    let mut rng = rand::thread_rng();
    while !stop.load(Ordering::Relaxed) {
        let created = client.send(
            "POST /api/tables",
            "POST",
            "/api/tables",
            Some(json!({"seats": ["person", "muzicando-rules", "muzicando-rules", "muzicando-rules"], "hands": 1})),
        );
        let Some(link) = created["seats"][0]["link"].as_str() else {
            std::thread::sleep(Duration::from_millis(200));
            continue;
        };
        let id = created["id"].as_str().unwrap().to_string();
        let token = link.rsplit("seat=").next().unwrap().to_string();
        let seat = format!("/api/tables/{id}/seats/{token}");
        let mut next = 0;
        while !stop.load(Ordering::Relaxed) {
            let view = client.send("GET /api/tables/{id}/seats/{token}", "GET", &seat, None);
            if view["over"] == true {
                break;
            }
            let events = client.send(
                "GET /api/tables/{id}/seats/{token}/events",
                "GET",
                &format!("{seat}/events?from={next}"),
                None,
            );
            next = events["next"].as_u64().unwrap_or(next);
            let legal = texts(&view["view"]["legal"]);
            match legal.choose(&mut rng) {
                Some(action) => {
                    client.send(
                        "POST /api/tables/{id}/seats/{token}/play",
                        "POST",
                        &format!("{seat}/play"),
                        Some(json!({"action": action})),
                    );
                }
                None => std::thread::sleep(Duration::from_millis(rng.gen_range(50..150))),
            }
        }
    }
}

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    let index = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[index].as_secs_f64() * 1000.0
}

#[test]
#[ignore = "a 60 s load test; run with --ignored"]
fn a_hundred_people_for_a_minute() {
    let server = web_support::start_server_with(ServeConfig {
        port: 0,
        ..ServeConfig::new(Catalogue::built_in())
    });
    let record = Arc::new(Mutex::new(Record::default()));
    let stop = Arc::new(AtomicBool::new(false));
    let started = Instant::now();
    let mut people = Vec::new();
    for person in 0..PEOPLE {
        let client = Client {
            server: server.clone(),
            record: Arc::clone(&record),
        };
        let stop = Arc::clone(&stop);
        people.push(std::thread::spawn(move || match person {
            p if p < ANALYSTS => analyst(&client, &stop),
            p if p < ANALYSTS + TABLES => table_person(&client, &stop),
            _ => player(&client, &stop),
        }));
    }
    let mut curve = Vec::new();
    let mut peak = 0;
    while started.elapsed() < RUN {
        std::thread::sleep(Duration::from_millis(200));
        let rss = web_support::rss_mb();
        peak = peak.max(rss);
        if curve.len() < (started.elapsed().as_secs() / 5) as usize + 1 {
            curve.push((started.elapsed().as_secs(), rss));
        }
    }
    stop.store(true, Ordering::Relaxed);
    for person in people {
        person.join().expect("no simulated person panicked");
    }
    let elapsed = started.elapsed().as_secs_f64();
    peak = peak.max(web_support::rss_mb());

    let record = record.lock().unwrap();
    let total: usize = record.latencies.values().map(Vec::len).sum();
    println!(
        "{total} requests in {elapsed:.1} s: {:.1} requests/s; {} errors; peak RSS {peak} MiB (budget {DEFAULT_MEMORY_MB} MiB)",
        total as f64 / elapsed,
        record.errors.len()
    );
    println!(
        "RSS curve (s, MiB): {}",
        curve
            .iter()
            .map(|(s, mb)| format!("{s}:{mb}"))
            .collect::<Vec<_>>()
            .join(" ")
    );
    println!(
        "{:<48} {:>7} {:>9} {:>9}",
        "endpoint", "count", "p50 ms", "p99 ms"
    );
    let mut slow = Vec::new();
    let mut endpoints: Vec<_> = record.latencies.iter().collect();
    endpoints.sort_by_key(|(name, _)| **name);
    for (name, latencies) in endpoints {
        let mut sorted = latencies.clone();
        sorted.sort();
        let (p50, p99) = (percentile(&sorted, 0.5), percentile(&sorted, 0.99));
        let searching = SEARCHING.contains(name);
        println!(
            "{name:<48} {:>7} {p50:>9.1} {p99:>9.1}{}",
            sorted.len(),
            if searching {
                "  (waits for a search)"
            } else {
                ""
            }
        );
        if !searching && p99 > 300.0 {
            slow.push(format!("{name}: p99 {p99:.1} ms"));
        }
    }
    for error in record.errors.iter().take(10) {
        println!("error: {error}");
    }
    assert!(record.errors.is_empty(), "{} errors", record.errors.len());
    assert!(peak < DEFAULT_MEMORY_MB + 200, "peak RSS {peak} MiB");
    assert!(slow.is_empty(), "over 300 ms at p99: {slow:?}");
}
