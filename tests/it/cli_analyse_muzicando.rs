//! `tauler analyse muzicando`: the ranking of one seat's bids or plays from
//! its observation, and clear errors for positions without a decision.

use std::process::Command;

fn analyse(args: &[&str]) -> (bool, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_tauler"))
        .args(["analyse", "muzicando"])
        .args(args)
        .output()
        .unwrap();
    let mut text = String::from_utf8_lossy(&output.stdout).into_owned();
    text.push_str(&String::from_utf8_lossy(&output.stderr));
    (output.status.success(), text)
}

/// The ranked rows: (action, every figure after it).
fn rows(text: &str) -> Vec<(String, Vec<String>)> {
    text.lines()
        .skip_while(|l| !l.starts_with("rank "))
        .skip(1)
        .take_while(|l| !l.starts_with("bestmove"))
        .map(|l| {
            let mut words = l.split_whitespace().skip(1);
            let action = words.next().unwrap_or_default().to_string();
            (action, words.map(str::to_string).collect())
        })
        .collect()
}

#[test]
fn an_auction_decision_ranks_every_call_with_simulation_and_search_samples() {
    let (ok, text) = analyse(&["--position", "seed:7 -", "--nodes", "400", "--threads", "2"]);
    assert!(ok, "{text}");
    assert!(text.contains("simulation mean"), "{text}");
    let rows = rows(&text);
    assert_eq!(rows.len(), 17, "pass and 16 bids: {text}");
    assert!(rows.iter().any(|(a, _)| a == "pass"));
    for (action, figures) in &rows {
        assert_eq!(figures.len(), 6, "{action}: {figures:?}");
        assert_eq!(figures[1], "64", "64 worlds per call: {action}");
    }
    let best = text.lines().last().unwrap();
    assert_eq!(best, format!("bestmove {}", rows[0].0));
}

#[test]
fn a_play_decision_ranks_the_plays_and_the_visits_add_up() {
    let (ok, text) = analyse(&["--position", "seed:7 1M - - -", "--nodes", "600"]);
    assert!(ok, "{text}");
    assert!(!text.contains("simulation"), "{text}");
    let rows = rows(&text);
    assert!(!rows.is_empty());
    let ismcts: u64 = rows.iter().map(|(_, f)| f[1].parse::<u64>().unwrap()).sum();
    assert_eq!(ismcts, 600, "{text}");
    assert!(text.contains("Piles"), "the seat's view is shown: {text}");
}

#[test]
fn positions_without_a_players_decision_are_refused_clearly() {
    for (args, needle) in [
        (vec!["--position", "0//"], "being dealt"),
        (
            vec!["--position", "seed:7", "--seat", "2"],
            "seat 2 has no decision",
        ),
        (vec!["--position", "seed:7 1X"], "1X"),
    ] {
        let (ok, text) = analyse(&args);
        assert!(!ok, "{args:?}: {text}");
        assert!(text.contains(needle), "{args:?}: {text}");
    }
}
