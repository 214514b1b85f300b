//! The board page as people use it, in a real headless Chromium: a move
//! dragged, a move typed in the move box, a move made with the arrow keys
//! and Enter; axe-core's accessibility check (no violation of any
//! impact); the layout of every board game at 1366×768 and 1280×720 (the
//! page is the screen, the board as tall as it allows, only the move list
//! scrolling) and on a 390×844 phone (board first, as wide as the screen,
//! nothing scrolling on its own), while playing, with the analysis open
//! and with the game reviewed, with a screenshot of each under
//! `target/screenshots/`.

use crate::support::web as web_support;

use std::time::Duration;

use fantoccini::actions::{InputSource, MouseActions, PointerAction, MOUSE_BUTTON_LEFT};
use fantoccini::{Client, Locator};
use serde_json::Value;

use web_support::keys::{DOWN, ENTER, LEFT, RIGHT, UP};
use web_support::{
    axe_violations, browser, browser_sized, click, eval, fill, in_browser, legal, plies, press,
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

/// A board game as the layout tests play it.
struct BoardGame {
    /// Its name in the screenshots.
    name: &'static str,
    /// The page's game.
    game: &'static str,
    engine: &'static str,
    /// A start position (card chess: cards in both hands and one in force).
    position: Option<&'static str>,
    /// Rules options (plain chess is card chess without cards).
    options: &'static [&'static str],
}

const BOARD_GAMES: [BoardGame; 4] = [
    BoardGame {
        name: "cardchess",
        game: "cardchess",
        engine: "cardchess-greedy",
        position: Some(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 \
             | held0=veto,objective-castle held1=veto,objective-check effect=untouchable-pawns@0",
        ),
        options: &[],
    },
    BoardGame {
        name: "chess",
        game: "cardchess",
        engine: "chess",
        position: None,
        options: &["cards=off"],
    },
    BoardGame {
        name: "cescacs",
        game: "cescacs",
        engine: "cescacs-fast",
        position: None,
        options: &[],
    },
    BoardGame {
        name: "camelot",
        game: "camelot",
        engine: "camelot-fast",
        position: None,
        options: &[],
    },
];

/// Starts a game through the API from the page (`arguments`: game,
/// engine, position or null, options) and answers its id.
const NEW_SESSION: &str = "const [game, engine, position, options, done] = arguments;
    const request = { game, side: 'white', engine, nodes: 300, options };
    if (position) request.position = position;
    fetch('/api/sessions', { method: 'POST', headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(request) })
        .then((r) => r.json()).then((v) => done(v.id || JSON.stringify(v)))
        .catch((e) => done('failed: ' + e));";

/// Plays the person's side by the engine's hints (a card drawn now and
/// then) until the record holds `arguments[1]` plies, undoing a move that
/// ends the game; answers the plies played.
const PLAY_ON: &str = "const [id, plies, done] = arguments;
    const post = (path) => (body) => fetch(`/api/sessions/${id}/${path}`, { method: 'POST',
        headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body || {}) })
        .then((r) => r.json());
    (async () => {
        let view = await fetch(`/api/sessions/${id}`).then((r) => r.json());
        const ending = new Set();
        for (let turn = 0; view.record.length < plies && !view.ending && turn < 2 * plies; turn++) {
            let action = view.legal.find((a) => a.text === 'draw' && turn % 3 === 0);
            if (!action) action = await post('hint')();
            if (!action.text) { view = action; break; }
            if (ending.has(action.text)) action = view.legal.find((a) => !ending.has(a.text)) || action;
            view = await post('action')({ action: action.text });
            if (view.ending) {
                ending.add(action.text);
                view = await post('undo')();
            }
            if (view.ending || view.error || !view.record) break;
        }
        done(view.record ? view.record.length : JSON.stringify(view));
    })().catch((e) => done('failed: ' + e));";

