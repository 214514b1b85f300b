//! The card-table API: tables of a hidden-hand game (Muzicando) where
//! people and engines sit together, each person through a link of their
//! own.
//!
//! - `GET /api/tables/profiles`: the engines that may sit at a table, and
//!   each game's playing levels with their ratings (a seat `level-N`).
//! - `POST /api/tables`: a table (game, players, hands, options, seed and
//!   each seat `person`, an engine profile or `level-N`) → its id and one link per
//!   person, `/table?table=ID&seat=TOKEN`.
//! - `GET /api/tables/{id}/seats/{token}`: the seat's view now.
//! - `GET /api/tables/{id}/seats/{token}/events?from=N`: the seat's events
//!   from number N.
//! - `GET /api/tables/{id}/seats/{token}/stream?from=N`: the same events
//!   pushed as server-sent events (`news`, one a change of the table) from
//!   number N; the stream ends with the match or when the table is gone.
//! - `POST /api/tables/{id}/seats/{token}/play`: `{"action": "…"}`.
//! - `POST /api/tables/{id}/seats/{token}/hint`: the seat's legal actions
//!   ranked from its observation.
//! - `POST /api/tables/analyse`: the same ranking for a pasted position,
//!   from the observation of the seat to move.
//!
//! Everything a seat receives is built from that seat's observation
//! (`engine::table`); a wrong or missing token answers exactly as an
//! unknown table (404), so that no answer tells which table ids exist.
//! Engines move on a blocking thread and think with the table unlocked
//! (`engine::table::run_engines_unlocked`), so a person's request never
//! waits for them; what each seat may read is copied out of the table
//! after every change (its [`News`]), so views, events and streams never
//! wait for the table either.

use std::convert::Infallible;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use tokio::sync::{mpsc, watch};
use tokio_stream::wrappers::ReceiverStream;
use tokio_stream::Stream;

use crate::bounds;
use crate::engine::level_table;
use crate::engine::table::{rank_actions, run_engines_unlocked};
use crate::engine::{AnyTable, SeatSpec, SeatedTable, TableError, TableSetup};
use crate::game::{GameOptions, Notation, Seat, Turn};
use crate::games::{Family, GameId, REGISTRY};

use super::app::{fresh_seed, served, App, Shared};
use super::decision_timer::DecisionTimer;
use super::error::{ApiError, JsonBody, PathArgs, QueryArgs};
use super::play_api::run_blocking;
use super::store::{lock, short, Full, Kept};

/// The most tables open at once.
pub const MAX_TABLES: usize = 64;

/// How long an unused table is kept once the server is full.
pub const TABLE_IDLE: Duration = Duration::from_secs(2 * 3600);

/// ISMCTS playouts of a hint.
const HINT_PLAYOUTS: u64 = 2000;

/// Sampled worlds per call of a hint in the auction.
const HINT_WORLDS: u64 = 32;

/// The most ISMCTS playouts one analysis may ask for.
const MAX_PLAYOUTS: u64 = 50_000;

/// The most event streams open at once on one table.
pub const MAX_STREAMS: usize = 16;

/// The most news messages a stream holds for a slow reader before the
/// table waits for it to read.
const STREAM_BUFFER: usize = 8;

/// One table and when it was last used.
pub struct TableEntry {
    table: Mutex<Box<dyn AnyTable>>,
    /// Each person's seat and its token (fixed when the table is made).
    tokens: Vec<(Seat, String)>,
    /// What each seat may read, as of the table's last change.
    news: Arc<Mutex<News>>,
    /// Rung (its number raised) after every change of `news`; dropped with
    /// the table, which ends its streams.
    bell: watch::Sender<u64>,
    /// The event streams open on the table.
    streams: Arc<AtomicUsize>,
    last_used: Mutex<Instant>,
    /// The time per decision for people, if the table has one.
    decision: Option<Arc<DecisionTimer>>,
}

/// What each seat may read of a table: built from that seat's
/// observation only.
struct News {
    seats: Vec<SeatNews>,
}

/// One seat's news.
struct SeatNews {
    /// The match around the seat (hand, totals, over, seed once over).
    fields: serde_json::Map<String, Value>,
    /// What the seat sees now.
    view: Value,
    /// The seat's kept events, the first of them numbered `first`.
    events: Vec<Value>,
    first: usize,
}

