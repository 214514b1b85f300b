//! The server's JSON API fed bad input over plain HTTP: malformed JSON,
//! wrong fields, unknown games and sessions, illegal actions, a bad
//! position, an oversized body. Each gets a 4xx with `{"error": …}`, and
//! the server keeps answering.

use crate::support::web as web_support;

use serde_json::Value;
use web_support::{refused, request};

#[test]
fn bad_requests_get_a_json_4xx_and_the_server_carries_on() {
    let server = web_support::start_server();
    let post = |path: &str, body: &str| request(&server, "POST", path, Some(body.as_bytes()));

    refused(post("/api/sessions", "{\"game\": "), 400, "");
    refused(post("/api/sessions", "{\"game\": 3}"), 400, "game");
    refused(
        post("/api/sessions", "{\"game\": \"camelot\", \"colour\": 1}"),
        400,
        "colour",
    );
    refused(
        post("/api/sessions", "{\"game\": \"chess\"}"),
        400,
        "unknown game `chess`",
    );
    refused(
        post("/api/sessions", "{\"game\": \"muzicando\"}"),
        400,
        "not played on a board",
    );
    refused(
        post(
            "/api/sessions",
            "{\"game\": \"camelot\", \"side\": \"red\"}",
        ),
        400,
        "side `red`",
    );
    refused(
        post(
            "/api/sessions",
            "{\"game\": \"camelot\", \"engine\": \"cescacs-fast\"}",
        ),
        400,
        "cescacs-fast",
    );
    refused(
        post(
            "/api/sessions",
            "{\"game\": \"camelot\", \"engine\": \"nobody\"}",
        ),
        400,
        "nobody",
    );
    refused(
        post(
            "/api/sessions",
            "{\"game\": \"cescacs\", \"position\": \"/28:q/ w\"}",
        ),
        400,
        "bad cescacs position",
    );
    refused(
        post("/api/sessions", "{\"game\": \"camelot\", \"nodes\": 0}"),
        400,
        "nodes",
    );
    refused(
        request(&server, "POST", "/api/sessions", None),
        415,
        "Content-Type",
    );

    refused(
        request(&server, "GET", "/api/sessions/0123456789abcdef", None),
        404,
        "no session",
    );
    refused(
        post("/api/sessions/nope/action", "{\"action\": \"F7-F8\"}"),
        404,
        "no session",
    );
    refused(
        request(&server, "GET", "/api/no-such-endpoint", None),
        404,
        "no such",
    );
    refused(
        request(&server, "GET", "/api/sessions", None),
        405,
        "method",
    );
    refused(
        request(&server, "GET", "/api/sessions/nope/review", None),
        404,
        "no session",
    );
    refused(
        request(
            &server,
            "GET",
            "/api/analysis?game=cescacs&position=zzz",
            None,
        ),
        400,
        "bad cescacs position",
    );
    refused(
        request(&server, "GET", "/api/analysis?game=cescacs&seconds=0", None),
        400,
        "seconds",
    );
    refused(
        request(&server, "GET", "/api/analysis?gmae=cescacs", None),
        400,
        "gmae",
    );

    let (status, view) = post("/api/sessions", "{\"game\": \"camelot\", \"nodes\": 200}");
    assert_eq!(status, 201, "{view:?}");
    let id = view["id"].as_str().expect("an id").to_string();
    let action = |body: &str| post(&format!("/api/sessions/{id}/action"), body);
    refused(action("{\"action\": \"A1-A2\"}"), 400, "A1-A2");
    refused(action("{\"action\": \"Z99-Q1\"}"), 400, "Z99-Q1");
    refused(action("{\"move\": \"F7-F8\"}"), 400, "action");
    refused(action("[1, 2, 3]"), 400, "");
    refused(
        post(&format!("/api/sessions/{id}/undo"), ""),
        409,
        "nothing to undo",
    );
    refused(
        post(
            &format!("/api/sessions/{id}/load"),
            "{\"text\": \"nonsense\"}",
        ),
        400,
        "position",
    );
    refused(
        request(&server, "GET", &format!("/api/sessions/{id}/ply/999"), None),
        404,
        "ply 999",
    );

    refused(
        request(&server, "GET", &format!("/api/sessions/{id}/ply/two"), None),
        400,
        "two",
    );
    let huge = format!("{{\"action\": \"{}\"}}", "x".repeat(400_000));
    refused(action(&huge), 413, "");

    let (status, games) = request(&server, "GET", "/api/games", None);
    assert_eq!(status, 200);
    assert_eq!(games.as_array().map(Vec::len), Some(3));
    let (status, view) = request(&server, "GET", &format!("/api/sessions/{id}"), None);
    assert_eq!(status, 200, "the session is unharmed: {view:?}");
    assert_eq!(view["record"].as_array().map(Vec::len), Some(0));
    let (status, _) = request(&server, "DELETE", &format!("/api/sessions/{id}"), None);
    assert_eq!(status, 204);
    refused(
        request(&server, "GET", &format!("/api/sessions/{id}"), None),
        404,
        "no session",
    );
}

