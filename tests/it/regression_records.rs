//! The engine core's regression check: node- and depth-limited tournaments of
//! every game, with fixed seeds, must give the same records as the ones
//! stored beside their files in `tests/data/regression/` (recorded before the
//! one-match-loop rewrite), decision times aside. A change that alters what
//! an engine plays, or how the referee runs a game, shows up here; an
//! intended change replaces the stored records and says why in its commit.

// The shared harness; this test needs only part of it.
use crate::support::tournament_cli;

use std::path::Path;

use tournament_cli::{comparable, run_ok, scratch};

fn same_records_as_stored(game: &str) {
    let out = scratch("regression", game, &[]).join("results");
    let file = format!("tests/data/regression/{game}.toml");
    same_records(game, &file, &out);
}

/// Plays the tournament `file` into `out` and compares its records with the
/// stored ones of `game`.
fn same_records(game: &str, file: &str, out: &Path) {
    run_ok(&[
        "tournament",
        file,
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

/// The same tournament on one worker thread instead of two: an engine with a
/// fixed seed and a node, depth or playout limit plays the same game at any
/// concurrency.
fn same_records_on_one_thread(game: &str) {
    let dir = scratch("regression-serial", game, &[]);
    let engines = Path::new(env!("CARGO_MANIFEST_DIR")).join("engines");
    let text = std::fs::read_to_string(format!("tests/data/regression/{game}.toml"))
        .unwrap()
        .replace(
            "engine_dir = \"../../../engines\"",
            &format!("engine_dir = {:?}", engines.to_string_lossy()),
        )
        .replace("concurrency = 2", "concurrency = 1");
    assert!(text.contains("concurrency = 1"));
    let file = dir.join(format!("{game}.toml"));
    std::fs::write(&file, text).unwrap();
    same_records(game, file.to_str().unwrap(), &dir.join("results"));
}

#[test]
fn cardchess_records_do_not_depend_on_the_concurrency() {
    same_records_on_one_thread("cardchess");
}

#[test]
fn muzicando_records_do_not_depend_on_the_concurrency() {
    same_records_on_one_thread("muzicando");
}
