//! The playing levels over the server's JSON API: `GET /api/games` lists
//! each game's eight levels (plain chess's under card chess's
//! `plain_chess`), `POST /api/sessions` plays one by `level`, refusing a
//! level out of range or given with an engine or limits, and a card table
//! seats `level-N`.

use crate::support::web as web_support;

use serde_json::Value;
use web_support::{refused, request};

#[test]
fn games_list_their_levels() {
    let server = web_support::start_server();
    let (status, games) = request(&server, "GET", "/api/games", None);
    assert_eq!(status, 200, "{games}");
    for entry in games.as_array().unwrap() {
        let name = entry["name"].as_str().unwrap();
        let levels = entry["levels"].as_array().unwrap();
        let numbers: Vec<u64> = levels
            .iter()
            .map(|l| l["level"].as_u64().unwrap())
            .collect();
        assert_eq!(numbers, (1..=8).collect::<Vec<_>>(), "{name}");
        assert_eq!(levels[2]["profile"], format!("{name}-level-3"));
        for key in ["rating", "low", "high", "scale", "measured"] {
            assert!(levels[0].get(key).is_some(), "{name} level 1 has `{key}`");
        }
        let default = entry["default_level"].as_u64().unwrap();
        assert!((1..=8).contains(&default), "{name}");
    }
    let cardchess = games
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["name"] == "cardchess")
        .unwrap();
    let chess = &cardchess["plain_chess"];
    assert_eq!(chess["options"], serde_json::json!(["cards=off"]));
    assert_eq!(chess["levels"][7]["profile"], "chess-level-8");
    assert!(chess["levels"][0]["scale"]
        .as_str()
        .unwrap()
        .contains("UCI_Elo"));
}

#[test]
fn a_session_plays_a_level_and_bad_levels_are_refused() {
    let server = web_support::start_server();
    let post = |body: &str| request(&server, "POST", "/api/sessions", Some(body.as_bytes()));

    let (status, view) = post(r#"{"game": "camelot", "side": "black", "level": 2, "seed": 5}"#);
    assert_eq!(status, 201, "{view}");
    assert_eq!(view["engine"], "camelot-level-2");
    let (status, view) =
        post(r#"{"game": "cardchess", "options": ["cards=off"], "level": 1, "side": "black"}"#);
    assert_eq!(status, 201, "{view}");
    assert_eq!(view["engine"], "chess-level-1");
    let (status, view) = post(r#"{"game": "cardchess", "level": 8}"#);
    assert_eq!(status, 201, "{view}");
    assert_eq!(view["engine"], "cardchess-level-8");

    refused(
        post(r#"{"game": "cescacs", "level": 0}"#),
        400,
        "level: 0 is out of range (allowed 1 to 8)",
    );
    refused(
        post(r#"{"game": "cescacs", "level": 9}"#),
        400,
        "allowed 1 to 8",
    );
    refused(post(r#"{"game": "cescacs", "level": -1}"#), 400, "level");
    refused(post(r#"{"game": "cescacs", "level": "3"}"#), 400, "level");
    for clash in [
        r#""engine": "cescacs-default""#,
        r#""movetime_ms": 100"#,
        r#""nodes": 1000"#,
        r#""depth": 3"#,
    ] {
        let key = clash.split('"').nth(1).unwrap();
        refused(
            post(&format!(r#"{{"game": "cescacs", "level": 3, {clash}}}"#)),
            400,
            &format!("`level` and `{key}` do not go together"),
        );
    }
}

#[test]
fn a_card_table_seats_levels() {
    let server = web_support::start_server();
    let (status, profiles) = request(&server, "GET", "/api/tables/profiles", None);
    assert_eq!(status, 200);
    assert_eq!(profiles["levels"][0]["name"], "muzicando");
    assert_eq!(profiles["levels"][0]["level"].as_array().unwrap().len(), 8);
    let table = |seats: &str| {
        let body = format!(r#"{{"seats": [{seats}], "seed": 3}}"#);
        request(&server, "POST", "/api/tables", Some(body.as_bytes()))
    };
    let (status, created): (u16, Value) =
        table(r#""person", "level-1", "muzicando-rules", "level-8""#);
    assert_eq!(status, 201, "{created}");
    assert_eq!(created["seats"][1]["engine"], "muzicando-level-1");
    assert_eq!(created["seats"][3]["engine"], "muzicando-level-8");
    refused(
        table(r#""person", "level-9", "level-1", "level-1""#),
        400,
        "allowed 1 to 8",
    );
    refused(
        table(r#""person", "level-x", "level-1", "level-1""#),
        400,
        "level",
    );
}
