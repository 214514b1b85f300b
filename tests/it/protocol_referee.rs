//! What tauler's tournament referee tells an external engine and how it
//! reads one: a real engine (`tauler uci`, `tauler ugi camelot`) behind a
//! recorder (`tests/data/protocol/recording_engine.py`) that keeps every
//! line the engine receives and can make its output look like some real
//! engines' (a Latin-1 `id author`, a line that is not UTF-8, moves in
//! lower case).

// The shared harness; this test needs only part of it.
use crate::support::tournament_cli;

// The shared component gate; this test needs only part of it.
use crate::support::components;
use components::{available, Component};

use std::path::Path;

use tournament_cli::{comparable, run_ok, scratch};

/// An external profile of `game`: `engine` (words of a command, `{tauler}`
/// for this binary) behind the recorder with `quirks`, writing what it
/// receives to `transcript`.
fn recorded(
    game: &str,
    protocol: &str,
    transcript: &Path,
    quirks: &[&str],
    engine: &[&str],
    rest: &str,
) -> String {
    let script =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/protocol/recording_engine.py");
    let mut command = vec![
        script.display().to_string(),
        transcript.display().to_string(),
    ];
    command.extend(quirks.iter().map(ToString::to_string));
    command.push("--".into());
    command.extend(engine.iter().map(ToString::to_string));
    let words: Vec<String> = command.iter().map(|w| format!("{w:?}")).collect();
    format!(
        "game = \"{game}\"\nsearcher = \"external\"\nprotocol = \"{protocol}\"\n\
         command = [\"python3\", {}]\n{rest}",
        words.join(", ")
    )
}

/// A fresh file for the lines an engine receives in test `name`.
fn transcript_path(name: &str) -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!(
        "tauler-referee-{name}-{}.transcript",
        std::process::id()
    ));
    let _ = std::fs::remove_file(&path);
    path
}

/// The moves of a `position … moves …` line.
fn moves(line: &str) -> Vec<&str> {
    line.split(" moves ")
        .nth(1)
        .map(|m| m.split_whitespace().collect())
        .unwrap_or_default()
}

/// Two clocked chess games (a two-ply random opening, then up to
/// `max_plies` plies) between `engine` (command words, `{tauler}` for this
/// binary) behind the recorder and a random mover; the records, and the
/// lines the engine received.
fn chess_games(
    name: &str,
    engine: &[&str],
    engine_options: &str,
    max_plies: u32,
) -> (Vec<tauler::tournament::GameRecord>, String) {
    let transcript = transcript_path(name);
    let clock = "[limits]\nclock_ms = 4000\nincrement_ms = 50\n";
    let rec = recorded(
        "cardchess",
        "uci",
        &transcript,
        &[],
        engine,
        &format!("options = [\"cards=off\"]\n[engine_options]\n{engine_options}{clock}"),
    );
    let rnd =
        format!("game = \"cardchess\"\nsearcher = \"random\"\noptions = [\"cards=off\"]\n{clock}");
    let dir = scratch("referee", name, &[("rec", &rec), ("rnd", &rnd)]);
    let file = dir.join(format!("{name}.toml"));
    std::fs::write(
        &file,
        format!(
            "game = \"cardchess\"\noptions = [\"cards=off\"]\nengines = [\"rec\", \"rnd\"]\n\
             engine_dir = \"engines\"\nrounds = 1\nconcurrency = 1\ntime_margin_ms = 2000\n\
             [openings]\nrandom_plies = 2\n[adjudication]\nmax_plies = {max_plies}\n"
        ),
    )
    .unwrap();
    run_ok(&["tournament", file.to_str().unwrap(), "--quiet"]);
    let records = comparable(&dir.join(format!("results/{name}/games.jsonl")));
    let text = std::fs::read_to_string(&transcript).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    std::fs::remove_file(&transcript).unwrap();
    (records, text)
}

