//! No client names a file (issue 35, finding 1): the card chess option
//! `deck=PATH`, sent through every field that carries rules options or a
//! saved game, reads nothing. `/etc/passwd`, `/proc/self/environ`, a
//! relative path and a symlink each get a 400 with the same words whether
//! the file exists or not, and no byte of the file in the reply. A deck
//! written inline still plays.

use crate::support::web as web_support;

use serde_json::{json, Value};
use web_support::{request, request_with};

/// A line of `path` that must never appear in a reply (its first line).
fn first_line(path: &str) -> Option<String> {
    let bytes = std::fs::read(path).ok()?;
    let line = bytes.split(|&b| b == b'\n' || b == 0).next()?;
    let line = String::from_utf8_lossy(line).trim().to_string();
    (line.len() >= 4).then_some(line)
}

/// Every request that carries rules options or a saved game, with `deck`
/// as the card chess deck; each answer's status and body text.
fn every_field(server: &str, session: &str, deck: &str) -> Vec<(String, u16, String)> {
    let option = format!("deck={deck}");
    let post = |path: &str, body: Value| {
        let host = server.trim_start_matches("http://").to_string();
        request_with(
            server,
            "POST",
            path,
            &[("Host", &host)],
            Some(body.to_string().as_bytes()),
        )
    };
    let mut answers = Vec::new();
    let (status, body) = post(
        "/api/sessions",
        json!({"game": "cardchess", "side": "white", "options": [option], "nodes": 50}),
    );
    answers.push(("POST /api/sessions options".to_string(), status, body));
    let query: String = url_escape(&option);
    let host = server.trim_start_matches("http://").to_string();
    let (status, body) = request_with(
        server,
        "GET",
        &format!("/api/analysis?game=cardchess&seconds=1&options={query}"),
        &[("Host", &host)],
        None,
    );
    answers.push(("GET /api/analysis options=".to_string(), status, body));
    let (status, body) = post(
        "/api/tables/analyse",
        json!({"position": "seed:7 -", "options": [option], "playouts": 10}),
    );
    answers.push(("POST /api/tables/analyse options".to_string(), status, body));
    let (status, body) = post(
        "/api/tables",
        json!({"seats": ["person", "muzicando-rules", "muzicando-rules", "muzicando-rules"],
               "options": [option]}),
    );
    answers.push(("POST /api/tables options".to_string(), status, body));
    let (status, body) = post(
        &format!("/api/sessions/{session}/load"),
        json!({"text": format!("position {deck}\nseed 1\n")}),
    );
    answers.push((
        "POST /api/sessions/{id}/load text".to_string(),
        status,
        body,
    ));
    answers
}

/// `text` escaped for a query string.
fn url_escape(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'-' | b'_' | b'.' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

#[test]
fn no_request_reads_a_file() {
    let server = web_support::start_server();
    let (status, view) = request(
        &server,
        "POST",
        "/api/sessions",
        Some(br#"{"game": "cardchess", "nodes": 50}"#),
    );
    assert_eq!(status, 201, "{view:?}");
    let session = view["id"].as_str().expect("an id").to_string();

    let folder = std::env::temp_dir().join(format!("tauler-web-files-{}", std::process::id()));
    std::fs::create_dir_all(&folder).expect("a scratch folder");
    let secret = folder.join("secret.deck");
    std::fs::write(&secret, "1 move P # secret-marker-6021\n").expect("a secret deck");
    let link = folder.join("link.deck");
    let _ = std::fs::remove_file(&link);
    #[cfg(unix)]
    std::os::unix::fs::symlink(&secret, &link).expect("a symlink");
    let secret = secret.display().to_string();
    let link = link.display().to_string();

    let paths = [
        "/etc/passwd",
        "/proc/self/environ",
        "decks/default.deck",
        secret.as_str(),
        link.as_str(),
        "/no/such/file",
    ];
    let mut replies: Vec<Vec<(String, u16, String)>> = Vec::new();
    for path in paths {
        let answers = every_field(&server, &session, path);
        let mut forbidden: Vec<String> = first_line(path).into_iter().collect();
        forbidden.extend(["secret-marker".to_string(), "PATH=".to_string()]);
        for (field, status, body) in &answers {
            assert!(
                (400..500).contains(status),
                "{field} with deck={path}: {status} {body}"
            );
            let error: Value = serde_json::from_str(body).expect("a JSON error");
            assert!(error["error"].is_string(), "{field}: {body}");
            for words in &forbidden {
                assert!(
                    !body.contains(words.as_str()),
                    "{field} with deck={path} shows `{words}`: {body}"
                );
            }
        }
        replies.push(
            answers
                .into_iter()
                .map(|(field, status, body)| (field, status, body.replace(path, "PATH")))
                .collect(),
        );
    }
    for (path, reply) in paths.iter().zip(&replies) {
        assert_eq!(
            reply, &replies[0],
            "deck={path} answers as every other path: no existence oracle"
        );
    }
    let _ = std::fs::remove_dir_all(&folder);

    let (status, view) = request(
        &server,
        "POST",
        "/api/sessions",
        Some(br#"{"game": "cardchess", "options": ["deck=2 move P; 1 swap"], "nodes": 50}"#),
    );
    assert_eq!(status, 201, "a deck written inline plays: {view:?}");
}
