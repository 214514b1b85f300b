//! The engine core's regression check: node- and depth-limited tournaments of
//! every game, with fixed seeds, must give the same records as the ones
//! stored beside their files in `tests/data/regression/` (recorded before the
//! one-match-loop rewrite), decision times aside. A change that alters what
//! an engine plays, or how the referee runs a game, shows up here; an
//! intended change replaces the stored records and says why in its commit.

// The shared harness; this test needs only part of it.
#[allow(dead_code)]
#[path = "common/tournament_cli.rs"]
mod tournament_cli;

use std::path::Path;

use tournament_cli::{comparable, run_ok, scratch};

fn same_records_as_stored(game: &str) {
    let out = scratch("regression", game, &[]).join("results");
    let file = format!("tests/data/regression/{game}.toml");
    run_ok(&[
        "tournament",
        &file,
        "--quiet",
        "--out",
        out.to_str().unwrap(),
    ]);
    let played = comparable(&out.join("games.jsonl"));
    let stored = comparable(Path::new(&format!("tests/data/regression/{game}.jsonl")));
    assert_eq!(played.len(), stored.len(), "{game}: number of records");
    for (played, stored) in played.iter().zip(&stored) {
        assert_eq!(played, stored, "{game}: record {} differs", stored.index);
    }
}

#[test]
fn cescacs_records_are_unchanged() {
    same_records_as_stored("cescacs");
}

#[test]
fn camelot_records_are_unchanged() {
    same_records_as_stored("camelot");
}

#[test]
fn cardchess_records_are_unchanged() {
    same_records_as_stored("cardchess");
}

#[test]
fn muzicando_records_are_unchanged() {
    same_records_as_stored("muzicando");
}
