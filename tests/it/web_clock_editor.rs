//! The clocks of games against the engine and the position editor's check,
//! over plain HTTP against the real server: a clock's bad values refused
//! with a JSON 4xx, both clocks in the session's view, the engine's and the
//! person's time charged, a clock that runs out ending the game as lost on
//! time; the editor's positions written back canonically, its mistakes
//! named.

use crate::support::web as web_support;

use std::time::Duration;

use serde_json::{json, Value};
use web_support::{refused, request};

fn post(server: &str, path: &str, body: &Value) -> (u16, Value) {
    request(server, "POST", path, Some(body.to_string().as_bytes()))
}

#[test]
fn a_clock_with_bad_values_is_refused() {
    let server = web_support::start_server();
    let session = |clock: Value| {
        post(
            &server,
            "/api/sessions",
            &json!({"game": "camelot", "clock": clock}),
        )
    };
    refused(
        session(json!({"seconds": 0})),
        400,
        "clock.seconds: 0 is out of range",
    );
    refused(session(json!({"seconds": 10_801})), 400, "clock.seconds");
    refused(
        session(json!({"seconds": 60, "increment": 181})),
        400,
        "clock.increment",
    );
    refused(session(json!({"seconds": -5})), 400, "seconds");
    refused(session(json!({"seconds": 1.5})), 400, "seconds");
    refused(session(json!({"minutes": 5})), 400, "minutes");
    refused(session(json!("5+3")), 400, "clock");
}

#[test]
fn both_clocks_run_and_the_engine_plays_from_its_own() {
    let server = web_support::start_server();
    let (status, view) = post(
        &server,
        "/api/sessions",
        &json!({"game": "camelot", "side": "black", "engine": "camelot-fast",
                "clock": {"seconds": 60, "increment": 2}}),
    );
    assert_eq!(status, 201, "{view}");
    let clock = &view["clock"];
    assert_eq!(clock["control"], json!({"seconds": 60, "increment": 2}));
    assert_eq!(
        clock["running"],
        json!(1),
        "the person's clock runs: {clock}"
    );
    let white = clock["remaining_ms"][0].as_u64().expect("White's time");
    assert!(
        white < 62_000 && white > 0,
        "the engine moved first: its time charged, its increment added: {white}"
    );
    let id = view["id"].as_str().expect("an id");
    let legal = view["legal"][0]["text"].as_str().expect("a legal move");
    let (status, after) = post(
        &server,
        &format!("/api/sessions/{id}/action"),
        &json!({"action": legal}),
    );
    assert_eq!(status, 200, "{after}");
    let black = after["clock"]["remaining_ms"][1]
        .as_u64()
        .expect("Black's time");
    assert!(
        black > 60_000 && black <= 62_000,
        "the person's move earned 2 s: {black}"
    );
    assert_eq!(after["clock"]["running"], json!(1));
    let (_, undone) = post(&server, &format!("/api/sessions/{id}/undo"), &json!(null));
    let kept = undone["clock"]["remaining_ms"][1]
        .as_u64()
        .expect("Black's time");
    assert!(kept <= black, "undo gives no time back: {kept} > {black}");
    assert_eq!(undone["clock"]["running"], json!(1), "{undone}");
    let (_, saved) = request(&server, "GET", &format!("/api/sessions/{id}/save"), None);
    let (_, loaded) = post(&server, &format!("/api/sessions/{id}/load"), &saved);
    let full = loaded["clock"]["remaining_ms"][1]
        .as_u64()
        .expect("Black's time");
    assert!(
        full > 59_000 && full <= 60_000,
        "a loaded game starts both clocks full: {loaded}"
    );
    let (_, fresh) = post(&server, &format!("/api/sessions/{id}/new"), &json!(null));
    assert_eq!(fresh["clock"]["running"], json!(1), "{fresh}");
    assert!(fresh["clock"]["remaining_ms"][1].as_u64().unwrap() > 59_000);

    let (status, level) = post(
        &server,
        "/api/sessions",
        &json!({"game": "cardchess", "side": "black", "level": 3,
                "clock": {"seconds": 30, "increment": 1}}),
    );
    assert_eq!(status, 201, "{level}");
    assert_eq!(level["engine"], json!("cardchess-level-3"));
    assert_eq!(
        level["clock"]["running"],
        json!(1),
        "a level plays on a clock: {level}"
    );

    let (_, plain) = post(&server, "/api/sessions", &json!({"game": "camelot"}));
    assert_eq!(plain["clock"], Value::Null, "no clock unless asked");
}

