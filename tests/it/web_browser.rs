//! The browser board in a real headless Chromium (Debian's `chromium` and
//! `chromium-driver`): for each game, a game against a fast engine played
//! by clicking cells, the engine's answer, undo, and a finished game's
//! announced result from a near-final position. Each test saves
//! screenshots under `target/screenshots/`.

use crate::support::web as web_support;

use fantoccini::{Client, Locator};
use tauler::game::Notation;
use tauler::games::camelot::board::{cell, parse_square, Board, Kind};
use tauler::games::camelot::{Camelot, Color};

use web_support::{
    browser, click, click_cell, legal, plies, screenshot, start_driver, start_game, start_server,
    text_of, wait_for,
};

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime")
}

/// Plays the first legal move that two clicks settle (no longer move
/// starts with its cells); answers it.
async fn play_two_click_move(client: &Client) -> (String, Vec<String>) {
    let actions = legal(client).await;
    let (text, cells) = actions
        .iter()
        .find(|(_, cells)| {
            cells.len() == 2
                && actions
                    .iter()
                    .filter(|(_, other)| other.starts_with(cells))
                    .count()
                    == 1
        })
        .expect("a move played by two clicks")
        .clone();
    for cell in &cells {
        click_cell(client, cell).await;
    }
    (text, cells)
}

/// Plays the first legal move that two clicks settle, waits for the
/// engine's answer, then takes both back with Undo.
async fn play_answer_undo(client: &Client) {
    let (text, _) = play_two_click_move(client).await;
    wait_for(client, "Number(document.body.dataset.ply) >= 2").await;
    wait_for(client, "document.body.dataset.status === 'your-turn'").await;
    let record = client
        .find(Locator::Css("#moves"))
        .await
        .expect("the move list")
        .text()
        .await
        .expect("its text");
    assert!(
        record.contains("(engine)"),
        "the engine answered {text}: {record}"
    );
    assert!(record.contains("(you)"), "{record}");
    click(client, "#undo").await;
    wait_for(client, "Number(document.body.dataset.ply) === 0").await;
    assert_eq!(plies(client).await, 0);
}

/// Plays `cells` and waits for the announced end; returns its text.
async fn finish(client: &Client, cells: &[&str]) -> String {
    for cell in cells {
        click_cell(client, cell).await;
    }
    wait_for(client, "document.body.dataset.status === 'over'").await;
    client
        .find(Locator::Css("#ending"))
        .await
        .expect("the ending")
        .text()
        .await
        .expect("its text")
}

/// One game's round trip in the browser: a game against `engine` (held to
/// `limit`) from the start, a move clicked, the engine's answer, undo;
/// then a game from `near_end` where clicking `last` ends it with an
/// announcement containing each of `words`. Screenshots `GAME_play` and
/// `GAME_end`.
fn played_by_clicks_to_the_end(
    game: &str,
    engine: &str,
    limit: (&str, u64),
    near_end: &str,
    last: &[&str],
    words: &[&str],
) {
    let server = start_server();
    let Some(driver) = start_driver(&format!("web_browser::{game}_played_by_clicks")) else {
        return;
    };
    runtime().block_on(async {
        let client = browser(&driver).await;
        start_game(&client, &server, game, engine, limit, None).await;
        play_answer_undo(&client).await;
        screenshot(&client, &format!("{game}_play")).await;
        start_game(&client, &server, game, engine, limit, Some(near_end)).await;
        let ending = finish(&client, last).await;
        for word in words {
            assert!(ending.contains(word), "`{ending}` should say `{word}`");
        }
        screenshot(&client, &format!("{game}_end")).await;
        client.close().await.expect("the browser closes");
    });
}

#[test]
fn cescacs_is_played_by_clicks_and_ends_in_mate() {
    played_by_clicks_to_the_end(
        "cescacs",
        "cescacs-fast",
        ("nodes", 3000),
        "/28:k/22:5D1/19:3RR3/0:K/ w - - 0 1",
        &["E19", "E27"],
        &["checkmate: White wins", "You score 1"],
    );
}

