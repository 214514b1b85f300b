//! The Muzicando table in a real headless Chromium (Debian's `chromium` and
//! `chromium-driver`): tables created through the page's form, whole team
//! hands played by clicking (a person at seat 0, rule-based engines at the
//! others) through the auction and the play to the hand summary for two
//! contract types, a whole hand played with the keyboard only, two people
//! at one table in two browser sessions; the page fitting a 1366×768
//! screen (each of the four layouts, the auction, the play, the hand's
//! summary) and a 390×844 phone; axe-core finding no violation; and a
//! screenshot of each under `target/screenshots/`.

use crate::support::web as web_support;

use std::collections::BTreeSet;

use fantoccini::{Client, Locator};
use serde_json::Value;

use web_support::{
    axe_violations, browser, browser_sized, click, eval, keys, layout_faults, page_extent, press,
    screenshot, start_driver, start_server, text_of, wait_for,
};

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime")
}

/// Fills the page's new-table form (`players`, one hand, `seed`, the first
/// `dealer`; each seat a person or `muzicando-rules`) and returns the
/// person seats' links.
async fn create_table(
    client: &Client,
    server: &str,
    players: &str,
    seed: u64,
    dealer: u8,
    people: &[usize],
) -> Vec<(usize, String)> {
    client
        .goto(&format!("{server}/table"))
        .await
        .expect("the page opens");
    wait_for(
        client,
        "document.querySelectorAll('#seat-choices select option').length > 4",
    )
    .await;
    client
        .find(Locator::Css("#players"))
        .await
        .expect("the game menu")
        .select_by_value(players)
        .await
        .expect("the game is offered");
    for (id, value) in [
        ("hands", "1".to_string()),
        ("seed", seed.to_string()),
        ("dealer", dealer.to_string()),
    ] {
        let field = client
            .find(Locator::Css(&format!("#{id}")))
            .await
            .expect("a field");
        field.clear().await.expect("clearing");
        field.send_keys(&value).await.expect("typing");
    }
    let seats = eval(
        client,
        "document.querySelectorAll('#seat-choices select').length",
    )
    .await
    .as_u64()
    .expect("a count") as usize;
    for seat in 0..seats {
        let value = if people.contains(&seat) {
            "person"
        } else {
            "muzicando-rules"
        };
        client
            .find(Locator::Css(&format!(
                "#seat-choices select[data-seat='{seat}']"
            )))
            .await
            .expect("the seat's menu")
            .select_by_value(value)
            .await
            .expect("a seat choice");
    }
    click(client, "#create-table").await;
    wait_for(client, "document.body.dataset.status === 'created'").await;
    let links = eval(
        client,
        "[...document.querySelectorAll('#link-list li a')].map(a => [Number(a.parentNode.dataset.seat), a.getAttribute('href')])",
    )
    .await;
    links
        .as_array()
        .expect("links")
        .iter()
        .map(|pair| {
            (
                pair[0].as_u64().expect("a seat") as usize,
                format!("{server}{}", pair[1].as_str().expect("a link")),
            )
        })
        .collect()
}

/// The page's current view.
async fn view(client: &Client) -> Value {
    eval(client, "state.view").await
}

/// Waits until the person is to move, or the hand is over; true if to move.
async fn my_turn(client: &Client) -> bool {
    wait_for(
        client,
        "['your-turn', 'hand-over', 'match-over'].includes(document.body.dataset.status) && !state.busy",
    )
    .await;
    eval(client, "document.body.dataset.status").await == "your-turn"
}

