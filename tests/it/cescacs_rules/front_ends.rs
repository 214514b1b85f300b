//! `rules=classic` reaches the game from every front end that takes rules
//! options: the command line's `--option`, and UGI's `setoption` (the
//! browser's options field goes through the same `GameOptions` parser).

use std::io::Write;
use std::process::{Command, Stdio};

fn tauler(args: &[&str], input: &str) -> (bool, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tauler"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tauler starts");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn the_command_line_option_selects_the_classic_rules() {
    let perft = |extra: &[&str]| {
        let mut args = vec!["perft", "cescacs", "--depth", "1"];
        args.extend_from_slice(extra);
        let (ok, out, err) = tauler(&args, "");
        assert!(ok, "{err}");
        out.lines().last().unwrap().to_string()
    };
    assert_eq!(perft(&[]), "nodes 68");
    assert_eq!(perft(&["--option", "rules=classic"]), "nodes 71");
    assert_eq!(perft(&["--option", "rules=current"]), "nodes 68");
    let (ok, _, err) = tauler(
        &["perft", "cescacs", "--depth", "1", "--option", "rules=old"],
        "",
    );
    assert!(!ok);
    assert!(err.contains("current or classic"), "{err}");
}

#[test]
fn ugi_setoption_selects_the_classic_rules() {
    let session = |setup: &str| {
        let input = format!("ugi\n{setup}isready\nposition startpos moves F8-F14\nisready\nquit\n");
        let (ok, out, err) = tauler(&["ugi", "cescacs"], &input);
        assert!(ok, "{err}");
        out
    };
    let classic = session("setoption name rules value classic\n");
    assert!(classic.contains("option name rules"), "{classic}");
    assert!(!classic.contains("not a legal move"), "{classic}");
    let current = session("");
    assert!(
        current.contains("`F8-F14` is not a legal move"),
        "{current}"
    );
}
