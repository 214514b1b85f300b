//! The board page as people use it, in a real headless Chromium: a move
//! dragged, a move typed in the move box, a move made with the arrow keys
//! and Enter; axe-core's accessibility check (no violation of any
//! impact); the layout at 1366×768 (no nested scrollbar, the board in
//! view) and on a 390×844 phone (board first, as wide as the screen), with
//! a screenshot of each game at both sizes under `target/screenshots/`.

use crate::support::web as web_support;

use std::time::Duration;

use fantoccini::actions::{InputSource, MouseActions, PointerAction, MOUSE_BUTTON_LEFT};
use fantoccini::{Client, Locator};
use serde_json::Value;

use web_support::keys::{DOWN, ENTER, LEFT, RIGHT, UP};
use web_support::{
    axe_violations, browser, browser_sized, eval, in_browser, layout_faults, legal, plies, press,
    runtime, screenshot, start_driver, start_game, start_server, text_of, wait_for,
};

/// A card chess game against the greedy engine.
async fn card_chess(client: &Client, server: &str) {
    start_game(
        client,
        server,
        "cardchess",
        "cardchess-greedy",
        ("nodes", 500),
        None,
    )
    .await;
}

/// The first legal move of two cells that no other move shares its ends
/// with.
async fn simple_move(client: &Client) -> (String, Vec<String>) {
    let actions = legal(client).await;
    actions
        .iter()
        .find(|(_, cells)| {
            cells.len() == 2
                && actions
                    .iter()
                    .filter(|(_, other)| {
                        other.first() == cells.first() && other.last() == cells.last()
                    })
                    .count()
                    == 1
        })
        .expect("a move from one cell to another")
        .clone()
}

async fn cell(client: &Client, name: &str) -> fantoccini::elements::Element {
    client
        .find(Locator::Css(&format!("g[data-cell='{name}']")))
        .await
        .unwrap_or_else(|e| panic!("cell {name} is drawn: {e}"))
}

/// Waits for the engine's answer to the person's move: two more plies and
/// the person to move again.
async fn answered(client: &Client, plies_before: u64) {
    wait_for(
        client,
        &format!(
            "Number(document.body.dataset.ply) >= {} && document.body.dataset.status === 'your-turn'",
            plies_before + 2
        ),
    )
    .await;
}

#[test]
fn a_move_is_dragged_and_the_man_follows_the_pointer() {
    in_browser(
        "web_looks::a_move_is_dragged_and_the_man_follows_the_pointer",
        |client, server| async move {
            start_game(
                &client,
                &server,
                "cescacs",
                "cescacs-fast",
                ("nodes", 2000),
                None,
            )
            .await;
            let (text, cells) = simple_move(&client).await;
            let from = cell(&client, &cells[0]).await;
            let to = cell(&client, &cells[1]).await;
            let drag = MouseActions::new("mouse".into())
                .then(PointerAction::MoveToElement {
                    element: from,
                    duration: None,
                    x: 0.0,
                    y: 0.0,
                })
                .then(PointerAction::Down {
                    button: MOUSE_BUTTON_LEFT,
                })
                .then(PointerAction::MoveToElement {
                    element: to.clone(),
                    duration: Some(Duration::from_millis(150)),
                    x: 3.0,
                    y: 3.0,
                })
                .then(PointerAction::MoveToElement {
                    element: to,
                    duration: Some(Duration::from_millis(100)),
                    x: 0.0,
                    y: 0.0,
                });
            client.perform_actions(drag).await.expect("the drag");
            assert_eq!(
                eval(&client, "document.querySelectorAll('.dragged').length").await,
                1,
                "the man is carried under the pointer"
            );
            let drop = MouseActions::new("mouse".into()).then(PointerAction::Up {
                button: MOUSE_BUTTON_LEFT,
            });
            client.perform_actions(drop).await.expect("the drop");
            answered(&client, 0).await;
            let record = text_of(&client, "#moves").await;
            assert!(
                record.contains(&text),
                "{text} was played by the drag: {record}"
            );
            assert_eq!(
                eval(&client, "document.querySelectorAll('.dragged').length").await,
                0
            );
            client
        },
    );
}