impl News {
    /// The news of every seat of `table` now.
    fn of(table: &dyn AnyTable) -> Self {
        let seats = (0..table.seats().len())
            .map(|seat| {
                let events = table.events_json(seat, 0);
                SeatNews {
                    fields: match_fields(table, seat),
                    view: table.view_json(seat),
                    first: table.event_count(seat) - events.len(),
                    events,
                }
            })
            .collect();
        Self { seats }
    }
}

impl SeatNews {
    /// The number of the seat's next event.
    fn next(&self) -> usize {
        self.first + self.events.len()
    }

    /// The match fields with the events from number `from` and the next
    /// number: the answer to `events` and each message of `stream`.
    fn events_from(&self, from: usize) -> serde_json::Map<String, Value> {
        let mut map = self.fields.clone();
        let skip = from.saturating_sub(self.first).min(self.events.len());
        map.insert("from".into(), (self.first + skip).into());
        map.insert("events".into(), self.events[skip..].to_vec().into());
        map.insert("next".into(), self.next().into());
        map
    }
}

/// The server's state, as the table routes hold it (the tables are its
/// [`App::tables`]).
struct Tables {
    app: Shared,
}

type SharedTables = Arc<Tables>;

/// The table routes.
pub fn routes(app: Shared) -> Router {
    let tables = Arc::new(Tables { app });
    Router::new()
        .route("/api/tables", post(create))
        .route("/api/tables/profiles", get(profiles))
        .route("/api/tables/analyse", post(analyse))
        .route("/api/tables/{id}", get(no_token))
        .route("/api/tables/{id}/seats/{token}", get(seat_view))
        .route("/api/tables/{id}/seats/{token}/events", get(events))
        .route("/api/tables/{id}/seats/{token}/stream", get(stream))
        .route("/api/tables/{id}/seats/{token}/play", post(play))
        .route("/api/tables/{id}/seats/{token}/hint", post(hint))
        .with_state(tables)
}

impl Kept for TableEntry {
    fn last_used(&self) -> Instant {
        *lock(&self.last_used)
    }

    fn touch(&self, now: Instant) {
        *lock(&self.last_used) = now;
    }
}

impl From<TableError> for ApiError {
    fn from(error: TableError) -> Self {
        let status = match error {
            TableError::Session(error) => return ApiError::from(error),
            TableError::UnknownToken => return no_seat(),
            TableError::Seats { .. } | TableError::NoPerson | TableError::Range(_) => {
                StatusCode::BAD_REQUEST
            }
            TableError::MatchOver => StatusCode::CONFLICT,
            TableError::Hint(_) => StatusCode::INTERNAL_SERVER_ERROR,
        };
        Self {
            status,
            message: error.to_string(),
        }
    }
}

/// The answer to an unknown table and to a wrong seat token alike.
fn no_seat() -> ApiError {
    ApiError::not_found("no such table or seat (the table may have ended)")
}

/// An engine that may sit at a table.
#[derive(Debug, Serialize)]
pub struct TableProfile {
    /// The game it plays.
    pub game: String,
    /// Its name.
    pub name: String,
    /// What it is.
    pub description: String,
}

/// The profiles of the hidden-hand games, but the cheating kind (it reads
/// every hand and cannot sit at a fair table).
async fn profiles(State(tables): State<SharedTables>) -> Result<Json<Value>, ApiError> {
    let hidden: Vec<&str> = REGISTRY
        .iter()
        .filter(|info| info.family == Family::Hidden)
        .map(|info| info.name)
        .collect();
    let mut list: Vec<TableProfile> = tables
        .app
        .catalogue
        .profiles()?
        .into_iter()
        .filter(|(p, _)| {
            hidden.contains(&p.game.as_str()) && served(p) && !p.sees_hidden_cards().unwrap_or(true)
        })
        .map(|(p, _)| TableProfile {
            game: p.game.clone(),
            name: p.name.clone(),
            description: p.description.clone(),
        })
        .collect();
    list.sort_by_key(|p| (p.name != "muzicando-rules", p.name.clone()));
    let levels: Vec<_> = hidden
        .iter()
        .filter_map(|g| level_table::ladder(g))
        .collect();
    Ok(Json(
        serde_json::json!({ "profiles": list, "levels": levels }),
    ))
}

