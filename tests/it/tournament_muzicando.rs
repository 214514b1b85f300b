//! Muzicando tournaments end to end, through the built binary: the team
//! game's duplicate deals (teams swap seats, one deal per round, the dealer
//! rotating), a run killed with SIGKILL and resumed ending with exactly the
//! records of an uninterrupted run, breaches (a panicking or illegal
//! engine) annulling the hand at 12 points to the offending team (11 to the
//! offender in the individual game) while the tournament goes on, the
//! individual game's seat rotation, and the refusal of cheating profiles.

use crate::support::tournament_cli;

use std::path::PathBuf;

use tauler::game::{GameOptions, Notation};
use tauler::games::muzicando::{Muzicando, Options};
use tauler::tournament::GameRecord;
use tournament_cli::{comparable, kill_after, run_ok, tauler};

/// A fresh scratch folder with fast Muzicando profiles in `engines/`.
fn scratch(name: &str) -> PathBuf {
    tournament_cli::scratch("muz-tour", name, PROFILES)
}

/// Fast profiles for the scratch folders' `engines/`.
const PROFILES: &[(&str, &str)] = &[
    ("muz-rules", "game = \"muzicando\"\nsearcher = \"rules\"\n"),
    ("muz-random", "game = \"muzicando\"\nsearcher = \"random\"\n"),
    (
        "muz-tiny",
        "game = \"muzicando\"\nsearcher = \"ismcts\"\n[parameters]\nparallel = 1\n[limits]\nnodes = 40\n",
    ),
    (
        "muz-cheat",
        "game = \"muzicando\"\nsearcher = \"cheating\"\n[parameters]\nparallel = 1\n[limits]\nnodes = 20\n",
    ),
    (
        "muz-sight",
        "game = \"muzicando\"\nsearcher = \"ismcts\"\n[parameters]\nparallel = 1\npartner_sight = true\n[limits]\nnodes = 20\n",
    ),
];

/// Runs `text` as `NAME.toml` in a scratch folder; returns the records,
/// the report and the folder (to be removed by the caller).
fn tournament(name: &str, text: &str) -> (Vec<GameRecord>, String, PathBuf) {
    let dir = scratch(name);
    let file = dir.join(format!("{name}.toml"));
    std::fs::write(&file, text).unwrap();
    let output = run_ok(&["tournament", file.to_str().unwrap(), "--quiet"]);
    let records = comparable(&dir.join("results").join(name).join("games.jsonl"));
    (
        records,
        String::from_utf8_lossy(&output.stdout).into_owned(),
        dir,
    )
}

/// The hand a record describes, replayed from its start and actions.
fn replay(record: &GameRecord, options: &Options) -> Muzicando {
    let mut state = Muzicando::parse_position(&record.start, options).unwrap();
    for action in &record.actions {
        let action = state.parse_action(action).unwrap();
        tauler::game::Game::apply(&mut state, action);
    }
    state
}

const TEAM: &str = r#"
game = "muzicando"
engines = ["muz-tiny", "muz-rules"]
engine_dir = "engines"
rounds = 12
seed = 77
concurrency = 2
"#;