#[test]
fn a_move_is_typed_in_the_move_box_with_completions() {
    in_browser(
        "web_looks::a_move_is_typed_in_the_move_box_with_completions",
        |client, server| async move {
            start_game(
                &client,
                &server,
                "camelot",
                "camelot-fast",
                ("nodes", 2000),
                None,
            )
            .await;
            let actions = legal(&client).await;
            let completions = eval(
                &client,
                "[...document.querySelectorAll('#move-options option')].map((o) => o.value)",
            )
            .await;
            let texts: Vec<Value> = actions
                .iter()
                .map(|(t, _)| Value::from(t.as_str()))
                .collect();
            let example = eval(&client, "document.getElementById('move-box').placeholder").await;
            let example = example.as_str().expect("a placeholder");
            assert!(
                actions
                    .iter()
                    .any(|(text, _)| example == format!("e.g. {text}")),
                "the box's example is a legal Camelot move: {example}"
            );
            assert_eq!(
                completions,
                Value::from(texts),
                "every legal move is offered"
            );
            let box_ = client
                .find(Locator::Css("#move-box"))
                .await
                .expect("the move box");
            box_.send_keys("Z99\u{e007}")
                .await
                .expect("typing a wrong move");
            wait_for(&client, "!document.getElementById('error').hidden").await;
            assert!(text_of(&client, "#error")
                .await
                .contains("not a legal move"));
            box_.clear().await.expect("clearing");
            let (text, _) = simple_move(&client).await;
            box_.send_keys(&format!("{}\u{e007}", text.to_lowercase()))
                .await
                .expect("typing a move");
            answered(&client, 0).await;
            let record = text_of(&client, "#moves").await;
            assert!(
                record.contains(&text),
                "{text} was played from the box: {record}"
            );
            client
        },
    );
}

/// The arrow keys that lead from square `from` to square `to` of a chess
/// board seen from White.
fn arrows(from: &str, to: &str) -> Vec<char> {
    let (f, t) = (from.as_bytes(), to.as_bytes());
    let files = i32::from(t[0]) - i32::from(f[0]);
    let ranks = i32::from(t[1]) - i32::from(f[1]);
    let mut keys = Vec::new();
    keys.extend(std::iter::repeat_n(
        if files > 0 { RIGHT } else { LEFT },
        files.unsigned_abs() as usize,
    ));
    keys.extend(std::iter::repeat_n(
        if ranks > 0 { UP } else { DOWN },
        ranks.unsigned_abs() as usize,
    ));
    keys
}

#[test]
fn a_move_is_made_with_the_arrow_keys_and_enter() {
    in_browser(
        "web_looks::a_move_is_made_with_the_arrow_keys_and_enter",
        |client, server| async move {
            card_chess(&client, &server).await;
            let focused = eval(&client, "document.getElementById('board').dataset.focus")
                .await
                .as_str()
                .expect("a focused cell")
                .to_string();
            eval(
                &client,
                "(document.querySelector('#board g[tabindex=\"0\"]').focus(), true)",
            )
            .await;
            press(&client, &arrows(&focused, "g1")).await;
            assert_eq!(
                eval(&client, "document.activeElement.dataset.cell").await,
                "g1",
                "the arrows lead from {focused} to g1"
            );
            assert_eq!(
                eval(&client, "document.activeElement.getAttribute('aria-label')").await,
                "g1: White Knight"
            );
            press(&client, &[ENTER]).await;
            wait_for(
                &client,
                "document.querySelectorAll('.target-cell').length === 2",
            )
            .await;
            press(&client, &[UP, UP, LEFT, ENTER]).await;
            answered(&client, 0).await;
            let record = text_of(&client, "#moves").await;
            assert!(
                record.contains("Nf3"),
                "the knight went to f3 by keys: {record}"
            );
            assert!(plies(&client).await >= 2);
            client
        },
    );
}

/// The board's box and the viewport: `[left, top, right, bottom, width,
/// height, panel top]`.
const BOARD_BOX: &str = "(() => {
    const b = document.getElementById('board').getBoundingClientRect();
    const p = document.getElementById('panel').getBoundingClientRect();
    return [b.left, b.top, b.right, b.bottom, innerWidth, innerHeight, p.top];
})()";

async fn board_box(client: &Client) -> Vec<f64> {
    eval(client, BOARD_BOX)
        .await
        .as_array()
        .expect("numbers")
        .iter()
        .map(|v| v.as_f64().expect("a number"))
        .collect()
}