#[test]
fn camelot_is_played_by_clicks_and_won_in_the_castle() {
    let mut board = Board::empty();
    for (square, color) in [
        ("F16", Color::White),
        ("G15", Color::White),
        ("A8", Color::Black),
        ("B8", Color::Black),
    ] {
        board.put(
            parse_square(square).expect("a square"),
            cell(color, Kind::Man),
        );
    }
    let near_end =
        Camelot::from_parts(board, Color::White, [0, 0], Default::default()).format_position();
    played_by_clicks_to_the_end(
        "camelot",
        "camelot-fast",
        ("nodes", 3000),
        &near_end,
        &["G15", "G16"],
        &["White wins: it occupies both squares of the enemy castle"],
    );
}

#[test]
fn card_chess_is_played_by_clicks_and_ends_in_mate() {
    played_by_clicks_to_the_end(
        "cardchess",
        "cardchess-expectimax-weak",
        ("nodes", 2000),
        "k7/8/1K6/8/8/8/8/7R w - - 0 1",
        &["h1", "h8"],
        &["White checkmates and wins"],
    );
}

#[test]
fn analysis_streams_depths_draws_the_pv_arrow_and_steps_through_a_line() {
    let server = start_server();
    let Some(driver) = start_driver(
        "web_browser::analysis_streams_depths_draws_the_pv_arrow_and_steps_through_a_line",
    ) else {
        return;
    };
    runtime().block_on(async {
        let client = browser(&driver).await;
        start_game(
            &client,
            &server,
            "cescacs",
            "cescacs-fast",
            ("nodes", 3000),
            None,
        )
        .await;
        click(&client, "#analysis-box summary").await;
        let lines = client
            .find(Locator::Css("#multipv"))
            .await
            .expect("the lines field");
        lines.clear().await.expect("clearing");
        lines.send_keys("2").await.expect("two lines");
        click(&client, "#analyse").await;
        wait_for(
            &client,
            "Number(document.body.dataset.analysisDepths || 0) >= 2 \
             && document.querySelectorAll('polyline.arrow').length === 2",
        )
        .await;
        let text = client
            .find(Locator::Css("#analysis-lines"))
            .await
            .expect("the lines")
            .text()
            .await
            .expect("their text");
        assert!(text.lines().count() >= 2, "two lines: {text}");
        let info = client
            .find(Locator::Css("#analysis-info"))
            .await
            .expect("the info")
            .text()
            .await
            .expect("its text");
        assert!(info.contains("depth") && info.contains("nodes/s"), "{info}");
        screenshot(&client, "analysis").await;
        click(&client, "#analyse-stop").await;
        wait_for(
            &client,
            "document.body.dataset.analysis === 'stopped' \
             && document.querySelectorAll('polyline.arrow').length === 0",
        )
        .await;

        // Step through the best line on the board, then back to the game.
        let board = "return document.getElementById('board').innerHTML";
        let game = client.execute(board, vec![]).await.expect("the board");
        click(&client, "#analysis-lines li.line").await;
        wait_for(&client, "document.body.dataset.previewStep === '1'").await;
        let first = client.execute(board, vec![]).await.expect("the board");
        assert_ne!(first, game, "the line's first ply is on the board");
        click(&client, "#line-forward").await;
        wait_for(&client, "document.body.dataset.previewStep === '2'").await;
        let second = client.execute(board, vec![]).await.expect("the board");
        assert_ne!(second, first, "the second ply is on the board");
        screenshot(&client, "analysis_line").await;
        click(&client, "#line-back").await;
        wait_for(&client, "document.body.dataset.previewStep === '1'").await;
        click(&client, "#line-done").await;
        wait_for(&client, "document.body.dataset.previewStep === ''").await;
        let back = client.execute(board, vec![]).await.expect("the board");
        assert_eq!(back, game, "the game's position again");
        client.close().await.expect("the browser closes");
    });
}

