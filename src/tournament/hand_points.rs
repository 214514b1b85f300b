//! Muzicando results in hand points, beside the win/draw/loss statistics.
//!
//! Team game, per encounter: each team's point total; the duplicate score
//! of every complete deal (A's hand-point difference over B summed over
//! the deal's two hands, the teams having swapped seats) with its mean and
//! 95% confidence interval; matches of `hands_per_match` consecutive deals
//! won, drawn and lost by their duplicate score; breaches per team.
//! Individual game, per engine: points per hand, mean ± 95% CI, breaches.

use std::collections::HashMap;
use std::fmt;

use serde::Serialize;

use super::config::TournamentConfig;
use super::record::GameRecord;
use super::seating::Seating;
use super::stats::Z95;

/// The count, sum and sum of squares of values: their mean and its 95%
/// margin without keeping them. Hand points are whole numbers, so the sums
/// are exact whatever order the values come in.
#[derive(Clone, Copy, Debug, Default)]
struct Moments {
    n: usize,
    sum: f64,
    squares: f64,
}

impl Moments {
    fn add(&mut self, x: f64) {
        self.n += 1;
        self.sum += x;
        self.squares += x * x;
    }

    /// The mean and its 95% margin (normal approximation; 0 with fewer
    /// than two values).
    fn mean_margin(&self) -> (f64, f64) {
        if self.n == 0 {
            return (0.0, 0.0);
        }
        let n = self.n as f64;
        let mean = self.sum / n;
        if self.n < 2 {
            return (mean, 0.0);
        }
        let variance = ((self.squares - self.sum * mean) / (n - 1.0)).max(0.0);
        (mean, Z95 * (variance / n).sqrt())
    }
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

/// What one more hand completed in its encounter: the duplicate deal's
/// and the match's score, the encounter's first team's hand points minus
/// the other team's over them.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(super) struct Completed {
    /// The deal's two hands, when this hand was the second.
    pub deal: Option<f64>,
    /// The match's deals, when this deal was its last.
    pub match_score: Option<f64>,
}

/// One team-game encounter in points, so far.
#[derive(Clone, Debug)]
pub(super) struct TeamTally {
    team: String,
    opponent: String,
    hands_per_match: u32,
    hands: usize,
    points: [f64; 2],
    breaches: [usize; 2],
    /// The duplicate scores of complete deals.
    deals: Moments,
    /// `team`'s hand-point differences of the deals with one hand so far.
    pending: HashMap<u32, f64>,
    /// Deals complete and their duplicate score, by match, for the matches
    /// not complete yet.
    matches_pending: HashMap<u32, (u32, f64)>,
    matches: [usize; 3],
}

impl TeamTally {
    fn new(team: &str, opponent: &str, hands_per_match: u32) -> Self {
        Self {
            team: team.to_string(),
            opponent: opponent.to_string(),
            hands_per_match,
            hands: 0,
            points: [0.0; 2],
            breaches: [0; 2],
            deals: Moments::default(),
            pending: HashMap::new(),
            matches_pending: HashMap::new(),
            matches: [0; 3],
        }
    }

    fn add(&mut self, record: &GameRecord) -> Completed {
        self.hands += 1;
        let (Some(mine), Some(theirs)) =
            (record.seat_of(&self.team), record.seat_of(&self.opponent))
        else {
            return Completed::default();
        };
        self.points[0] += record.result[mine];
        self.points[1] += record.result[theirs];
        if let Some(fault) = &record.fault {
            self.breaches[usize::from(fault.engine != self.team)] += 1;
        }
        let difference = record.result[mine] - record.result[theirs];
        let Some(first) = self.pending.remove(&record.round) else {
            self.pending.insert(record.round, difference);
            return Completed::default();
        };
        let score = first + difference;
        self.deals.add(score);
        let key = record.round / self.hands_per_match;
        let entry = self.matches_pending.entry(key).or_insert((0, 0.0));
        entry.0 += 1;
        entry.1 += score;
        let mut completed = Completed {
            deal: Some(score),
            match_score: None,
        };
        if entry.0 == self.hands_per_match {
            let total = entry.1;
            self.matches_pending.remove(&key);
            self.matches[if total > 0.0 {
                0
            } else if total == 0.0 {
                1
            } else {
                2
            }] += 1;
            completed.match_score = Some(total);
        }
        completed
    }