/// A line of a tournament's `games.jsonl` loads as that game (start,
/// opening and actions, chance outcomes included), ready for review; a
/// line that is not a record is a 400 naming why.
#[test]
fn a_tournament_record_line_opens_that_game() {
    let server = web_support::start_server();
    let post = |path: &str, body: &str| request(&server, "POST", path, Some(body.as_bytes()));
    for game in ["cescacs", "camelot", "cardchess"] {
        let records = std::fs::read_to_string(format!("tests/data/regression/{game}.jsonl"))
            .expect("the stored records");
        let line = records.lines().next().expect("a record");
        let record: Value = serde_json::from_str(line).expect("a JSON record");
        let plies = record["opening"].as_array().unwrap().len()
            + record["actions"].as_array().unwrap().len();

        let (status, view) = post(
            "/api/sessions",
            &format!("{{\"game\": \"{game}\", \"nodes\": 100}}"),
        );
        assert_eq!(status, 201, "{view:?}");
        let id = view["id"].as_str().expect("an id").to_string();
        let body = serde_json::json!({ "text": line }).to_string();
        let (status, view) = post(&format!("/api/sessions/{id}/load"), &body);
        assert_eq!(status, 200, "{game}: {view:?}");
        assert_eq!(
            view["record"].as_array().expect("the move list").len(),
            plies,
            "{game}: every ply of the record is in the game"
        );

        let broken = serde_json::json!({ "text": "{\"start\": 3}" }).to_string();
        refused(
            post(&format!("/api/sessions/{id}/load"), &broken),
            400,
            "not a tournament game record",
        );
    }
}

/// The error table of `docs/server.md`, kind by kind: every error is a
/// JSON `{"error": …}` with its kind's one status. An unknown table and a
/// wrong seat token answer alike (no id oracle); a bad query is JSON too;
/// a hint after the game says the game is over.
#[test]
fn each_kind_of_error_has_one_status() {
    let server = web_support::start_server();
    let post = |path: &str, body: &str| request(&server, "POST", path, Some(body.as_bytes()));
    let get = |path: &str| request(&server, "GET", path, None);

    // 400: a request the server cannot use, body or query alike.
    refused(post("/api/sessions", "{\"game\": "), 400, "");
    refused(post("/api/sessions", "{\"game\": 3}"), 400, "game");
    refused(get("/api/analysis?game=cescacs&multipv=x"), 400, "multipv");

    let seats = r#"{"seats": ["person", "muzicando-rules", "muzicando-rules", "muzicando-rules"], "hands": 1}"#;
    let (status, table) = post("/api/tables", seats);
    assert_eq!(status, 201, "{table:?}");
    let link = table["seats"][0]["link"].as_str().expect("a link");
    let id = table["id"].as_str().expect("an id");
    let token = link.rsplit("seat=").next().expect("a token");
    refused(
        get(&format!("/api/tables/{id}/seats/{token}/events?from=-1")),
        400,
        "from",
    );

    // 404: an unknown table, a wrong token and no token answer alike.
    let unknown = get("/api/tables/0123456789abcdef/seats/x");
    refused(
        get("/api/tables/0123456789abcdef/seats/x"),
        404,
        "no such table or seat",
    );
    assert_eq!(
        get(&format!("/api/tables/{id}/seats/{}", "0".repeat(32))),
        unknown
    );
    assert_eq!(get(&format!("/api/tables/{id}")), unknown);
    assert_eq!(
        post(
            &format!("/api/tables/{id}/seats/nope/play"),
            "{\"action\": \"pass\"}"
        ),
        unknown
    );

    // 409: what the game's state refuses now.
    let (status, view) = post("/api/sessions", "{\"game\": \"camelot\", \"nodes\": 50}");
    assert_eq!(status, 201, "{view:?}");
    let session = view["id"].as_str().expect("an id");
    refused(
        post(&format!("/api/sessions/{session}/redo"), ""),
        409,
        "nothing to redo",
    );
    let (status, _) = post(&format!("/api/sessions/{session}/resign"), "");
    assert_eq!(status, 200);
    refused(
        post(&format!("/api/sessions/{session}/hint"), ""),
        409,
        "the game is over",
    );
    refused(
        post(
            &format!("/api/sessions/{session}/action"),
            "{\"action\": \"F7-F8\"}",
        ),
        409,
        "the game is over",
    );

    // 413, 415: the body's size and type.
    let huge = format!("{{\"action\": \"{}\"}}", "x".repeat(400_000));
    refused(
        post(&format!("/api/sessions/{session}/action"), &huge),
        413,
        "",
    );
    refused(
        request(&server, "POST", "/api/sessions", None),
        415,
        "Content-Type",
    );
}
