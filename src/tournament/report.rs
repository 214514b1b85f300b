//! The tournament's results from its game records: per encounter (and for
//! a gauntlet, the first engine against the field) W/D/L, pentanomial
//! counts, Elo ± 95% CI, normalized Elo and LOS; the SPRT state; for more
//! than two engines Bradley–Terry ratings and the crosstable.

use std::collections::BTreeMap;
use std::fmt;

use serde::Serialize;

use super::config::{Pairing, TournamentConfig};
use super::hand_points::HandPoints;
use super::record::GameRecord;
use super::seating::Seating;
use super::stats::{bradley_terry, Crosstable, EloEstimate, ScoreDistribution, SprtState};

/// Virtual draws per pair of engines that met, for finite Bradley–Terry
/// ratings when an engine won or lost every game.
pub const BT_PRIOR_DRAWS: f64 = 1.0;

/// An Elo estimate in the report.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct EloFigures {
    /// Logistic Elo.
    pub elo: f64,
    /// ± 95% margin.
    pub margin: f64,
    /// Normalized Elo.
    pub nelo: f64,
    /// Likelihood of superiority.
    pub los: f64,
}

impl From<EloEstimate> for EloFigures {
    fn from(e: EloEstimate) -> Self {
        Self {
            elo: e.elo,
            margin: e.margin,
            nelo: e.nelo,
            los: e.los,
        }
    }
}

/// One engine (or the first engine) against one opponent (or the field).
#[derive(Clone, Debug, Serialize)]
pub struct Matchup {
    /// The engine whose view the figures take.
    pub engine: String,
    /// Its opponent (`field` for all of a gauntlet's opponents).
    pub opponent: String,
    /// Games played.
    pub games: usize,
    /// Points of `engine`.
    pub points: f64,
    /// Wins, draws, losses of `engine` (a score above ½ is a win).
    pub wdl: [usize; 3],
    /// Complete game pairs by pair score 0, ¼, ½, ¾, 1 (LL, LD, DD+WL, WD, WW).
    pub pentanomial: [u64; 5],
    /// Elo from the game pairs (pentanomial variance).
    pub elo_pairs: Option<EloFigures>,
    /// Elo from single games (trinomial variance).
    pub elo_games: Option<EloFigures>,
    #[serde(skip)]
    pairs: ScoreDistribution,
}

impl Matchup {
    fn new(engine: &str, opponent: &str, records: &[&GameRecord]) -> Self {
        let mut scores = Vec::new();
        let mut by_round: BTreeMap<(usize, u32), Vec<f64>> = BTreeMap::new();
        for record in records {
            let Some(seat) = record.seat_of(engine) else {
                continue;
            };
            let score = match record.seat_of(opponent) {
                Some(other) => record.score_against(seat, other),
                None => record.score(seat),
            };
            scores.push(score);
            by_round
                .entry((record.encounter, record.round))
                .or_default()
                .push(score);
        }
        let pair_scores: Vec<f64> = by_round
            .values()
            .filter(|s| s.len() == 2)
            .map(|s| (s[0] + s[1]) / 2.0)
            .collect();
        let mut pentanomial = [0; 5];
        for &p in &pair_scores {
            pentanomial[((p * 4.0).round() as usize).min(4)] += 1;
        }
        let wdl = [
            scores.iter().filter(|&&s| s > 0.5).count(),
            scores.iter().filter(|&&s| s == 0.5).count(),
            scores.iter().filter(|&&s| s < 0.5).count(),
        ];
        let games = ScoreDistribution::from_scores(&scores, 1);
        let pairs = ScoreDistribution::from_scores(&pair_scores, 2);
        Self {
            engine: engine.to_string(),
            opponent: opponent.to_string(),
            games: scores.len(),
            points: scores.iter().sum(),
            wdl,
            pentanomial,
            elo_pairs: EloEstimate::from_distribution(&pairs).map(Into::into),
            elo_games: EloEstimate::from_distribution(&games).map(Into::into),
            pairs,
        }
    }
}

impl fmt::Display for Matchup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{} vs {}: {}/{} points, W/D/L {}/{}/{}, pentanomial {:?}",
            self.engine,
            self.opponent,
            self.points,
            self.games,
            self.wdl[0],
            self.wdl[1],
            self.wdl[2],
            self.pentanomial
        )?;
        for (label, figures) in [("pairs", self.elo_pairs), ("games", self.elo_games)] {
            if let Some(e) = figures {
                writeln!(
                    f,
                    "  elo ({label}) {} +/- {}, nelo {}, los {:.1}%",
                    signed(e.elo),
                    unsigned(e.margin),
                    signed(e.nelo),
                    100.0 * e.los
                )?;
            }
        }
        Ok(())
    }
}

/// `+12.3`, or `+inf` / `-inf` for a perfect score.
fn signed(x: f64) -> String {
    if x.is_finite() {
        format!("{x:+.1}")
    } else if x < 0.0 {
        "-inf".to_string()
    } else {
        "+inf".to_string()
    }
}

