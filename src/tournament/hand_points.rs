//! Muzicando results in hand points, beside the win/draw/loss statistics.
//!
//! Team game, per encounter: each team's point total; the duplicate score
//! of every complete deal (A's hand-point difference over B summed over
//! the deal's two hands, the teams having swapped seats) with its mean and
//! 95% confidence interval; matches of `hands_per_match` consecutive deals
//! won, drawn and lost by their duplicate score; breaches per team.
//! Individual game, per engine: points per hand, mean ± 95% CI, breaches.

use std::collections::BTreeMap;
use std::fmt;

use serde::Serialize;

use super::config::TournamentConfig;
use super::record::GameRecord;
use super::seating::Seating;
use super::stats::Z95;

/// The mean of `xs` and its 95% margin (normal approximation; 0 with
/// fewer than two values).
fn mean_margin(xs: &[f64]) -> (f64, f64) {
    let n = xs.len() as f64;
    if xs.is_empty() {
        return (0.0, 0.0);
    }
    let mean = xs.iter().sum::<f64>() / n;
    if xs.len() < 2 {
        return (mean, 0.0);
    }
    let variance = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, Z95 * (variance / n).sqrt())
}

/// One team-game encounter in points.
#[derive(Clone, Debug, Serialize)]
pub struct TeamResult {
    /// The first engine's team.
    pub team: String,
    /// The other team.
    pub opponent: String,
    /// Hands finished (annulled ones included).
    pub hands: usize,
    /// Point totals of `team` and `opponent`.
    pub points: [f64; 2],
    /// Deals with both hands finished.
    pub deals: usize,
    /// Mean duplicate score per deal: `team`'s points minus `opponent`'s,
    /// summed over the deal's two hands.
    pub mean_difference: f64,
    /// Its 95% margin.
    pub margin: f64,
    /// Complete matches won, drawn, lost by `team` (duplicate score over
    /// the match's deals).
    pub matches: [usize; 3],
    /// Hands annulled by a breach of `team`, of `opponent`.
    pub breaches: [usize; 2],
}

impl TeamResult {
    fn new(team: &str, opponent: &str, records: &[&GameRecord], hands_per_match: u32) -> Self {
        let mut points = [0.0; 2];
        let mut breaches = [0; 2];
        let mut deals: BTreeMap<u32, Vec<f64>> = BTreeMap::new();
        for record in records {
            let (Some(mine), Some(theirs)) = (record.seat_of(team), record.seat_of(opponent))
            else {
                continue;
            };
            points[0] += record.result[mine];
            points[1] += record.result[theirs];
            if let Some(fault) = &record.fault {
                breaches[usize::from(fault.engine != team)] += 1;
            }
            deals
                .entry(record.round)
                .or_default()
                .push(record.result[mine] - record.result[theirs]);
        }
        let complete: BTreeMap<u32, f64> = deals
            .into_iter()
            .filter(|(_, hands)| hands.len() == 2)
            .map(|(round, hands)| (round, hands.iter().sum()))
            .collect();
        let scores: Vec<f64> = complete.values().copied().collect();
        let (mean_difference, margin) = mean_margin(&scores);
        let mut by_match: BTreeMap<u32, Vec<f64>> = BTreeMap::new();
        for (&round, &score) in &complete {
            by_match
                .entry(round / hands_per_match)
                .or_default()
                .push(score);
        }
        let mut matches = [0; 3];
        for scores in by_match.values() {
            if scores.len() == hands_per_match as usize {
                let total: f64 = scores.iter().sum();
                matches[if total > 0.0 {
                    0
                } else if total == 0.0 {
                    1
                } else {
                    2
                }] += 1;
            }
        }
        Self {
            team: team.to_string(),
            opponent: opponent.to_string(),
            hands: records.len(),
            points,
            deals: scores.len(),
            mean_difference,
            margin,
            matches,
            breaches,
        }
    }
}

impl fmt::Display for TeamResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "team {} vs team {}: {} hands, points {} to {}, duplicate score per deal {:+.2} +/- {:.2} ({} deals), matches W/D/L {}/{}/{}, breaches {}-{}",
            self.team,
            self.opponent,
            self.hands,
            self.points[0],
            self.points[1],
            self.mean_difference,
            self.margin,
            self.deals,
            self.matches[0],
            self.matches[1],
            self.matches[2],
            self.breaches[0],
            self.breaches[1]
        )
    }
}

