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
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
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