/// Makes one call or play by clicking: `call` in the auction if it is
/// legal (else a pass), the first type offered, or the first legal
/// placement (its card in the hand, then its target cell), or a pass.
async fn act(client: &Client, call: &str) {
    let before = eval(client, "state.next").await.as_u64().expect("a number");
    let view = view(client).await;
    let legal = view["legal"].as_array().expect("legal actions").clone();
    let kind = |k: &str| legal.iter().find(|l| l["kind"] == k).cloned();
    if view["phase"] == "auction" {
        if legal.iter().any(|l| l["text"] == call) {
            click(client, &format!("#bidbox button[data-call='{call}']")).await;
        } else {
            click(client, "#pass").await;
        }
    } else if let Some(choice) = kind("choose") {
        let text = choice["text"].as_str().expect("a type").to_string();
        click(client, &format!("#choosebox button[data-choose='{text}']")).await;
    } else if let Some(place) = kind("place") {
        let card = place["card"].as_str().expect("a card");
        click(client, &format!("#hand .card.playable[data-card='{card}']")).await;
        let (x, y) = (&place["x"], &place["y"]);
        click(
            client,
            &format!("#board .cell.target[data-x='{x}'][data-y='{y}']"),
        )
        .await;
    } else {
        click(client, "#pass").await;
    }
    wait_for(client, &format!("state.next > {before} && !state.busy")).await;
}

/// Cards named on the page, by their `data-card` marks.
async fn cards_shown(client: &Client, selector: &str) -> BTreeSet<String> {
    let names = eval(
        client,
        &format!(
            "[...document.querySelectorAll('{selector} [data-card]')].map(c => c.dataset.card)"
        ),
    )
    .await;
    names
        .as_array()
        .expect("names")
        .iter()
        .map(|n| n.as_str().expect("a name").to_string())
        .collect()
}

#[test]
fn team_hands_are_played_by_clicking_to_the_summary_for_two_contract_types() {
    let server = start_server();
    let Some(driver) = start_driver(
        "web_table::team_hands_are_played_by_clicking_to_the_summary_for_two_contract_types",
    ) else {
        return;
    };
    runtime().block_on(async {
        let client = browser(&driver).await;
        // Dealer seat 3: seat 0 calls first. These seeds leave seat 0's
        // first bid standing (the engines pass): a Parada, then a Glissando.
        for (seed, bid, game_type, layout) in [
            (6, "4P", "Parada", "columns"),
            (7, "4G", "Glissando", "rows"),
        ] {
            let links = create_table(&client, &server, "team", seed, 3, &[0]).await;
            assert_eq!(links.len(), 1);
            client.goto(&links[0].1).await.expect("the seat's page");
            let mut plays = 0;
            while my_turn(&client).await {
                act(&client, bid).await;
                plays += 1;
                assert!(plays < 200, "the hand goes on for ever");
                let view = view(&client).await;
                if view["phase"] == "play" {
                    assert_eq!(view["contract"]["game_type"], game_type);
                    if plays == 6 {
                        screenshot(&client, &format!("table-team-{layout}")).await;
                    }
                }
            }
            wait_for(&client, "!document.getElementById('summary').hidden").await;
            let summary = text_of(&client, "#summary").await;
            assert!(summary.contains("Hand 1 over"), "{summary}");
            assert!(summary.contains(&format!("Contract {bid}")), "{summary}");
            assert!(summary.contains("Ranking"), "{summary}");
            let dealt = cards_shown(&client, "#summary-hands").await;
            assert_eq!(dealt.len(), 56, "every dealt card is revealed");
            click(&client, "#replay-start").await;
            click(&client, "#replay-next").await;
            let first = eval(
                &client,
                "document.getElementById('replay-text').textContent",
            )
            .await;
            assert!(first.as_str().expect("text").contains(bid), "{first}");
            wait_for(&client, "!document.getElementById('match-summary').hidden").await;
            screenshot(&client, &format!("table-team-{layout}-summary")).await;
        }
        client.close().await.expect("closing");
    });
}