/// `POST /api/tables`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewTable {
    /// The game (default `muzicando`).
    #[serde(default)]
    pub game: Option<String>,
    /// `team` (default) or the number of players of the individual game.
    #[serde(default)]
    pub players: Option<String>,
    /// Hands in the match (default 4).
    #[serde(default)]
    pub hands: Option<usize>,
    /// The deals' and engines' seed (default: random).
    #[serde(default)]
    pub seed: Option<u64>,
    /// Further rules options, `KEY=VALUE`.
    #[serde(default)]
    pub options: Vec<String>,
    /// Each seat: `person`, an engine profile's name, or `level-N` (the
    /// game's playing level N, 1 to 8).
    pub seats: Vec<String>,
    /// Seconds a person has for each decision, 1 to 3600 (default: no
    /// limit); then the rule-based player's choice is played for them.
    #[serde(default)]
    pub decision_seconds: Option<u64>,
}

/// A seat of a new table.
#[derive(Debug, Serialize)]
pub struct SeatLink {
    /// The seat.
    pub seat: Seat,
    /// The engine sitting there.
    pub engine: Option<String>,
    /// The person's link.
    pub link: Option<String>,
}

/// A new table.
#[derive(Debug, Serialize)]
pub struct Created {
    /// The table's id.
    pub id: String,
    /// Its seats.
    pub seats: Vec<SeatLink>,
}

async fn create(
    State(tables): State<SharedTables>,
    JsonBody(request): JsonBody<NewTable>,
) -> Result<(StatusCode, Json<Created>), ApiError> {
    let game: GameId = request
        .game
        .as_deref()
        .unwrap_or("muzicando")
        .parse()
        .map_err(|e: crate::games::UnknownGame| ApiError::bad_request(e.to_string()))?;
    let mut seats = Vec::new();
    for name in &request.seats {
        seats.push(if name == "person" {
            SeatSpec::Person
        } else if let Some(level) = name.strip_prefix("level-") {
            let level = level.parse().unwrap_or(u32::MAX);
            let profile = level_table::level_profile_name(game.name(), &[], "level", level)
                .map_err(|e| ApiError::bad_request(e.to_string()))?;
            SeatSpec::Engine(Box::new(tables.app.profile(&profile, game.name())?))
        } else {
            SeatSpec::Engine(Box::new(tables.app.profile(name, game.name())?))
        });
    }
    let decision = bounds::DECISION_SECONDS
        .check_opt("decision_seconds", request.decision_seconds)
        .map_err(|e| ApiError::bad_request(e.to_string()))?
        .map(|seconds| DecisionTimer::new(Duration::from_secs(seconds)));
    let seed = request.seed.unwrap_or_else(fresh_seed);
    let hands = request.hands.unwrap_or(4);
    let mut pairs: Vec<String> = vec![format!(
        "players={}",
        request.players.as_deref().unwrap_or("team")
    )];
    pairs.extend(request.options.iter().cloned());
    let _place = App::place(&tables.app.thinking).await?;
    let table = run_blocking(move || {
        crate::with_family!(game,
            perfect _ => Err(ApiError::bad_request(format!("{game} is not a card-table game"))),
            chance _, _ => Err(ApiError::bad_request(format!("{game} is not a card-table game"))),
            hidden H => {
                let options = <H as crate::game::Game>::Options::from_pairs(
                    pairs.iter().map(String::as_str),
                )
                .map_err(|e| ApiError::bad_request(e.to_string()))?;
                let table = SeatedTable::<H>::new(TableSetup { options, seats, hands, seed })?;
                Ok(Box::new(table) as Box<dyn AnyTable>)
            },
        )
    })
    .await?;
    let links = table.tokens();
    let engines: Vec<Option<String>> = table
        .seats()
        .iter()
        .map(|s| match s {
            SeatSpec::Engine(profile) => Some(profile.name.clone()),
            SeatSpec::Person => None,
        })
        .collect();
    if let Some(timer) = &decision {
        timer.follow(table.as_ref(), Instant::now());
    }
    let id = tables.insert(table, decision)?;
    tracing::info!(table = short(&id), %game, engines = ?engines, "table started");
    let seats = engines
        .into_iter()
        .enumerate()
        .map(|(seat, engine)| SeatLink {
            seat,
            engine,
            link: links
                .iter()
                .find(|(s, _)| *s == seat)
                .map(|(_, token)| format!("/table?table={id}&seat={token}")),
        })
        .collect();
    Ok((StatusCode::CREATED, Json(Created { id, seats })))
}

