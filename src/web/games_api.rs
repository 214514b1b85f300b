//! `GET /api/games`: the games played on a board, their rule options and
//! the engine profiles that play each, for the page's new-game form.

use axum::extract::State;
use axum::routing::get;
use axum::{Json, Router};
use serde::Serialize;

use crate::games::{Family, REGISTRY};

use super::app::{served, Shared};
use super::error::ApiError;

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
        .filter(|info| info.family != Family::Hidden)
        .map(|info| GameEntry {
            name: info.name,
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
