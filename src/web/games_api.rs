//! `GET /api/games`: the games played on a board, their rule options and
//! the engine profiles that play each, for the page's new-game form.

use axum::extract::State;
use axum::routing::get;
use axum::{Json, Router};
use serde::Serialize;

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
        .map(|(info, title, start)| GameEntry {
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
