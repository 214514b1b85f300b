//! The live tournament page: results folders (a tournament's shards) given
//! to the server are followed merged; a tournament started from the page
//! names no file and no program, runs to its end or stops when asked; in
//! headless Chromium the page follows a running tournament to its end (the
//! standings, the SPRT chart, a live board moving), opens a finished game
//! in the board page's review, and shows a set of shard folders.

use crate::support::web as web_support;

use crate::support::tournament_cli;

use std::path::PathBuf;
use std::time::{Duration, Instant};

use serde_json::{json, Value};

use tauler::engine::Catalogue;
use tauler::web::{ServeConfig, Server};
use tournament_cli::{run_ok, scratch};
use web_support::{
    browser, click, eval, request, screenshot, start_driver, start_server, start_server_following,
    wait_for,
};

/// A small Camelot tournament between the greedy and random players.
const SMALL: &str = "game = \"camelot\"\nengines = [\"camelot-greedy\", \"camelot-random\"]\n\
                     rounds = 2\nseed = 5\n[openings]\nrandom_plies = 2\n";

/// The results folders of `SMALL`'s two shards, played by the CLI.
fn two_shards(name: &str) -> Vec<PathBuf> {
    let dir = scratch("follow", name, &[]);
    let file = dir.join("small.toml");
    std::fs::write(&file, SMALL).unwrap();
    (0..2)
        .map(|k| {
            let out = dir.join(format!("shard-{k}"));
            run_ok(&[
                "tournament",
                file.to_str().unwrap(),
                "--quiet",
                "--shard",
                &format!("{k}/2"),
                "--out",
                out.to_str().unwrap(),
            ]);
            out
        })
        .collect()
}

fn get(server: &str, path: &str) -> Value {
    let (status, body) = request(server, "GET", path, None);
    assert_eq!(status, 200, "{path}: {body}");
    body
}

fn post(server: &str, path: &str, body: &Value) -> (u16, Value) {
    request(server, "POST", path, Some(body.to_string().as_bytes()))
}