/// `12.3`, or `inf` when unbounded (a perfect score).
fn unsigned(x: f64) -> String {
    if x.is_finite() {
        format!("{x:.1}")
    } else {
        "inf".to_string()
    }
}

/// The whole report.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// The tournament.
    pub name: String,
    /// The game.
    pub game: String,
    /// Games finished.
    pub games: usize,
    /// Games scheduled.
    pub scheduled: usize,
    /// Game counts by how they ended.
    pub endings: BTreeMap<String, usize>,
    /// One line per encounter.
    pub encounters: Vec<Matchup>,
    /// A gauntlet's first engine against all its opponents together.
    pub field: Option<Matchup>,
    /// The SPRT on the first engine, when the tournament has one.
    pub sprt: Option<SprtState>,
    /// Bradley–Terry Elo by engine (more than two engines).
    pub ratings: Option<Vec<(String, f64)>>,
    /// The crosstable (more than two engines), as text.
    pub crosstable: Option<String>,
    /// Muzicando: team (or individual) results in hand points.
    pub points: Option<HandPoints>,
}

impl Report {
    /// The report of `records` for `config`.
    #[must_use]
    pub fn new(config: &TournamentConfig, records: &[GameRecord]) -> Self {
        let mut endings = BTreeMap::new();
        for record in records {
            *endings.entry(record.reason.clone()).or_insert(0) += 1;
        }
        let encounters: Vec<Matchup> = config
            .encounters()
            .iter()
            .enumerate()
            .map(|(k, &(i, j))| {
                // The individual game seats everyone at every hand.
                let individual = matches!(config.seating, Seating::Individual(_));
                let games: Vec<&GameRecord> = records
                    .iter()
                    .filter(|r| individual || r.encounter == k)
                    .collect();
                Matchup::new(&config.engines[i], &config.engines[j], &games)
            })
            .collect();
        let first = &config.engines[0];
        let field = (config.pairing == Pairing::Gauntlet && config.engines.len() > 2)
            .then(|| Matchup::new(first, "field", &records.iter().collect::<Vec<_>>()));
        let focus = field.as_ref().or(encounters.first());
        let sprt = config
            .sprt
            .zip(focus)
            .map(|(sprt, matchup)| sprt.test().state(&matchup.pairs));
        let (ratings, crosstable) = if config.engines.len() > 2 {
            let mut table = Crosstable::new(config.engines.clone());
            for record in records {
                // Each engine's first seat; every two engines that met score
                // one game (the team game: one per hand).
                let mut seats: Vec<(usize, usize)> = Vec::new();
                for (seat, name) in record.engines.iter().enumerate() {
                    if let Some(engine) = config.engines.iter().position(|e| e == name) {
                        if seats.iter().all(|&(e, _)| e != engine) {
                            seats.push((engine, seat));
                        }
                    }
                }
                for (i, &(a, seat_a)) in seats.iter().enumerate() {
                    for &(b, seat_b) in &seats[i + 1..] {
                        table.add(a, b, record.score_against(seat_a, seat_b));
                    }
                }
            }
            let elo = bradley_terry(&table, BT_PRIOR_DRAWS);
            let mut ratings: Vec<(String, f64)> = config.engines.iter().cloned().zip(elo).collect();
            ratings.sort_by(|a, b| b.1.total_cmp(&a.1));
            (Some(ratings), Some(table.to_string()))
        } else {
            (None, None)
        };
        Self {
            name: config.name.clone(),
            game: config.game.clone(),
            games: records.len(),
            scheduled: config.total_games(),
            endings,
            encounters,
            field,
            sprt,
            ratings,
            crosstable,
            points: HandPoints::new(config, records),
        }
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "tournament {} ({}): {}/{} games",
            self.name, self.game, self.games, self.scheduled
        )?;
        let endings: Vec<String> = self
            .endings
            .iter()
            .map(|(k, v)| format!("{k} {v}"))
            .collect();
        writeln!(f, "endings: {}", endings.join(", "))?;
        if let Some(points) = &self.points {
            write!(f, "{points}")?;
        }
        for matchup in self.encounters.iter().chain(&self.field) {
            write!(f, "{matchup}")?;
        }
        if let Some(ratings) = &self.ratings {
            writeln!(
                f,
                "Bradley-Terry Elo ({BT_PRIOR_DRAWS} virtual draw per pair that met):"
            )?;
            for (name, elo) in ratings {
                writeln!(f, "  {name:24} {elo:+.1}")?;
            }
        }
        if let Some(table) = &self.crosstable {
            write!(f, "{table}")?;
        }
        if let Some(sprt) = &self.sprt {
            writeln!(
                f,
                "sprt llr {:.3} bounds ({:.3}, {:.3}) {}",
                sprt.llr,
                sprt.lower,
                sprt.upper,
                sprt.decision.describe()
            )?;
        }
        Ok(())
    }
}