/// One engine of the individual game in points.
#[derive(Clone, Debug, Serialize)]
pub struct PlayerResult {
    /// The engine.
    pub engine: String,
    /// Hands played.
    pub hands: usize,
    /// Its point total.
    pub points: f64,
    /// Mean points per hand.
    pub mean: f64,
    /// Its 95% margin.
    pub margin: f64,
    /// Hands annulled by its breach.
    pub breaches: usize,
}

impl fmt::Display for PlayerResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{}: {} hands, {} points, {:.2} +/- {:.2} a hand, breaches {}",
            self.engine, self.hands, self.points, self.mean, self.margin, self.breaches
        )
    }
}

/// The points section of a Muzicando report.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum HandPoints {
    /// Team game: one line per encounter.
    Teams(Vec<TeamResult>),
    /// Individual game: one line per engine.
    Players(Vec<PlayerResult>),
}

impl HandPoints {
    /// The points section for `records`, `None` for a two-seat game.
    #[must_use]
    pub fn new(config: &TournamentConfig, records: &[GameRecord]) -> Option<Self> {
        match config.seating {
            Seating::Pair => None,
            Seating::Team => Some(HandPoints::Teams(
                config
                    .encounters()
                    .iter()
                    .enumerate()
                    .map(|(k, &(a, b))| {
                        let hands: Vec<&GameRecord> =
                            records.iter().filter(|r| r.encounter == k).collect();
                        TeamResult::new(
                            &config.engines[a],
                            &config.engines[b],
                            &hands,
                            config.hands_per_match,
                        )
                    })
                    .collect(),
            )),
            Seating::Individual(_) => Some(HandPoints::Players(
                config
                    .engines
                    .iter()
                    .map(|engine| {
                        let mut points = Vec::new();
                        let mut breaches = 0;
                        for record in records {
                            if let Some(seat) = record.seat_of(engine) {
                                points.push(record.result[seat]);
                                breaches += usize::from(
                                    record.fault.as_ref().is_some_and(|f| f.seat == seat),
                                );
                            }
                        }
                        let (mean, margin) = mean_margin(&points);
                        PlayerResult {
                            engine: engine.clone(),
                            hands: points.len(),
                            points: points.iter().sum(),
                            mean,
                            margin,
                            breaches,
                        }
                    })
                    .collect(),
            )),
        }
    }
}

impl fmt::Display for HandPoints {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HandPoints::Teams(teams) => teams.iter().try_for_each(|t| write!(f, "{t}")),
            HandPoints::Players(players) => players.iter().try_for_each(|p| write!(f, "{p}")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hand(round: u32, engines: [&str; 4], ns: f64, ew: f64) -> GameRecord {
        GameRecord {
            index: 0,
            round,
            encounter: 0,
            engines: engines.iter().map(ToString::to_string).collect(),
            seed: 0,
            start: String::new(),
            opening: Vec::new(),
            actions: Vec::new(),
            result: vec![ns, ew, ns, ew],
            reason: "game over".into(),
            fault: None,
            times_ms: Vec::new(),
        }
    }

    #[test]
    fn duplicate_scores_and_matches() {
        let (a, b) = ("a", "b");
        let mut records = Vec::new();
        // Four deals: a gains 4, 0, 6, -2 over the pair; one match, won.
        for (round, first, second) in [
            (0, (7.0, 3.0), (5.0, 5.0)),
            (1, (2.0, 8.0), (2.0, 8.0)),
            (2, (9.0, 1.0), (6.0, 4.0)),
            (3, (3.0, 3.0), (6.0, 4.0)),
        ] {
            records.push(hand(round, [a, b, a, b], first.0, first.1));
            records.push(hand(round, [b, a, b, a], second.0, second.1));
        }
        let refs: Vec<&GameRecord> = records.iter().collect();
        let result = TeamResult::new(a, b, &refs, 4);
        assert_eq!(result.deals, 4);
        assert_eq!(result.points, [42.0, 34.0]);
        assert!((result.mean_difference - 2.0).abs() < 1e-12);
        // Sample standard deviation of (4, 0, 6, -2) is sqrt(40/3).
        let margin = Z95 * (40.0f64 / 3.0 / 4.0).sqrt();
        assert!((result.margin - margin).abs() < 1e-9);
        assert_eq!(result.matches, [1, 0, 0]);
        // An incomplete match is not counted.
        let result = TeamResult::new(a, b, &refs[..6], 4);
        assert_eq!((result.deals, result.matches), (3, [0, 0, 0]));
    }
}