#[test]
fn card_chess_table_draws_a_swap_carries_it_out_and_vetoes_by_clicks() {
    let server = start_server();
    let Some(driver) = start_driver(
        "web_browser::card_chess_table_draws_a_swap_carries_it_out_and_vetoes_by_clicks",
    ) else {
        return;
    };
    // White holds a veto; the card on top of the pile is a swap. The greedy
    // engine never draws, so Black's answer is a normal move to veto.
    let position =
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | order=swap held0=veto";
    runtime().block_on(async {
        let client = browser(&driver).await;
        start_game(&client, &server, "cardchess", "cardchess-greedy", ("nodes", 1000), Some(position)).await;
        assert_eq!(text_of(&client, "#cards .card-hand.seat-0 .card-face strong").await, "Veto");
        let cards = text_of(&client, "#cards").await;
        assert!(cards.contains("Your cards (White):") && cards.contains("Pile 52"), "{cards}");
        click(&client, "button[data-action='draw']").await;
        wait_for(&client, "document.body.dataset.status === 'your-turn' && Number(document.body.dataset.ply) === 2").await;
        let notes = text_of(&client, "#notes").await;
        assert!(notes.contains("Card being carried out: Swap (move any piece"), "{notes}");
        assert_eq!(text_of(&client, "#cards .in-play .card-face strong").await, "Swap");
        click_cell(&client, "e2").await;
        wait_for(&client, "document.querySelectorAll('.target-cell').length > 20").await;
        click_cell(&client, "e5").await;
        wait_for(&client, "Number(document.body.dataset.ply) === 4 && document.body.dataset.status === 'your-turn'").await;
        assert_eq!(
            eval_man(&client, "e5").await,
            "0P",
            "the swapped pawn stands on e5"
        );
        let before_veto = legal(&client).await;
        assert!(before_veto.iter().any(|(text, _)| text == "veto"), "{before_veto:?}");
        click(&client, "button[data-action='veto']").await;
        wait_for(&client, "Number(document.body.dataset.ply) === 6 && document.body.dataset.status === 'your-turn'").await;
        let record = text_of(&client, "#moves").await;
        assert!(record.contains("White drew Swap: move any piece"), "{record}");
        assert!(record.contains("White swaps: swap e2-e5"), "{record}");
        assert!(record.contains("White vetoes the rival's last move"), "{record}");
        let cards = text_of(&client, "#cards .card-hand.seat-0").await;
        assert!(cards.contains("none"), "the veto is spent: {cards}");
        screenshot(&client, "cardchess_table").await;
        click(&client, "#analysis-box summary").await;
        click(&client, "#analyse").await;
        wait_for(&client, "document.querySelector('#analysis-lines li.chance') !== null").await;
        let values = text_of(&client, "#analysis-lines").await;
        assert!(values.contains("best sure move") && values.contains("draw: expected"), "{values}");
        screenshot(&client, "cardchess_analysis").await;
        client.close().await.expect("the browser closes");
    });
}

/// The man on `cell` as the board draws it: side and letter (`0P`), or "".
async fn eval_man(client: &Client, cell: &str) -> String {
    web_support::eval(
        client,
        &format!("document.querySelector(\"g[data-cell='{cell}']\").dataset.man || ''"),
    )
    .await
    .as_str()
    .unwrap_or_default()
    .to_string()
}

#[test]
fn a_game_is_reviewed_move_by_move_with_a_clickable_graph() {
    let server = start_server();
    let Some(driver) =
        start_driver("web_browser::a_game_is_reviewed_move_by_move_with_a_clickable_graph")
    else {
        return;
    };
    runtime().block_on(async {
        let client = browser(&driver).await;
        start_game(&client, &server, "camelot", "camelot-fast", ("nodes", 2000), None).await;
        for played in [2, 4] {
            let actions = legal(&client).await;
            let (_, cells) = actions
                .iter()
                .find(|(_, cells)| {
                    cells.len() == 2 && actions.iter().filter(|(_, other)| other.starts_with(cells)).count() == 1
                })
                .expect("a move played by two clicks")
                .clone();
            for cell in &cells {
                click_cell(&client, cell).await;
            }
            wait_for(
                &client,
                &format!("Number(document.body.dataset.ply) === {played} && document.body.dataset.status === 'your-turn'"),
            )
            .await;
        }
        click(&client, "#review-box summary").await;
        let ms = client.find(Locator::Css("#review-ms")).await.expect("the time field");
        ms.clear().await.expect("clearing");
        ms.send_keys("50").await.expect("50 ms a position");
        click(&client, "#review").await;
        wait_for(&client, "document.body.dataset.review === 'done'").await;
        let dots = client
            .find_all(Locator::Css("#review-graph circle"))
            .await
            .expect("the graph's points");
        assert_eq!(dots.len(), 5, "the start and four plies are evaluated");
        let info = text_of(&client, "#review-info").await;
        assert!(info.contains("inaccuracies") && info.contains("blunders"), "{info}");
        click(&client, "#review-graph circle[data-ply='2']").await;
        wait_for(&client, "!document.getElementById('banner').hidden").await;
        let banner = text_of(&client, "#banner").await;
        assert!(banner.contains("after ply 2"), "{banner}");
        screenshot(&client, "review").await;
        client.close().await.expect("the browser closes");
    });
}

