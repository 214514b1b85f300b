//! The tournament runner end to end, through the built binary: a run
//! killed with SIGKILL and resumed ends with exactly the records of an
//! uninterrupted run; engines that panic or answer illegal actions lose
//! those games and the tournament completes.

use crate::support::tournament_cli;

use std::path::PathBuf;

use tauler::tournament::GameRecord;
use tournament_cli::{comparable, kill_after, lines, run_ok, tauler};

/// A fresh scratch folder with fast engine profiles in `engines/`.
fn scratch(name: &str) -> PathBuf {
    tournament_cli::scratch("tournament", name, PROFILES)
}

/// Fast profiles for the scratch folders' `engines/`.
const PROFILES: &[(&str, &str)] = &[
    (
        "cescacs-depth1",
        "game = \"cescacs\"\nsearcher = \"alphabeta\"\n[parameters]\nhash_mb = 1\n[limits]\ndepth = 1\n",
    ),
    ("cescacs-rnd", "game = \"cescacs\"\nsearcher = \"random\"\n"),
    ("camelot-rnd", "game = \"camelot\"\nsearcher = \"random\"\n"),
    ("camelot-rnd2", "game = \"camelot\"\nsearcher = \"random\"\n"),
];

const RESUMABLE: &str = r#"
game = "cescacs"
engines = ["cescacs-depth1", "cescacs-rnd"]
engine_dir = "engines"
rounds = 12
seed = 2024
concurrency = 2

[openings]
random_plies = 3

[adjudication]
max_plies = 120
"#;

