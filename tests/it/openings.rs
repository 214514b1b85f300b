//! `tauler openings GAME`: the suite it writes is read by a tournament's
//! `[openings] file`, its positions are distinct and scored within the
//! band, the same seed makes the same suite, and bad flags are refused with
//! one line. Small node-limited runs only.

// The shared harness; this test needs only part of it.
use crate::support::tournament_cli;

use std::collections::BTreeSet;
use std::path::Path;

use tauler::engine::Catalogue;
use tauler::game::{Notation, Turn};
use tauler::games::cardchess::CardChess;
use tauler::search::Limits;
use tauler::tournament::suite::{generate, SuiteSpec};
use tournament_cli::{comparable, refused, run_ok, scratch};

/// The positions of a suite file (its lines that are not comments).
fn positions(text: &str) -> Vec<&str> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect()
}

/// The scores a suite file's comments give, in order.
fn scores(text: &str) -> Vec<i32> {
    text.lines()
        .filter_map(|l| l.strip_prefix("# score "))
        .map(|l| l.split(':').next().unwrap().parse().unwrap())
        .collect()
}

fn suite(args: &[&str]) -> String {
    String::from_utf8(run_ok(args).stdout).unwrap()
}

#[test]
fn a_suite_is_distinct_within_its_band_and_remade_by_its_seed() {
    let args = [
        "openings", "cescacs", "--count", "6", "--nodes", "300", "--seed", "7", "--min", "-40",
        "--max", "40",
    ];
    let text = suite(&args);
    let found = positions(&text);
    assert_eq!(found.len(), 6, "{text}");
    assert_eq!(found.iter().collect::<BTreeSet<_>>().len(), 6, "{text}");
    let scores = scores(&text);
    assert_eq!(scores.len(), 6, "{text}");
    assert!(scores.iter().all(|s| (-40..=40).contains(s)), "{scores:?}");
    assert!(text.contains("# Made by: tauler openings cescacs --plies 4 --min -40 --max 40 --count 6 --seed 7 --engine cescacs-default --nodes 300"), "{text}");
    let again = suite(&args);
    assert_eq!(positions(&again), found, "the same seed, the same suite");
    let other = suite(&[
        "openings", "cescacs", "--count", "6", "--nodes", "300", "--seed", "8", "--min", "-40",
        "--max", "40",
    ]);
    assert_ne!(positions(&other), found, "another seed, another suite");
}

#[test]
fn an_unbalanced_band_keeps_only_scores_inside_it() {
    let catalogue = Catalogue::built_in();
    let mut profile = catalogue.get("camelot-default").unwrap();
    // The band is one the hand-written evaluation's scores of these
    // openings fill (with the network, one of 60 searched fell inside it).
    profile.eval = tauler::knowledge::EvalKind::Classic;
    let spec = SuiteSpec {
        plies: 3,
        min: 20,
        max: 200,
        count: 3,
        seed: 1,
        quiet: true,
        limits: Limits::nodes(300),
    };
    let options = Default::default();
    let suite = generate::<tauler::games::camelot::Camelot>(&options, &profile, &spec).unwrap();
    assert_eq!(suite.openings.len(), 3);
    for opening in &suite.openings {
        assert!((20..=200).contains(&opening.score), "{opening:?}");
        assert_eq!(opening.plies.len(), 3);
    }
    assert_eq!(
        suite.attempts.searched,
        suite.attempts.outside + 3,
        "{:?}",
        suite.attempts
    );
}

