//! Host and origin checks (issue 35, finding 4): a loopback server answers
//! only loopback host names on its port, so a page whose name is rebound
//! to 127.0.0.1 gets nothing; a request from another site's page is
//! refused; `--allowed-host` adds a name.

use crate::support::web as web_support;

use std::time::Duration;

use serde_json::Value;
use tauler::engine::Catalogue;
use tauler::web::ServeConfig;
use web_support::request_with;

/// The status and the JSON error of a request with `headers`.
fn ask(server: &str, method: &str, headers: &[(&str, &str)]) -> (u16, Value) {
    let body = (method == "POST").then_some(br#"{"game": "camelot", "nodes": 50}"#.as_slice());
    let (status, text) = request_with(server, method, "/api/sessions", headers, body);
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

#[test]
fn foreign_hosts_and_origins_are_refused() {
    let server = web_support::start_server();
    let address = server.trim_start_matches("http://").to_string();
    let port = address.rsplit(':').next().expect("a port").to_string();
    let localhost = format!("localhost:{port}");
    let page = format!("http://{address}");

    let (status, view) = ask(&server, "POST", &[("Host", &address), ("Origin", &page)]);
    assert_eq!(status, 201, "the page's own origin plays: {view:?}");
    let (status, _) = ask(&server, "POST", &[("Host", &localhost)]);
    assert_eq!(
        status, 201,
        "localhost, and no origin (a program, not a page)"
    );

    for host in ["attacker.example", "attacker.example:80", "localhost:1"] {
        let (status, error) = ask(&server, "POST", &[("Host", host)]);
        assert_eq!(status, 403, "Host {host}: {error:?}");
        assert!(error["error"].as_str().unwrap().contains("host name"));
    }
    let (status, _) = ask(
        &server,
        "GET",
        &[("Host", &format!("attacker.example:{port}"))],
    );
    assert_eq!(status, 403, "a rebound name reads nothing either");
    let (status, _) = ask(&server, "POST", &[]);
    assert_eq!(status, 403, "no Host at all");

    for origin in ["http://attacker.example", "null", "http://localhost:1"] {
        let (status, error) = ask(&server, "POST", &[("Host", &address), ("Origin", origin)]);
        assert_eq!(status, 403, "Origin {origin}: {error:?}");
        assert!(error["error"].as_str().unwrap().contains("another site"));
    }
}

#[test]
fn an_allowed_host_is_answered() {
    let server = web_support::start_server_with(ServeConfig {
        port: 0,
        idle: Duration::from_secs(60),
        allowed_hosts: vec!["club.local".into()],
        ..ServeConfig::new(Catalogue::built_in())
    });
    let port = server.rsplit(':').next().expect("a port").to_string();
    let club = format!("club.local:{port}");
    let (status, error) = ask(&server, "GET", &[("Host", &club)]);
    assert_eq!(
        status, 405,
        "the name reaches the API (GET is not its method): {error:?}"
    );
    let origin = format!("http://{club}");
    let (status, _) = ask(&server, "POST", &[("Host", &club), ("Origin", &origin)]);
    assert_eq!(status, 201);
    let (status, _) = ask(&server, "POST", &[("Host", &format!("other.local:{port}"))]);
    assert_eq!(status, 403);
}
