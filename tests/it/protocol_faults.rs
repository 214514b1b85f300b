//! External engines in a tournament: tauler's own engine through `tauler
//! ugi` plays like any engine, and programs that crash mid-game, hang or
//! answer garbage each lose only their own games, with the fault and their
//! last output in the record; the tournament completes.

// The shared harness; this test needs only part of it.
use crate::support::tournament_cli;

// The shared component gate; this test needs only part of it.
use crate::support::components;
use components::{available, Component};

use std::path::Path;

use tournament_cli::{comparable, run_ok, scratch};

/// An external Camelot profile: the broken-engine script wrapping tauler's
/// random mover, misbehaving (`mode`) at its third `go`.
fn broken(mode: &str) -> String {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/protocol/faulty_engine.py");
    format!(
        "game = \"camelot\"\nsearcher = \"external\"\nprotocol = \"ugi\"\n\
         command = [\"python3\", {:?}, \"{mode}\", \"3\", \"{{tauler}}\", \"ugi\", \"camelot\", \
         \"--engine\", \"camelot-random\"]\n[limits]\nmovetime_ms = 50\n",
        script.display().to_string()
    )
}

#[test]
fn broken_engines_lose_their_games_and_the_tournament_completes() {
    if !available(Component::Python, "protocol_faults::broken_engines") {
        return;
    }
    let crash = broken("crash");
    let hang = broken("hang");
    let garbage = broken("garbage");
    let dir = scratch(
        "protocol",
        "faults",
        &[
            ("camelot-rnd", "game = \"camelot\"\nsearcher = \"random\"\n"),
            ("camelot-crash", &crash),
            ("camelot-hang", &hang),
            ("camelot-garbage", &garbage),
        ],
    );
    let file = dir.join("faults.toml");
    std::fs::write(
        &file,
        "game = \"camelot\"\n\
         engines = [\"camelot-rnd\", \"camelot-ugi\", \"camelot-crash\", \"camelot-hang\", \"camelot-garbage\"]\n\
         engine_dir = \"engines\"\npairing = \"gauntlet\"\nrounds = 1\nconcurrency = 2\ntime_margin_ms = 2000\n\
         [adjudication]\nmax_plies = 40\n",
    )
    .unwrap();
    let output = run_ok(&["tournament", file.to_str().unwrap(), "--quiet"]);
    let report = String::from_utf8_lossy(&output.stdout).into_owned();
    let records = comparable(&dir.join("results/faults/games.jsonl"));
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(records.len(), 8, "{report}");
    for record in &records {
        let Some(seat) = ["camelot-crash", "camelot-hang", "camelot-garbage"]
            .iter()
            .find_map(|name| record.seat_of(name))
        else {
            // tauler through `tauler ugi` against the random mover: no fault.
            assert!(record.seat_of("camelot-ugi").is_some(), "{record:?}");
            assert!(record.fault.is_none(), "{:?}", record.fault);
            assert!(["game over", "max plies"].contains(&record.reason.as_str()));
            continue;
        };
        let engine = &record.engines[seat];
        assert_eq!(record.score(seat), 0.0, "{engine}: {record:?}");
        let fault = record.fault.as_ref().expect("a fault is recorded");
        assert_eq!(fault.seat, seat);
        let expected = match engine.as_str() {
            "camelot-crash" => "the engine crashed",
            "camelot-hang" => "(killed)",
            _ => "answered `banana`, not a legal move",
        };
        assert!(
            fault.message.contains(expected),
            "{engine}: {}",
            fault.message
        );
        assert!(fault.message.contains("last output: "), "{}", fault.message);
        // Two moves made, the third refused.
        assert_eq!(
            record.actions.len(),
            4 + seat,
            "{engine}: {:?}",
            record.actions
        );
    }
    assert!(report.contains("8/8 games"), "{report}");
}

/// A Muzicando team match where one engine is an external program that
/// crashes at its third decision of every hand: each hand is a breach (the
/// hand annulled, the offender's team −12), the match completes.
#[test]
fn a_crashing_muzicando_engine_breaches_each_hand() {
    if !available(
        Component::Python,
        "protocol_faults::a_crashing_muzicando_engine",
    ) {
        return;
    }
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/protocol/faulty_engine.py");
    let crash = format!(
        "game = \"muzicando\"\nsearcher = \"external\"\nprotocol = \"ugi\"\n\
         command = [\"python3\", {:?}, \"crash\", \"3\", \"{{tauler}}\", \"ugi\", \"muzicando\", \
         \"--engine\", \"muzicando-random\"]\n[limits]\nmovetime_ms = 50\n",
        script.display().to_string()
    );
    let dir = scratch(
        "protocol",
        "muzicando",
        &[
            ("muz-rules", "game = \"muzicando\"\nsearcher = \"rules\"\n"),
            ("muz-crash", &crash),
        ],
    );
    let file = dir.join("breach.toml");
    std::fs::write(
        &file,
        "game = \"muzicando\"\nengines = [\"muz-rules\", \"muz-crash\"]\nengine_dir = \"engines\"\n\
         rounds = 4\nconcurrency = 2\ntime_margin_ms = 2000\n",
    )
    .unwrap();
    let output = run_ok(&["tournament", file.to_str().unwrap(), "--quiet"]);
    let report = String::from_utf8_lossy(&output.stdout).into_owned();
    let records = comparable(&dir.join("results/breach/games.jsonl"));
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(records.len(), 8, "{report}");
    for record in &records {
        let fault = record.fault.as_ref().expect("a breach");
        assert_eq!(record.engines[fault.seat], "muz-crash");
        assert!(
            fault.message.contains("the engine crashed"),
            "{}",
            fault.message
        );
        let mut result = vec![0.0; 4];
        result[fault.seat % 2] = -12.0;
        result[fault.seat % 2 + 2] = -12.0;
        assert_eq!(record.result, result, "{record:?}");
    }
    assert!(report.contains("8/8 games"), "{report}");
}