#[test]
fn a_clock_that_runs_out_loses_the_game_on_time() {
    let server = web_support::start_server();
    let (status, view) = post(
        &server,
        "/api/sessions",
        &json!({"game": "cescacs", "engine": "cescacs-fast", "clock": {"seconds": 1}}),
    );
    assert_eq!(status, 201, "{view}");
    let id = view["id"].as_str().expect("an id");
    std::thread::sleep(Duration::from_millis(1_300));
    let (status, over) = request(&server, "GET", &format!("/api/sessions/{id}"), None);
    assert_eq!(status, 200);
    assert_eq!(over["ending"]["reason"], json!("time forfeit"), "{over}");
    assert_eq!(
        over["ending"]["words"],
        json!("White lost on time; Black wins")
    );
    assert_eq!(over["ending"]["points"], json!([0.0, 1.0]));
    assert_eq!(over["clock"]["remaining_ms"][0], json!(0));
    assert_eq!(over["clock"]["running"], Value::Null);
    let legal = view["legal"][0]["text"].as_str().expect("a legal move");
    refused(
        post(
            &server,
            &format!("/api/sessions/{id}/action"),
            &json!({"action": legal}),
        ),
        409,
        "the game is over",
    );
}

#[test]
fn the_editor_answers_each_games_canonical_position() {
    let server = web_support::start_server();
    let check = |body: Value| post(&server, "/api/editor", &body);
    for game in ["cescacs", "camelot", "cardchess"] {
        let (status, start) = check(json!({"game": game}));
        assert_eq!(status, 200, "{start}");
        let position = start["position"].as_str().expect("a position");
        let men = start["picture"]["men"].clone();
        let fields = start["fields"].as_str().expect("fields");
        assert!(position.ends_with(fields), "{position} / {fields}");
        let (_, again) = check(json!({"game": game, "men": men, "fields": fields}));
        assert_eq!(
            again["position"],
            json!(position),
            "{game}: the men written back"
        );
        let (_, pasted) = check(json!({"game": game, "position": position}));
        assert_eq!(pasted["position"], json!(position));
        assert_eq!(pasted["turn"], json!(0));
    }
    let (_, kings) = check(json!({"game": "cardchess", "men": [
        {"cell": "a1", "side": 0, "letter": "K"}, {"cell": "h8", "side": 1, "letter": "K"},
        {"cell": "d4", "side": 0, "letter": "Q"}], "fields": "b - - 0 1 | held0=veto"}));
    let position = kings["position"]
        .as_str()
        .unwrap_or_else(|| panic!("{kings}"));
    assert!(
        position.starts_with("7k/8/8/8/3Q4/8/8/K7 b - - 0 1 |"),
        "{position}"
    );
    assert!(position.contains("held0=veto"), "{position}");
    assert!(
        position.contains(",veto,") || position.contains(",veto "),
        "one veto left in the pile: {position}"
    );
    assert_eq!(kings["turn"], json!(1));
}

