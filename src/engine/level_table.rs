//! The playing levels of every game and their measured ratings: one data
//! file per ladder, `levels/LADDER.toml`, built into the program.
//!
//! A ladder is a game's eight levels: level `N` is the built-in engine
//! profile `LADDER-level-N` (`engines/`), which plays by the level rule
//! ([`super::level`]) under a small node or depth budget. The ladders are
//! `cescacs`, `camelot`, `cardchess`, `muzicando` and `chess` (card chess
//! with `cards=off`: `tauler uci`'s game). Each level's rating, its 95%
//! interval, the games behind it and the date come from the tournament
//! files of `tournaments/levels/` (see `docs/levels.md`); a level not yet
//! measured has none.

use std::sync::OnceLock;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::bounds::{self, OutOfRange};
use crate::game::GameOptions;
use crate::games::cardchess::CardChessOptions;

use super::catalogue::Catalogue;
use super::profile::{EngineProfile, ProfileError};

/// The ladders' files, by ladder name.
const FILES: &[(&str, &str)] = &[
    ("camelot", include_str!("../../levels/camelot.toml")),
    ("cardchess", include_str!("../../levels/cardchess.toml")),
    ("cescacs", include_str!("../../levels/cescacs.toml")),
    ("chess", include_str!("../../levels/chess.toml")),
    ("muzicando", include_str!("../../levels/muzicando.toml")),
];

/// One level and its measured rating.
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct LevelRating {
    /// 1 (weakest) to 8.
    pub level: u8,
    /// The rating on the ladder's scale, when measured.
    #[serde(default)]
    pub rating: Option<f64>,
    /// The 95% interval's lower end.
    #[serde(default)]
    pub low: Option<f64>,
    /// The 95% interval's upper end.
    #[serde(default)]
    pub high: Option<f64>,
    /// Games (or hands) the rating rests on.
    #[serde(default)]
    pub games: Option<u32>,
    /// The day it was measured, `YYYY-MM-DD`.
    #[serde(default)]
    pub measured: Option<String>,
}

/// A game's eight levels.
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Ladder {
    /// The ladder's name: the profiles are `NAME-level-N`.
    pub name: String,
    /// The game the levels play.
    pub game: String,
    /// The rule options that select this ladder (`cards=off` for chess).
    #[serde(default)]
    pub options: Vec<String>,
    /// What the ratings are on, for people.
    pub scale: String,
    /// The level offered first.
    pub default_level: u8,
    /// The levels, 1 to 8 in order.
    #[serde(rename = "level")]
    pub levels: Vec<LevelRating>,
}

impl Ladder {
    /// The profile name of `level`.
    #[must_use]
    pub fn profile_name(&self, level: u8) -> String {
        format!("{}-level-{level}", self.name)
    }

    /// The level's row.
    #[must_use]
    pub fn level(&self, level: u8) -> Option<&LevelRating> {
        self.levels.iter().find(|row| row.level == level)
    }
}

/// Why a level could not be played.
#[derive(Debug, Error)]
pub enum LevelError {
    /// The level is outside 1 to 8.
    #[error(transparent)]
    Range(#[from] OutOfRange),
    /// The game has no levels.
    #[error("{0} has no playing levels")]
    NoLadder(String),
    /// The rule options could not be read.
    #[error("{0}")]
    Options(String),
    /// The level's profile.
    #[error(transparent)]
    Profile(#[from] ProfileError),
}

/// Every ladder, read once from the built-in files (a test checks that
/// each reads and is complete).
#[must_use]
pub fn ladders() -> &'static [Ladder] {
    static LADDERS: OnceLock<Vec<Ladder>> = OnceLock::new();
    LADDERS.get_or_init(|| {
        FILES
            .iter()
            .map(|(name, text)| {
                let mut ladder: Ladder = toml::from_str(text)
                    .unwrap_or_else(|e| panic!("levels/{name}.toml is checked by a test: {e}"));
                ladder.name = (*name).to_string();
                ladder
            })
            .collect()
    })
}

/// The ladder `name` (`chess`, `cescacs`, …).
#[must_use]
pub fn ladder(name: &str) -> Option<&'static Ladder> {
    ladders().iter().find(|ladder| ladder.name == name)
}

/// The ladder `game` plays under `options`: card chess with `cards=off`
/// is plain chess.
pub fn ladder_for(game: &str, options: &[String]) -> Result<&'static Ladder, LevelError> {
    let name = if game == "cardchess" {
        let options = CardChessOptions::from_pairs(options.iter().map(String::as_str))
            .map_err(|e| LevelError::Options(e.to_string()))?;
        if options.cards {
            "cardchess"
        } else {
            "chess"
        }
    } else {
        game
    };
    ladder(name).ok_or_else(|| LevelError::NoLadder(game.to_string()))
}

