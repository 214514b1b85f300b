//! The play API: create a session against an engine, read its state, play
//! an action, undo, redo, hint, resign, start again, save and load, look
//! back at an earlier ply, stop the engine, end the session. Every engine
//! move runs on a blocking thread; the session's stop flag makes it answer
//! at once.

use std::sync::atomic::Ordering;
use std::sync::Arc;

use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};

use crate::engine::level_table;
use crate::engine::{EngineProfile, LimitKeys, LimitRequest, SeatSpec, Session};
use crate::game::{GameOptions, Seat};
use crate::games::GameId;
use crate::tournament::record::record_as_saved_game;

use super::app::{fresh_seed, App, Shared};
use super::board_session::{BoardSession, Earlier, Ending, Hint, SessionPage};
use super::clock::ClockRequest;
use super::error::{ApiError, JsonBody, PathArgs};
use super::picture::Pictured;
use super::store::{lock, short, Entry, Full};

/// The play API's routes.
pub fn routes(app: Shared) -> Router {
    Router::new()
        .route("/api/sessions", post(create))
        .route("/api/sessions/{id}", get(state).delete(remove))
        .route("/api/sessions/{id}/action", post(action))
        .route("/api/sessions/{id}/undo", post(undo))
        .route("/api/sessions/{id}/redo", post(redo))
        .route("/api/sessions/{id}/hint", post(hint))
        .route("/api/sessions/{id}/resign", post(resign))
        .route("/api/sessions/{id}/new", post(new_game))
        .route("/api/sessions/{id}/stop", post(stop))
        .route("/api/sessions/{id}/save", get(save))
        .route("/api/sessions/{id}/load", post(load))
        .route("/api/sessions/{id}/ply/{ply}", get(picture_at))
        .with_state(app)
}

/// `POST /api/sessions`: what to play.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewSession {
    /// The game: `cescacs`, `camelot` or `cardchess`.
    pub game: String,
    /// The person's side: `white` (default) or `black`.
    #[serde(default)]
    pub side: Option<String>,
    /// The engine profile (default: the game's play profile).
    #[serde(default)]
    pub engine: Option<String>,
    /// The start position (default: the initial position).
    #[serde(default)]
    pub position: Option<String>,
    /// Rules options, `KEY=VALUE`.
    #[serde(default)]
    pub options: Vec<String>,
    /// The chance seed (cards) and the engines' seed, for practice or a
    /// replay (default: drawn from the operating system).
    #[serde(default)]
    pub seed: Option<u64>,
    /// The engine's time per move in milliseconds; with `nodes` and
    /// `depth`, the limits that replace the profile's, all applying
    /// together ([`LimitRequest`]).
    #[serde(default)]
    pub movetime_ms: Option<u64>,
    /// The engine's nodes per move, replacing the profile's limits.
    #[serde(default)]
    pub nodes: Option<u64>,
    /// The engine's depth per move, replacing the profile's limits.
    #[serde(default)]
    pub depth: Option<u32>,
    /// A clock for both sides (default: none); the engine then plays from
    /// its own clock instead of a move time.
    #[serde(default)]
    pub clock: Option<ClockRequest>,
    /// A playing level, 1 to 8 (`GET /api/games` lists them with their
    /// ratings): the engine is that level's profile with its own limits,
    /// so `engine`, `movetime_ms`, `nodes` and `depth` are refused with it.
    #[serde(default)]
    pub level: Option<u32>,
}

/// An action written in notation.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ActionRequest {
    /// The action.
    pub action: String,
}

/// A saved game's text.
#[derive(Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct SavedGame {
    /// The text `save` gives.
    pub text: String,
}

/// A session as the API answers it.
#[derive(Debug, Serialize)]
pub struct View {
    /// The session's id.
    pub id: String,
    /// The person's seat.
    pub you: Seat,
    /// The engine profile.
    pub engine: String,
    /// The rules options the game was started with.
    pub options: Vec<String>,
    /// The game now.
    #[serde(flatten)]
    pub snapshot: SessionPage,
}