#[test]
fn duplicate_team_hands_resume_after_a_kill_to_the_uninterrupted_records() {
    let dir = scratch("resume");
    let file = dir.join("team.toml");
    std::fs::write(&file, TEAM).unwrap();
    let file_arg = file.to_str().unwrap();
    let whole = dir.join("whole");
    let killed = dir.join("killed");

    let output = run_ok(&[
        "tournament",
        file_arg,
        "--quiet",
        "--out",
        whole.to_str().unwrap(),
    ]);
    let report = String::from_utf8_lossy(&output.stdout);
    assert!(report.contains("24/24 games"), "{report}");
    assert!(
        report.contains("team muz-tiny vs team muz-rules: 24 hands"),
        "{report}"
    );
    assert!(report.contains("matches W/D/L"), "{report}");
    let expected = comparable(&whole.join("games.jsonl"));
    assert_eq!(expected.len(), 24);
    let options = Options::default();
    for pair in expected.chunks(2) {
        // One deal, played twice with the teams swapped.
        assert_eq!(pair[0].round, pair[1].round);
        assert_eq!(pair[0].start, pair[1].start);
        assert_eq!(
            pair[0].engines,
            ["muz-tiny", "muz-rules", "muz-tiny", "muz-rules"]
        );
        assert_eq!(
            pair[1].engines,
            ["muz-rules", "muz-tiny", "muz-rules", "muz-tiny"]
        );
        for record in pair {
            assert_eq!(record.reason, "game over");
            // The recorded actions replay to the recorded points.
            let end = replay(record, &options);
            let points: Vec<f64> = end
                .points()
                .unwrap()
                .iter()
                .map(|&p| f64::from(p))
                .collect();
            assert_eq!(points, record.result);
        }
    }
    // Every round a new deal, dealt by the next seat.
    let dealers: Vec<u8> = expected
        .iter()
        .step_by(2)
        .map(|r| replay(r, &options).dealer())
        .collect();
    for (round, pair) in dealers.windows(2).enumerate() {
        assert_eq!(pair[1], (pair[0] + 1) % 4, "round {round}: {dealers:?}");
    }
    assert_ne!(expected[0].start, expected[2].start);
    let text = std::fs::read_to_string(whole.join("games").join("00000.txt")).unwrap();
    assert!(text.contains("[Seat3 \"muz-rules\"]"), "{text}");
    assert!(text.contains("seat 0 dealt: "), "{text}");
    assert!(text.contains("ranking "), "{text}");

    let games = killed.join("games.jsonl");
    let finished_before = kill_after(file_arg, &killed, 3);
    assert!(
        (3..24).contains(&finished_before),
        "the kill should land mid-run ({finished_before} hands recorded)"
    );
    // A write torn by the kill: the resume must cut it off.
    let mut text = std::fs::read_to_string(&games).unwrap();
    text.push_str("{\"index\":23,\"round\":11,\"enc");
    std::fs::write(&games, text).unwrap();
    let output = run_ok(&[
        "tournament",
        file_arg,
        "--resume",
        "--quiet",
        "--out",
        killed.to_str().unwrap(),
    ]);
    assert_eq!(comparable(&games), expected);
    assert!(String::from_utf8_lossy(&output.stdout).contains("24/24 games"));
    std::fs::remove_dir_all(&dir).unwrap();
}

fn faulty_team(kind: &str) -> (Vec<GameRecord>, String) {
    let text = format!(
        "game = \"muzicando\"\nengines = [\"muz-rules\", \"muz-random\"]\nengine_dir = \"engines\"\n\
         rounds = 4\nconcurrency = 2\n[faults.muz-random]\nkind = \"{kind}\"\nafter_moves = 3\n"
    );
    let (records, report, dir) = tournament(kind, &text);
    std::fs::remove_dir_all(&dir).unwrap();
    (records, report)
}

fn assert_team_breaches(records: &[GameRecord], reason: &str, message: &str) {
    assert_eq!(records.len(), 8);
    for record in records {
        let fault = record.fault.as_ref().unwrap();
        assert_eq!(record.reason, reason);
        assert_eq!(fault.engine, "muz-random");
        assert_eq!(record.engines[fault.seat], "muz-random");
        assert!(fault.message.contains(message), "{}", fault.message);
        // The hand is annulled: the offender's team −12, the other team 0.
        let mut result = vec![0.0; 4];
        result[fault.seat % 2] = -12.0;
        result[fault.seat % 2 + 2] = -12.0;
        assert_eq!(record.result, result);
        // The breach position is the hand so far, which replays.
        let state = Muzicando::parse_position(&fault.position, &Options::default()).unwrap();
        assert!(tauler::game::Game::returns(&state).is_none());
    }
}

#[test]
fn a_panicking_engine_breaches_and_its_team_loses_12() {
    let (records, report) = faulty_team("panic");
    assert_team_breaches(&records, "panic", "injected fault");
    assert!(report.contains("8/8 games"), "{report}");
    assert!(
        report.contains("points 0 to -96") && report.contains("breaches 0-8"),
        "{report}"
    );
    assert!(
        report.contains("muz-rules vs muz-random: 8/8 points"),
        "{report}"
    );
}

#[test]
fn an_illegal_action_breaches() {
    let (records, _) = faulty_team("illegal");
    assert_team_breaches(&records, "illegal action", "illegal action");
}

