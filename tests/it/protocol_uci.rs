//! `tauler uci` speaks UCI: python-chess (a real client) plays a whole game
//! against it and analyses with `stop`; a transcript walks the sequence
//! fastchess's `--compliance` mode checks; malformed lines are answered,
//! never fatal.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::Duration;

// The shared component gate; this test needs only part of it.
use crate::support::components;
use components::{available, Component};

const TAULER: &str = env!("CARGO_BIN_EXE_tauler");

/// Runs the python-chess driver in `mode`; skipped (said on the terminal)
/// only when python-chess is missing and CI does not require it.
fn python_chess(mode: &str) {
    if !available(
        Component::PythonChess,
        &format!("protocol_uci::python_chess {mode}"),
    ) {
        return;
    }
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/protocol/python_chess_uci.py");
    let output = Command::new("python3")
        .arg(script)
        .args([TAULER, mode])
        .output()
        .expect("python3 runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success() && stdout.starts_with(&format!("ok {mode}")),
        "{stdout}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

#[test]
fn python_chess_plays_a_whole_game() {
    python_chess("game");
}

#[test]
fn python_chess_analyses_and_stops() {
    python_chess("analysis");
}

#[test]
fn python_chess_gets_no_move_in_checkmate_and_stalemate() {
    python_chess("ends");
}

#[test]
fn python_chess_plays_past_claimable_draws() {
    python_chess("claimable");
}

#[test]
fn python_chess_root_moves_limit_the_choice() {
    python_chess("searchmoves");
}

#[test]
fn python_chess_plays_chess960() {
    python_chess("chess960");
}

#[test]
fn python_chess_limits_strength_by_uci_elo() {
    python_chess("strength");
}

/// The options interfaces expect, each range-checked.
#[test]
fn the_options_interfaces_expect_are_offered() {
    let mut engine = Engine::start();
    engine.send("uci");
    let hello = engine.until("uciok");
    for line in [
        "option name Move Overhead type spin default 10 min 0 max 5000",
        "option name Ponder type check default false",
        "option name Clear Hash type button",
        "option name UCI_Chess960 type check default false",
        "option name UCI_LimitStrength type check default false",
    ] {
        assert!(hello.iter().any(|l| l == line), "{line}: {hello:?}");
    }
    assert!(
        hello
            .iter()
            .any(|l| l.starts_with("option name UCI_Elo type spin default ")),
        "{hello:?}"
    );
    for bad in [
        "setoption name Move Overhead value 5001",
        "setoption name Ponder value maybe",
        "setoption name UCI_Chess960 value 2",
        "setoption name UCI_LimitStrength value maybe",
        "setoption name UCI_Elo value 99999",
        "setoption name UCI_Elo value weak",
    ] {
        engine.send(bad);
        let answer = engine.until("info");
        assert!(
            answer.last().unwrap().starts_with("info string error: "),
            "{bad}: {answer:?}"
        );
    }
    for good in [
        "setoption name Move Overhead value 100",
        "setoption name Ponder value true",
        "setoption name Clear Hash",
        "setoption name UCI_Chess960 value true",
    ] {
        engine.send(good);
    }
    engine.send("isready");
    let quiet = engine.until("readyok");
    assert_eq!(quiet, ["readyok"]);
    // Chess960 castling is the king taking its rook.
    engine.send("position fen 1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1");
    engine.send("go depth 2 searchmoves e1g1 e1b1");
    let best = engine.until("bestmove");
    assert!(
        ["bestmove e1g1", "bestmove e1b1"]
            .contains(&best.last().unwrap().split(" ponder").next().unwrap()),
        "{best:?}"
    );
    engine.send(
        "position fen 1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1 moves e1g1 e8b8",
    );
    engine.send("isready");
    assert_eq!(engine.until("readyok"), ["readyok"]);
    engine.send("quit");
    assert!(engine.child.wait().unwrap().success());
}

/// An engine process and its output lines.
struct Engine {
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
}

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(TAULER)
            .arg("uci")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("tauler starts");
        let input = child.stdin.take().unwrap();
        let output = child.stdout.take().unwrap();
        let (send, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(output).lines().map_while(Result::ok) {
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        Engine {
            child,
            input,
            lines,
        }
    }

    fn send(&mut self, line: &str) {
        self.write(format!("{line}\n").as_bytes());
    }

    /// Writes `bytes` at once (several lines in one write, or bytes that
    /// are not UTF-8).
    fn write(&mut self, bytes: &[u8]) {
        self.input.write_all(bytes).unwrap();
        self.input.flush().unwrap();
    }

    /// The lines up to and including the first that starts with `word`.
    fn until(&self, word: &str) -> Vec<String> {
        let mut seen = Vec::new();
        loop {
            match self.lines.recv_timeout(Duration::from_secs(60)) {
                Ok(line) => {
                    let done = line.split_whitespace().next() == Some(word);
                    seen.push(line);
                    if done {
                        return seen;
                    }
                }
                Err(RecvTimeoutError::Timeout) => panic!("no `{word}` after {seen:?}"),
                Err(RecvTimeoutError::Disconnected) => {
                    panic!("engine ended before `{word}`: {seen:?}")
                }
            }
        }
    }

    /// Sends `go …` and checks the answer: info lines with a score, then a
    /// legal-looking `bestmove`.
    fn go(&mut self, line: &str) -> String {
        self.send(line);
        let seen = self.until("bestmove");
        let last_info = seen
            .iter()
            .rev()
            .find(|l| l.starts_with("info ") && !l.starts_with("info string"))
            .unwrap_or_else(|| panic!("no info line: {seen:?}"));
        assert!(last_info.contains(" score "), "{last_info}");
        let best = seen
            .last()
            .unwrap()
            .split_whitespace()
            .nth(1)
            .unwrap()
            .to_string();
        assert!((4..=5).contains(&best.len()), "{best}");
        best
    }
}

/// The steps of fastchess's `--compliance` check, in its order.
#[test]
fn the_fastchess_compliance_sequence_passes() {
    let mut engine = Engine::start();
    engine.send("uci");
    let hello = engine.until("uciok");
    assert!(
        hello.iter().any(|l| l.starts_with("id name tauler")),
        "{hello:?}"
    );
    assert!(
        hello.iter().any(|l| l.starts_with("id author ")),
        "{hello:?}"
    );
    assert!(hello
        .iter()
        .any(|l| l.starts_with("option name Hash type spin")));
    engine.send("isready");
    engine.until("readyok");
    engine.send("ucinewgame");
    engine.send("position startpos");
    engine.send("isready");
    engine.until("readyok");
    engine.send("position fen 3r2k1/p5n1/1pq1p2p/2p3p1/2P1P1n1/1P1P2pP/PN1Q2K1/5R2 w - - 0 27");
    engine.send("isready");
    engine.until("readyok");
    engine.go("go wtime 100");
    engine.send("position fen rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    let reply = engine.go("go btime 100");
    assert!(reply.starts_with(|c| "abcdefgh".contains(c)));
    engine.go("go wtime 100 winc 100 btime 100 binc 100");
    engine.go("go btime 100 binc 100 wtime 100 winc 100");
    engine.send("ucinewgame");
    engine.send("position startpos");
    engine.go("go wtime 100 btime 100");
    engine.send("position startpos moves e2e4 e7e5");
    engine.go("go wtime 100 btime 100");
    engine.send("quit");
    assert!(engine.child.wait().unwrap().success());
}

#[test]
fn malformed_lines_are_answered_and_the_engine_goes_on() {
    let mut engine = Engine::start();
    for bad in [
        "hello",
        "go wtime",
        "position fen not-a-fen",
        "position startpos moves e2e5",
        "setoption name Hash value -4",
        "setoption name Nonsense value 1",
        "ugi",
    ] {
        engine.send(bad);
        let line = engine.until("info");
        assert!(
            line.last().unwrap().starts_with("info string error: "),
            "{bad}: {line:?}"
        );
    }
    engine.send("position startpos moves e2e4");
    assert_eq!(engine.go("go depth 3").len(), 4);
    engine.send("go movetime 50");
    engine.until("bestmove");
    engine.send("go infinite");
    std::thread::sleep(Duration::from_millis(100));
    engine.send("stop");
    engine.until("bestmove");
    drop(engine.input);
    assert!(
        engine.child.wait().unwrap().success(),
        "end of input ends the engine"
    );
}

#[test]
fn a_ponder_search_answers_only_after_ponderhit_or_stop() {
    let mut engine = Engine::start();
    engine.send("position startpos moves e2e4");
    engine.send("go ponder wtime 300 btime 300");
    engine.send("isready");
    let before = engine.until("readyok");
    assert!(
        !before.iter().any(|l| l.starts_with("bestmove")),
        "{before:?}"
    );
    // The ponder search is replaced by one under the clock, which answers.
    engine.send("ponderhit");
    let answer = engine.until("bestmove");
    assert!(answer.last().unwrap().len() > "bestmove ".len());
    engine.send("go ponder wtime 300 btime 300");
    engine.send("stop");
    engine.until("bestmove");
    engine.send("quit");
    assert!(engine.child.wait().unwrap().success());
}

/// The analysis-GUI pattern: `stop`, a new `position` and `go` written
/// together while an infinite search runs. The old search answers, then
/// the new one runs on the new position.
#[test]
fn stop_position_and_go_written_together_run_the_new_search() {
    let mut engine = Engine::start();
    engine.send("position startpos");
    engine.send("go infinite");
    engine.send("isready");
    engine.until("readyok");
    engine.write(b"stop\nposition fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1\ngo depth 3\n");
    let old = engine.until("bestmove");
    assert!(
        !old.iter().any(|l| l.starts_with("info string error")),
        "{old:?}"
    );
    let new = engine.until("bestmove");
    assert_eq!(new.last().unwrap(), "bestmove d1d8", "{new:?}");
    engine.send("quit");
    assert!(engine.child.wait().unwrap().success());
}

/// One input line that is not UTF-8 is answered with an error line; the
/// engine reads on.
#[test]
fn a_line_that_is_not_utf8_is_answered_and_the_engine_lives() {
    let mut engine = Engine::start();
    engine.write(b"isready\nsetoption name Hash value \xff\xfe32\n");
    engine.until("readyok");
    let answer = engine.until("info");
    assert!(
        answer.last().unwrap().starts_with("info string error: ")
            && answer.last().unwrap().contains("not UTF-8"),
        "{answer:?}"
    );
    engine.send("position startpos moves e2e4");
    assert_eq!(engine.go("go depth 2").len(), 4);
    engine.send("quit");
    assert!(engine.child.wait().unwrap().success());
}

/// A refused `position` leaves no position: the next `go` answers an
/// error and `bestmove (none)` instead of searching the previous one; the
/// next good `position` is searched.
#[test]
fn a_refused_position_leaves_nothing_to_search() {
    let mut engine = Engine::start();
    for refused in [
        "position startpos moves e2e4 e7e5 e1e3",
        "position fen 8/8/8/8/8/8/8/8 w - - 0 1",
    ] {
        engine.send("position fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1");
        engine.send(refused);
        let error = engine.until("info");
        assert!(error.last().unwrap().starts_with("info string error: "));
        engine.send("go depth 3");
        let answer = engine.until("bestmove");
        assert_eq!(answer.last().unwrap(), "bestmove (none)", "{answer:?}");
        assert!(answer[0].contains("no position"), "{answer:?}");
    }
    engine.send("position startpos moves e2e4");
    assert_eq!(engine.go("go depth 2").len(), 4);
    engine.send("quit");
    assert!(engine.child.wait().unwrap().success());
}

/// A weakened engine keeps to its level's budget whatever a `go` asks: a
/// deep or long search from a GUI must not play stronger than the rating.
#[test]
fn a_limited_strength_keeps_to_its_level_s_budget() {
    let ladder = tauler::engine::level_table::ladder("chess").unwrap();
    let level = ladder.level(3).unwrap();
    let catalogue = tauler::engine::Catalogue::built_in();
    let budget = catalogue
        .get(&ladder.profile_name(3))
        .unwrap()
        .limits
        .nodes
        .expect("chess level 3 has a node budget");
    let mut engine = Engine::start();
    engine.send("uci");
    engine.until("uciok");
    engine.send("setoption name UCI_LimitStrength value true");
    engine.send(&format!(
        "setoption name UCI_Elo value {}",
        level.rating.unwrap().round()
    ));
    engine.send("position fen r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8");
    engine.send("go depth 30 movetime 60000");
    let search = engine.until("bestmove");
    let nodes: u64 = search
        .iter()
        .filter_map(|l| l.split(" nodes ").nth(1))
        .filter_map(|rest| rest.split_whitespace().next()?.parse().ok())
        .max()
        .unwrap();
    assert!(nodes <= budget, "{nodes} nodes for a budget of {budget}");
}