impl Tables {
    /// Stores `table` under a new random id; a table with a time per
    /// decision gets its watch ([`watch_decisions`]).
    fn insert(
        &self,
        table: Box<dyn AnyTable>,
        decision: Option<DecisionTimer>,
    ) -> Result<String, ApiError> {
        let timed = decision.is_some();
        let entry = TableEntry {
            tokens: table.tokens(),
            news: Arc::new(Mutex::new(News::of(table.as_ref()))),
            table: Mutex::new(table),
            bell: watch::Sender::new(0),
            streams: Arc::new(AtomicUsize::new(0)),
            last_used: Mutex::new(Instant::now()),
            decision: decision.map(Arc::new),
        };
        let id = self.app.tables.insert(entry).map_err(|Full| ApiError {
            status: StatusCode::SERVICE_UNAVAILABLE,
            message: "too many tables are open; try again later".into(),
        })?;
        if timed {
            if let Some(entry) = self.app.tables.get(&id) {
                watch_decisions(&self.app, &entry, id.clone());
            }
        }
        Ok(id)
    }

    /// The table `id`.
    fn get(&self, id: &str) -> Result<Arc<TableEntry>, ApiError> {
        self.app.tables.get(id).ok_or_else(no_seat)
    }
}

impl TableEntry {
    /// The seat `token` opens; a wrong token answers as an unknown table.
    fn seat_of(&self, token: &str) -> Result<Seat, ApiError> {
        self.tokens
            .iter()
            .find(|(_, t)| t == token)
            .map(|&(seat, _)| seat)
            .ok_or_else(no_seat)
    }

    /// After a change of `table`: starts the count of a person's new
    /// decision, if the table has a time per decision, and publishes the
    /// seats' news.
    fn follow(&self, table: &dyn AnyTable) {
        if let Some(timer) = &self.decision {
            timer.follow(table, Instant::now());
        }
        self.publish(table);
    }

    /// Copies the seats' news out of `table` and rings the bell.
    fn publish(&self, table: &dyn AnyTable) {
        *lock(&self.news) = News::of(table);
        self.bell.send_modify(|rung| *rung += 1);
    }

    /// Answers `read` of the news of the seat of `token`, without waiting
    /// for the table; on a table with a time per decision, the decision
    /// being timed is added to the answer (`decision`).
    fn read(
        &self,
        token: &str,
        read: impl FnOnce(&SeatNews) -> serde_json::Map<String, Value>,
    ) -> Result<Json<Value>, ApiError> {
        let seat = self.seat_of(token)?;
        let news = lock(&self.news);
        let mut map = news.seats.get(seat).map(read).ok_or_else(no_seat)?;
        if let Some(timer) = &self.decision {
            map.insert("decision".into(), timer.view(Instant::now()));
        }
        Ok(Json(Value::Object(map)))
    }
}

/// Runs `work` on table `id` with the seat of `token`, on a blocking
/// thread, through [`change`].
async fn with_seat<T, F>(
    tables: &Tables,
    id: &str,
    token: String,
    changes: bool,
    work: F,
) -> Result<T, ApiError>
where
    T: Send + 'static,
    F: FnOnce(&mut dyn AnyTable, Seat) -> Result<T, ApiError> + Send + 'static,
{
    let entry = tables.get(id)?;
    let seat = entry.seat_of(&token)?;
    let id = id.to_string();
    run_blocking(move || change(&entry, &id, changes, |table| work(table, seat))).await
}

/// The one way a table changes. The table locked, a person's time that ran
/// out is settled first (on a table with a time per decision), then `work`
/// is done, and the seats' news published if either `changes` the table;
/// then, the lock released, the engines play until a person is to move,
/// each thinking with the table unlocked, the news published after each.
fn change<T>(
    entry: &TableEntry,
    id: &str,
    changes: bool,
    work: impl FnOnce(&mut dyn AnyTable) -> Result<T, ApiError>,
) -> Result<T, ApiError> {
    let (answer, changed) = {
        let mut table = lock(&entry.table);
        let expired = match &entry.decision {
            Some(timer) => timer.expire(table.as_mut(), id, Instant::now()),
            None => Ok(false),
        };
        let answer = expired.and_then(|expired| Ok((work(table.as_mut())?, expired)));
        let changed = changes || answer.as_ref().is_ok_and(|(_, expired)| *expired);
        if changed {
            entry.follow(table.as_ref());
        }
        (answer, changed)
    };
    if changed {
        run_engines_unlocked(&entry.table, |table| entry.follow(table));
    }
    answer.map(|(answer, _)| answer)
}

/// A table's address without a seat: the same answer whether the table
/// exists or not.
async fn no_token() -> ApiError {
    no_seat()
}

