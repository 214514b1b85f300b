//! `tauler sprt`: the GSPRT and Elo of pentanomial counts given by hand.

use std::io::Write;

use anyhow::{bail, Context, Result};

use crate::bounds;
use crate::tournament::stats::{EloEstimate, ScoreDistribution, Sprt, SprtModel};

/// Parses `LL,LD,DD,WD,WW` (five integers from 0 to 10^12).
pub fn parse_counts(text: &str) -> Result<[u64; 5]> {
    let parts: Vec<&str> = text.split(',').map(str::trim).collect();
    if parts.len() != 5 {
        bail!(
            "--counts needs five comma-separated counts LL,LD,DD,WD,WW, got {}",
            parts.len()
        );
    }
    let mut counts = [0; 5];
    for (count, part) in counts.iter_mut().zip(&parts) {
        let value = part
            .parse()
            .with_context(|| format!("count `{part}` is not a non-negative integer"))?;
        *count = bounds::PAIR_COUNT.check("--counts", value)?;
    }
    Ok(counts)
}

/// Prints the LLR, the bounds, the decision and the Elo of `counts`.
pub fn run(counts: &str, sprt: Sprt) -> Result<()> {
    sprt.check("--")?;
    let counts = parse_counts(counts)?;
    let mut out = std::io::stdout().lock();
    let distribution = ScoreDistribution::pentanomial(counts);
    let model = match sprt.model {
        SprtModel::Normalized => "normalized",
        SprtModel::Logistic => "logistic",
    };
    writeln!(
        out,
        "pairs {} ({} games), pentanomial {counts:?}",
        distribution.total(),
        2.0 * distribution.total()
    )?;
    if let Some(elo) = EloEstimate::from_distribution(&distribution) {
        writeln!(
            out,
            "elo {:.2} +/- {:.2}, nelo {:.2}, los {:.4}, score {:.4}",
            elo.elo, elo.margin, elo.nelo, elo.los, elo.score
        )?;
    }
    let state = sprt.state(&distribution);
    writeln!(
        out,
        "sprt {model} elo0 {} elo1 {} alpha {} beta {}",
        sprt.elo0, sprt.elo1, sprt.alpha, sprt.beta
    )?;
    writeln!(
        out,
        "llr {:.4} bounds ({:.4}, {:.4}) {}",
        state.llr,
        state.lower,
        state.upper,
        state.decision.describe()
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_are_read_or_refused() {
        assert_eq!(parse_counts("1, 2,3,4,5").unwrap(), [1, 2, 3, 4, 5]);
        for bad in [
            "",
            "1,2,3,4",
            "1,2,3,4,5,6",
            "1,2,x,4,5",
            "1,2,-3,4,5",
            "1,2,3,4,1000000000001",
        ] {
            assert!(parse_counts(bad).is_err(), "{bad}");
        }
    }
}