/// The layout as the tests judge it: the page's extent `[scrollHeight,
/// innerHeight, scrollWidth, innerWidth]`; each element that scrolls or
/// clips on its own (overflow other than visible and more content than
/// room; a visually hidden label and the text in a text box aside); the
/// move list's `[scrollHeight,
/// clientHeight, scrollTop]`; the board's `[left, top, right, bottom]`
/// and the panel's top.
const LAYOUT: &str = "(() => {
    const page = document.scrollingElement;
    const own = [];
    for (const e of document.querySelectorAll('body *')) {
        // A label for screen readers only; a text field's own text.
        if (e.classList.contains('visually-hidden') || e.tagName === 'TEXTAREA') continue;
        const style = getComputedStyle(e);
        const name = e.id || e.className.baseVal || e.className || e.tagName;
        if (style.overflowY !== 'visible' && e.scrollHeight > e.clientHeight + 1)
            own.push(`${name} (${e.scrollHeight} in ${e.clientHeight})`);
        if (['auto', 'scroll'].includes(style.overflowX) && e.scrollWidth > e.clientWidth + 1)
            own.push(`${name} across (${e.scrollWidth} in ${e.clientWidth})`);
    }
    const moves = document.getElementById('moves');
    const b = document.getElementById('board').getBoundingClientRect();
    return {
        page: [page.scrollHeight, innerHeight, page.scrollWidth, innerWidth],
        own,
        moves: [moves.scrollHeight, moves.clientHeight, moves.scrollTop],
        board: [b.left, b.top, b.right, b.bottom],
        panel: document.getElementById('panel').getBoundingClientRect().top,
        parts: [...document.getElementById('panel').children].filter((e) => e.offsetHeight)
            .map((e) => `${e.id || e.className || e.tagName} ${e.offsetHeight}`).join(', '),
    };
})()";

/// The numbers of `value`, a JSON list.
fn numbers(value: &Value) -> Vec<f64> {
    value
        .as_array()
        .expect("a list")
        .iter()
        .map(|n| n.as_f64().expect("a number"))
        .collect()
}

/// Asserts the layout of the page now (`what`: the game and state): on a
/// screen (`phone` false) the page is the screen, the board as tall as it
/// allows, only the move list scrolling, down to its latest move; on a
/// phone the page scrolls, the board first, nothing in it scrolling on its
/// own. Saves a screenshot `NAME`; prints the figures.
async fn assert_layout(client: &Client, what: &str, phone: bool, name: &str) {
    // Cards and bars come to rest first (a spinner spins for ever).
    wait_for(
        client,
        "document.getAnimations().every((a) => a.playState !== 'running' \
            || a.effect.getTiming().iterations === Infinity)",
    )
    .await;
    // Two frames drawn: what the page does on a resize has been done.
    client
        .execute_async(
            "const done = arguments[arguments.length - 1]; \
             requestAnimationFrame(() => requestAnimationFrame(() => done(true)));",
            Vec::new(),
        )
        .await
        .expect("two frames");
    let layout = eval(client, LAYOUT).await;
    let page = numbers(&layout["page"]);
    let moves = numbers(&layout["moves"]);
    let board = numbers(&layout["board"]);
    let panel = layout["panel"].as_f64().expect("the panel's top");
    let own: Vec<String> = layout["own"]
        .as_array()
        .expect("a list")
        .iter()
        .map(|e| e.as_str().unwrap_or_default().to_string())
        .collect();
    eprintln!(
        "{what}: scrollHeight {} / innerHeight {}, scrollWidth {} / innerWidth {}; \
         move list {} in {}; board {}x{}; scrolling on their own: {own:?}; the panel: {}",
        page[0],
        page[1],
        page[2],
        page[3],
        moves[0],
        moves[1],
        (board[2] - board[0]).round(),
        (board[3] - board[1]).round(),
        layout["parts"].as_str().unwrap_or_default(),
    );
    screenshot(client, name).await;
    assert!(page[2] <= page[3], "{what}: the page scrolls sideways");
    assert!(
        board[0] >= 0.0 && board[2] <= page[3] + 0.5,
        "{what}: the board fits across"
    );
    if phone {
        assert_eq!(
            own,
            Vec::<String>::new(),
            "{what}: nothing scrolls on its own"
        );
        assert!(
            panel >= board[3] - 0.5,
            "{what}: the board first, the panel below"
        );
        assert!(
            board[2] - board[0] >= page[3] * 0.9,
            "{what}: the board fills the width"
        );
        return;
    }
    assert!(page[0] <= page[1], "{what}: the page scrolls");
    let others: Vec<&String> = own.iter().filter(|e| !e.starts_with("moves ")).collect();
    assert!(
        others.is_empty(),
        "{what}: only the move list scrolls: {own:?}"
    );
    assert!(
        moves[0] > moves[1],
        "{what}: the move list is long enough to scroll"
    );
    assert!(
        moves[2] + moves[1] >= moves[0] - 1.0,
        "{what}: the latest move in view"
    );
    assert!(
        board[1] >= 0.0 && board[3] <= page[1] + 0.5,
        "{what}: the board in view"
    );
    assert!(
        board[3] - board[1] >= page[1] - 64.0,
        "{what}: the board as tall as the screen allows"
    );
}

