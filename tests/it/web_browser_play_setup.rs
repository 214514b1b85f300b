//! The new-game form's level and clock and the position editor in a real
//! headless Chromium (Debian's `chromium` and `chromium-driver`): a level
//! chosen and a game started at it, a tiny clock running out and the game
//! lost on time, a position set up in the editor by clicks and drags,
//! pasted, analysed, and played from. Screenshots under `target/screenshots/`.

use crate::support::web as web_support;

use std::time::Duration;

use fantoccini::actions::{InputSource, MouseActions, PointerAction, MOUSE_BUTTON_LEFT};
use fantoccini::{Client, Locator};
use serde_json::Value;

use web_support::{
    browser, click, eval, screenshot, start_driver, start_server, text_of, wait_for,
};

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime")
}

/// Opens the board page with `game` chosen.
async fn open_with_game(client: &Client, server: &str, game: &str) {
    client
        .goto(&format!("{server}/"))
        .await
        .expect("the page opens");
    wait_for(
        client,
        "document.querySelectorAll('#game option').length >= 3",
    )
    .await;
    client
        .find(Locator::Css("#game"))
        .await
        .expect("the game menu")
        .select_by_value(game)
        .await
        .expect("the game is offered");
}

/// Types `text` into the field `selector`, replacing what it held.
async fn type_into(client: &Client, selector: &str, text: &str) {
    let field = client
        .find(Locator::Css(selector))
        .await
        .expect("the field");
    field.clear().await.expect("clearing");
    field.send_keys(text).await.expect("typing");
}

/// Clicks the editor's cell `name` and waits for the server's check (the
/// board is drawn again after it).
async fn click_settled(client: &Client, name: &str) {
    click(client, &format!("g[data-cell='{name}']")).await;
    wait_for(client, "document.body.dataset.pending === 'false'").await;
}

/// Drags with the mouse from the element `from` to the element `to`, or
/// off the board (to the page's top left corner).
async fn drag(client: &Client, from: &str, to: Option<&str>) {
    let find = |selector: String| async move {
        client
            .find(Locator::Css(&selector))
            .await
            .unwrap_or_else(|e| panic!("{selector} is on the page: {e}"))
    };
    let start = find(from.to_string()).await;
    let mut actions = MouseActions::new("mouse".into())
        .then(PointerAction::MoveToElement {
            element: start,
            duration: None,
            x: 0.0,
            y: 0.0,
        })
        .then(PointerAction::Down {
            button: MOUSE_BUTTON_LEFT,
        })
        .then(PointerAction::MoveBy {
            duration: Some(Duration::from_millis(50)),
            x: 12.0,
            y: 12.0,
        });
    actions = match to {
        Some(selector) => actions.then(PointerAction::MoveToElement {
            element: find(selector.to_string()).await,
            duration: Some(Duration::from_millis(100)),
            x: 0.0,
            y: 0.0,
        }),
        None => actions.then(PointerAction::MoveTo {
            duration: Some(Duration::from_millis(100)),
            x: 3.0,
            y: 3.0,
        }),
    };
    actions = actions.then(PointerAction::Up {
        button: MOUSE_BUTTON_LEFT,
    });
    client
        .perform_actions(actions)
        .await
        .unwrap_or_else(|e| panic!("dragging {from}: {e}"));
}

#[test]
fn a_level_is_chosen_and_a_game_started_at_it() {
    let server = start_server();
    let Some(driver) = start_driver("web_browser_play_setup::a_level_is_chosen") else {
        return;
    };
    runtime().block_on(async {
        let client = browser(&driver).await;
        open_with_game(&client, &server, "cescacs").await;
        wait_for(
            &client,
            "document.querySelectorAll('#level option[value^=\"level:\"]').length === 8",
        )
        .await;
        let labels = eval(
            &client,
            "[...document.querySelectorAll('#level option')].map((o) => o.textContent)",
        )
        .await;
        assert!(
            labels[0]
                .as_str()
                .is_some_and(|l| l.starts_with("Level 1 (")),
            "each level with its rating: {labels}"
        );
        assert_eq!(
            eval(&client, "document.getElementById('advanced').hidden").await,
            Value::Bool(true),
            "the profiles wait under Advanced"
        );
        client
            .find(Locator::Css("#level"))
            .await
            .expect("the level menu")
            .select_by_value("level:2")
            .await
            .expect("level 2");
        client
            .find(Locator::Css("#side"))
            .await
            .expect("the side menu")
            .select_by_value("black")
            .await
            .expect("Black");
        screenshot(&client, "level_chosen").await;
        click(&client, "#start").await;
        wait_for(&client, "document.body.dataset.status === 'your-turn'").await;
        let engine = eval(&client, "page.view.engine").await;
        assert_eq!(engine, Value::String("cescacs-level-2".into()));
        let record = text_of(&client, "#moves").await;
        assert!(
            record.contains("(engine)"),
            "level 2 opened as White: {record}"
        );
        screenshot(&client, "level_game").await;
        client.close().await.expect("the browser closes");
    });
}