#[test]
fn two_people_at_one_table_see_their_own_hands_and_each_others_plays() {
    let server = start_server();
    let Some(driver) = start_driver(
        "web_table::two_people_at_one_table_see_their_own_hands_and_each_others_plays",
    ) else {
        return;
    };
    runtime().block_on(async {
        let first = browser(&driver).await;
        // Dealer seat 3: seat 0 calls first, then seat 1.
        let links = create_table(&first, &server, "team", 4, 3, &[0, 1]).await;
        assert_eq!(links.iter().map(|l| l.0).collect::<Vec<_>>(), [0, 1]);
        let second = browser(&driver).await;
        first.goto(&links[0].1).await.expect("seat 0's page");
        second.goto(&links[1].1).await.expect("seat 1's page");
        assert!(my_turn(&first).await, "seat 0 calls first");
        wait_for(&second, "state.view !== null").await;
        let hand_0 = cards_shown(&first, "#hand").await;
        let hand_1 = cards_shown(&second, "#hand").await;
        assert_eq!((hand_0.len(), hand_1.len()), (14, 14));
        assert!(hand_0.is_disjoint(&hand_1));
        for (client, other) in [(&first, &hand_1), (&second, &hand_0)] {
            let page = eval(client, "document.documentElement.outerHTML").await;
            let page = page.as_str().expect("the page");
            for card in other {
                assert!(
                    !page.contains(&format!("data-card=\"{card}\"")),
                    "{card} of the other seat is on the page"
                );
            }
        }
        act(&first, "1M").await;
        wait_for(
            &second,
            "state.view.auction.some(c => c.seat === 0 && c.call === '1M')",
        )
        .await;
        let talk = text_of(&second, "#log").await;
        assert!(talk.contains("Seat 0 (N): bids 1M"), "{talk}");
        assert!(my_turn(&second).await, "seat 1 calls next");
        act(&second, "2M").await;
        wait_for(
            &first,
            "state.view.auction.some(c => c.seat === 1 && c.call === '2M')",
        )
        .await;
        screenshot(&first, "table-two-people-seat-0").await;
        screenshot(&second, "table-two-people-seat-1").await;
        // Nothing lost: seat 0's browser closes, another opens the same
        // link and finds the seat as it was, the talk included, and plays on.
        first.close().await.expect("closing");
        let again = browser(&driver).await;
        again.goto(&links[0].1).await.expect("seat 0's page again");
        wait_for(
            &again,
            "state.view !== null && state.view.auction.some(c => c.seat === 1 && c.call === '2M')",
        )
        .await;
        assert_eq!(cards_shown(&again, "#hand").await, hand_0, "the same hand");
        let talk = text_of(&again, "#log").await;
        assert!(talk.contains("You: bids 1M"), "{talk}");
        assert!(talk.contains("Seat 1 (E): bids 2M"), "{talk}");
        wait_for(&again, "!state.busy").await;
        if eval(&again, "document.body.dataset.status").await == "your-turn" {
            act(&again, "pass").await;
        }
        again.close().await.expect("closing");
        second.close().await.expect("closing");
    });
}

#[test]
fn every_layout_is_drawn_with_its_cells() {
    let server = start_server();
    let Some(driver) = start_driver("web_table::every_layout_is_drawn_with_its_cells") else {
        return;
    };
    runtime().block_on(async {
        let client = browser_sized(&driver, 1366, 768, false).await;
        // The individual game for three, dealer seat 2: seat 0 chooses.
        for (letter, layout) in [
            ("M", "piles"),
            ("P", "columns"),
            ("G", "rows"),
            ("S", "grid"),
        ] {
            let links = create_table(&client, &server, "3", 11, 2, &[0]).await;
            client.goto(&links[0].1).await.expect("the seat's page");
            assert!(my_turn(&client).await);
            click(
                &client,
                &format!("#choosebox button[data-choose='{letter}']"),
            )
            .await;
            wait_for(&client, "state.view.contract !== null && !state.busy").await;
            let mut plays = 0;
            while plays < 4 && my_turn(&client).await {
                act(&client, "").await;
                plays += 1;
            }
            wait_for(
                &client,
                &format!("document.getElementById('board').dataset.layout === '{layout}'"),
            )
            .await;
            let placed = eval(
                &client,
                "document.querySelectorAll('#board .cell .card').length",
            )
            .await;
            assert!(
                placed.as_u64().expect("a count") >= 1,
                "{layout}: cards on the table"
            );
            let coordinates =
                eval(&client, "document.querySelectorAll('#board .axis').length").await;
            assert!(
                coordinates.as_u64().expect("a count") >= 3,
                "{layout}: the axes are labelled"
            );
            fits(&client, &format!("1366x768, the {layout} layout"), true).await;
            let path = screenshot(&client, &format!("table-layout-{layout}")).await;
            assert!(path.exists());
        }
        client.close().await.expect("closing");
    });
}