/// A Camelot position of men, White to move.
fn camelot_men(white: &[&str], black: &[&str]) -> String {
    let mut board = Board::empty();
    for (squares, color) in [(white, Color::White), (black, Color::Black)] {
        for square in squares {
            board.put(
                parse_square(square).expect("a square"),
                cell(color, Kind::Man),
            );
        }
    }
    Camelot::from_parts(board, Color::White, [0, 0], Default::default()).format_position()
}

#[test]
fn camelot_canters_and_jump_chains_are_clicked_square_by_square() {
    let server = start_server();
    let Some(driver) =
        start_driver("web_browser::camelot_canters_and_jump_chains_are_clicked_square_by_square")
    else {
        return;
    };
    let canters = camelot_men(&["F6", "F7", "F9", "K4"], &["A13", "L13", "B13"]);
    let jumps = camelot_men(&["E5", "K4"], &["E6", "E8", "L13", "A13"]);
    runtime().block_on(async {
        let client = browser(&driver).await;
        start_game(&client, &server, "camelot", "camelot-fast", ("nodes", 2000), Some(&canters)).await;
        click_cell(&client, "F6").await;
        click_cell(&client, "F8").await;
        wait_for(&client, "!document.getElementById('choice').hidden").await;
        let choice = text_of(&client, "#choice").await;
        assert!(choice.contains("F6-F8"), "the canter may stop at F8: {choice}");
        assert_eq!(
            web_support::eval(&client, "document.querySelector(\"g[data-cell='F10']\").classList.contains('target-cell')").await,
            serde_json::Value::Bool(true),
            "or go on to F10"
        );
        click_cell(&client, "F10").await;
        wait_for(&client, "Number(document.body.dataset.ply) >= 2 && document.body.dataset.status === 'your-turn'").await;
        let record = text_of(&client, "#moves").await;
        assert!(record.contains("White F6-F8-F10"), "{record}");
        screenshot(&client, "camelot_canter").await;

        start_game(&client, &server, "camelot", "camelot-fast", ("nodes", 2000), Some(&jumps)).await;
        let actions = legal(&client).await;
        assert_eq!(actions.len(), 1, "the jump is compulsory: {actions:?}");
        for cell in ["E5", "E7", "E9"] {
            click_cell(&client, cell).await;
        }
        wait_for(&client, "Number(document.body.dataset.ply) >= 1 && document.body.dataset.status !== 'thinking'").await;
        let record = text_of(&client, "#moves").await;
        assert!(record.contains("White E5xE7xE9"), "{record}");
        client.close().await.expect("the browser closes");
    });
}

#[test]
fn a_promotion_is_chosen_among_buttons() {
    let server = start_server();
    let Some(driver) = start_driver("web_browser::a_promotion_is_chosen_among_buttons") else {
        return;
    };
    runtime().block_on(async {
        let client = browser(&driver).await;
        let position = "7k/4P3/8/8/8/8/8/K7 w - - 0 1";
        start_game(
            &client,
            &server,
            "cardchess",
            "cardchess-greedy",
            ("nodes", 1000),
            Some(position),
        )
        .await;
        click_cell(&client, "e7").await;
        click_cell(&client, "e8").await;
        wait_for(
            &client,
            "document.querySelectorAll('#choice button').length === 4",
        )
        .await;
        let queen = client
            .find(Locator::Css("#choice button[data-action^='e8=Q']"))
            .await
            .expect("the queen among the choices");
        queen.click().await.expect("choosing the queen");
        wait_for(
            &client,
            "Number(document.body.dataset.ply) >= 2 && document.body.dataset.status !== 'thinking'",
        )
        .await;
        assert_eq!(eval_man(&client, "e8").await, "0Q", "a white queen on e8");
        client.close().await.expect("the browser closes");
    });
}

/// The page's own state, read in the browser.
async fn page_state(client: &Client, script: &str) -> serde_json::Value {
    web_support::eval(client, script).await
}