#[test]
fn a_tiny_clock_runs_out_and_the_game_is_lost_on_time() {
    let server = start_server();
    let Some(driver) = start_driver("web_browser_play_setup::a_tiny_clock_runs_out") else {
        return;
    };
    runtime().block_on(async {
        let client = browser(&driver).await;
        open_with_game(&client, &server, "camelot").await;
        client
            .find(Locator::Css("#clock"))
            .await
            .expect("the clock menu")
            .select_by_value("custom")
            .await
            .expect("a custom clock");
        // 0.05 minutes: 3 seconds, no increment.
        type_into(&client, "#clock-minutes", "0.05").await;
        type_into(&client, "#clock-increment", "0").await;
        click(&client, "#start").await;
        wait_for(&client, "document.body.dataset.status === 'your-turn'").await;
        wait_for(&client, "!document.getElementById('clocks').hidden").await;
        wait_for(
            &client,
            "document.getElementById('clock-0').classList.contains('running')",
        )
        .await;
        let shown = eval(
            &client,
            "Number(document.getElementById('clock-0').dataset.ms)",
        )
        .await;
        assert!(
            shown.as_f64().is_some_and(|ms| ms > 0.0 && ms <= 3000.0),
            "White's clock counts down from 3 s: {shown}"
        );
        screenshot(&client, "clock_running").await;
        wait_for(&client, "document.body.dataset.status === 'over'").await;
        let ending = text_of(&client, "#ending").await;
        assert!(
            ending.contains("White lost on time; Black wins"),
            "{ending}"
        );
        assert!(ending.contains("You score 0"), "{ending}");
        assert_eq!(text_of(&client, "#clock-0 .time").await, "0:00.0");
        screenshot(&client, "clock_lost_on_time").await;
        client.close().await.expect("the browser closes");
    });
}