/// Sends a request from the page (`fetch`); returns the status and the
/// body as JSON.
async fn fetch(client: &Client, method: &str, path: &str, body: Option<&str>) -> (u64, Value) {
    let script = "const [method, path, body, done] = arguments;
        const options = { method, headers: { 'Content-Type': 'application/json' } };
        if (body !== null) options.body = body;
        fetch(path, options).then(r => r.text().then(t => done([r.status, t])));";
    let answer = client
        .execute_async(
            script,
            vec![
                Value::from(method),
                Value::from(path),
                body.map_or(Value::Null, Value::from),
            ],
        )
        .await
        .expect("the request is sent");
    let status = answer[0].as_u64().expect("a status");
    let json = serde_json::from_str(answer[1].as_str().unwrap_or("")).unwrap_or(Value::Null);
    (status, json)
}

#[test]
fn wrong_tokens_and_wrong_plays_are_refused_clearly_and_the_table_goes_on() {
    let server = start_server();
    let Some(driver) = start_driver(
        "web_table::wrong_tokens_and_wrong_plays_are_refused_clearly_and_the_table_goes_on",
    ) else {
        return;
    };
    runtime().block_on(async {
        let client = browser(&driver).await;
        let links = create_table(&client, &server, "team", 4, 3, &[0, 1]).await;
        click(&client, "#analyse-box summary").await;
        client
            .find(Locator::Css("#analyse-position"))
            .await
            .expect("the position field")
            .send_keys("seed:7 -")
            .await
            .expect("typing");
        click(&client, "#analyse").await;
        wait_for(
            &client,
            "document.querySelectorAll('#analyse-lines tr[data-action]').length === 17",
        )
        .await;
        let seat = eval(
            &client,
            "document.getElementById('analyse-seat').textContent",
        )
        .await;
        assert_eq!(seat, "Seat 2 to move:");
        let query = |link: &str, key: &str| {
            link.split(&format!("{key}="))
                .nth(1)
                .and_then(|rest| rest.split('&').next())
                .expect("a query value")
                .to_string()
        };
        let id = query(&links[0].1, "table");
        let (seat_0, seat_1) = (query(&links[0].1, "seat"), query(&links[1].1, "seat"));
        let seat_path = |token: &str| format!("/api/tables/{id}/seats/{token}");
        // A wrong token, no token and an unknown table answer alike: no
        // answer tells which table ids exist.
        let wrong_token = fetch(&client, "GET", &seat_path(&"0".repeat(32)), None).await;
        assert_eq!(wrong_token.0, 404, "{}", wrong_token.1);
        assert!(wrong_token.1["error"]
            .as_str()
            .expect("an error")
            .contains("no such table or seat"));
        let no_token = fetch(&client, "GET", &format!("/api/tables/{id}"), None).await;
        let unknown = fetch(&client, "GET", "/api/tables/0123456789abcdef/seats/x", None).await;
        assert_eq!(no_token, wrong_token);
        assert_eq!(unknown, wrong_token);
        let play = |token: &str| format!("{}/play", seat_path(token));
        let (status, body) = fetch(
            &client,
            "POST",
            &play(&seat_1),
            Some(r#"{"action":"pass"}"#),
        )
        .await;
        assert_eq!(status, 409, "{body}");
        assert_eq!(body["error"], "it is not your turn");
        let (status, body) = fetch(
            &client,
            "POST",
            &play(&seat_0),
            Some(r#"{"action":"R-Do@5,5"}"#),
        )
        .await;
        assert_eq!(status, 400, "{body}");
        assert!(
            body["error"]
                .as_str()
                .expect("an error")
                .contains("R-Do@5,5"),
            "{body}"
        );
        let (status, body) =
            fetch(&client, "POST", &play(&seat_0), Some(r#"{"action":"1S"}"#)).await;
        assert_eq!(status, 200, "{body}");
        let (status, body) = fetch(&client, "GET", &seat_path(&seat_1), None).await;
        assert_eq!(status, 200);
        assert_eq!(
            body["view"]["to_move"], 1,
            "the table went on: seat 1 calls"
        );
        assert_eq!(body["view"]["auction"][0]["call"], "1S");
        let (status, body) = fetch(
            &client,
            "POST",
            &format!("{}/hint", seat_path(&seat_1)),
            Some("{}"),
        )
        .await;
        assert_eq!(status, 200, "{body}");
        assert!(body["lines"].as_array().expect("ranked calls").len() > 1);
        let analyse =
            |body: &'static str| fetch(&client, "POST", "/api/tables/analyse", Some(body));
        let (status, body) = analyse(r#"{"position":"seed:7 -","playouts":200}"#).await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["seat"], 2, "seat 1 passed: seat 2 calls");
        assert_eq!(
            body["lines"].as_array().expect("ranked calls").len(),
            17,
            "pass and 16 bids"
        );
        let (status, body) = analyse(r#"{"position":"seed:x"}"#).await;
        assert_eq!(status, 400, "{body}");
        let (status, body) = analyse(r#"{"position":"seed:7 -","seat":0}"#).await;
        assert_eq!(status, 400, "{body}");
        assert!(body["error"]
            .as_str()
            .expect("an error")
            .contains("seat 2 is to move"));
        client.close().await.expect("closing");
    });
}

/// Checks that the page fits: nothing scrolls on its own, nothing sticks
/// out sideways and (`one_screen`, a laptop) the page is one screen high;
/// says the figures on the terminal.
async fn fits(client: &Client, what: &str, one_screen: bool) {
    assert_eq!(
        layout_faults(client, &[]).await,
        serde_json::json!([]),
        "{what}"
    );
    let [height, inner_height, width, inner_width] = page_extent(client).await;
    eprintln!(
        "{what}: scrollHeight {height} (innerHeight {inner_height}), scrollWidth {width} (innerWidth {inner_width})"
    );
    assert!(width <= inner_width, "{what}: the page scrolls sideways");
    if one_screen {
        assert!(height <= inner_height, "{what}: the page scrolls");
    }
}

/// Asserts axe-core finds no violation of any impact on the page.
async fn no_axe_violation(client: &Client, test: &str, what: &str) {
    if let Some(found) = axe_violations(client, test).await {
        assert_eq!(found, [], "{what}");
        eprintln!("axe-core: 0 violations on {what}");
    }
}

#[test]
fn the_table_is_pushed_its_events_fits_the_screen_and_passes_axe() {
    let test = "web_table::the_table_is_pushed_its_events_fits_the_screen_and_passes_axe";
    let server = start_server();
    let Some(driver) = start_driver(test) else {
        return;
    };
    runtime().block_on(async {
        let client = browser_sized(&driver, 1366, 768, false).await;
        let links = create_table(&client, &server, "team", 11, 0, &[0]).await;
        // Engines are offered and named in words, never by internal ids.
        let names = eval(
            &client,
            "[...document.querySelectorAll('#seat-choices option, #link-list li')].map((o) => o.textContent).join(' | ')",
        )
        .await;
        let names = names.as_str().expect("the seats' names");
        assert!(names.contains("Level 4"), "{names}");
        assert!(
            names.contains("Seat 1: an engine, rule-based player"),
            "{names}"
        );
        assert!(!names.contains("muzicando-"), "{names}");
        no_axe_violation(&client, test, "the new-table page").await;
        client.goto(&links[0].1).await.expect("the seat's page");
        wait_for(
            &client,
            "document.body.dataset.stream === 'open' && state.view !== null",
        )
        .await;
        let pushed = |client: &Client| {
            let client = client.clone();
            async move {
                eval(&client, "Number(document.body.dataset.pushed || 0)")
                    .await
                    .as_u64()
                    .expect("a count")
            }
        };
        let before = pushed(&client).await;
        assert!(before >= 1, "the seat's events so far come pushed");
        fits(&client, "1366x768, the auction", true).await;
        no_axe_violation(&client, test, "the table page in the auction").await;
        let mut decisions = 0;
        for call in ["2S", "3S"] {
            if my_turn(&client).await {
                act(&client, call).await;
                decisions += 1;
            }
        }
        assert!(pushed(&client).await > before, "each change is pushed");
        assert_eq!(
            eval(
                &client,
                "performance.getEntriesByType('resource').filter((r) => r.name.includes('/events?')).length",
            )
            .await,
            0,
            "no polling"
        );
        // Into the play, a card chosen: its places lit on the board.
        while my_turn(&client).await && (view(&client).await["phase"] != "play" || decisions < 6) {
            act(&client, "-").await;
            decisions += 1;
        }
        assert!(my_turn(&client).await, "seat 0 plays on");
        if let Some(card) = eval(
            &client,
            "(document.querySelector('#hand .card.playable') || {dataset: {}}).dataset.card || null",
        )
        .await
        .as_str()
        {
            click(&client, &format!("#hand .card.playable[data-card='{card}']")).await;
            wait_for(&client, "document.querySelectorAll('#board .cell.target').length > 0").await;
        }
        fits(&client, "1366x768, the play", true).await;
        screenshot(&client, "table_1366x768").await;
        no_axe_violation(&client, test, "the table page in the play").await;
        press(&client, &[keys::ESCAPE]).await;
        wait_for(&client, "state.selected === null").await;

        let phone = browser_sized(&driver, 390, 844, true).await;
        phone.goto(&links[0].1).await.expect("the seat's page");
        wait_for(
            &phone,
            "document.body.dataset.stream === 'open' && state.view !== null && state.view.phase === 'play'",
        )
        .await;
        fits(&phone, "390x844, the play", false).await;
        eval(&phone, "(scrollTo(0, 0), true)").await;
        screenshot(&phone, "table_390x844").await;
        no_axe_violation(&phone, test, "the table page on a phone").await;

        while my_turn(&client).await {
            act(&client, "-").await;
        }
        wait_for(&client, "!document.getElementById('summary').hidden").await;
        fits(&client, "1366x768, the hand's summary", true).await;
        screenshot(&client, "table-summary_1366x768").await;
        no_axe_violation(&client, test, "the hand's summary").await;
        wait_for(&phone, "!document.getElementById('summary').hidden").await;
        fits(&phone, "390x844, the hand's summary", false).await;
        phone.close().await.expect("the browser closes");
        client.close().await.expect("the browser closes");
    });
}

/// Presses `key` until the focus is on `selector` (at most 60 times):
/// Tab through the page, or an arrow key between cards of the hand or
/// places on the board.
async fn press_to(client: &Client, key: char, selector: &str) {
    for _ in 0..60 {
        let here = format!("document.activeElement.matches(\"{selector}\")");
        if eval(client, &here).await == true {
            return;
        }
        press(client, &[key]).await;
    }
    panic!("the key {key:?} never reaches {selector}");
}

/// Whether the focused element shows a visible focus ring.
async fn focus_visible(client: &Client) -> bool {
    eval(
        client,
        "(() => { const s = getComputedStyle(document.activeElement);
            return document.activeElement.matches(':focus-visible') && s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2; })()",
    )
    .await
        == true
}

#[test]
fn a_whole_hand_is_played_with_the_keyboard_only() {
    let test = "web_table::a_whole_hand_is_played_with_the_keyboard_only";
    let server = start_server();
    let Some(driver) = start_driver(test) else {
        return;
    };
    runtime().block_on(async {
        let client = browser_sized(&driver, 1366, 768, false).await;
        // As in the clicking test: seat 0 calls first and its 4P stands.
        let links = create_table(&client, &server, "team", 6, 3, &[0]).await;
        client.goto(&links[0].1).await.expect("the seat's page");
        let (mut calls, mut cards, mut passes) = (0, 0, 0);
        while my_turn(&client).await {
            let before = eval(&client, "state.next")
                .await
                .as_u64()
                .expect("a number");
            let view = view(&client).await;
            let legal = view["legal"].as_array().expect("legal actions").clone();
            let place = legal.iter().find(|l| l["kind"] == "place");
            if view["phase"] == "auction" {
                let bid = legal.iter().any(|l| l["text"] == "4P");
                let target = if bid {
                    "#bidbox button[data-call='4P']"
                } else {
                    "#pass"
                };
                press_to(&client, keys::TAB, target).await;
                assert!(
                    focus_visible(&client).await,
                    "the call {target} shows its focus"
                );
                press(&client, &[keys::ENTER]).await;
                calls += 1;
            } else if let Some(place) = place {
                let card = place["card"].as_str().expect("a card");
                let card = format!("#hand .card.playable[data-card='{card}']");
                press_to(&client, keys::TAB, "#hand .card.playable").await;
                press_to(&client, keys::RIGHT, &card).await;
                assert!(focus_visible(&client).await, "the card shows its focus");
                press(&client, &[keys::SPACE]).await;
                let (x, y) = (&place["x"], &place["y"]);
                wait_for(
                    &client,
                    "document.activeElement.matches('#board .cell.target')",
                )
                .await;
                press_to(
                    &client,
                    keys::RIGHT,
                    &format!("#board .cell.target[data-x='{x}'][data-y='{y}']"),
                )
                .await;
                assert!(focus_visible(&client).await, "the place shows its focus");
                let name = eval(&client, "document.activeElement.getAttribute('aria-label')").await;
                let name = name.as_str().expect("the place's name");
                assert!(
                    ["red", "orange", "yellow", "green", "blue", "purple", "violet"]
                        .iter()
                        .any(|colour| name.starts_with(&format!("Play here: {colour} "))),
                    "a Parada place is named by its colour and row: {name}"
                );
                press(&client, &[keys::ENTER]).await;
                cards += 1;
            } else {
                press_to(&client, keys::TAB, "#pass").await;
                press(&client, &[keys::ENTER]).await;
                passes += 1;
            }
            wait_for(&client, &format!("state.next > {before} && !state.busy")).await;
            assert!(calls + cards + passes < 200, "the hand goes on for ever");
        }
        eprintln!("by keyboard: {calls} calls, {cards} cards, {passes} passes");
        assert!(calls >= 1 && cards >= 3, "{calls} calls, {cards} cards");
        wait_for(&client, "!document.getElementById('summary').hidden").await;
        let summary = text_of(&client, "#summary").await;
        assert!(summary.contains("Contract 4P"), "{summary}");
        assert_eq!(
            eval(&client, "document.activeElement.id").await,
            "summary-close",
            "the summary takes the focus"
        );
        press(&client, &[keys::ENTER]).await;
        wait_for(&client, "document.getElementById('summary').hidden").await;
        client.close().await.expect("the browser closes");
    });
}
