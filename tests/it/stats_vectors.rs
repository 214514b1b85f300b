//! Every vector of tests/data/stats-vectors.md (a copy of the shared
//! oracle), reproduced to 1e-3.

use tauler::tournament::stats::{EloEstimate, ScoreDistribution, Sprt, SprtModel};

const TOLERANCE: f64 = 1e-3;

fn r3() -> ScoreDistribution {
    ScoreDistribution::trinomial(22569, 44137, 22976)
}

fn r5() -> ScoreDistribution {
    ScoreDistribution::pentanomial([39, 8843, 26675, 9240, 44])
}

fn sprt(model: SprtModel) -> Sprt {
    Sprt {
        elo0: 0.5,
        elo1: 2.5,
        alpha: 0.05,
        beta: 0.05,
        model,
    }
}

fn close(label: &str, actual: f64, expected: f64) {
    close_printed(label, actual, expected, 3);
}

/// A figure printed with `decimals` decimals (fewer than 3) can only be
/// matched to half a unit of its last digit.
fn close_printed(label: &str, actual: f64, expected: f64, decimals: i32) {
    let tolerance = TOLERANCE.max(0.5 * 10f64.powi(-decimals));
    assert!(
        (actual - expected).abs() <= tolerance,
        "{label}: {actual} differs from {expected}"
    );
}

#[test]
fn the_vectors_file_is_the_oracle_copy() {
    let text = std::fs::read_to_string("tests/data/stats-vectors.md").unwrap();
    for row in [
        "| SPRT bounds (α=β=0.05) | (−2.9444, +2.9444) |",
        "| R3 Elo ± 95% | 1.577 ± 1.620, LOS 0.9717 |",
        "| R5 Elo ± 95% | 1.577 ± 1.030, LOS 0.9986, nElo 3.480 |",
        "| R3 GSPRT logistic, Elo bounds [0.5, 2.5] | LLR 0.2246 |",
        "| R5 GSPRT logistic, [0.5, 2.5] | LLR 0.5555 |",
        "| R5 GSPRT normalized, nElo [0.5, 2.5] | LLR 2.9417 |",
        "| R3 GSPRT normalized, nElo [0.5, 2.5] | LLR 1.0588 |",
        "| L=10 D=20 W=30 Elo | 120.41 ± 75.26, LOS 0.9997 |",
    ] {
        assert!(text.contains(row), "the vectors file lacks `{row}`");
    }
}

#[test]
fn sprt_bounds() {
    let (lower, upper) = sprt(SprtModel::Normalized).bounds();
    close("lower", lower, -2.9444);
    close("upper", upper, 2.9444);
}

#[test]
fn r3_elo_margin_los() {
    let e = EloEstimate::from_distribution(&r3()).unwrap();
    close("elo", e.elo, 1.577);
    close("margin", e.margin, 1.620);
    close("los", e.los, 0.9717);
}

#[test]
fn r5_elo_margin_los_nelo() {
    let e = EloEstimate::from_distribution(&r5()).unwrap();
    close("elo", e.elo, 1.577);
    close("margin", e.margin, 1.030);
    close("los", e.los, 0.9986);
    close("nelo", e.nelo, 3.480);
}

#[test]
fn gsprt_logistic() {
    close("R3", sprt(SprtModel::Logistic).llr(&r3()), 0.2246);
    close("R5", sprt(SprtModel::Logistic).llr(&r5()), 0.5555);
}

#[test]
fn gsprt_normalized() {
    close("R5", sprt(SprtModel::Normalized).llr(&r5()), 2.9417);
    close("R3", sprt(SprtModel::Normalized).llr(&r3()), 1.0588);
}

#[test]
fn small_match_elo() {
    let e = EloEstimate::from_distribution(&ScoreDistribution::trinomial(10, 20, 30)).unwrap();
    close_printed("elo", e.elo, 120.41, 2);
    close_printed("margin", e.margin, 75.26, 2);
    close("los", e.los, 0.9997);
}