/// Each game at `width`×`height` (`phone`: a touch phone), a move played,
/// the layout checked, a screenshot `GAME_WxH` saved.
async fn each_game_at(client: &Client, server: &str, width: u32, height: u32, phone: bool) {
    for (game, engine) in [
        ("cardchess", "cardchess-greedy"),
        ("cescacs", "cescacs-fast"),
        ("camelot", "camelot-fast"),
    ] {
        start_game(client, server, game, engine, ("nodes", 1000), None).await;
        let (_, cells) = simple_move(client).await;
        for name in &cells {
            cell(client, name)
                .await
                .click()
                .await
                .expect("a tap on a cell");
        }
        answered(client, 0).await;
        let size = eval(client, "[innerWidth, innerHeight]").await;
        assert_eq!(size, serde_json::json!([width, height]), "the viewport");
        assert_eq!(
            layout_faults(client, &["moves", "analysis-lines"]).await,
            serde_json::json!([]),
            "{game}"
        );
        let [left, top, right, bottom, view_width, view_height, panel_top] =
            board_box(client).await[..]
        else {
            panic!("the board's box");
        };
        assert!(
            left >= 0.0 && right <= view_width + 0.5,
            "{game}: the board fits across"
        );
        if phone {
            assert!(
                panel_top >= bottom - 0.5,
                "{game}: the board first, the panel below"
            );
            assert!(
                right - left >= view_width * 0.9,
                "{game}: the board fills the width"
            );
        } else {
            assert!(
                top >= 0.0 && bottom <= view_height + 0.5,
                "{game}: the board in view"
            );
        }
        screenshot(client, &format!("{game}_{width}x{height}")).await;
    }
}

#[test]
fn every_game_fits_a_laptop_and_a_phone_screen() {
    let server = start_server();
    let Some(driver) = start_driver("web_looks::every_game_fits_a_laptop_and_a_phone_screen")
    else {
        return;
    };
    runtime().block_on(async {
        let laptop = browser_sized(&driver, 1366, 768, false).await;
        each_game_at(&laptop, &server, 1366, 768, false).await;
        laptop.close().await.expect("the browser closes");
        let phone = browser_sized(&driver, 390, 844, true).await;
        each_game_at(&phone, &server, 390, 844, true).await;
        phone.close().await.expect("the browser closes");
    });
}

#[test]
fn the_board_page_has_no_accessibility_violation() {
    let test = "web_looks::the_board_page_has_no_accessibility_violation";
    let server = start_server();
    let Some(driver) = start_driver(test) else {
        return;
    };
    runtime().block_on(async {
        let client = browser(&driver).await;
        client
            .goto(&format!("{server}/"))
            .await
            .expect("the page opens");
        wait_for(
            &client,
            "document.querySelectorAll('.game-card').length === 3",
        )
        .await;
        wait_for(
            &client,
            "document.querySelectorAll('#board g[data-cell]').length > 0",
        )
        .await;
        screenshot(&client, "landing").await;
        let Some(landing) = axe_violations(&client, test).await else {
            return;
        };
        assert_eq!(landing, [], "the landing page");
        card_chess(&client, &server).await;
        for summary in ["#analysis-box summary", "#review-box summary"] {
            client
                .find(Locator::Css(summary))
                .await
                .expect("a section")
                .click()
                .await
                .expect("opened");
        }
        let playing = axe_violations(&client, test).await.expect("axe-core");
        assert_eq!(playing, [], "a game on the board page");
        eprintln!("axe-core: 0 violations of any impact on the board page, landing and playing");
        client.close().await.expect("the browser closes");
    });
}

/// Every page that draws boards loads what drawing needs, and the editor
/// draws its men as figures; axe-core finds no violation on the editor and
/// the tournaments page: the editor's and the live page's boards once
/// failed with `drawFigure is not defined`.
#[test]
fn every_page_that_draws_a_board_loads_its_figures() {
    in_browser(
        "web_looks::every_page_that_draws_a_board_loads_its_figures",
        |client, server| async move {
            for page in ["/", "/editor", "/tournaments"] {
                client
                    .goto(&format!("{server}{page}"))
                    .await
                    .expect("the page opens");
                wait_for(
                    &client,
                    "typeof drawBoard === 'function' && typeof drawFigure === 'function'",
                )
                .await;
            }
            client
                .goto(&format!("{server}/editor"))
                .await
                .expect("the editor opens");
            wait_for(
                &client,
                "document.querySelectorAll('#editor-board g.man-at').length > 0",
            )
            .await;
            let test = "web_looks::every_page_that_draws_a_board_loads_its_figures";
            if let Some(found) = axe_violations(&client, test).await {
                assert_eq!(found, [], "the position editor");
                client
                    .goto(&format!("{server}/tournaments"))
                    .await
                    .expect("the page opens");
                let found = axe_violations(&client, test).await.expect("axe-core");
                assert_eq!(found, [], "the tournaments page");
            }
            client
        },
    );
}
