//! The aggregate: the tournament's statistics kept up to date one record
//! at a time, so that a game costs the same however many came before it
//! and no record stays in memory. Every figure is a count or an exact sum
//! (scores are multiples of ¼, hand points whole numbers), so the report
//! does not depend on the order the records arrive in: a resumed run, any
//! concurrency and merged shards report the same.

use std::collections::{BTreeMap, HashMap};

use super::config::{Pairing, RatingUnit, TournamentConfig};
use super::hand_points::{Completed, HandPointsTally};
use super::record::GameRecord;
use super::report::{Matchup, Report, BT_PRIOR_DRAWS};
use super::seating::Seating;
use super::stats::{
    anchored_bradley_terry, bradley_terry, Crosstable, EloEstimate, ScoreDistribution, SprtState,
};

/// One engine (or the first engine) against one opponent (or the field),
/// so far.
#[derive(Clone, Debug)]
struct MatchupTally {
    engine: String,
    opponent: String,
    /// Records of one encounter and round that the engine plays: the games
    /// of which a pair is made (two, or a whole table's rotations).
    group: usize,
    games: usize,
    points: f64,
    wdl: [usize; 3],
    game_scores: ScoreDistribution,
    pair_scores: ScoreDistribution,
    pentanomial: [u64; 5],
    /// The scores of the groups not complete yet, by (encounter, round).
    pending: HashMap<(usize, u32), Vec<f64>>,
}

impl MatchupTally {
    fn new(engine: &str, opponent: &str, group: usize) -> Self {
        Self {
            engine: engine.to_string(),
            opponent: opponent.to_string(),
            group,
            games: 0,
            points: 0.0,
            wdl: [0; 3],
            // Every cell a score can fall in from the start, so that the
            // SPRT's regularization gives the unseen ones some probability:
            // without the cells below the scores seen so far, no
            // distribution of the sample could have H0's mean, and a
            // handful of won pairs "accepted" H1.
            game_scores: ScoreDistribution::trinomial(0, 0, 0),
            pair_scores: ScoreDistribution::pentanomial([0; 5]),
            pentanomial: [0; 5],
            pending: HashMap::new(),
        }
    }

    fn add(&mut self, record: &GameRecord) {
        let Some(seat) = record.seat_of(&self.engine) else {
            return;
        };
        let score = match record.seat_of(&self.opponent) {
            Some(other) => record.score_against(seat, other),
            None => record.score(seat),
        };
        self.games += 1;
        self.points += score;
        self.wdl[if score > 0.5 {
            0
        } else if score == 0.5 {
            1
        } else {
            2
        }] += 1;
        self.game_scores.add(score);
        let key = (record.encounter, record.round);
        let group = self.pending.entry(key).or_default();
        group.push(score);
        if group.len() == self.group {
            let scores = self.pending.remove(&key).unwrap_or_default();
            if let [a, b] = scores[..] {
                Self::add_pair(&mut self.pair_scores, &mut self.pentanomial, a, b);
            }
        }
    }

    fn add_pair(pairs: &mut ScoreDistribution, pentanomial: &mut [u64; 5], a: f64, b: f64) {
        let pair = (a + b) / 2.0;
        pairs.add(pair);
        pentanomial[((pair * 4.0).round() as usize).min(4)] += 1;
    }

    /// The game pairs so far: the complete ones, and the groups of a larger
    /// table that hold exactly two games yet.
    fn pairs(&self) -> (ScoreDistribution, [u64; 5]) {
        let mut pairs = self.pair_scores.clone();
        let mut pentanomial = self.pentanomial;
        if self.group > 2 {
            for scores in self.pending.values() {
                if let [a, b] = scores[..] {
                    Self::add_pair(&mut pairs, &mut pentanomial, a, b);
                }
            }
        }
        (pairs, pentanomial)
    }

    fn matchup(&self) -> Matchup {
        let (pairs, pentanomial) = self.pairs();
        Matchup {
            engine: self.engine.clone(),
            opponent: self.opponent.clone(),
            games: self.games,
            points: self.points,
            wdl: self.wdl,
            pentanomial,
            elo_pairs: EloEstimate::from_distribution(&pairs).map(Into::into),
            elo_games: EloEstimate::from_distribution(&self.game_scores).map(Into::into),
        }
    }
}

/// The statistics of a tournament's records so far.
#[derive(Clone, Debug)]
pub struct Tally {
    config: TournamentConfig,
    games: usize,
    endings: BTreeMap<String, usize>,
    encounters: Vec<MatchupTally>,
    field: Option<MatchupTally>,
    crosstable: Option<Crosstable>,
    points: Option<HandPointsTally>,
    /// The encounters' engines (indices into the file's engines).
    pairs: Vec<(usize, usize)>,
}