#[test]
fn an_edited_position_is_analysed_and_played_from() {
    let server = start_server();
    let Some(driver) = start_driver("web_browser_play_setup::an_edited_position") else {
        return;
    };
    runtime().block_on(async {
        let client = browser(&driver).await;
        client
            .goto(&format!("{server}/editor"))
            .await
            .expect("the editor opens");
        wait_for(
            &client,
            "document.querySelectorAll('#editor-game option').length >= 3",
        )
        .await;
        client
            .find(Locator::Css("#editor-game"))
            .await
            .expect("the game menu")
            .select_by_value("camelot")
            .await
            .expect("Camelot");
        wait_for(
            &client,
            "document.body.dataset.valid === 'true' && document.body.dataset.men === '28'",
        )
        .await;
        click(&client, "#editor-clear").await;
        wait_for(&client, "document.body.dataset.men === '0'").await;
        // Three White men and a knight against two Black men, by clicks.
        let place = [
            ("0M", &["F7", "G7", "E7"][..]),
            ("0K", &["F6"][..]),
            ("1M", &["F11", "G12"][..]),
        ];
        for (man, cells) in place {
            click(&client, &format!("#palette button[data-man='{man}']")).await;
            for cell in cells {
                click_settled(&client, cell).await;
            }
        }
        // A man clicked again with the same man chosen comes off.
        click(&client, "#palette button[data-man='0M']").await;
        click_settled(&client, "E7").await;
        // Dragged: a Black knight from the palette onto E13, the man on
        // G12 to H12, the knight off the board again.
        drag(
            &client,
            "#palette button[data-man='1K']",
            Some("g[data-cell='E13']"),
        )
        .await;
        wait_for(&client, "document.body.dataset.men === '6'").await;
        drag(&client, "g[data-cell='G12']", Some("g[data-cell='H12']")).await;
        wait_for(&client, "document.body.dataset.pending === 'false'").await;
        drag(&client, "g[data-cell='E13']", None).await;
        wait_for(
            &client,
            "document.body.dataset.pending === 'false' && document.body.dataset.men === '5'",
        )
        .await;
        let expected = "2/8/10/12/7m4/5m6/12/12/12/5MM5/5K6/12/12/10/8/2 w 0,0";
        screenshot(&client, "editor_edited").await;
        wait_for(
            &client,
            "document.body.dataset.valid === 'true' && document.body.dataset.men === '5'",
        )
        .await;
        let position = eval(&client, "document.getElementById('editor-position').value").await;
        assert_eq!(position, Value::String(expected.into()));

        // Black to move, then back: the string follows the field.
        client
            .find(Locator::Css("#editor-side"))
            .await
            .expect("the side menu")
            .select_by_value("b")
            .await
            .expect("Black to move");
        wait_for(
            &client,
            "document.getElementById('editor-position').value.endsWith(' b 0,0')",
        )
        .await;
        // A pasted string loads; a wrong one is named.
        type_into(&client, "#editor-position", "2/8/10/12/12/12/12/12 w 0,0").await;
        click(&client, "#editor-paste").await;
        wait_for(&client, "document.body.dataset.valid === 'false'").await;
        let error = text_of(&client, "#error").await;
        assert!(error.contains("bad camelot position"), "{error}");
        type_into(&client, "#editor-position", expected).await;
        click(&client, "#editor-paste").await;
        wait_for(
            &client,
            "document.body.dataset.valid === 'true' && document.body.dataset.men === '5'",
        )
        .await;

        click(&client, "#editor-analyse").await;
        wait_for(
            &client,
            "Number(document.body.dataset.analysisDepth || 0) >= 2",
        )
        .await;
        let analysis = text_of(&client, "#editor-analysis").await;
        assert!(analysis.contains("depth"), "{analysis}");
        screenshot(&client, "editor_analysed").await;
        click(&client, "#editor-analyse-stop").await;

        click(&client, "#editor-play").await;
        wait_for(&client, "document.body.dataset.game === 'camelot'").await;
        wait_for(&client, "document.body.dataset.status === 'your-turn'").await;
        let position = eval(&client, "page.view.position").await;
        assert_eq!(
            position,
            Value::String(expected.into()),
            "the game starts from the edit"
        );
        screenshot(&client, "editor_played_from").await;
        client.close().await.expect("the browser closes");
    });
}

#[test]
fn card_chess_card_state_is_chosen_from_the_decks_cards() {
    let server = start_server();
    let Some(driver) = start_driver("web_browser_play_setup::card_chess_card_state") else {
        return;
    };
    runtime().block_on(async {
        let client = browser(&driver).await;
        client
            .goto(&format!("{server}/editor#game=cardchess"))
            .await
            .expect("the editor opens");
        wait_for(
            &client,
            "document.body.dataset.valid === 'true' && document.body.dataset.men === '32'",
        )
        .await;
        assert_eq!(
            eval(&client, "document.getElementById('editor-cards').hidden").await,
            Value::Bool(false),
            "card chess shows its cards"
        );
        // White holds a veto, Black a castle objective; super-queen helps
        // White; a swap lies on the discard pile.
        for (select, card) in [
            ("editor-held0", "veto"),
            ("editor-held1", "objective-castle"),
            ("editor-discard", "swap"),
        ] {
            click(&client, &format!("#{select} option[value='{card}']")).await;
            wait_for(&client, "document.body.dataset.pending === 'false'").await;
        }
        client
            .find(Locator::Css("#editor-effect"))
            .await
            .expect("the effect menu")
            .select_by_value("super-queen")
            .await
            .expect("an effect");
        wait_for(
            &client,
            "document.body.dataset.pending === 'false' \
             && document.getElementById('editor-position').value.includes('effect=super-queen@0')",
        )
        .await;
        let position = eval(&client, "document.getElementById('editor-position').value").await;
        let position = position.as_str().expect("a position string");
        for field in ["held0=veto", "held1=objective-castle", "discard=swap"] {
            assert!(position.contains(field), "{field} in {position}");
        }
        assert!(
            !position.contains("super-queen,") && position.contains(",veto,"),
            "the pile holds the rest: {position}"
        );
        screenshot(&client, "editor_cards").await;
        client.close().await.expect("the browser closes");
    });
}
