//! Fair randomness (issue 35, finding 3): a game or table made with the
//! defaults deals from a seed drawn from the operating system, so two
//! default card chess games draw different cards and two default tables
//! deal different hands; a seed asked for replays its deal; the seed stays
//! hidden until the game or match is over.

use crate::support::web as web_support;

use serde_json::{json, Value};
use web_support::request;

fn post(server: &str, path: &str, body: &Value) -> (u16, Value) {
    request(server, "POST", path, Some(body.to_string().as_bytes()))
}

/// The card the person draws first in a new card chess game (chance's
/// answer to `draw`), and the game's id.
fn first_draw(server: &str, body: &Value) -> (String, String) {
    let (status, view) = post(server, "/api/sessions", body);
    assert_eq!(status, 201, "{view:?}");
    let id = view["id"].as_str().expect("an id");
    let (status, view) = post(
        server,
        &format!("/api/sessions/{id}/action"),
        &json!({"action": "draw"}),
    );
    assert_eq!(status, 200, "{view:?}");
    let draw = view["record"][1]["text"]
        .as_str()
        .expect("the first draw")
        .to_string();
    (draw, view["id"].as_str().expect("an id").to_string())
}

#[test]
fn default_card_chess_games_draw_different_cards() {
    let server = web_support::start_server();
    let default = json!({"game": "cardchess", "nodes": 20});
    let (first, id) = first_draw(&server, &default);
    // Ten more default games: with seeded draws all would repeat the first
    // card; with fresh seeds all ten repeating it is far below one in a
    // million.
    let others: Vec<String> = (0..10).map(|_| first_draw(&server, &default).0).collect();
    assert!(
        others.iter().any(|draw| *draw != first),
        "every default game drew {first}"
    );

    let (status, saved) = request(&server, "GET", &format!("/api/sessions/{id}/save"), None);
    assert_eq!(status, 200);
    let text = saved["text"].as_str().expect("a saved game");
    assert!(text.contains("position "), "{text}");
    assert!(
        !text.contains("\nseed "),
        "a game in play saves without its seed: {text}"
    );
    let (status, over) = post(&server, &format!("/api/sessions/{id}/resign"), &json!({}));
    assert_eq!(status, 200, "{over:?}");
    let (_, saved) = request(&server, "GET", &format!("/api/sessions/{id}/save"), None);
    assert!(
        saved["text"].as_str().unwrap().contains("\nseed "),
        "a finished game's record carries its seed: {saved:?}"
    );

    let practice = json!({"game": "cardchess", "nodes": 20, "seed": 77});
    let (draw, id) = first_draw(&server, &practice);
    assert_eq!(
        first_draw(&server, &practice).0,
        draw,
        "a seed asked for replays"
    );
    let (status, _) = post(&server, &format!("/api/sessions/{id}/new"), &json!({}));
    assert_eq!(status, 200);
    let (_, again) = post(
        &server,
        &format!("/api/sessions/{id}/action"),
        &json!({"action": "draw"}),
    );
    assert_eq!(
        again["record"][1]["text"], draw,
        "a new game keeps the seed asked for"
    );
}

/// A new table of four people; its id and the first seat's link token.
fn table(server: &str, seed: Option<u64>) -> (String, String) {
    let mut body = json!({"seats": ["person", "person", "person", "person"], "hands": 1});
    if let Some(seed) = seed {
        body["seed"] = seed.into();
    }
    let (status, created) = post(server, "/api/tables", &body);
    assert_eq!(status, 201, "{created:?}");
    let link = created["seats"][0]["link"].as_str().expect("a link");
    let token = link.rsplit("seat=").next().expect("a token").to_string();
    (created["id"].as_str().unwrap().to_string(), token)
}

/// What seat 0 of table `id` sees.
fn view(server: &str, id: &str, token: &str) -> Value {
    let (status, view) = request(
        server,
        "GET",
        &format!("/api/tables/{id}/seats/{token}"),
        None,
    );
    assert_eq!(status, 200, "{view:?}");
    view
}

#[test]
fn default_tables_deal_different_hands() {
    let server = web_support::start_server();
    let (id, token) = table(&server, None);
    let first = view(&server, &id, &token);
    let (id, token) = table(&server, None);
    let second = view(&server, &id, &token);
    assert_ne!(
        first["view"], second["view"],
        "two default tables deal the first seat different hands"
    );
    assert!(
        first.get("seed").is_none(),
        "the seed stays hidden while the match is played: {first:?}"
    );

    let (id, token) = table(&server, Some(9));
    let practice = view(&server, &id, &token);
    let (id, token) = table(&server, Some(9));
    assert_eq!(
        view(&server, &id, &token)["view"],
        practice["view"],
        "a seed asked for deals the same hands"
    );
}