    fn result(&self) -> TeamResult {
        let (mean_difference, margin) = self.deals.mean_margin();
        TeamResult {
            team: self.team.clone(),
            opponent: self.opponent.clone(),
            hands: self.hands,
            points: self.points,
            deals: self.deals.n,
            mean_difference,
            margin,
            matches: self.matches,
            breaches: self.breaches,
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

/// One engine of the individual game in points, so far.
#[derive(Clone, Debug)]
pub(super) struct PlayerTally {
    engine: String,
    points: Moments,
    breaches: usize,
}

impl PlayerTally {
    fn add(&mut self, record: &GameRecord) {
        if let Some(seat) = record.seat_of(&self.engine) {
            self.points.add(record.result[seat]);
            self.breaches += usize::from(record.fault.as_ref().is_some_and(|f| f.seat == seat));
        }
    }

    fn result(&self) -> PlayerResult {
        let (mean, margin) = self.points.mean_margin();
        PlayerResult {
            engine: self.engine.clone(),
            hands: self.points.n,
            points: self.points.sum,
            mean,
            margin,
            breaches: self.breaches,
        }
    }
}

/// The points section of a Muzicando tournament, kept up to date record by
/// record.
#[derive(Clone, Debug)]
pub(super) enum HandPointsTally {
    /// Team game: one tally per encounter.
    Teams(Vec<TeamTally>),
    /// Individual game: one tally per engine.
    Players(Vec<PlayerTally>),
}

impl HandPointsTally {
    /// No hands yet of `config`; `None` for a two-seat game.
    #[must_use]
    pub fn new(config: &TournamentConfig) -> Option<Self> {
        match config.seating {
            Seating::Pair => None,
            Seating::Team => Some(HandPointsTally::Teams(
                config
                    .encounters()
                    .iter()
                    .map(|&(a, b)| {
                        TeamTally::new(
                            &config.engines[a],
                            &config.engines[b],
                            config.hands_per_match,
                        )
                    })
                    .collect(),
            )),
            Seating::Individual(_) => Some(HandPointsTally::Players(
                config
                    .engines
                    .iter()
                    .map(|engine| PlayerTally {
                        engine: engine.clone(),
                        points: Moments::default(),
                        breaches: 0,
                    })
                    .collect(),
            )),
        }
    }

    /// Counts one more hand; what it completed in its encounter (the team
    /// game).
    pub fn add(&mut self, record: &GameRecord) -> Completed {
        match self {
            HandPointsTally::Teams(teams) => teams
                .get_mut(record.encounter)
                .map_or_else(Completed::default, |team| team.add(record)),
            HandPointsTally::Players(players) => {
                for player in players {
                    player.add(record);
                }
                Completed::default()
            }
        }
    }

    /// The points section of the hands counted.
    #[must_use]
    pub fn report(&self) -> HandPoints {
        match self {
            HandPointsTally::Teams(teams) => {
                HandPoints::Teams(teams.iter().map(TeamTally::result).collect())
            }
            HandPointsTally::Players(players) => {
                HandPoints::Players(players.iter().map(PlayerTally::result).collect())
            }
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
        let tally = |records: &[GameRecord]| {
            let mut tally = TeamTally::new(a, b, 4);
            for record in records {
                tally.add(record);
            }
            tally.result()
        };
        let result = tally(&records);
        assert_eq!(result.deals, 4);
        assert_eq!(result.points, [42.0, 34.0]);
        assert!((result.mean_difference - 2.0).abs() < 1e-12);
        // Sample standard deviation of (4, 0, 6, -2) is sqrt(40/3).
        let margin = Z95 * (40.0f64 / 3.0 / 4.0).sqrt();
        assert!((result.margin - margin).abs() < 1e-9);
        assert_eq!(result.matches, [1, 0, 0]);
        // An incomplete match is not counted.
        let result = tally(&records[..6]);
        assert_eq!((result.deals, result.matches), (3, [0, 0, 0]));
        // The order the hands come in does not matter.
        let forward = tally(&records);
        records.reverse();
        let backward = tally(&records);
        assert_eq!(
            (forward.mean_difference, forward.margin, forward.matches),
            (backward.mean_difference, backward.margin, backward.matches)
        );
    }
}
