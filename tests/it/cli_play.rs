//! The terminal front end driven through its standard input, as a person
//! would use it.

use std::io::Write;
use std::process::{Command, Stdio};

fn play(args: &[&str], input: &str) -> (bool, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tauler"))
        .arg("play")
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // A game that ends by itself (nothing left to draw) may exit before it
    // reads all its input: a closed pipe is then no failure of the test.
    let written = child.stdin.take().unwrap().write_all(input.as_bytes());
    if let Err(error) = written {
        assert_eq!(error.kind(), std::io::ErrorKind::BrokenPipe, "{error}");
    }
    let output = child.wait_with_output().unwrap();
    let mut text = String::from_utf8_lossy(&output.stdout).into_owned();
    text.push_str(&String::from_utf8_lossy(&output.stderr));
    (output.status.success(), text)
}

#[test]
fn a_cescacs_game_takes_moves_rejects_typos_and_undoes() {
    let (ok, text) = play(
        &["cescacs", "--engine", "cescacs-weak"],
        "E7-Z99\nE7-E13\nundo\nquit\n",
    );
    assert!(ok, "{text}");
    assert!(text.contains("`E7-Z99`"), "{text}");
    assert_eq!(text.matches("Engine plays").count(), 1, "{text}");
}

#[test]
fn a_camelot_game_lists_the_hundred_opening_moves() {
    let (ok, text) = play(&["camelot", "--engine", "camelot-weak"], "moves\nquit\n");
    assert!(ok, "{text}");
    assert!(text.contains("100 legal moves"), "{text}");
}

#[test]
fn card_chess_shows_the_card_drawn_and_the_card_state() {
    let (ok, text) = play(
        &["cardchess", "--engine", "cardchess-greedy", "--seed", "3"],
        "draw\nquit\n",
    );
    assert!(ok, "{text}");
    assert!(text.contains("Chance: draw:"), "{text}");
    assert!(text.contains("card: "), "{text}");
    assert!(text.contains("held0: "), "{text}");
}

#[test]
fn an_unknown_engine_is_one_line_and_a_failure() {
    let (ok, text) = play(&["cescacs", "--engine", "nobody"], "");
    assert!(!ok);
    assert_eq!(text.trim().lines().count(), 1, "{text}");
}

/// Answers every prompt with the first legal action.
fn first_choices(lines: usize) -> String {
    "1\n".repeat(lines)
}

#[test]
fn a_muzicando_team_hand_finishes_and_bad_entries_get_one_line() {
    let input = format!("xyz\n99\nhelp\n{}", first_choices(200));
    let (ok, text) = play(
        &[
            "muzicando",
            "--engine",
            "muzicando-rules",
            "--hands",
            "1",
            "--seed",
            "3",
        ],
        &input,
    );
    assert!(ok, "{text}");
    assert!(
        text.contains("`xyz` is not a card; type a number from the list, or `help`"),
        "{text}"
    );
    assert!(text.contains("`99` is not in the list"), "{text}");
    assert!(text.contains("Commands:"), "{text}");
    assert!(text.contains("Legal: 1) "), "{text}");
    assert!(text.contains("Piles"), "{text}");
    assert!(text.contains("--- Hand 1 over ---"), "{text}");
    assert!(text.contains("Running score: your team"), "{text}");
    assert!(text.contains("Match over"), "{text}");
    let before_end = &text[..text.find("--- Hand 1 over ---").unwrap()];
    assert!(
        !before_end.contains(" holds: "),
        "no other hand is shown before the end"
    );
}

#[test]
fn a_muzicando_individual_match_rotates_the_deal_and_can_be_left() {
    let (ok, text) = play(
        &[
            "muzicando",
            "--players",
            "3",
            "--seat",
            "2",
            "--engine",
            "muzicando-random",
            "--hands",
            "3",
        ],
        &first_choices(300),
    );
    assert!(ok, "{text}");
    for dealer in ["dealer seat 0", "dealer seat 1", "dealer seat 2 you"] {
        assert!(text.contains(dealer), "{dealer}: {text}");
    }
    assert!(text.contains("Stock: "), "{text}");
    assert!(text.contains("Match over"), "{text}");
    let (ok, text) = play(&["muzicando", "--players", "3"], "quit\n");
    assert!(ok, "{text}");
    assert!(text.contains("You leave the table."), "{text}");
}

#[test]
fn a_muzicando_seat_outside_the_table_is_refused() {
    let (ok, text) = play(&["muzicando", "--players", "2", "--seat", "5"], "");
    assert!(!ok);
    assert!(text.contains("--seat 5"), "{text}");
}

#[test]
fn undo_at_the_start_as_black_keeps_the_engines_move() {
    let (ok, text) = play(
        &["cescacs", "--engine", "cescacs-random", "--side", "black"],
        "undo\nquit\n",
    );
    assert!(ok, "{text}");
    assert!(text.contains("nothing of yours to undo"), "{text}");
    assert_eq!(text.matches("Engine plays").count(), 1, "{text}");
}

#[test]
fn a_failed_save_is_reported_and_the_game_goes_on() {
    let (ok, text) = play(
        &["cescacs", "--engine", "cescacs-random"],
        "save /nonexistent-folder/game.txt\nmoves\nquit\n",
    );
    assert!(ok, "{text}");
    assert!(text.contains("cannot save"), "{text}");
    assert!(text.contains("legal moves:"), "{text}");
}

#[test]
fn the_end_of_the_input_is_said_and_exits_cleanly() {
    let (ok, text) = play(&["camelot", "--engine", "camelot-random"], "");
    assert!(ok, "{text}");
    assert!(text.contains("The input ended"), "{text}");
}

#[test]
fn card_chess_with_nothing_to_draw_stops_without_a_panic() {
    let position =
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | phase=drawing pile=- discard=-";
    let (ok, text) = play(&["cardchess", "--position", position], "quit\n");
    assert!(!text.contains("panicked"), "{text}");
    assert!(ok || text.starts_with("error: "), "{text}");
}

#[test]
fn card_chess_narrates_the_cards_in_words() {
    let (ok, text) = play(
        &["cardchess", "--engine", "cardchess-random", "--seed", "4"],
        "draw\nquit\n",
    );
    assert!(ok, "{text}");
    assert!(text.contains("White draws a card"), "{text}");
    assert!(text.contains("(White drew "), "{text}");
    assert!(text.contains("Card being carried out: "), "{text}");
}
