//! The browser board in a real headless Chromium (Debian's `chromium` and
//! `chromium-driver`): for each game, a game against a fast engine played
//! by clicking cells, the engine's answer, undo, and a finished game's
//! announced result from a near-final position. Each test saves
//! screenshots under `target/screenshots/`.

mod web_support;

use fantoccini::{Client, Locator};
use tauler::game::Notation;
use tauler::games::camelot::board::{cell, parse_square, Board, Kind};
use tauler::games::camelot::{Camelot, Color};

use web_support::{
    browser, click, click_cell, legal, plies, screenshot, start_driver, start_game, start_server,
    wait_for,
};

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime")
}

/// Plays the first legal move that two clicks settle, waits for the
/// engine's answer, then takes both back with Undo.
async fn play_answer_undo(client: &Client) {
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

#[test]
fn cescacs_is_played_by_clicks_and_ends_in_mate() {
    let server = start_server();
    let driver = start_driver();
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
        play_answer_undo(&client).await;
        screenshot(&client, "cescacs_play").await;
        let mate_in_one = "/28:k/22:5D1/19:3RR3/0:K/ w - - 0 1";
        start_game(
            &client,
            &server,
            "cescacs",
            "cescacs-fast",
            ("nodes", 3000),
            Some(mate_in_one),
        )
        .await;
        let ending = finish(&client, &["E19", "E27"]).await;
        assert!(ending.contains("checkmate: White wins"), "{ending}");
        assert!(ending.contains("You score 1"), "{ending}");
        screenshot(&client, "cescacs_end").await;
        client.close().await.expect("the browser closes");
    });
}

#[test]
fn camelot_is_played_by_clicks_and_won_in_the_castle() {
    let server = start_server();
    let driver = start_driver();
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
    runtime().block_on(async {
        let client = browser(&driver).await;
        start_game(
            &client,
            &server,
            "camelot",
            "camelot-fast",
            ("nodes", 3000),
            None,
        )
        .await;
        play_answer_undo(&client).await;
        screenshot(&client, "camelot_play").await;
        start_game(
            &client,
            &server,
            "camelot",
            "camelot-fast",
            ("nodes", 3000),
            Some(&near_end),
        )
        .await;
        let ending = finish(&client, &["G15", "G16"]).await;
        assert!(
            ending.contains("White wins: it occupies both squares of the enemy castle"),
            "{ending}"
        );
        screenshot(&client, "camelot_end").await;
        client.close().await.expect("the browser closes");
    });
}

#[test]
fn card_chess_is_played_by_clicks_and_ends_in_mate() {
    let server = start_server();
    let driver = start_driver();
    runtime().block_on(async {
        let client = browser(&driver).await;
        start_game(
            &client,
            &server,
            "cardchess",
            "cardchess-expectimax-weak",
            ("nodes", 2000),
            None,
        )
        .await;
        play_answer_undo(&client).await;
        screenshot(&client, "cardchess_play").await;
        let mate_in_one = "k7/8/1K6/8/8/8/8/7R w - - 0 1";
        start_game(
            &client,
            &server,
            "cardchess",
            "cardchess-expectimax-weak",
            ("nodes", 2000),
            Some(mate_in_one),
        )
        .await;
        let ending = finish(&client, &["h1", "h8"]).await;
        assert!(ending.contains("White checkmates and wins"), "{ending}");
        screenshot(&client, "cardchess_end").await;
        client.close().await.expect("the browser closes");
    });
}