/// Runs `work` on the session `id` on a blocking thread (an engine may
/// think: its table is counted in the memory budget first), then answers
/// the session's view.
async fn with_session<F>(app: &App, id: &str, work: F) -> Result<Json<View>, ApiError>
where
    F: FnOnce(&mut dyn BoardSession) -> Result<(), ApiError> + Send + 'static,
{
    let entry = app.entry(id)?;
    // The place first: a session waiting for one holds no memory that
    // another could take back from under its search.
    let _place = App::place(&app.thinking).await?;
    app.hold_memory(&entry).await?;
    answer(entry, id, work).await
}

/// Runs `work` on the session of `entry` on a blocking thread, then
/// answers its view.
async fn answer<F>(entry: Arc<Entry>, id: &str, work: F) -> Result<Json<View>, ApiError>
where
    F: FnOnce(&mut dyn BoardSession) -> Result<(), ApiError> + Send + 'static,
{
    let id = id.to_string();
    run_blocking(move || {
        let mut session = lock(&entry.session);
        session.flag();
        let was_over = session.result().is_some();
        work(session.as_mut())?;
        let view = view(&id, &entry, session.as_ref());
        if let (false, Some(ending)) = (was_over, &view.snapshot.ending) {
            log_ending(&id, &entry, ending);
        }
        Ok(view)
    })
    .await
    .map(Json)
}

/// Runs `work` on a blocking thread.
pub(super) async fn run_blocking<T, F>(work: F) -> Result<T, ApiError>
where
    T: Send + 'static,
    F: FnOnce() -> Result<T, ApiError> + Send + 'static,
{
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|e| ApiError::internal(format!("the engine thread failed: {e}")))?
}

/// Logs the end of the game of session `id`: a warning when an engine
/// failed (it forfeits that game, the session carries on).
fn log_ending(id: &str, entry: &Entry, ending: &Ending) {
    let session = short(id);
    if matches!(ending.reason, "game over" | "resigned" | "time forfeit") {
        tracing::info!(session, engine = %entry.engine, reason = ending.reason, "game over");
    } else {
        tracing::warn!(session, engine = %entry.engine, reason = ending.reason, words = %ending.words, "engine fault: it forfeits the game");
    }
}

fn view(id: &str, entry: &Entry, session: &dyn BoardSession) -> View {
    View {
        id: id.to_string(),
        you: entry.you,
        engine: entry.engine.clone(),
        options: entry.options.clone(),
        snapshot: session.snapshot(),
    }
}

/// The profile a new session plays, its limits replaced as asked.
fn engine_profile(
    app: &App,
    game: GameId,
    request: &NewSession,
) -> Result<EngineProfile, ApiError> {
    if let Some(level) = request.level {
        let clash = [
            ("engine", request.engine.is_some()),
            ("movetime_ms", request.movetime_ms.is_some()),
            ("nodes", request.nodes.is_some()),
            ("depth", request.depth.is_some()),
        ];
        if let Some((key, _)) = clash.iter().find(|(_, given)| *given) {
            return Err(ApiError::bad_request(format!(
                "`level` and `{key}` do not go together: a level is an engine with its own limits"
            )));
        }
        let name = level_table::level_profile_name(game.name(), &request.options, "level", level)
            .map_err(|e| ApiError::bad_request(e.to_string()))?;
        return app.profile(&name, game.name());
    }
    let name = request
        .engine
        .as_deref()
        .unwrap_or(game.info().profiles.play);
    let mut profile = app.profile(name, game.name())?;
    let asked = LimitRequest {
        movetime_ms: request.movetime_ms,
        nodes: request.nodes,
        depth: request.depth,
    };
    profile.limits = asked
        .over(&profile.limits, LimitKeys::FIELDS)
        .map_err(|e| ApiError::bad_request(e.to_string()))?;
    Ok(profile)
}