/// The match around a seat's view or events.
fn match_fields(table: &dyn AnyTable, seat: Seat) -> serde_json::Map<String, Value> {
    let (hand, hands) = table.hand();
    let mut map = serde_json::Map::new();
    map.insert("seat".into(), seat.into());
    map.insert("hand".into(), hand.into());
    map.insert("hands".into(), hands.into());
    map.insert("totals".into(), table.totals().into());
    map.insert("over".into(), table.is_over().into());
    if table.is_over() {
        map.insert("seed".into(), table.seed().into());
    }
    map
}

async fn seat_view(
    State(tables): State<SharedTables>,
    PathArgs((id, token)): PathArgs<(String, String)>,
) -> Result<Json<Value>, ApiError> {
    tables.get(&id)?.read(&token, |news| {
        let mut map = news.fields.clone();
        map.insert("view".into(), news.view.clone());
        map
    })
}

/// `?from=N`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EventsQuery {
    /// The first event wanted.
    #[serde(default)]
    pub from: usize,
}

async fn events(
    State(tables): State<SharedTables>,
    PathArgs((id, token)): PathArgs<(String, String)>,
    QueryArgs(query): QueryArgs<EventsQuery>,
) -> Result<Json<Value>, ApiError> {
    tables
        .get(&id)?
        .read(&token, |news| news.events_from(query.from))
}

/// Counts a table's open streams: one less when dropped.
struct StreamTicket(Arc<AtomicUsize>);

impl Drop for StreamTicket {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// The seat's events pushed as they happen: a `news` message (the
/// `events` answer) now and after each change of the table, until the
/// match is over, the reader goes or the table is gone. A reader that
/// falls behind holds at most [`STREAM_BUFFER`] messages.
async fn stream(
    State(tables): State<SharedTables>,
    PathArgs((id, token)): PathArgs<(String, String)>,
    QueryArgs(query): QueryArgs<EventsQuery>,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, ApiError> {
    let entry = tables.get(&id)?;
    let seat = entry.seat_of(&token)?;
    if entry.streams.fetch_add(1, Ordering::SeqCst) >= MAX_STREAMS {
        entry.streams.fetch_sub(1, Ordering::SeqCst);
        return Err(ApiError {
            status: StatusCode::TOO_MANY_REQUESTS,
            message: format!("at most {MAX_STREAMS} streams may follow one table"),
        });
    }
    let ticket = StreamTicket(Arc::clone(&entry.streams));
    let news = Arc::clone(&entry.news);
    let timer = entry.decision.clone();
    let mut bell = entry.bell.subscribe();
    drop(entry);
    let (sender, receiver) = mpsc::channel(STREAM_BUFFER);
    tokio::spawn(async move {
        let _ticket = ticket;
        let mut from = query.from;
        loop {
            bell.mark_unchanged();
            let (message, over) = {
                let news = lock(&news);
                let Some(mine) = news.seats.get(seat) else {
                    return;
                };
                let over = mine.fields.get("over") == Some(&Value::Bool(true));
                let mut message = mine.events_from(from);
                if let Some(timer) = &timer {
                    message.insert("decision".into(), timer.view(Instant::now()));
                }
                from = mine.next();
                (Value::Object(message), over)
            };
            let event = Event::default().event("news").data(message.to_string());
            if sender.send(Ok(event)).await.is_err() || over {
                return;
            }
            tokio::select! {
                () = sender.closed() => return,
                rung = bell.changed() => if rung.is_err() { return },
            }
        }
    });
    Ok(Sse::new(ReceiverStream::new(receiver)).keep_alive(KeepAlive::default()))
}

/// Plays a person's default action when their time per decision runs out,
/// without waiting for any request: sleeps until the decision's deadline
/// or the table's next change, whichever comes first, and ends with the
/// table (holding it only while it acts, so the idle sweep can drop it).
fn watch_decisions(app: &Shared, entry: &Arc<TableEntry>, id: String) {
    let weak = Arc::downgrade(entry);
    let thinking = Arc::clone(&app.thinking);
    let mut bell = entry.bell.subscribe();
    tokio::spawn(async move {
        loop {
            bell.mark_unchanged();
            let deadline = match weak.upgrade() {
                Some(entry) => entry.decision.as_ref().and_then(|timer| timer.deadline()),
                None => return,
            };
            let due = async {
                match deadline {
                    Some(at) => tokio::time::sleep_until(at.into()).await,
                    None => std::future::pending().await,
                }
            };
            tokio::select! {
                () = due => {}
                rung = bell.changed() => {
                    if rung.is_err() {
                        return;
                    }
                    continue;
                }
            }
            let Ok(_place) = App::place(&thinking).await else {
                continue;
            };
            let Some(entry) = weak.upgrade() else {
                return;
            };
            let table_id = id.clone();
            let settled = run_blocking(move || change(&entry, &table_id, false, |_| Ok(()))).await;
            if let Err(error) = settled {
                tracing::warn!(table = short(&id), %error.message, "a default action failed");
                return;
            }
        }
    });
}

/// `{"action": "…"}`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayRequest {
    /// The call or play in the game's notation.
    pub action: String,
}

async fn play(
    State(tables): State<SharedTables>,
    PathArgs((id, token)): PathArgs<(String, String)>,
    JsonBody(request): JsonBody<PlayRequest>,
) -> Result<Json<Value>, ApiError> {
    let _place = App::place(&tables.app.thinking).await?;
    let seat = with_seat(&tables, &id, token, true, move |table, seat| {
        table.play(seat, &request.action)?;
        Ok(seat)
    })
    .await?;
    let entry = tables.get(&id)?;
    let news = lock(&entry.news);
    let mine = news.seats.get(seat).ok_or_else(no_seat)?;
    let mut map = mine.fields.clone();
    map.insert("next".into(), mine.next().into());
    Ok(Json(Value::Object(map)))
}

async fn hint(
    State(tables): State<SharedTables>,
    PathArgs((id, token)): PathArgs<(String, String)>,
) -> Result<Json<Value>, ApiError> {
    let _place = App::place(&tables.app.thinking).await?;
    with_seat(&tables, &id, token, false, |table, seat| {
        let lines = table.hint(seat, HINT_PLAYOUTS, HINT_WORLDS)?;
        Ok(Json(serde_json::json!({ "lines": lines })))
    })
    .await
}

/// `POST /api/tables/analyse`: a position to analyse.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AnalyseRequest {
    /// The game (default `muzicando`).
    #[serde(default)]
    pub game: Option<String>,
    /// The position, in the game's notation (`seed:7 -`).
    pub position: String,
    /// Rules options, `KEY=VALUE`.
    #[serde(default)]
    pub options: Vec<String>,
    /// The seat whose decision it is (checked; default: the seat to move).
    #[serde(default)]
    pub seat: Option<Seat>,
    /// ISMCTS playouts (default 2000, at most 50000).
    #[serde(default)]
    pub playouts: Option<u64>,
}