/// Waits (at most two minutes) until the tournament `id` is no longer
/// running; answers its state.
fn until_over(server: &str, id: &str) -> Value {
    let started = Instant::now();
    loop {
        let state = get(server, &format!("/api/tournaments/{id}"));
        if state["running"] == json!(false) {
            return state;
        }
        assert!(
            started.elapsed() < Duration::from_secs(120),
            "still running"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

#[test]
fn the_folders_of_a_tournaments_shards_are_followed_merged() {
    let dirs = two_shards("api");
    let server = start_server_following(dirs.clone());
    let list = get(&server, "/api/tournaments");
    let tournaments = list["tournaments"].as_array().unwrap();
    assert_eq!(tournaments.len(), 1, "{list}");
    assert_eq!(tournaments[0]["folders"], json!(2));
    assert_eq!(tournaments[0]["game"], json!("camelot"));
    let id = tournaments[0]["id"].as_str().unwrap();
    let state = get(&server, &format!("/api/tournaments/{id}"));
    assert_eq!(state["complete"], json!(true), "{state}");
    assert_eq!(state["running"], json!(false));
    assert_eq!(state["report"]["games"], json!(4));
    assert_eq!(state["shards"].as_array().unwrap().len(), 2);
    assert_eq!(state["recent"].as_array().unwrap().len(), 4);
    let game = get(&server, &format!("/api/tournaments/{id}/games/3"));
    let record: Value = serde_json::from_str(game["text"].as_str().unwrap()).unwrap();
    assert_eq!(record["index"], json!(3));
    let (status, body) = request(
        &server,
        "GET",
        &format!("/api/tournaments/{id}/games/99"),
        None,
    );
    assert_eq!(status, 404, "{body}");
    let (status, _) = request(&server, "GET", "/api/tournaments/t99", None);
    assert_eq!(status, 404);
    let not_results = Server::bind(ServeConfig {
        port: 0,
        results: vec![dirs[0].join("games")],
        ..ServeConfig::new(Catalogue::built_in())
    });
    let error = not_results
        .err()
        .expect("a folder without results is refused")
        .to_string();
    assert!(error.starts_with("--results "), "{error}");
}

#[test]
fn a_tournament_from_the_page_names_no_file_no_program_and_stops_when_asked() {
    let server = start_server();
    let refused = [
        (format!("engine_dir = \"/etc\"\n{SMALL}"), "names a file"),
        (format!("{SMALL}file = \"/etc/passwd\"\n"), "names a file"),
        (
            SMALL.replace("camelot-random", "camelot-nobody"),
            "built-in engine profiles",
        ),
        (
            SMALL
                .replace("camelot\"\n", "cardchess\"\noptions = [\"cards=off\"]\n")
                .replace("camelot-greedy", "chess")
                .replace("camelot-random", "stockfish-2000"),
            "another program",
        ),
        (SMALL.replace("rounds = 2", "rounds = 600"), "at most 1000"),
        (
            format!("{SMALL}[faults.camelot-random]\nkind = \"panic\"\nafter_moves = 1\n"),
            "test aid",
        ),
        ("game = \"camelot\"\nengines = [".into(), "line 2"),
    ];
    for (text, words) in &refused {
        let (status, body) = post(&server, "/api/tournaments", &json!({ "text": text }));
        assert_eq!(status, 400, "{text}: {body}");
        let error = body["error"].as_str().unwrap();
        assert!(error.contains(words), "`{error}` should say `{words}`");
    }
    let (status, body) = post(
        &server,
        "/api/tournaments",
        &json!({ "text": SMALL, "name": "../escape" }),
    );
    assert_eq!(status, 400, "{body}");

    let slow = SMALL
        .replace("camelot-greedy", "camelot-default")
        .replace("rounds = 2", "rounds = 40")
        + "[limits.camelot-default]\nmovetime_ms = 30\n";
    let (status, body) = post(
        &server,
        "/api/tournaments",
        &json!({ "text": slow, "name": "slow" }),
    );
    assert_eq!(status, 201, "{body}");
    let id = body["id"].as_str().unwrap().to_string();
    let (status, body) = post(&server, "/api/tournaments", &json!({ "text": SMALL }));
    assert_eq!(status, 409, "one at a time: {body}");
    let (status, _) = request(
        &server,
        "POST",
        &format!("/api/tournaments/{id}/stop"),
        None,
    );
    assert_eq!(status, 204);
    let state = until_over(&server, &id);
    assert_eq!(state["complete"], json!(false), "stopped early: {state}");
    assert!(state["report"]["games"].as_u64().unwrap() < 80);

    let sprt = format!("{SMALL}[sprt]\nelo0 = 0\nelo1 = 300\n");
    let (status, body) = post(
        &server,
        "/api/tournaments",
        &json!({ "text": sprt, "name": "quick" }),
    );
    assert_eq!(status, 201, "{body}");
    let id = body["id"].as_str().unwrap().to_string();
    let state = until_over(&server, &id);
    assert_eq!(state["complete"], json!(true), "{state}");
    assert_eq!(state["report"]["games"], json!(4));
    assert_eq!(state["llr"].as_array().unwrap().len(), 4, "{state}");
    assert!(state["report"]["sprt"]["llr"].is_number());
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime")
}

/// A browser on the tournament page of `server`.
async fn page(driver: &web_support::Driver, server: &str) -> fantoccini::Client {
    let client = browser(driver).await;
    client
        .goto(&format!("{server}/tournaments"))
        .await
        .expect("the page opens");
    client
}

/// The browser's view of the page's state.
async fn shown(client: &fantoccini::Client, script: &str) -> Value {
    eval(client, script).await
}

#[test]
fn the_page_follows_a_tournament_to_its_end_and_opens_a_game_in_review() {
    let server = start_server();
    let Some(driver) = start_driver("web_tournaments::the_page_follows_a_tournament") else {
        return;
    };
    let text = "game = \"camelot\"\n\
                engines = [\"camelot-default\", \"camelot-greedy\", \"camelot-random\"]\n\
                pairing = \"gauntlet\"\nrounds = 2\nseed = 11\n\
                [openings]\nrandom_plies = 2\n\
                [limits.camelot-default]\nmovetime_ms = 150\n\
                [sprt]\nelo0 = 0\nelo1 = 400\n";
    runtime().block_on(async {
        let client = page(&driver, &server).await;
        wait_for(
            &client,
            "document.getElementById('shipped').options.length > 0",
        )
        .await;
        assert_eq!(
            shown(&client, "document.getElementById('new-box').open").await,
            json!(true),
            "with no tournament yet, the form is open"
        );
        eval(
            &client,
            &format!(
                "(document.getElementById('file-text').value = {}, true)",
                serde_json::to_string(text).unwrap()
            ),
        )
        .await;
        eval(
            &client,
            "(document.getElementById('name').value = 'gauntlet', true)",
        )
        .await;
        click(&client, "#start").await;
        // A live board, then the same game further on.
        wait_for(
            &client,
            "document.querySelector('.live-game svg g[data-cell]') !== null",
        )
        .await;
        let first = shown(
            &client,
            "document.querySelector('.live-game p').textContent",
        )
        .await;
        wait_for(
            &client,
            &format!(
                "document.body.dataset.status === 'done' || \
                     (document.querySelector('.live-game p') !== null && \
                      document.querySelector('.live-game p').textContent !== {first})"
            ),
        )
        .await;
        screenshot(&client, "tournament-live").await;
        wait_for(&client, "document.body.dataset.status === 'done'").await;
        // Every game played, unless the SPRT decided first.
        let end = shown(
            &client,
            "[document.body.dataset.games, document.body.dataset.sprt, \
              document.getElementById('progress-text').textContent, \
              document.getElementById('error').textContent]",
        )
        .await;
        assert!(end[0] == json!("8") || end[1] != json!("continue"), "{end}");
        assert_eq!(
            shown(&client, "document.getElementById('sprt-box').hidden").await,
            json!(false)
        );
        assert!(
            shown(&client, "document.querySelectorAll('#llr polyline').length").await == json!(1)
        );
        assert_eq!(
            shown(
                &client,
                "document.querySelectorAll('#standings tbody tr').length"
            )
            .await,
            json!(3),
            "two encounters and the field"
        );
        assert!(
            shown(&client, "document.getElementById('crosstable').textContent")
                .await
                .as_str()
                .unwrap()
                .contains("camelot-default")
        );
        screenshot(&client, "tournament-done").await;
        click(&client, "#recent a").await;
        wait_for(
            &client,
            "document.getElementById('review-info') !== null && \
                 document.getElementById('review-info').textContent.startsWith('Reviewed:')",
        )
        .await;
        screenshot(&client, "tournament-review").await;
        client.close().await.expect("the browser closes");
    });
}

#[test]
fn the_page_shows_each_shards_progress_and_the_merged_report() {
    let dirs = two_shards("browser");
    let server = start_server_following(dirs);
    let Some(driver) = start_driver("web_tournaments::the_page_shows_each_shards_progress") else {
        return;
    };
    runtime().block_on(async {
        let client = page(&driver, &server).await;
        wait_for(&client, "document.body.dataset.status === 'done'").await;
        assert_eq!(
            shown(
                &client,
                "document.querySelectorAll('#shards tbody tr').length"
            )
            .await,
            json!(2)
        );
        assert_eq!(
            shown(&client, "document.getElementById('shards').hidden").await,
            json!(false)
        );
        assert_eq!(
            shown(&client, "document.body.dataset.games").await,
            json!("4")
        );
        screenshot(&client, "tournament-shards").await;
        client.close().await.expect("the browser closes");
    });
}