#[test]
fn the_board_pages_small_defects_stay_fixed() {
    let server = start_server();
    let Some(driver) = start_driver("web_browser::the_board_pages_small_defects_stay_fixed") else {
        return;
    };
    runtime().block_on(async {
        let client = browser(&driver).await;
        // A failed Start says so and leaves the form ready, not "Starting…".
        client.goto(&format!("{server}/")).await.expect("the page opens");
        wait_for(&client, "document.querySelectorAll('#engine option').length >= 1").await;
        page_state(
            &client,
            "(document.getElementById('limit-kind').value = 'nodes', \
              document.getElementById('limit-value').value = '500', \
              document.getElementById('limit-value').dispatchEvent(new Event('input')), \
              document.getElementById('position').value = 'not a position', true)",
        )
        .await;
        click(&client, "#start").await;
        wait_for(&client, "!document.getElementById('error').hidden").await;
        wait_for(&client, "document.body.dataset.status === 'setup'").await;
        // The line-step buttons stay hidden until a line is stepped through.
        assert_eq!(
            page_state(&client, "getComputedStyle(document.getElementById('line-steps')).display").await,
            "none"
        );
        // The description follows the strength chosen.
        assert!(page_state(&client, "document.getElementById('engine-description').textContent")
            .await
            .as_str()
            .unwrap()
            .contains("Strength: 500 nodes per move"));
        // Lines are shown from one completed depth only.
        let lines = page_state(
            &client,
            "(() => { analysis.byDepth = new Map([[10, new Map([[1, {depth: 10}], [2, {depth: 10}]])], \
                                              [11, new Map([[1, {depth: 11}]])]]); \
                     analysis.wanted = 1; analysis.over = false; \
                     return [...completedLines().values()].map((l) => l.depth); })()",
        )
        .await;
        assert_eq!(lines, serde_json::json!([10, 10]));

        // A game: each cell names the man on it; resigning says who resigned.
        start_game(&client, &server, "cardchess", "cardchess-greedy", ("nodes", 500), None).await;
        wait_for(&client, "document.body.dataset.status === 'your-turn'").await;
        assert_eq!(
            page_state(&client, "document.querySelector('g[data-cell=\"e2\"] title').textContent").await,
            "e2: White Pawn"
        );
        click(&client, "#resign").await;
        wait_for(&client, "!document.getElementById('ending').hidden").await;
        let ending = page_state(&client, "document.getElementById('ending').textContent").await;
        assert_eq!(ending, "Game over: White resigned; Black wins. You score 0.");

        // An expired game: one message, the board cleared, New game works.
        client.find(Locator::Css("#new-game")).await.unwrap().click().await.unwrap();
        wait_for(&client, "document.body.dataset.status === 'your-turn'").await;
        page_state(&client, "(fetch(`/api/sessions/${page.view.id}`, {method: 'DELETE'}), true)").await;
        tokio::time::sleep(std::time::Duration::from_millis(300)).await;
        click(&client, "#hint").await;
        wait_for(&client, "document.body.dataset.status === 'expired'").await;
        let error = page_state(&client, "document.getElementById('error').textContent").await;
        assert_eq!(error.as_str().unwrap().matches("expired").count(), 1, "{error}");
        assert_eq!(page_state(&client, "document.getElementById('board').childElementCount").await, 0);
        click(&client, "#new-game").await;
        wait_for(&client, "document.body.dataset.status === 'your-turn' && document.body.dataset.ply === '0'").await;
        screenshot(&client, "defects_new_game_after_expiry").await;
        client.close().await.expect("the browser closes");
    });
}

#[test]
fn the_engine_is_shown_thinking_while_it_thinks() {
    let server = start_server();
    let Some(driver) = start_driver("web_browser::the_engine_is_shown_thinking_while_it_thinks")
    else {
        return;
    };
    runtime().block_on(async {
        let client = browser(&driver).await;
        start_game(
            &client,
            &server,
            "camelot",
            "camelot-default",
            ("movetime_ms", 2000),
            None,
        )
        .await;
        wait_for(&client, "document.body.dataset.status === 'your-turn'").await;
        let (text, _) = play_two_click_move(&client).await;
        wait_for(&client, "document.body.dataset.status === 'thinking'").await;
        assert_eq!(
            page_state(
                &client,
                "getComputedStyle(document.getElementById('status'), '::after').animationName"
            )
            .await,
            "spin"
        );
        assert!(
            page_state(&client, "document.getElementById('status').textContent")
                .await
                .as_str()
                .unwrap()
                .contains("thinking")
        );
        screenshot(&client, "thinking").await;
        wait_for(&client, "document.body.dataset.status === 'your-turn'").await;
        assert!(plies(&client).await >= 2, "{text} and the answer");
        client.close().await.expect("the browser closes");
    });
}
