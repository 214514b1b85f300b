//! The tournament's report and its text: per encounter (and for a
//! gauntlet, the first engine against the field) W/D/L, pentanomial
//! counts, Elo ± 95% CI, normalized Elo and LOS; the SPRT state; for more
//! than two engines Bradley–Terry ratings and the crosstable. The figures
//! come from the records through [`super::aggregate::Tally`].

use std::collections::BTreeMap;
use std::fmt;

use serde::Serialize;

use super::hand_points::HandPoints;
use super::stats::{AnchoredRating, EloEstimate, SprtState};

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
    /// With an `anchor`: the Bradley–Terry Elo by engine, the anchor at 0,
    /// with 95% margins, in the file's engine order.
    pub anchored: Option<Vec<(String, AnchoredRating)>>,
    /// The crosstable (more than two engines), as text.
    pub crosstable: Option<String>,
    /// What one result of the ratings and the crosstable is: `game`, or
    /// for the Muzicando team game a `duplicate deal` or a `match of N
    /// duplicate deals` (the file's `rating_unit`).
    pub rating_unit: String,
    /// Muzicando: team (or individual) results in hand points.
    pub points: Option<HandPoints>,
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
        if self.ratings.is_some() && self.rating_unit != "game" {
            writeln!(
                f,
                "ratings and crosstable: one result per {}",
                self.rating_unit
            )?;
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
        if let Some(anchored) = &self.anchored {
            writeln!(f, "Bradley-Terry Elo, anchored at 0, 95% interval:")?;
            for (name, r) in anchored {
                writeln!(
                    f,
                    "  {name:24} {:+7.1} ± {:5.1}  ({:+.0} to {:+.0})",
                    r.rating,
                    r.margin,
                    r.rating - r.margin,
                    r.rating + r.margin
                )?;
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