impl Tally {
    /// No records yet of the tournament `config`.
    #[must_use]
    pub fn new(config: &TournamentConfig) -> Self {
        let group = match config.seating {
            Seating::Pair | Seating::Team => 2,
            Seating::Individual(players) => usize::from(players),
        };
        let name = |i: usize| config.engines[i].as_str();
        Self {
            config: config.clone(),
            games: 0,
            endings: BTreeMap::new(),
            encounters: config
                .encounters()
                .iter()
                .map(|&(i, j)| MatchupTally::new(name(i), name(j), group))
                .collect(),
            field: (config.pairing == Pairing::Gauntlet && config.engines.len() > 2)
                .then(|| MatchupTally::new(name(0), "field", group)),
            crosstable: (config.engines.len() > 2).then(|| Crosstable::new(config.engines.clone())),
            points: HandPointsTally::new(config),
            pairs: config.encounters(),
        }
    }

    /// The statistics of `records`.
    #[must_use]
    pub fn of(config: &TournamentConfig, records: &[GameRecord]) -> Self {
        let mut tally = Self::new(config);
        for record in records {
            tally.add(record);
        }
        tally
    }

    /// Counts one more record.
    pub fn add(&mut self, record: &GameRecord) {
        self.games += 1;
        *self.endings.entry(record.reason.clone()).or_insert(0) += 1;
        // The individual game seats everyone at every hand.
        let individual = matches!(self.config.seating, Seating::Individual(_));
        for (k, matchup) in self.encounters.iter_mut().enumerate() {
            if individual || record.encounter == k {
                matchup.add(record);
            }
        }
        if let Some(field) = &mut self.field {
            field.add(record);
        }
        let completed = self
            .points
            .as_mut()
            .map_or_else(Completed::default, |points| points.add(record));
        let Some(table) = &mut self.crosstable else {
            return;
        };
        let unit_score = match self.config.rating_unit {
            RatingUnit::Game => None,
            RatingUnit::Deal => Some(completed.deal),
            RatingUnit::Match => Some(completed.match_score),
        };
        if let Some(score) = unit_score {
            // The team game's encounter: its first engine's team against
            // the other, one result per completed deal or match.
            if let (Some(score), Some(&(a, b))) = (score, self.pairs.get(record.encounter)) {
                let result = if score > 0.0 {
                    1.0
                } else if score < 0.0 {
                    0.0
                } else {
                    0.5
                };
                table.add(a, b, result);
            }
        } else {
            // Each engine's first seat; every two engines that met score
            // one game (the team game: one per hand).
            let mut seats: Vec<(usize, usize)> = Vec::new();
            for (seat, name) in record.engines.iter().enumerate() {
                if let Some(engine) = self.config.engines.iter().position(|e| e == name) {
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
    }

    /// Records counted.
    #[must_use]
    pub fn games(&self) -> usize {
        self.games
    }

    /// The SPRT on the first engine (against the field in a gauntlet of
    /// more than two), when the tournament has one.
    #[must_use]
    pub fn sprt(&self) -> Option<SprtState> {
        let focus = self.field.as_ref().or(self.encounters.first())?;
        let sprt = self.config.sprt?;
        Some(sprt.test().state(&focus.pairs().0))
    }

    /// The first engine's points and games, and the SPRT's LLR, for progress.
    #[must_use]
    pub fn score_line(&self) -> String {
        let first = &self.config.engines[0];
        let (points, games) = self
            .encounters
            .iter()
            .filter(|m| &m.engine == first)
            .fold((0.0, 0), |(p, g), m| (p + m.points, g + m.games));
        let mut message = format!("{first} {points}/{games}");
        if let Some(sprt) = self.sprt() {
            message.push_str(&format!(
                ", llr {:.2} ({:.2}, {:.2})",
                sprt.llr, sprt.lower, sprt.upper
            ));
        }
        message
    }

    /// The report of the records counted.
    #[must_use]
    pub fn report(&self) -> Report {
        let config = &self.config;
        let encounters: Vec<Matchup> = self.encounters.iter().map(MatchupTally::matchup).collect();
        let field = self.field.as_ref().map(MatchupTally::matchup);
        let anchored = self.crosstable.as_ref().and_then(|table| {
            let anchor = config
                .engines
                .iter()
                .position(|e| Some(e) == config.anchor.as_ref())?;
            let rated = anchored_bradley_terry(table, BT_PRIOR_DRAWS, anchor);
            Some(config.engines.iter().cloned().zip(rated).collect())
        });
        let (ratings, crosstable) = match &self.crosstable {
            Some(table) => {
                let elo = bradley_terry(table, BT_PRIOR_DRAWS);
                let mut ratings: Vec<(String, f64)> =
                    config.engines.iter().cloned().zip(elo).collect();
                ratings.sort_by(|a, b| b.1.total_cmp(&a.1));
                (Some(ratings), Some(table.to_string()))
            }
            None => (None, None),
        };
        Report {
            name: config.name.clone(),
            game: config.game.clone(),
            games: self.games,
            scheduled: config.total_games(),
            endings: self.endings.clone(),
            sprt: self.sprt(),
            encounters,
            field,
            ratings,
            anchored,
            crosstable,
            rating_unit: config.rating_unit.describe(config.hands_per_match),
            points: self.points.as_ref().map(HandPointsTally::report),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::stats::SprtDecision;

    /// A record of game `index` (pair `index / 2`, seats swapped in the
    /// second game) scoring `first` for engine `a`.
    fn record(index: usize, first: f64) -> GameRecord {
        let swapped = index % 2 == 1;
        let engines = if swapped { ["b", "a"] } else { ["a", "b"] };
        let result = if swapped {
            vec![1.0 - first, first]
        } else {
            vec![first, 1.0 - first]
        };
        GameRecord {
            index,
            round: (index / 2) as u32,
            encounter: 0,
            engines: engines.iter().map(|e| e.to_string()).collect(),
            seed: 0,
            start: String::new(),
            opening: Vec::new(),
            actions: Vec::new(),
            result,
            reason: "game over".into(),
            fault: None,
            times_ms: Vec::new(),
        }
    }

    #[test]
    fn the_sprt_of_a_few_pairs_is_that_of_their_pentanomial() {
        let text = "game = \"cescacs\"\nengines = [\"a\", \"b\"]\nrounds = 10\n\
                    [sprt]\nelo0 = 0\nelo1 = 5\n";
        let config = TournamentConfig::parse("t", text, std::path::Path::new("")).unwrap();
        let mut tally = Tally::new(&config);
        // Pairs DD, WD, WW: the pentanomial [0, 0, 1, 1, 1].
        for (index, score) in [0.5, 0.5, 1.0, 0.5, 1.0, 1.0].into_iter().enumerate() {
            tally.add(&record(index, score));
        }
        let state = tally.sprt().unwrap();
        let expected = config
            .sprt
            .unwrap()
            .test()
            .state(&ScoreDistribution::pentanomial([0, 0, 1, 1, 1]));
        assert!(
            (state.llr - expected.llr).abs() < 1e-9,
            "{state:?} {expected:?}"
        );
        assert_eq!(
            state.decision,
            SprtDecision::Continue,
            "three pairs decide nothing"
        );
        assert!(state.llr < 0.1, "{state:?}");
    }

    /// A Muzicando hand of encounter 0 (`a` against `b`) in `round`, `a`
    /// in seats 0 and 2 unless `swapped`, `a` scoring `mine` hand points
    /// and `b` scoring `theirs`.
    fn hand(round: u32, swapped: bool, mine: f64, theirs: f64) -> GameRecord {
        let (engines, result) = if swapped {
            (["b", "a", "b", "a"], vec![theirs, mine, theirs, mine])
        } else {
            (["a", "b", "a", "b"], vec![mine, theirs, mine, theirs])
        };
        GameRecord {
            engines: engines.iter().map(|e| e.to_string()).collect(),
            round,
            result,
            ..record(0, 1.0)
        }
    }

    /// The team game rated by duplicate deal or by match: one result per
    /// completed deal (or match) by its hand points, none per hand.
    #[test]
    fn team_ratings_count_deals_or_matches() {
        // a's hand points minus b's over each deal: +4, 0, +10, -2.
        let deals = [
            ((7.0, 3.0), (5.0, 5.0)),
            ((2.0, 8.0), (8.0, 2.0)),
            ((9.0, 1.0), (6.0, 4.0)),
            ((3.0, 3.0), (4.0, 6.0)),
        ];
        let crosstable = |unit: &str, hands: usize| {
            let text = format!(
                "game = \"muzicando\"\nengines = [\"a\", \"b\", \"c\"]\nrounds = 4\n\
                 rating_unit = \"{unit}\"\n"
            );
            let config = TournamentConfig::parse("t", &text, std::path::Path::new("")).unwrap();
            let mut tally = Tally::new(&config);
            let records = deals.iter().enumerate().flat_map(|(round, (x, y))| {
                [
                    hand(round as u32, false, x.0, x.1),
                    hand(round as u32, true, y.0, y.1),
                ]
            });
            for record in records.take(hands) {
                tally.add(&record);
            }
            let table = tally.crosstable.unwrap();
            (table.score(0, 1), table.games(0, 1))
        };
        assert_eq!(crosstable("deal", 8), (2.5, 4));
        assert_eq!(
            crosstable("deal", 3),
            (1.0, 1),
            "a deal half played counts not"
        );
        assert_eq!(crosstable("match", 8), (1.0, 1));
        assert_eq!(crosstable("match", 7), (0.0, 0));
        assert_eq!(crosstable("game", 8).1, 8);
        let pair = "game = \"cescacs\"\nengines = [\"a\", \"b\", \"c\"]\nrounds = 4\n\
                    rating_unit = \"deal\"\n";
        assert!(TournamentConfig::parse("t", pair, std::path::Path::new("")).is_err());
    }
}