#[test]
fn a_killed_run_resumes_to_the_uninterrupted_records() {
    let dir = scratch("resume");
    let file = dir.join("match.toml");
    std::fs::write(&file, RESUMABLE).unwrap();
    let file_arg = file.to_str().unwrap();
    let whole = dir.join("whole");
    let killed = dir.join("killed");

    run_ok(&[
        "tournament",
        file_arg,
        "--quiet",
        "--out",
        whole.to_str().unwrap(),
    ]);
    let expected = comparable(&whole.join("games.jsonl"));
    assert_eq!(expected.len(), 24);

    let games = killed.join("games.jsonl");
    let finished_before = kill_after(file_arg, &killed, 5);
    assert!(
        (5..24).contains(&finished_before),
        "the kill should land mid-run ({finished_before} games recorded)"
    );
    // A write torn by the kill: the resume must cut it off.
    let mut text = std::fs::read_to_string(&games).unwrap();
    text.push_str("{\"index\":23,\"round\":1");
    std::fs::write(&games, text).unwrap();

    let refused = tauler(&[
        "tournament",
        file_arg,
        "--quiet",
        "--out",
        killed.to_str().unwrap(),
    ])
    .output()
    .unwrap();
    assert!(
        !refused.status.success(),
        "a second fresh run must not overwrite results"
    );

    let output = run_ok(&[
        "tournament",
        file_arg,
        "--resume",
        "--quiet",
        "--out",
        killed.to_str().unwrap(),
    ]);
    assert_eq!(comparable(&games), expected);
    let report = String::from_utf8_lossy(&output.stdout);
    assert!(report.contains("24/24 games"), "{report}");
    assert!(killed.join("report.json").exists());
    assert!(killed.join("games").join("00023.txt").exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_changed_file_is_not_resumed() {
    let dir = scratch("changed");
    let file = dir.join("match.toml");
    std::fs::write(&file, RESUMABLE.replace("rounds = 12", "rounds = 1")).unwrap();
    run_ok(&["tournament", file.to_str().unwrap(), "--quiet"]);
    assert_eq!(lines(&dir.join("results/match/games.jsonl")), 2);
    std::fs::write(
        &file,
        RESUMABLE
            .replace("rounds = 12", "rounds = 1")
            .replace("2024", "7"),
    )
    .unwrap();
    let output = tauler(&["tournament", file.to_str().unwrap(), "--resume", "--quiet"])
        .output()
        .unwrap();
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("changed"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The faulty tournament's records, its report and its `run.log`.
fn faulty(kind: &str) -> (Vec<GameRecord>, String) {
    let (records, report, _) = faulty_logged(kind);
    (records, report)
}

fn faulty_logged(kind: &str) -> (Vec<GameRecord>, String, String) {
    let dir = scratch(kind);
    let file = dir.join("faults.toml");
    let text = format!(
        "game = \"camelot\"\nengines = [\"camelot-rnd\", \"camelot-rnd2\"]\nengine_dir = \"engines\"\n\
         rounds = 3\nconcurrency = 2\n[adjudication]\nmax_plies = 400\n\
         [faults.camelot-rnd2]\nkind = \"{kind}\"\nafter_moves = 2\n"
    );
    std::fs::write(&file, text).unwrap();
    let output = run_ok(&["tournament", file.to_str().unwrap(), "--quiet"]);
    let records = comparable(&dir.join("results/faults/games.jsonl"));
    let log = std::fs::read_to_string(dir.join("results/faults/run.log")).unwrap_or_default();
    std::fs::remove_dir_all(&dir).unwrap();
    (
        records,
        String::from_utf8_lossy(&output.stdout).into_owned(),
        log,
    )
}

#[test]
fn the_run_logs_its_start_each_game_each_fault_and_its_end_in_its_folder() {
    let (records, _, log) = faulty_logged("panic");
    assert_eq!(records.len(), 6);
    let lines: Vec<&str> = log.lines().collect();
    assert!(
        lines
            .first()
            .is_some_and(|l| l.contains("tournament starts")),
        "{log}"
    );
    assert!(
        lines.last().is_some_and(|l| l.contains("tournament ends")),
        "{log}"
    );
    let faults = lines
        .iter()
        .filter(|l| l.contains("WARN") && l.contains("engine fault"))
        .count();
    assert_eq!(faults, 6, "{log}");
    assert!(log.contains("engine=camelot-rnd2"), "{log}");
}

#[test]
fn a_panicking_engine_loses_and_the_tournament_completes() {
    let (records, report) = faulty("panic");
    assert_eq!(records.len(), 6);
    for record in &records {
        let seat = record.seat_of("camelot-rnd2").unwrap();
        assert_eq!(record.score(seat), 0.0, "{record:?}");
        assert_eq!(record.reason, "panic");
        let fault = record.fault.as_ref().unwrap();
        assert_eq!((fault.seat, fault.engine.as_str()), (seat, "camelot-rnd2"));
        assert!(
            fault.message.contains("injected fault"),
            "{}",
            fault.message
        );
        assert!(!fault.position.is_empty());
        // It played two moves before panicking on its third.
        assert_eq!(record.actions.len(), 4 + seat);
    }
    assert!(report.contains("6/6 games"), "{report}");
    assert!(
        report.contains("camelot-rnd vs camelot-rnd2: 6/6 points"),
        "{report}"
    );
}

#[test]
fn an_illegal_action_loses() {
    let (records, _) = faulty("illegal");
    assert_eq!(records.len(), 6);
    for record in &records {
        let seat = record.seat_of("camelot-rnd2").unwrap();
        assert_eq!(record.score(seat), 0.0);
        assert_eq!(record.reason, "illegal action");
        assert!(record
            .fault
            .as_ref()
            .unwrap()
            .message
            .starts_with("illegal action"));
    }
}

#[test]
fn sprt_stops_a_decided_match() {
    let dir = scratch("sprt");
    let file = dir.join("sprt.toml");
    let text = RESUMABLE
        .replace("rounds = 12", "rounds = 200")
        .replace("concurrency = 2", "concurrency = 1")
        + "\n[sprt]\nelo0 = 0\nelo1 = 50\nmodel = \"logistic\"\n";
    std::fs::write(&file, text).unwrap();
    let output = run_ok(&["tournament", file.to_str().unwrap(), "--quiet"]);
    let report = String::from_utf8_lossy(&output.stdout);
    assert!(report.contains("H1 accepted"), "{report}");
    assert!(
        lines(&dir.join("results/sprt/games.jsonl")) < 400,
        "{report}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

const START: &str = "/28:v/27:dk/26:gjg/25:rnnr/24:pejep/23:ppeepp/22:2pjp2/21:3pp3/20:3p3/8:3P3/7:3PP3/6:2PJP2/5:PPEEPP/4:PEJEP/3:RNNR/2:GJG/1:DK/0:V/ w RKRrkr - 0 1";

#[test]
fn openings_come_from_the_file_and_bad_lines_are_named() {
    let dir = scratch("openings");
    std::fs::write(
        dir.join("openings.txt"),
        format!("# the initial array\n\n{START}\n"),
    )
    .unwrap();
    let file = dir.join("open.toml");
    let text = RESUMABLE.replace("rounds = 12", "rounds = 2").replace(
        "random_plies = 3\n",
        "random_plies = 3\nfile = \"openings.txt\"\n",
    );
    std::fs::write(&file, text).unwrap();
    run_ok(&["tournament", file.to_str().unwrap(), "--quiet"]);
    let records = comparable(&dir.join("results/open/games.jsonl"));
    assert_eq!(records.len(), 4);
    for record in &records {
        assert_eq!(record.start, START);
        assert_eq!(record.opening.len(), 3);
    }
    assert_eq!(
        records[0].opening, records[1].opening,
        "a pair shares its opening"
    );

    std::fs::write(dir.join("openings.txt"), "# broken\nnot a position\n").unwrap();
    std::fs::remove_dir_all(dir.join("results")).unwrap();
    let output = tauler(&["tournament", file.to_str().unwrap(), "--quiet"])
        .output()
        .unwrap();
    assert!(!output.status.success());
    let error = String::from_utf8_lossy(&output.stderr);
    assert!(error.contains("line 2"), "{error}");
    std::fs::remove_dir_all(&dir).unwrap();
}

const QUIET: &str = r#"
game = "camelot"
engines = ["camelot-rnd", "camelot-rnd2"]
engine_dir = "engines"
rounds = 20
seed = 7

[openings]
random_plies = 3
quiet = true

[adjudication]
max_plies = 4
"#;

#[test]
fn quiet_openings_leave_the_side_to_move_no_capture() {
    use tauler::game::{apply_text_actions, Game, Notation};
    use tauler::games::camelot::eval::CamelotEval;
    use tauler::games::camelot::{Camelot, Options};
    use tauler::search::Evaluator;
    let dir = scratch("quiet");
    let file = dir.join("quiet.toml");
    std::fs::write(&file, QUIET).unwrap();
    run_ok(&["tournament", file.to_str().unwrap(), "--quiet"]);
    let records = comparable(&dir.join("results/quiet/games.jsonl"));
    assert_eq!(records.len(), 40);
    let eval = CamelotEval::default();
    let mut actions = Vec::new();
    for record in &records {
        assert_eq!(record.opening.len(), 3);
        let mut state = Camelot::parse_position(&record.start, &Options::default()).unwrap();
        let plies: Vec<&str> = record.opening.iter().map(String::as_str).collect();
        apply_text_actions(&mut state, &plies).unwrap();
        state.legal_actions(&mut actions);
        assert!(
            !actions.iter().any(|&a| eval.is_noisy(&state, a)),
            "opening {:?} leaves a capture",
            record.opening
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_sprt_command_reproduces_the_pentanomial_vector() {
    let output = run_ok(&[
        "sprt",
        "--counts",
        "39,8843,26675,9240,44",
        "--elo0",
        "0.5",
        "--elo1",
        "2.5",
    ]);
    let text = String::from_utf8_lossy(&output.stdout);
    assert_eq!(
        text.lines().last(),
        Some("llr 2.9417 bounds (-2.9444, 2.9444) continue"),
        "{text}"
    );
    assert!(
        text.contains("elo 1.58 +/- 1.03, nelo 3.48, los 0.9986"),
        "{text}"
    );
    let bad = tauler(&["sprt", "--counts", "1,2", "--elo0", "0", "--elo1", "5"])
        .output()
        .unwrap();
    assert!(!bad.status.success());
}
