//! The new-game form's level and clock and the position editor in a real
//! headless Chromium (Debian's `chromium` and `chromium-driver`): a level
//! chosen and a game started at it, a tiny clock running out and the game
//! lost on time, a position set up in the editor by clicks, analysed, and
//! played from. Screenshots under `target/screenshots/`.

use crate::support::web as web_support;

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
        let expected = "2/8/10/12/6m5/5m6/12/12/12/5MM5/5K6/12/12/10/8/2 w 0,0";
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