/// A session of `G` from the request: the person at `you`, the engine at
/// the other seat.
fn build<G: Pictured>(
    request: &NewSession,
    profile: EngineProfile,
    you: Seat,
) -> Result<Box<dyn BoardSession>, ApiError>
where
    G::Action: Send,
{
    let options = G::Options::from_pairs(request.options.iter().map(String::as_str))
        .map_err(|e| ApiError::bad_request(e.to_string()))?;
    let start = match &request.position {
        Some(text) => G::parse_position(text, &options)
            .map_err(|e| ApiError::bad_request(format!("bad {} position: {e}", G::NAME)))?,
        None => G::new(&options),
    };
    let mut seats = vec![
        SeatSpec::Engine(Box::new(profile.clone())),
        SeatSpec::Engine(Box::new(profile)),
    ];
    seats[you] = SeatSpec::Person;
    let session = Session::new(start, seats, request.seed.unwrap_or_else(fresh_seed))?;
    Ok(Box::new(session))
}

async fn create(
    State(app): State<Shared>,
    JsonBody(request): JsonBody<NewSession>,
) -> Result<(StatusCode, Json<View>), ApiError> {
    let game: GameId = request
        .game
        .parse()
        .map_err(|e: crate::games::UnknownGame| ApiError::bad_request(e.to_string()))?;
    let you: Seat = match request.side.as_deref().unwrap_or("white") {
        "white" => 0,
        "black" => 1,
        other => {
            return Err(ApiError::bad_request(format!(
                "side `{other}`: expected white or black"
            )))
        }
    };
    let control = request.clock.map(ClockRequest::control).transpose()?;
    let mut profile = engine_profile(&app, game, &request)?;
    let table_mb = app.memory.fit(&mut profile);
    let engine = profile.name.clone();
    // Building the game and drawing it take CPU: off the async threads.
    let (session, request) = run_blocking(move || {
        let session = crate::with_family!(game,
            perfect G => build::<G>(&request, profile, you),
            chance G, _ => build::<G>(&request, profile, you),
            hidden _ => Err(ApiError::bad_request(format!("{game} is not played on a board"))),
        )?;
        Ok((session, request))
    })
    .await?;
    let (memory, place) = match session.person_to_move() {
        Some(_) => (None, None),
        None => {
            let place = App::place(&app.thinking).await?;
            (app.reserve(table_mb).await?, Some(place))
        }
    };
    let session = run_blocking(move || {
        let mut session = session;
        if let Some(control) = control {
            session.set_clock(control);
        }
        session.advance();
        Ok(session)
    })
    .await?;
    drop(place);
    let id = app
        .store
        .insert(Entry::new(
            session,
            you,
            engine,
            request.options.clone(),
            request.seed,
            table_mb,
            memory,
        ))
        .map_err(|Full| ApiError::unavailable("too many sessions are open; try again later"))?;
    let entry = app.entry(&id)?;
    tracing::info!(session = short(&id), %game, engine = %entry.engine, "session started");
    let answer = answer(entry, &id, |_| Ok(())).await?;
    Ok((StatusCode::CREATED, answer))
}

async fn state(
    State(app): State<Shared>,
    PathArgs(id): PathArgs<String>,
) -> Result<Json<View>, ApiError> {
    answer(app.entry(&id)?, &id, |_| Ok(())).await
}

async fn action(
    State(app): State<Shared>,
    PathArgs(id): PathArgs<String>,
    JsonBody(request): JsonBody<ActionRequest>,
) -> Result<Json<View>, ApiError> {
    with_session(&app, &id, move |session| {
        session.play(&request.action)?;
        Ok(())
    })
    .await
}

async fn undo(
    State(app): State<Shared>,
    PathArgs(id): PathArgs<String>,
) -> Result<Json<View>, ApiError> {
    with_session(&app, &id, |session| Ok(session.undo()?)).await
}

