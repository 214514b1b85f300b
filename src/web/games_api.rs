//! `GET /api/games`: the games played on a board, their rule options, the
//! engine profiles that play each and its playing levels with their
//! measured ratings, for the page's new-game form.

use axum::extract::State;
use axum::routing::get;
use axum::{Json, Router};
use serde::Serialize;

use crate::engine::level_table::{self, Ladder};
use crate::games::{GameId, REGISTRY};

use super::app::{served, Shared};
use super::error::ApiError;
use super::picture::{Picture, Pictured};

/// A rules option.
#[derive(Debug, Serialize)]
pub struct OptionInfo {
    /// The key.
    pub key: &'static str,
    /// The values it takes, in words.
    pub values: &'static str,
}

/// An engine profile.
#[derive(Debug, Serialize)]
pub struct ProfileInfo {
    /// Its name.
    pub name: String,
    /// What it is.
    pub description: String,
}

/// A game the page offers.
#[derive(Debug, Serialize)]
pub struct GameEntry {
    /// The command-line name.
    pub name: &'static str,
    /// The name as people write it (`C'escacs`).
    pub title: &'static str,
    /// The board at the start, drawn.
    pub start: Picture,
    /// One line for people.
    pub description: &'static str,
    /// Its rule options.
    pub options: Vec<OptionInfo>,
    /// The profiles that play it.
    pub profiles: Vec<ProfileInfo>,
    /// The profile played by default.
    pub default_profile: &'static str,
    /// The playing levels (`POST /api/sessions` with `level`), 1 to 8.
    pub levels: Vec<LevelInfo>,
    /// The level offered first.
    pub default_level: u8,
    /// Card chess only: the levels with `cards=off` (plain chess, rated
    /// on Stockfish's `UCI_Elo` scale).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub plain_chess: Option<LevelSet>,
}

/// A game's levels under some rule options.
#[derive(Debug, Serialize)]
pub struct LevelSet {
    /// The rule options that select them.
    pub options: Vec<String>,
    /// The levels.
    pub levels: Vec<LevelInfo>,
    /// The level offered first.
    pub default_level: u8,
}

/// A playing level and its measured rating (none until measured).
#[derive(Debug, Serialize)]
pub struct LevelInfo {
    /// 1 (weakest) to 8.
    pub level: u8,
    /// The engine profile that plays it.
    pub profile: String,
    /// The rating.
    pub rating: Option<f64>,
    /// The 95% interval's lower end.
    pub low: Option<f64>,
    /// The 95% interval's upper end.
    pub high: Option<f64>,
    /// What the rating is on.
    pub scale: String,
    /// The day it was measured.
    pub measured: Option<String>,
}

/// The levels of `ladder`, for the page.
fn level_infos(ladder: &Ladder) -> Vec<LevelInfo> {
    ladder
        .levels
        .iter()
        .map(|row| LevelInfo {
            level: row.level,
            profile: ladder.profile_name(row.level),
            rating: row.rating,
            low: row.low,
            high: row.high,
            scale: ladder.scale.clone(),
            measured: row.measured.clone(),
        })
        .collect()
}

/// The route.
pub fn routes(app: Shared) -> Router {
    Router::new()
        .route("/api/games", get(games))
        .with_state(app)
}

async fn games(State(app): State<Shared>) -> Result<Json<Vec<GameEntry>>, ApiError> {
    let profiles = app.catalogue.profiles()?;
    let entries = REGISTRY
        .iter()
        .filter_map(|info| board(info.id).map(|(title, start)| (info, title, start)))
        .map(|(info, title, start)| {
            let ladder = level_table::ladder(info.name);
            let plain_chess = (info.name == "cardchess")
                .then(|| level_table::ladder("chess"))
                .flatten()
                .map(|chess| LevelSet {
                    options: chess.options.clone(),
                    levels: level_infos(chess),
                    default_level: chess.default_level,
                });
            GameEntry {
                name: info.name,
                title,
                start,
                description: info.description,
                options: info
                    .options
                    .iter()
                    .map(|o| OptionInfo {
                        key: o.key,
                        values: o.values,
                    })
                    .collect(),
                profiles: profiles
                    .iter()
                    .filter(|(profile, _)| profile.game == info.name && served(profile))
                    .map(|(profile, _)| ProfileInfo {
                        name: profile.name.clone(),
                        description: profile.description.clone(),
                    })
                    .collect(),
                default_profile: info.profiles.play,
                levels: ladder.map(level_infos).unwrap_or_default(),
                default_level: ladder.map_or(0, |ladder| ladder.default_level),
                plain_chess,
            }
        })
        .collect();
    Ok(Json(entries))
}

/// The title and the starting board of a game played on a board; `None`
/// for a card-table game.
fn board(game: GameId) -> Option<(&'static str, Picture)> {
    fn drawn<G: Pictured>() -> Option<(&'static str, Picture)> {
        Some((G::TITLE, G::new(&Default::default()).picture()))
    }
    crate::with_family!(game,
        perfect G => drawn::<G>(),
        chance G, _ => drawn::<G>(),
        hidden _ => None,
    )
}