#[test]
fn the_individual_game_rotates_every_engine_through_every_seat() {
    let text = "game = \"muzicando\"\noptions = [\"players=3\"]\n\
                engines = [\"muz-rules\", \"muz-random\", \"muz-tiny\"]\nengine_dir = \"engines\"\n\
                rounds = 2\nseed = 5\nconcurrency = 2\n\
                [faults.muz-tiny]\nkind = \"panic\"\nafter_moves = 1000\n";
    let (records, report, dir) = tournament("solo", text);
    assert_eq!(records.len(), 6);
    let options = Options::from_pairs(["players=3"]).unwrap();
    for deal in records.chunks(3) {
        assert!(deal.iter().all(|r| r.start == deal[0].start));
        for seat in 0..3 {
            let mut engines: Vec<&str> = deal.iter().map(|r| r.engines[seat].as_str()).collect();
            engines.sort_unstable();
            assert_eq!(engines, ["muz-random", "muz-rules", "muz-tiny"]);
        }
        for record in deal {
            let end = replay(record, &options);
            let points: Vec<f64> = end
                .points()
                .unwrap()
                .iter()
                .map(|&p| f64::from(p))
                .collect();
            assert_eq!(points, record.result);
        }
    }
    assert!(report.contains("muz-rules: 6 hands"), "{report}");
    assert!(report.contains("Bradley-Terry"), "{report}");
    std::fs::remove_dir_all(&dir).unwrap();

    let breach = text.replace("after_moves = 1000", "after_moves = 0");
    let (records, report, dir) = tournament("solo-breach", &breach);
    for record in &records {
        let fault = record.fault.as_ref().unwrap();
        assert_eq!(fault.engine, "muz-tiny");
        let mut result = vec![0.0; 3];
        result[fault.seat] = -11.0;
        assert_eq!(record.result, result);
    }
    assert!(report.contains("muz-tiny: 6 hands, -66 points"), "{report}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn profiles_that_see_hidden_cards_play_only_when_allowed() {
    let dir = scratch("cheat");
    for (engine, kind) in [("muz-cheat", "cheating"), ("muz-sight", "partner-sight")] {
        let file = dir.join(format!("{engine}.toml"));
        let text = format!(
            "game = \"muzicando\"\nengines = [\"{engine}\", \"muz-random\"]\n\
             engine_dir = \"engines\"\nrounds = 4\n"
        );
        std::fs::write(&file, &text).unwrap();
        let refused = tauler(&["tournament", file.to_str().unwrap(), "--quiet"])
            .output()
            .unwrap();
        assert!(!refused.status.success(), "{engine}");
        let error = String::from_utf8_lossy(&refused.stderr);
        assert!(
            error.contains(kind) && error.contains("allow_cheating = true"),
            "{error}"
        );
        assert!(
            !dir.join("results").exists(),
            "a refused start leaves no results"
        );
        std::fs::write(&file, format!("{text}allow_cheating = true\n")).unwrap();
        let output = run_ok(&["tournament", file.to_str().unwrap(), "--quiet"]);
        assert!(String::from_utf8_lossy(&output.stdout).contains("8/8 games"));
        std::fs::remove_dir_all(dir.join("results")).unwrap();
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn team_files_are_checked() {
    let dir = scratch("checks");
    for (extra, needle) in [
        ("rounds = 6\n", "whole number"),
        ("rounds = 4\nhands_per_match = 2\n", "at least 4"),
        ("rounds = 4\noptions = [\"dealer=2\"]\n", "dealer"),
        ("rounds = 4\n[openings]\nrandom_plies = 2\n", "openings"),
    ] {
        let file = dir.join("bad.toml");
        let text = format!(
            "game = \"muzicando\"\nengines = [\"muz-rules\", \"muz-random\"]\nengine_dir = \"engines\"\n{extra}"
        );
        std::fs::write(&file, text).unwrap();
        let output = tauler(&["tournament", file.to_str().unwrap(), "--quiet"])
            .output()
            .unwrap();
        assert!(!output.status.success());
        let error = String::from_utf8_lossy(&output.stderr);
        assert!(error.contains(needle), "`{error}` lacks `{needle}`");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