async fn redo(
    State(app): State<Shared>,
    PathArgs(id): PathArgs<String>,
) -> Result<Json<View>, ApiError> {
    with_session(&app, &id, |session| Ok(session.redo()?)).await
}

async fn resign(
    State(app): State<Shared>,
    PathArgs(id): PathArgs<String>,
) -> Result<Json<View>, ApiError> {
    with_session(&app, &id, |session| Ok(session.resign()?)).await
}

async fn new_game(
    State(app): State<Shared>,
    PathArgs(id): PathArgs<String>,
) -> Result<Json<View>, ApiError> {
    let seed = app.entry(&id)?.seed_asked.unwrap_or_else(fresh_seed);
    with_session(&app, &id, move |session| {
        session.new_game(Some(seed));
        Ok(())
    })
    .await
}

async fn load(
    State(app): State<Shared>,
    PathArgs(id): PathArgs<String>,
    JsonBody(saved): JsonBody<SavedGame>,
) -> Result<Json<View>, ApiError> {
    // A line of a tournament's `games.jsonl` opens that game; anything
    // else is a saved game.
    let text = if saved.text.trim_start().starts_with('{') {
        record_as_saved_game(&saved.text).map_err(ApiError::bad_request)?
    } else {
        saved.text
    };
    with_session(&app, &id, move |session| Ok(session.load_text(&text)?)).await
}

async fn hint(
    State(app): State<Shared>,
    PathArgs(id): PathArgs<String>,
) -> Result<Json<Hint>, ApiError> {
    let entry = app.entry(&id)?;
    // The hint's engine is a new one: its table is counted while it thinks.
    let _place = App::place(&app.thinking).await?;
    let memory = app.reserve(entry.table_mb).await?;
    run_blocking(move || {
        let hint = lock(&entry.session).hint_cells()?;
        drop(memory);
        Ok(hint)
    })
    .await
    .map(Json)
}

async fn save(
    State(app): State<Shared>,
    PathArgs(id): PathArgs<String>,
) -> Result<Json<SavedGame>, ApiError> {
    let entry = app.entry(&id)?;
    run_blocking(move || {
        Ok(SavedGame {
            text: saved_text(lock(&entry.session).as_ref()),
        })
    })
    .await
    .map(Json)
}

/// The saved game as the person may have it now: the chance seed, which
/// foretells every card still to come, only once the game is over (a game
/// loaded without it deals on from the session's own seed).
fn saved_text(session: &dyn BoardSession) -> String {
    let text = session.save_text();
    if session.result().is_some() {
        return text;
    }
    text.lines()
        .filter(|line| !line.starts_with("seed "))
        .map(|line| format!("{line}\n"))
        .collect()
}

async fn picture_at(
    State(app): State<Shared>,
    PathArgs((id, ply)): PathArgs<(String, usize)>,
) -> Result<Json<Earlier>, ApiError> {
    let entry = app.entry(&id)?;
    run_blocking(move || {
        lock(&entry.session)
            .position_at(ply)
            .ok_or_else(|| ApiError::not_found(format!("the game has no ply {ply}")))
    })
    .await
    .map(Json)
}

/// Stops the engine thinking now (it plays its best so far); no lock, so
/// it reaches an engine in the middle of a move.
async fn stop(
    State(app): State<Shared>,
    PathArgs(id): PathArgs<String>,
) -> Result<StatusCode, ApiError> {
    let entry = app.entry(&id)?;
    entry.stop.store(true, Ordering::Relaxed);
    Ok(StatusCode::NO_CONTENT)
}

async fn remove(
    State(app): State<Shared>,
    PathArgs(id): PathArgs<String>,
) -> Result<StatusCode, ApiError> {
    if app.store.remove(&id) {
        tracing::info!(session = short(&id), "session ended, its engine stopped");
        Ok(StatusCode::NO_CONTENT)
    } else {
        Err(ApiError::not_found(format!("no session `{id}`")))
    }
}
