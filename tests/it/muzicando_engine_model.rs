//! Fits the model of tauler's own Muzicando engine
//! (`games::muzicando::engine_model`) to recorded plays: a conditional
//! logit over the model's features of each legal action, by gradient
//! ascent, on the decisions with a choice that the engine made in a
//! tournament's `games.jsonl`. Ignored: it needs a tournament's games.
//! The shipped weights are the fit to the games of the default before it
//! read its partner this way (`tournaments/tuned/muzicando-ismcts-rule-partner.toml`
//! playing as `muzicando-ismcts` from a folder `OLD`; README, Muzicando's
//! tenth round):
//!
//! ```text
//! tauler tournament tournaments/muzicando-recovery-1000.toml --shard 0/2 --engines OLD
//! TAULER_FIT_GAMES=tournaments/results/muzicando-recovery-1000/games.jsonl \
//!     cargo test --release --test it muzicando_engine_model:: -- --ignored --nocapture
//! ```

use tauler::game::{Game, Notation, Turn};
use tauler::games::muzicando::engine_model::{features, FEATURES, WEIGHTS};
use tauler::games::muzicando::heuristic::{HeuristicPlayer, Situation};
use tauler::games::muzicando::{Muzicando, Options};
use tauler::knowledge::PolicyModel;

/// Decisions fitted, the first in the file (the shipped weights' count).
const DECISIONS: usize = 20_000;
/// Gradient steps and their size (from all-zero weights).
const STEPS: usize = 300;
const RATE: f64 = 0.5;

/// One decision: the game's line in the file, each legal action's
/// features and rule-based preference, and the action taken.
struct Decision {
    game: usize,
    features: Vec<[f64; FEATURES]>,
    rule_based: Vec<f64>,
    chosen: usize,
}

/// The decisions with a choice, in play, of the seats `engine` played.
fn decisions(text: &str, engine: &str) -> Vec<Decision> {
    let options = Options::default();
    let mut out = Vec::new();
    for (game, line) in text.lines().enumerate() {
        let record: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
        let engines: Vec<&str> = record["engines"]
            .as_array()
            .expect("engines")
            .iter()
            .map(|e| e.as_str().expect("an engine name"))
            .collect();
        let start = record["start"].as_str().expect("a start position");
        let mut state = Muzicando::parse_position(start, &options).expect("a position");
        let mut legal = Vec::new();
        for text in record["actions"].as_array().expect("actions") {
            let action = state
                .parse_action(text.as_str().expect("an action"))
                .expect("a legal action");
            if let Turn::Player(seat) = state.turn() {
                state.legal_actions(&mut legal);
                if engines[seat] == engine && legal.len() > 1 && state.contract().is_some() {
                    let mut rule_based = Vec::new();
                    let situation = Situation::in_world(&state, seat as u8);
                    HeuristicPlayer::new().preferences(&situation, &legal, &mut rule_based);
                    out.push(Decision {
                        game,
                        features: legal.iter().map(|&a| features(&state, seat, a)).collect(),
                        rule_based,
                        chosen: legal.iter().position(|&a| a == action).expect("legal"),
                    });
                }
            }
            state.apply(action);
        }
    }
    out
}

/// The mean log-probability `weights` give the actions taken, and its
/// gradient.
fn log_likelihood(weights: &[f64; FEATURES], set: &[&Decision]) -> (f64, [f64; FEATURES]) {
    let (mut total, mut gradient) = (0.0, [0.0; FEATURES]);
    for d in set {
        let scores: Vec<f64> = d
            .features
            .iter()
            .map(|f| f.iter().zip(weights).map(|(x, w)| x * w).sum())
            .collect();
        let best = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let exp: Vec<f64> = scores.iter().map(|s| (s - best).exp()).collect();
        let sum: f64 = exp.iter().sum();
        total += (exp[d.chosen] / sum).ln();
        for k in 0..FEATURES {
            let expected: f64 = d
                .features
                .iter()
                .zip(&exp)
                .map(|(f, e)| f[k] * e / sum)
                .sum();
            gradient[k] += d.features[d.chosen][k] - expected;
        }
    }
    let n = set.len() as f64;
    (total / n, gradient.map(|g| g / n))
}

#[test]
#[ignore = "needs a tournament's games.jsonl (TAULER_FIT_GAMES)"]
fn fit_the_engine_model_to_recorded_plays() {
    let path = std::env::var("TAULER_FIT_GAMES")
        .unwrap_or_else(|_| "tournaments/results/muzicando-recovery-1000/games.jsonl".into());
    let engine = std::env::var("TAULER_FIT_ENGINE").unwrap_or_else(|_| "muzicando-ismcts".into());
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{path}: {e}; run a tournament or set TAULER_FIT_GAMES"));
    let mut all = decisions(&text, &engine);
    all.truncate(DECISIONS);
    let train: Vec<&Decision> = all.iter().filter(|d| d.game % 4 != 0).collect();
    let test: Vec<&Decision> = all.iter().filter(|d| d.game % 4 == 0).collect();
    assert!(
        !train.is_empty() && !test.is_empty(),
        "no decisions of {engine}"
    );
    let mut weights = [0.0; FEATURES];
    for _ in 0..STEPS {
        let (_, gradient) = log_likelihood(&weights, &train);
        for (w, g) in weights.iter_mut().zip(gradient) {
            *w += RATE * g;
        }
    }
    let mean =
        |f: &dyn Fn(&Decision) -> f64| test.iter().map(|d| f(d)).sum::<f64>() / test.len() as f64;
    let uniform = mean(&|d| -(d.features.len() as f64).ln());
    let rule_based = mean(&|d| {
        PolicyModel::default()
            .probability(&d.rule_based, d.chosen)
            .ln()
    });
    let (fitted, _) = log_likelihood(&weights, &test);
    let (shipped, _) = log_likelihood(&WEIGHTS, &test);
    println!(
        "{} decisions ({} fitted, {} held out)",
        all.len(),
        train.len(),
        test.len()
    );
    println!("held-out mean log-probability of the action taken:");
    println!("  uniform {uniform:.4}, rule-based model {rule_based:.4}, fitted {fitted:.4}, shipped {shipped:.4}");
    println!(
        "fitted weights:  {:?}",
        weights.map(|w| (w * 100.0).round() / 100.0)
    );
    println!("shipped weights: {WEIGHTS:?}");
    assert!(
        fitted > uniform,
        "the fit predicts the engine better than chance"
    );
}