/// The ranking of the legal actions of the seat to move in a pasted
/// position, seen from that seat's observation only.
async fn analyse(
    State(tables): State<SharedTables>,
    JsonBody(request): JsonBody<AnalyseRequest>,
) -> Result<Json<Value>, ApiError> {
    let game: GameId = request
        .game
        .as_deref()
        .unwrap_or("muzicando")
        .parse()
        .map_err(|e: crate::games::UnknownGame| ApiError::bad_request(e.to_string()))?;
    let playouts = request.playouts.unwrap_or(HINT_PLAYOUTS);
    if !(1..=MAX_PLAYOUTS).contains(&playouts) {
        return Err(ApiError::bad_request(format!(
            "playouts must be 1 to {MAX_PLAYOUTS}, not {playouts}"
        )));
    }
    let _place = App::place(&tables.app.analysing).await?;
    run_blocking(move || {
        crate::with_family!(game,
            perfect _ => Err(ApiError::bad_request(format!("{game} is not a card-table game"))),
            chance _, _ => Err(ApiError::bad_request(format!("{game} is not a card-table game"))),
            hidden H => {
                let options = <H as crate::game::Game>::Options::from_pairs(
                    request.options.iter().map(String::as_str),
                )
                .map_err(|e| ApiError::bad_request(e.to_string()))?;
                let state = H::parse_position(&request.position, &options)
                    .map_err(|e| ApiError::bad_request(format!("bad {game} position: {e}")))?;
                let Turn::Player(seat) = crate::game::Game::turn(&state) else {
                    return Err(ApiError::bad_request("no player has a decision in this position"));
                };
                if request.seat.is_some_and(|asked| asked != seat) {
                    return Err(ApiError::bad_request(format!(
                        "seat {} has no decision in this position: seat {seat} is to move",
                        request.seat.unwrap_or(seat)
                    )));
                }
                let observation = crate::game::HiddenInfo::observation(&state, seat);
                drop(state);
                let lines = rank_actions::<H>(&observation, playouts, HINT_WORLDS)?;
                Ok(Json(serde_json::json!({ "seat": seat, "lines": lines })))
            },
        )
    })
    .await
}