/// Card chess: a position carries the cards drawn, discarded and held, never
/// the order of the pile, and starts a turn (a seat to move, no card to obey).
#[test]
fn card_chess_openings_start_a_turn_and_leave_the_pile_shuffled() {
    let text = suite(&[
        "openings",
        "cardchess",
        "--count",
        "4",
        "--plies",
        "6",
        "--nodes",
        "300",
        "--seed",
        "3",
        "--min",
        "-500",
        "--max",
        "500",
    ]);
    let options = <CardChess as tauler::game::Game>::Options::default();
    for position in positions(&text) {
        assert!(!position.contains("order="), "{position}");
        assert!(position.contains("phase=start"), "{position}");
        let state = CardChess::parse_position(position, &options).unwrap();
        assert!(
            matches!(tauler::game::Game::turn(&state), Turn::Player(_)),
            "{position}"
        );
        assert_eq!(state.format_position(), position);
    }
}

/// The suite is what a tournament's `[openings] file` reads: every game of a
/// one-round tournament starts from one of its positions.
#[test]
fn a_tournament_plays_from_the_suite() {
    let dir = scratch("openings", "tournament", &[]);
    let file = dir.join("camelot.txt");
    run_ok(&[
        "openings",
        "camelot",
        "--count",
        "3",
        "--nodes",
        "300",
        "--seed",
        "5",
        "--quiet",
        "--out",
        file.to_str().unwrap(),
    ]);
    let text = std::fs::read_to_string(&file).unwrap();
    let suite: BTreeSet<&str> = positions(&text).into_iter().collect();
    std::fs::write(
        dir.join("t.toml"),
        "game = \"camelot\"\nengines = [\"camelot-default\", \"camelot-weak\"]\nrounds = 3\n\
         [openings]\nfile = \"camelot.txt\"\n\
         [limits.camelot-default]\nnodes = 200\n[limits.camelot-weak]\nnodes = 200\n\
         [adjudication]\nmax_plies = 20\n",
    )
    .unwrap();
    let out = dir.join("results");
    run_ok(&[
        "tournament",
        dir.join("t.toml").to_str().unwrap(),
        "--quiet",
        "--out",
        out.to_str().unwrap(),
    ]);
    let records = comparable(&out.join("games.jsonl"));
    assert_eq!(records.len(), 6);
    let starts: BTreeSet<&str> = records.iter().map(|r| r.start.as_str()).collect();
    assert_eq!(
        starts, suite,
        "three rounds, the suite's three positions in turn"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_flags_are_refused_with_one_line() {
    let game = ["openings", "cescacs", "--nodes", "100"];
    fn with<'a>(game: &[&'a str], extra: &[&'a str]) -> Vec<&'a str> {
        [game, extra].concat()
    }
    refused(
        &with(&game, &["--count", "0"]),
        "--count: 0 is out of range (allowed 1 to 100000)",
    );
    refused(
        &with(&game, &["--plies", "201"]),
        "--plies: 201 is out of range (allowed 0 to 200)",
    );
    refused(
        &with(&game, &["--min", "-20001"]),
        "--min: -20001 is out of range",
    );
    refused(
        &with(&game, &["--max", "20001"]),
        "--max: 20001 is out of range",
    );
    refused(
        &["openings", "cescacs", "--nodes", "0"],
        "--nodes: 0 is out of range",
    );
    refused(
        &with(&game, &["--min", "10", "--max", "-10"]),
        "the score band is empty",
    );
    refused(&with(&game, &["--engine", "camelot-default"]), "camelot");
    refused(
        &with(&game, &["--engine", "cescacs-random"]),
        "reports no score",
    );
    refused(&with(&game, &["--option", "nonsense=1"]), "nonsense");
    refused(&["openings", "muzicando"], "opening suites do not apply");
    refused(
        &with(&game, &["--min", "19000", "--max", "20000", "--count", "1"]),
        "found 0 of 1 positions",
    );
    let dir = scratch("openings", "unwritable", &[]);
    let out = dir.join("missing/suite.txt");
    refused(
        &with(
            &game,
            &[
                "--count",
                "1",
                "--min",
                "-20000",
                "--max",
                "20000",
                "--out",
                out.to_str().unwrap(),
            ],
        ),
        "cannot write",
    );
    assert!(!Path::new(&out).exists());
    std::fs::remove_dir_all(&dir).unwrap();
}