/// The profile name of `level` (checked: 1 to 8, the key named `key`)
/// for `game` under `options`.
pub fn level_profile_name(
    game: &str,
    options: &[String],
    key: &str,
    level: u32,
) -> Result<String, LevelError> {
    let level = bounds::LEVEL.check(key, level)? as u8;
    Ok(ladder_for(game, options)?.profile_name(level))
}

/// The profile of `level` (see [`level_profile_name`]) from `catalogue`.
pub fn level_profile(
    catalogue: &Catalogue,
    game: &str,
    options: &[String],
    key: &str,
    level: u32,
) -> Result<EngineProfile, LevelError> {
    let name = level_profile_name(game, options, key, level)?;
    Ok(catalogue.get(&name)?)
}

/// The ratings the measured levels of `ladder` span, lowest first (none
/// with fewer than two measured levels).
#[must_use]
pub fn rating_range(ladder: &Ladder) -> Option<(f64, f64)> {
    let rated: Vec<f64> = ladder.levels.iter().filter_map(|row| row.rating).collect();
    let low = rated.iter().copied().fold(f64::INFINITY, f64::min);
    let high = rated.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    (rated.len() >= 2).then_some((low, high))
}

/// A profile playing at `rating` on `ladder`'s scale (clamped to its
/// measured range): between the two adjacent measured levels whose ratings
/// enclose it, at the fraction `f` of the way from the lower to the upper,
/// the lower level's profile with its parameters interpolated — the
/// temperature, a node budget and the number of scored lines geometrically
/// (`a^(1−f)·b^f`, the counts rounded), the depth linearly and rounded; a
/// limit only one of the two levels has is the lower level's. Named
/// `LADDER-elo-R`.
pub fn rated_profile(
    catalogue: &Catalogue,
    ladder: &Ladder,
    rating: f64,
) -> Result<EngineProfile, LevelError> {
    let rated: Vec<(u8, f64)> = ladder
        .levels
        .iter()
        .filter_map(|row| row.rating.map(|r| (row.level, r)))
        .collect();
    let (low, high) =
        rating_range(ladder).ok_or_else(|| LevelError::NoLadder(ladder.name.clone()))?;
    let rating = rating.clamp(low, high);
    let below = rated
        .iter()
        .filter(|(_, r)| *r <= rating)
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .copied()
        .unwrap_or(rated[0]);
    let above = rated
        .iter()
        .filter(|(_, r)| *r >= rating)
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .copied()
        .unwrap_or(below);
    let f = if above.1 > below.1 {
        (rating - below.1) / (above.1 - below.1)
    } else {
        0.0
    };
    let a = catalogue.get(&ladder.profile_name(below.0))?;
    let b = catalogue.get(&ladder.profile_name(above.0))?;
    let geometric = |x: f64, y: f64| x.powf(1.0 - f) * y.powf(f);
    let mut profile = a.clone();
    profile.name = format!("{}-elo-{}", ladder.name, rating.round());
    profile.description = format!(
        "{} at {:.0} on {}: between levels {} and {}",
        ladder.name, rating, ladder.scale, below.0, above.0
    );
    if let (Some(x), Some(y)) = (&mut profile.choice, b.choice) {
        x.temperature = geometric(x.temperature, y.temperature);
    }
    if let (Some(x), Some(y)) = (a.limits.depth, b.limits.depth) {
        profile.limits.depth = Some((f64::from(x) * (1.0 - f) + f64::from(y) * f).round() as u32);
    }
    if let (Some(x), Some(y)) = (a.limits.nodes, b.limits.nodes) {
        profile.limits.nodes = Some(geometric(x as f64, y as f64).round() as u64);
    }
    let lines = |p: &EngineProfile| {
        p.parameters
            .get("multipv")
            .and_then(toml::Value::as_integer)
    };
    if let (Some(x), Some(y)) = (lines(&a), lines(&b)) {
        let between = geometric(x as f64, y as f64).round() as i64;
        profile.parameters.insert("multipv".into(), between.into());
    }
    profile.validate()?;
    Ok(profile)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_ladder_has_eight_levels_with_built_in_profiles() {
        let catalogue = Catalogue::built_in();
        assert_eq!(ladders().len(), FILES.len());
        for ladder in ladders() {
            let numbers: Vec<u8> = ladder.levels.iter().map(|row| row.level).collect();
            assert_eq!(numbers, (1..=8).collect::<Vec<_>>(), "{}", ladder.name);
            assert!(ladder.level(ladder.default_level).is_some());
            for row in &ladder.levels {
                let profile = catalogue.get(&ladder.profile_name(row.level)).unwrap();
                assert_eq!(profile.game, ladder.game, "{}", profile.name);
                assert!(profile.choice.is_some(), "{} has a [choice]", profile.name);
                for option in &ladder.options {
                    assert!(profile.options.contains(option), "{}", profile.name);
                }
                assert!(!profile.limits.is_unlimited(), "{}", profile.name);
                if let (Some(rating), Some(low), Some(high)) = (row.rating, row.low, row.high) {
                    assert!(low <= rating && rating <= high, "{} {row:?}", ladder.name);
                    assert!(row.measured.is_some() && row.games.is_some());
                }
            }
        }
    }

    #[test]
    fn a_rating_between_levels_interpolates_their_parameters() {
        let catalogue = Catalogue::built_in();
        let mut ladder = ladder("chess").unwrap().clone();
        for (row, rating) in ladder.levels.iter_mut().zip([
            800.0, 1000.0, 1200.0, 1400.0, 1600.0, 1800.0, 2000.0, 2200.0,
        ]) {
            row.rating = Some(rating);
        }
        assert_eq!(rating_range(&ladder), Some((800.0, 2200.0)));
        let level = |n: u8| catalogue.get(&ladder.profile_name(n)).unwrap();
        let temperature = |p: &EngineProfile| p.choice.unwrap().temperature;
        // On a level: that level's parameters.
        let at = rated_profile(&catalogue, &ladder, 1400.0).unwrap();
        assert_eq!(temperature(&at), temperature(&level(4)));
        assert_eq!(at.limits.nodes, level(4).limits.nodes);
        assert_eq!(at.name, "chess-elo-1400");
        // A quarter of the way from level 6 to level 7: geometric means.
        let between = rated_profile(&catalogue, &ladder, 1850.0).unwrap();
        let geometric = |a: f64, b: f64| a.powf(0.75) * b.powf(0.25);
        let expected = geometric(temperature(&level(6)), temperature(&level(7)));
        assert!((temperature(&between) - expected).abs() < 1e-9);
        let nodes = |n: u8| level(n).limits.nodes.unwrap() as f64;
        let expected = geometric(nodes(6), nodes(7)).round() as u64;
        assert_eq!(between.limits.nodes, Some(expected));
        let lines = |p: &EngineProfile| p.parameters["multipv"].as_integer().unwrap();
        let expected = geometric(lines(&level(6)) as f64, lines(&level(7)) as f64).round();
        assert_eq!(lines(&between), expected as i64);
        // Between a depth-limited level and a node-limited one: the lower
        // level's limit.
        let mixed = rated_profile(&catalogue, &ladder, 900.0).unwrap();
        assert_eq!(mixed.limits.depth, level(1).limits.depth);
        assert_eq!(mixed.limits.nodes, None);
        // Beyond the range: the end levels.
        let low = rated_profile(&catalogue, &ladder, 100.0).unwrap();
        assert_eq!(temperature(&low), temperature(&level(1)));
        let high = rated_profile(&catalogue, &ladder, 3000.0).unwrap();
        assert_eq!(high.limits.nodes, level(8).limits.nodes);
        assert_eq!(high.limits.movetime_ms, level(8).limits.movetime_ms);
        // Unrated: no range, no profile.
        let mut unrated = ladder.clone();
        unrated.levels.iter_mut().for_each(|row| row.rating = None);
        assert_eq!(rating_range(&unrated), None);
        assert!(rated_profile(&catalogue, &unrated, 1500.0).is_err());
    }

    #[test]
    fn card_chess_without_cards_is_chess() {
        let off = vec!["cards=off".to_string()];
        assert_eq!(ladder_for("cardchess", &off).unwrap().name, "chess");
        assert_eq!(ladder_for("cardchess", &[]).unwrap().name, "cardchess");
        assert_eq!(ladder_for("camelot", &[]).unwrap().name, "camelot");
        assert!(matches!(
            ladder_for("cardchess", &["cards=maybe".into()]),
            Err(LevelError::Options(_))
        ));
        let catalogue = Catalogue::built_in();
        let profile = level_profile(&catalogue, "cardchess", &off, "level", 3).unwrap();
        assert_eq!(profile.name, "chess-level-3");
        for bad in [0, 9] {
            let error = level_profile(&catalogue, "cescacs", &[], "level", bad).unwrap_err();
            assert!(error.to_string().contains("level"), "{error}");
        }
    }
}