#[test]
fn the_editors_mistakes_are_named() {
    let server = web_support::start_server();
    let check = |body: Value| post(&server, "/api/editor", &body);
    refused(check(json!({"game": "chess"})), 400, "unknown game");
    refused(
        check(json!({"game": "muzicando"})),
        400,
        "not played on a board",
    );
    refused(
        check(
            json!({"game": "camelot", "men": [{"cell": "Z99", "side": 0, "letter": "M"}], "fields": "w 0,0"}),
        ),
        400,
        "`Z99` is not a cell",
    );
    refused(
        check(
            json!({"game": "camelot", "men": [{"cell": "F7", "side": 0, "letter": "Q"}], "fields": "w 0,0"}),
        ),
        400,
        "not a man of this game",
    );
    refused(
        check(json!({"game": "camelot", "men": [
            {"cell": "F7", "side": 0, "letter": "M"}, {"cell": "F7", "side": 1, "letter": "M"}],
            "fields": "w 0,0"})),
        400,
        "two men on F7",
    );
    refused(
        check(json!({"game": "cescacs", "men": [], "fields": "w - - 0 1"})),
        400,
        "bad cescacs position",
    );
    refused(
        check(
            json!({"game": "cardchess", "position": "8/8/8/8/8/8/8/8 w - - 0 1 | held0=nonsense"}),
        ),
        400,
        "bad cardchess position",
    );
    refused(
        check(json!({"game": "camelot", "position": "x", "men": []})),
        400,
        "not both",
    );
    refused(check(json!({"game": "camelot", "men": "F7"})), 400, "men");
    refused(
        check(json!({"game": "camelot", "file": "/etc/passwd"})),
        400,
        "file",
    );
}

#[test]
fn a_tables_time_per_decision_plays_the_rule_based_choice_when_it_runs_out() {
    let server = web_support::start_server();
    let table = |extra: Value| {
        let mut body = json!({"hands": 1, "seed": 7,
            "seats": ["person", "muzicando-rules", "muzicando-rules", "muzicando-rules"]});
        body.as_object_mut()
            .unwrap()
            .extend(extra.as_object().unwrap().clone());
        post(&server, "/api/tables", &body)
    };
    refused(
        table(json!({"decision_seconds": 0})),
        400,
        "decision_seconds: 0 is out of range",
    );
    refused(
        table(json!({"decision_seconds": 3601})),
        400,
        "decision_seconds",
    );
    let (status, created) = table(json!({"decision_seconds": 1}));
    assert_eq!(status, 201, "{created}");
    let link = created["seats"][0]["link"]
        .as_str()
        .expect("the person's link");
    let (id, token) = link
        .trim_start_matches("/table?table=")
        .split_once("&seat=")
        .expect("table and seat");
    let seat_path = format!("/api/tables/{id}/seats/{token}");
    let (_, before) = request(&server, "GET", &seat_path, None);
    let decision = &before["decision"];
    assert_eq!(
        decision["seat"],
        json!(0),
        "the person is to decide: {before}"
    );
    assert_eq!(decision["limit_ms"], json!(1000));
    let mine = |view: &Value| {
        view["view"]["log"]
            .as_array()
            .expect("the log")
            .iter()
            .filter(|entry| entry["seat"] == json!(0))
            .count()
    };
    let played = mine(&before);
    std::thread::sleep(Duration::from_millis(1_200));
    let (status, after) = request(&server, "GET", &seat_path, None);
    assert_eq!(status, 200, "{after}");
    assert_eq!(
        mine(&after),
        played + 1,
        "one decision played for the person: {after}"
    );
    if after["decision"]["seat"] == json!(0) {
        assert!(
            after["decision"]["remaining_ms"].as_u64().unwrap() > 500,
            "a new count"
        );
    }
    let (_, untimed) = table(json!({}));
    let link = untimed["seats"][0]["link"].as_str().expect("a link");
    let (id, token) = link
        .trim_start_matches("/table?table=")
        .split_once("&seat=")
        .unwrap();
    let (_, view) = request(
        &server,
        "GET",
        &format!("/api/tables/{id}/seats/{token}"),
        None,
    );
    assert!(
        view.get("decision").is_none(),
        "no time limit unless asked: {view}"
    );
}