/// Each board game at `width`×`height` (`phone`: a touch phone): a move
/// tapped, the game played on to 30 plies, then the layout checked while
/// playing, with the analysis open on three lines, with the game
/// reviewed, and with each other tool open; a screenshot of each,
/// `GAME_WxH`, `…_analysis`, `…_review`, `…_save`, `…_pieces`, `…_new`.
async fn each_game_at(client: &Client, server: &str, width: u32, height: u32, phone: bool) {
    for BoardGame {
        name,
        game,
        engine,
        position,
        options,
    } in BOARD_GAMES
    {
        client
            .goto(&format!("{server}/"))
            .await
            .expect("the page opens");
        let id = client
            .execute_async(
                NEW_SESSION,
                vec![game.into(), engine.into(), position.into(), options.into()],
            )
            .await
            .expect("a new game");
        let id = id.as_str().expect("an id").to_string();
        client
            .goto(&format!("{server}/#s={id}"))
            .await
            .expect("the game opens");
        // The hash alone does not load a page: it is read as the page loads.
        client.refresh().await.expect("the game opens");
        wait_for(client, "document.body.dataset.status === 'your-turn'").await;
        let (_, cells) = simple_move(client).await;
        for cell_name in &cells {
            cell(client, cell_name)
                .await
                .click()
                .await
                .expect("a tap on a cell");
        }
        answered(client, 0).await;
        let played = client
            .execute_async(PLAY_ON, vec![id.clone().into(), 30.into()])
            .await
            .expect("the game played on");
        assert!(played.as_u64().unwrap_or(0) >= 20, "{name}: {played}");
        client.refresh().await.expect("the page reloads");
        wait_for(client, "document.body.dataset.status === 'your-turn'").await;
        let size = eval(client, "[innerWidth, innerHeight]").await;
        assert_eq!(size, serde_json::json!([width, height]), "the viewport");
        let shot = format!("{name}_{width}x{height}");
        assert_layout(client, &format!("{shot} playing"), phone, &shot).await;

        click(client, "#analysis-box summary").await;
        fill(client, "#multipv", "3").await;
        click(client, "#analyse").await;
        wait_for(
            client,
            "(document.body.dataset.analysis === 'done' \
              || Number(document.body.dataset.analysisDepths || 0) >= 3 \
                 && document.querySelectorAll('#analysis-lines li').length >= 2) \
             && document.querySelectorAll('#analysis-lines li').length >= 1",
        )
        .await;
        let what = format!("{shot} analysis");
        assert_layout(client, &what, phone, &format!("{shot}_analysis")).await;
        click(client, "#analyse-stop").await;

        click(client, "#review-box summary").await;
        fill(client, "#review-ms", "20").await;
        click(client, "#review").await;
        wait_for(client, "document.body.dataset.review === 'done'").await;
        let what = format!("{shot} review");
        assert_layout(client, &what, phone, &format!("{shot}_review")).await;

        // The other tools, each opened in turn: the record shown, the
        // legend, the new-game form with its further settings.
        for (tool, clicks, ready) in [
            (
                "save",
                ["#save-box summary", "#save"],
                "document.getElementById('record-text').value !== ''",
            ),
            ("pieces", ["#pieces-box summary", "#legend"], "true"),
            (
                "new",
                ["#setup-box summary", "#more-settings summary"],
                "true",
            ),
        ] {
            for selector in clicks {
                click(client, selector).await;
            }
            wait_for(client, ready).await;
            let what = format!("{shot} {tool}");
            assert_layout(client, &what, phone, &format!("{shot}_{tool}")).await;
        }
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
        for (width, height, phone) in [(1366, 768, false), (1280, 720, false), (390, 844, true)] {
            let client = browser_sized(&driver, width, height, phone).await;
            each_game_at(&client, &server, width, height, phone).await;
            client.close().await.expect("the browser closes");
        }
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
