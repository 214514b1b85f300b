//! Fair randomness (issue 35, finding 3): a game or table made with the
//! defaults deals from a seed drawn from the operating system, so two
//! default card chess games draw different cards and two default tables
//! deal different hands; a seed asked for replays its deal; the seed stays
//! hidden until the game or match is over; a seat's pushed event stream
//! carries its own cards and none of another seat's.

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

/// The first moments of the event stream of the seat of `token` at table
/// `id`, as sent (status line, headers, `news` messages).
fn stream_start(server: &str, id: &str, token: &str) -> String {
    use std::io::{Read, Write};
    let address = server.trim_start_matches("http://");
    let mut stream = std::net::TcpStream::connect(address).expect("the server accepts");
    stream
        .set_read_timeout(Some(std::time::Duration::from_millis(700)))
        .expect("a read timeout");
    write!(
        stream,
        "GET /api/tables/{id}/seats/{token}/stream HTTP/1.1\r\nHost: {address}\r\n\r\n"
    )
    .expect("the request is sent");
    let mut text = Vec::new();
    let mut buffer = [0u8; 65536];
    while let Ok(read) = stream.read(&mut buffer) {
        if read == 0 {
            break;
        }
        text.extend_from_slice(&buffer[..read]);
    }
    String::from_utf8_lossy(&text).into_owned()
}

/// The cards of a seat's view.
fn hand_of(view: &Value) -> Vec<String> {
    view["view"]["hand"]
        .as_array()
        .expect("a hand")
        .iter()
        .map(|card| card["name"].as_str().expect("a card name").to_string())
        .collect()
}

#[test]
fn a_seats_event_stream_never_shows_another_seats_cards() {
    let server = web_support::start_server();
    let (status, created) = post(
        &server,
        "/api/tables",
        &json!({"seats": ["person", "person", "person", "person"], "hands": 1, "seed": 5}),
    );
    assert_eq!(status, 201, "{created:?}");
    let id = created["id"].as_str().expect("an id");
    let tokens: Vec<String> = (0..4)
        .map(|seat| {
            let link = created["seats"][seat]["link"].as_str().expect("a link");
            link.rsplit("seat=").next().expect("a token").to_string()
        })
        .collect();
    let hands: Vec<Vec<String>> = tokens
        .iter()
        .map(|t| hand_of(&view(&server, id, t)))
        .collect();
    for (seat, token) in tokens.iter().enumerate() {
        let text = stream_start(&server, id, token);
        assert!(text.starts_with("HTTP/1.1 200"), "{text}");
        assert!(text.contains("event: news"), "{text}");
        for card in &hands[seat] {
            assert!(text.contains(card), "seat {seat} is sent its own {card}");
        }
        for (other, hand) in hands.iter().enumerate().filter(|(other, _)| *other != seat) {
            for card in hand.iter().filter(|card| !hands[seat].contains(card)) {
                assert!(
                    !text.contains(&format!("\"{card}\"")),
                    "seat {seat}'s stream shows seat {other}'s {card}"
                );
            }
        }
    }
    let wrong = stream_start(&server, id, &"0".repeat(32));
    assert!(wrong.starts_with("HTTP/1.1 404"), "{wrong}");
}