/// Two chess games between the recorded `tauler uci` and a random mover,
/// both on a clock: every
/// decision is sent as `position startpos moves …` with the whole game so
/// far, opening included, and `go` carries both clocks, as cutechess and
/// fastchess send them.
#[test]
fn the_referee_sends_the_whole_game_and_both_clocks() {
    if !available(
        Component::Python,
        "protocol_referee::the_referee_sends_the_whole_game",
    ) {
        return;
    }
    let (records, text) = chess_games("chess", &["{tauler}", "uci"], "Hash = 8\n", 18);
    eprintln!("what the external engine received:\n{text}");
    assert_eq!(records.len(), 2);
    for record in &records {
        assert!(record.fault.is_none(), "{record:?}");
        assert_eq!(record.opening.len(), 2, "{record:?}");
    }
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines.iter().filter(|l| **l == "ucinewgame").count(),
        2,
        "one engine process a game: {lines:?}"
    );
    // Per game: positions from the start, each the previous one and the
    // two plies since; every `go` with both clocks.
    let mut previous: Option<Vec<&str>> = None;
    for (index, line) in lines.iter().enumerate() {
        if *line == "ucinewgame" {
            previous = None;
        }
        if line.starts_with("position") {
            assert!(line.starts_with("position startpos moves "), "{line}");
            let now = moves(line);
            match &previous {
                None => assert!([2, 3].contains(&now.len()), "the opening first: {line}"),
                Some(before) => {
                    assert_eq!(now.len(), before.len() + 2, "{line}");
                    assert_eq!(&now[..before.len()], &before[..], "{line}");
                }
            }
            previous = Some(now);
            let go = lines[index + 1];
            for word in ["wtime", "btime", "winc 50", "binc 50"] {
                assert!(go.contains(word), "{go}");
            }
        }
    }
    assert!(previous.is_some_and(|m| m.len() >= 10), "{text}");
}

/// An external Camelot engine whose `id author` is Latin-1, that writes a
/// line that is not UTF-8 before every move and its moves in lower case
/// (`c6-b5`, which the rules read) plays its games like any engine: no
/// fault is recorded.
#[test]
fn odd_bytes_and_lower_case_moves_are_read_as_they_are_meant() {
    if !available(
        Component::Python,
        "protocol_referee::odd_bytes_and_lower_case_moves",
    ) {
        return;
    }
    let transcript = transcript_path("odd");
    let odd = recorded(
        "camelot",
        "ugi",
        &transcript,
        &["latin1", "garbled", "lowercase"],
        &["{tauler}", "ugi", "camelot", "--engine", "camelot-random"],
        "[limits]\nmovetime_ms = 50\n",
    );
    let dir = scratch(
        "referee",
        "odd",
        &[
            ("odd", &odd),
            ("rnd", "game = \"camelot\"\nsearcher = \"random\"\n"),
        ],
    );
    let file = dir.join("odd.toml");
    std::fs::write(
        &file,
        "game = \"camelot\"\nengines = [\"odd\", \"rnd\"]\nengine_dir = \"engines\"\n\
         rounds = 1\nconcurrency = 2\ntime_margin_ms = 2000\n[adjudication]\nmax_plies = 20\n",
    )
    .unwrap();
    let started = std::time::Instant::now();
    run_ok(&["tournament", file.to_str().unwrap(), "--quiet"]);
    let records = comparable(&dir.join("results/odd/games.jsonl"));
    std::fs::remove_dir_all(&dir).unwrap();
    let _ = std::fs::remove_file(&transcript);
    assert_eq!(records.len(), 2);
    for record in &records {
        assert!(record.fault.is_none(), "{:?}", record.fault);
        assert!(
            ["game over", "max plies"].contains(&record.reason.as_str()),
            "{record:?}"
        );
        let seat = record.seat_of("odd").unwrap();
        assert!(
            record.actions.len() > seat,
            "the odd engine moved: {record:?}"
        );
    }
    assert!(
        started.elapsed() < std::time::Duration::from_secs(20),
        "no wait for a `ugiok` hidden behind a Latin-1 line"
    );
}

/// Debian's Stockfish, a real external UCI engine, sent the whole game and
/// both clocks by the referee, plays its games without a fault. Skipped
/// (loudly) when `/usr/games/stockfish` is missing, unless `CI=true`.
#[test]
fn stockfish_plays_from_the_whole_game() {
    let stockfish = "/usr/games/stockfish";
    let test = "protocol_referee::stockfish_plays_from_the_whole_game";
    // Stockfish plays behind the Python recorder.
    if !available(Component::Stockfish, test) || !available(Component::Python, test) {
        return;
    }
    let (records, text) = chess_games("stockfish", &[stockfish], "Hash = 8\nThreads = 1\n", 24);
    assert_eq!(records.len(), 2);
    for record in &records {
        assert!(record.fault.is_none(), "{:?}", record.fault);
        let seat = record.seat_of("rec").unwrap();
        assert!(
            record.score(seat) >= 0.5,
            "Stockfish loses to a random mover: {record:?}"
        );
    }
    let last = text
        .lines()
        .rfind(|l| l.starts_with("position startpos moves "));
    assert!(last.is_some_and(|l| moves(l).len() >= 5), "{text}");
}
