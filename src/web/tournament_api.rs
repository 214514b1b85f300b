//! The live tournament page's API: tournaments followed from their results
//! folders (those given to `serve --results DIR…` on the command line, and
//! those started from the page), each pushed to the page as server-sent
//! events while games end — the report, each shard's progress, the SPRT's
//! course, the last games and the games being played, drawn on their
//! boards.
//!
//! A person starts a tournament by sending its file's text (one of the
//! server's own shipped files, or one of their own): it may name only the
//! server's built-in engine profiles and no file (no `engine_dir`, no
//! openings file, no external program), plays at most [`MAX_GAMES`] games,
//! and one such tournament runs at a time. Its folder is the server's own,
//! `tauler-serve-PID-N/` under the temporary directory, and stays there
//! after the server stops; nothing a client sends names a path.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, SystemTime};

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::IntoResponse;
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use tokio::sync::mpsc;
use tokio_stream::wrappers::ReceiverStream;

use crate::engine::{Catalogue, SearcherKind};
use crate::game::GameOptions;
use crate::games::GameId;
use crate::tournament::follow::{follow, game_line, Following};
use crate::tournament::live::LiveGame;
use crate::tournament::plan::schedule;
use crate::tournament::store::GAMES;
use crate::tournament::{merge, RunOptions, TournamentConfig};

use super::app::Shared;
use super::error::{ApiError, JsonBody, PathArgs};
use super::picture::{Picture, Pictured};

/// The most games a tournament started from the page may schedule.
pub const MAX_GAMES: usize = 1000;

/// The largest tournament file accepted from the page.
const MAX_FILE_BYTES: usize = 16 * 1024;

/// How often a followed tournament's files are looked at.
const LOOK_EVERY: Duration = Duration::from_millis(400);

/// The most pages following tournaments at once.
const MAX_FOLLOWERS: usize = 32;

/// The tournament files shipped with tauler that the page offers.
const SHIPPED: &[(&str, &str)] = &[
    (
        "cescacs-gauntlet",
        include_str!("../../tournaments/cescacs-gauntlet.toml"),
    ),
    (
        "camelot-gauntlet",
        include_str!("../../tournaments/camelot-gauntlet.toml"),
    ),
    (
        "cardchess-gauntlet",
        include_str!("../../tournaments/cardchess-gauntlet.toml"),
    ),
    (
        "muzicando-gauntlet",
        include_str!("../../tournaments/muzicando-gauntlet.toml"),
    ),
];

/// The opening suites shipped with tauler, which the shipped tournament
/// files name as `../openings/NAME` (beside the `tournaments/` folder).
const SUITES: &[(&str, &str)] = &[
    ("cescacs.txt", include_str!("../../openings/cescacs.txt")),
    ("camelot.txt", include_str!("../../openings/camelot.txt")),
    (
        "cardchess.txt",
        include_str!("../../openings/cardchess.txt"),
    ),
];

/// `path` with `.` and `..` resolved by its words alone.
fn lexical(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            std::path::Component::CurDir => {}
            std::path::Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

/// The shipped suite an `[openings] file` of a tournament started in
/// `folder` names, if it names one the way the shipped files do
/// (`../openings/NAME`, the server's own copy of the suites beside the
/// tournaments' folders).
fn shipped_suite(file: &Path, work: &Path) -> Option<(&'static str, &'static str)> {
    SUITES
        .iter()
        .copied()
        .find(|(name, _)| lexical(file) == lexical(&work.join("openings").join(name)))
}

/// A tournament this server plays: its stop flag, whether it is over, and
/// why it ended early if it failed.
struct Run {
    stop: Arc<AtomicBool>,
    over: Arc<AtomicBool>,
    failure: Arc<Mutex<Option<String>>>,
}

/// One tournament the server follows.
pub struct Followed {
    /// Its id in the API.
    pub id: String,
    /// Its name (the tournament file's).
    pub name: String,
    /// Its game.
    pub game: String,
    /// Its results folders (one, or its shards').
    pub dirs: Vec<PathBuf>,
    /// Set when this server plays it.
    running: Option<Run>,
}

impl Followed {
    /// Whether this server is still playing it.
    fn is_running(&self) -> bool {
        self.running
            .as_ref()
            .is_some_and(|run| !run.over.load(Ordering::SeqCst))
    }
}

/// The tournaments the server follows.
pub struct Tournaments {
    list: Mutex<Vec<Arc<Followed>>>,
    /// Where tournaments started from the page keep their folders.
    work: PathBuf,
    next: AtomicUsize,
    followers: Arc<AtomicUsize>,
    /// Held while a tournament from the page starts: one at a time.
    starting: tokio::sync::Mutex<()>,
}

/// Why a results folder given on the command line cannot be followed.
#[derive(Debug, thiserror::Error)]
#[error("--results {dir}: {message}")]
pub struct ResultsError {
    dir: String,
    message: String,
}

impl Tournaments {
    /// The results folders `dirs` given on the command line, grouped into
    /// tournaments (folders that merge together are one tournament's
    /// shards); each must be a results folder.
    pub fn new(dirs: &[PathBuf]) -> Result<Self, ResultsError> {
        // Each group: its folders, and its tournament's name and game.
        let mut groups: Vec<(Vec<PathBuf>, String, String)> = Vec::new();
        for dir in dirs {
            let report = merge(std::slice::from_ref(dir))
                .map_err(|e| ResultsError {
                    dir: dir.display().to_string(),
                    message: format!("{e:#}"),
                })?
                .report;
            let belongs = |group: &Vec<PathBuf>| {
                let mut with = group.clone();
                with.push(dir.clone());
                merge(&with).is_ok()
            };
            match groups.iter_mut().find(|(group, _, _)| belongs(group)) {
                Some((group, _, _)) => group.push(dir.clone()),
                None => groups.push((vec![dir.clone()], report.name, report.game)),
            }
        }
        // Each server its own folder, even two servers in one process.
        static SERVERS: AtomicUsize = AtomicUsize::new(0);
        let server = SERVERS.fetch_add(1, Ordering::SeqCst);
        let tournaments = Self {
            list: Mutex::new(Vec::new()),
            work: std::env::temp_dir()
                .join(format!("tauler-serve-{}-{server}", std::process::id())),
            next: AtomicUsize::new(1),
            followers: Arc::new(AtomicUsize::new(0)),
            starting: tokio::sync::Mutex::new(()),
        };
        for (dirs, name, game) in groups {
            tournaments.add(name, game, dirs, None);
        }
        Ok(tournaments)
    }

    fn add(&self, name: String, game: String, dirs: Vec<PathBuf>, running: Option<Run>) -> String {
        let id = format!("t{}", self.next.fetch_add(1, Ordering::SeqCst));
        let followed = Arc::new(Followed {
            id: id.clone(),
            name,
            game,
            dirs,
            running,
        });
        self.list
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(followed);
        id
    }

    fn get(&self, id: &str) -> Result<Arc<Followed>, ApiError> {
        self.list
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .iter()
            .find(|t| t.id == id)
            .cloned()
            .ok_or_else(|| ApiError::not_found(format!("no tournament `{id}`")))
    }

    fn all(&self) -> Vec<Arc<Followed>> {
        self.list
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }
}

/// The routes.
pub fn routes(app: Shared) -> Router {
    Router::new()
        .route("/api/tournaments", get(list).post(start))
        .route("/api/tournaments/{id}", get(state))
        .route("/api/tournaments/{id}/events", get(events))
        .route("/api/tournaments/{id}/stop", post(stop))
        .route("/api/tournaments/{id}/games/{index}", get(game))
        .with_state(app)
}

#[derive(Serialize)]
struct Entry {
    id: String,
    name: String,
    game: String,
    folders: usize,
    running: bool,
}

#[derive(Serialize)]
struct ShippedFile {
    name: &'static str,
    text: &'static str,
}

async fn list(State(app): State<Shared>) -> Json<Value> {
    let tournaments: Vec<Entry> = app
        .tournaments
        .all()
        .iter()
        .map(|t| Entry {
            id: t.id.clone(),
            name: t.name.clone(),
            game: t.game.clone(),
            folders: t.dirs.len(),
            running: t.is_running(),
        })
        .collect();
    let shipped: Vec<ShippedFile> = SHIPPED
        .iter()
        .map(|&(name, text)| ShippedFile { name, text })
        .collect();
    Json(json!({ "tournaments": tournaments, "shipped": shipped }))
}

/// A tournament to start: its file's text and a name.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct StartRequest {
    /// The tournament file's text.
    text: String,
    /// Its name (letters, digits, `-` and `_`; default `tournament`).
    #[serde(default)]
    name: Option<String>,
}

/// Checks a tournament file sent by a person: only the server's built-in
/// fair profiles, no file, no external program, a bounded schedule.
fn check_request(
    request: &StartRequest,
    folder: &Path,
    work: &Path,
) -> Result<TournamentConfig, ApiError> {
    if request.text.len() > MAX_FILE_BYTES {
        return Err(ApiError::bad_request(format!(
            "the tournament file is over {} KiB",
            MAX_FILE_BYTES / 1024
        )));
    }
    let name = request.name.as_deref().unwrap_or("tournament");
    if name.is_empty()
        || name.len() > 64
        || !name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
    {
        return Err(ApiError::bad_request(
            "a tournament's name is 1 to 64 letters, digits, `-` or `_`",
        ));
    }
    let config = TournamentConfig::parse(name, &request.text, folder)
        .map_err(|e| ApiError::bad_request(e.to_string()))?;
    let refuse = |what: &str| {
        Err(ApiError::bad_request(format!(
            "{what} cannot be used from the page: it names a file on the server"
        )))
    };
    if config.engine_dir.is_some() {
        return refuse("`engine_dir`");
    }
    if let Some(file) = &config.openings.file {
        if shipped_suite(file, work).is_none() {
            return refuse(
                "an `[openings] file` other than a shipped suite (`../openings/cescacs.txt`, …)",
            );
        }
    }
    if !config.faults.is_empty() {
        return Err(ApiError::bad_request(
            "`[faults]` (a test aid) cannot be used from the page",
        ));
    }
    if config.allow_cheating {
        return Err(ApiError::bad_request(
            "`allow_cheating` cannot be used from the page",
        ));
    }
    let built_in = Catalogue::built_in();
    for engine in &config.engines {
        let profile = built_in.get(engine).map_err(|_| {
            ApiError::bad_request(format!(
                "`{engine}` is not one of the server's built-in engine profiles"
            ))
        })?;
        if profile.searcher == SearcherKind::External {
            return Err(ApiError::bad_request(format!(
                "`{engine}` runs another program, which the page cannot start"
            )));
        }
    }
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    if config.concurrency > cores {
        return Err(ApiError::bad_request(format!(
            "concurrency {} is more than this server's {cores} cores",
            config.concurrency
        )));
    }
    let games = schedule(&config).len();
    if games > MAX_GAMES {
        return Err(ApiError::bad_request(format!(
            "{games} games scheduled: the page starts tournaments of at most {MAX_GAMES}"
        )));
    }
    Ok(config)
}

/// The MiB of transposition tables a tournament holds at once: each of its
/// concurrent games seats two engines, counted at the largest table.
fn tables_mb(config: &TournamentConfig) -> usize {
    let built_in = Catalogue::built_in();
    let largest = config
        .engines
        .iter()
        .filter_map(|name| built_in.get(name).ok())
        .filter(|profile| profile.searcher == SearcherKind::AlphaBeta)
        .filter_map(|profile| profile.search_config().ok().map(|c| c.hash_mb))
        .max()
        .unwrap_or(0);
    config.concurrency * 2 * largest
}

async fn start(
    State(app): State<Shared>,
    JsonBody(request): JsonBody<StartRequest>,
) -> Result<impl IntoResponse, ApiError> {
    let tournaments = &app.tournaments;
    let _starting = tournaments.starting.lock().await;
    let number = tournaments.next.load(Ordering::SeqCst);
    let folder = tournaments.work.join(format!("t{number}"));
    let config = check_request(&request, &folder, &tournaments.work)?;
    if tournaments.all().iter().any(|t| t.is_running()) {
        return Err(ApiError {
            status: StatusCode::CONFLICT,
            message: "a tournament started from the page is running; stop it or wait for its end"
                .into(),
        });
    }
    // The engines' tables of the games played at once, counted against the
    // server's memory budget for the whole run.
    let reservation = app
        .memory
        .reserve(tables_mb(&config))
        .ok_or_else(|| ApiError {
            status: StatusCode::SERVICE_UNAVAILABLE,
            message: format!(
                "the server's memory budget cannot hold this tournament's engines now \
                 ({} MiB of tables at once); try later, or lower its concurrency",
                tables_mb(&config)
            ),
        })?;
    let file = folder.join(format!("{}.toml", config.name));
    let results = folder.join("results");
    let suite = config
        .openings
        .file
        .as_deref()
        .and_then(|path| shipped_suite(path, &tournaments.work));
    std::fs::create_dir_all(&folder)
        .and_then(|()| std::fs::write(&file, &request.text))
        .and_then(|()| match suite {
            Some((name, text)) => {
                let suites = tournaments.work.join("openings");
                std::fs::create_dir_all(&suites)?;
                std::fs::write(suites.join(name), text)
            }
            None => Ok(()),
        })
        .map_err(|e| ApiError::internal(format!("cannot prepare the tournament's folder: {e}")))?;
    let stop = Arc::new(AtomicBool::new(false));
    let over = Arc::new(AtomicBool::new(false));
    let options = RunOptions {
        out_dir: Some(results.clone()),
        stop: Some(Arc::clone(&stop)),
        ..RunOptions::default()
    };
    let failure: Arc<Mutex<Option<String>>> = Arc::default();
    let finished = Arc::clone(&over);
    let failed = Arc::clone(&failure);
    std::thread::Builder::new()
        .name(format!("tournament-{}", config.name))
        .spawn(move || {
            let _held = reservation;
            if let Err(error) = crate::tournament::run(&file, &options) {
                *failed.lock().unwrap_or_else(PoisonError::into_inner) = Some(format!("{error:#}"));
            }
            finished.store(true, Ordering::SeqCst);
        })
        .map_err(|e| ApiError::internal(format!("cannot start the tournament: {e}")))?;
    // The run creates its records' file once it has checked the tournament
    // and its engines: wait for it (or the run's error), so that the page
    // follows from the first game.
    let records = results.join(GAMES);
    for _ in 0..600 {
        if over.load(Ordering::SeqCst) {
            if let Some(message) = failure
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .take()
            {
                return Err(ApiError::bad_request(message));
            }
        }
        if records.exists() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let id = tournaments.add(
        config.name.clone(),
        config.game.clone(),
        vec![results],
        Some(Run {
            stop,
            over,
            failure,
        }),
    );
    Ok((StatusCode::CREATED, Json(json!({ "id": id }))))
}

async fn stop(
    State(app): State<Shared>,
    PathArgs(id): PathArgs<String>,
) -> Result<StatusCode, ApiError> {
    let followed = app.tournaments.get(&id)?;
    let Some(Run { stop, .. }) = &followed.running else {
        return Err(ApiError {
            status: StatusCode::CONFLICT,
            message: "this tournament is not played by this server".into(),
        });
    };
    stop.store(true, Ordering::SeqCst);
    Ok(StatusCode::NO_CONTENT)
}

async fn game(
    State(app): State<Shared>,
    PathArgs((id, index)): PathArgs<(String, usize)>,
) -> Result<Json<Value>, ApiError> {
    let followed = app.tournaments.get(&id)?;
    let line =
        tokio::task::spawn_blocking(move || read_folders(|| game_line(&followed.dirs, index)))
            .await
            .map_err(|e| ApiError::internal(e.to_string()))?
            .map_err(|e| ApiError::internal(format!("{e:#}")))?;
    line.map(|text| Json(json!({ "text": text })))
        .ok_or_else(|| ApiError::not_found(format!("game {index} is not recorded (yet)")))
}

/// Reads results folders on a thread of its own. The server's own threads
/// refuse every read of a named file (`user_files`), since nothing a client
/// sends may name one; the folders read here were named by the person who
/// started the server (`--results`) or made by the server itself, never
/// by a client.
fn read_folders<T: Send>(read: impl FnOnce() -> T + Send) -> T {
    std::thread::scope(|scope| scope.spawn(read).join())
        .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
}

/// A live game drawn: its picture and the cells of its last action.
#[derive(Serialize)]
struct LiveBoard {
    index: usize,
    engines: Vec<String>,
    plies: usize,
    picture: Picture,
    last: Vec<String>,
}

/// The position of a live game, replayed from its start in the game `G`.
fn live_board<G: Pictured>(game: &LiveGame, options: &G::Options) -> Option<LiveBoard> {
    let mut state = G::parse_position(&game.start, options).ok()?;
    let mut last = Vec::new();
    for text in game.opening.iter().chain(&game.actions) {
        let action = state.parse_action(text).ok()?;
        last = state.action_cells(action);
        state.apply(action);
    }
    Some(LiveBoard {
        index: game.index,
        engines: game.engines.clone(),
        plies: game.opening.len() + game.actions.len(),
        picture: state.picture(),
        last,
    })
}

/// The page's view of a followed tournament: what [`follow`] reads, the
/// live games drawn, and whether this server still plays it.
fn view(followed: &Followed) -> Result<Value, String> {
    let following: Following =
        read_folders(|| follow(&followed.dirs)).map_err(|e| format!("{e:#}"))?;
    let boards = boards(&followed.game, &following);
    let mut value = serde_json::to_value(&following).map_err(|e| e.to_string())?;
    value["boards"] = serde_json::to_value(boards).map_err(|e| e.to_string())?;
    value["running"] = Value::Bool(followed.is_running());
    if let Some(run) = &followed.running {
        let failure = run.failure.lock().unwrap_or_else(PoisonError::into_inner);
        value["failure"] = json!(*failure);
    }
    value["id"] = Value::String(followed.id.clone());
    Ok(value)
}

fn boards(game: &str, following: &Following) -> Vec<LiveBoard> {
    let Ok(game) = game.parse::<GameId>() else {
        return Vec::new();
    };
    fn draw<G: Pictured>(following: &Following) -> Vec<LiveBoard> {
        let Ok(options) = G::Options::from_pairs(following.options.iter().map(String::as_str))
        else {
            return Vec::new();
        };
        following
            .live
            .iter()
            .filter_map(|g| live_board::<G>(g, &options))
            .collect()
    }
    crate::with_family!(game,
        perfect G => draw::<G>(following),
        chance G, _ => draw::<G>(following),
        hidden _ => Vec::new(),
    )
}

async fn state(
    State(app): State<Shared>,
    PathArgs(id): PathArgs<String>,
) -> Result<Json<Value>, ApiError> {
    let followed = app.tournaments.get(&id)?;
    tokio::task::spawn_blocking(move || view(&followed))
        .await
        .map_err(|e| ApiError::internal(e.to_string()))?
        .map(Json)
        .map_err(ApiError::internal)
}

/// What changes when a run records a game or a move: the records' and the
/// live games' files, by size and time.
fn fingerprint(dirs: &[PathBuf]) -> Vec<(u64, Option<SystemTime>)> {
    dirs.iter()
        .flat_map(|dir| [dir.join(GAMES), dir.join(crate::tournament::live::LIVE)])
        .map(|file| std::fs::metadata(&file).map_or((0, None), |m| (m.len(), m.modified().ok())))
        .collect()
}

/// Counts a follower while it lives.
struct FollowerSlot(Arc<AtomicUsize>);

impl Drop for FollowerSlot {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

async fn events(
    State(app): State<Shared>,
    PathArgs(id): PathArgs<String>,
) -> Result<impl IntoResponse, ApiError> {
    let followed = app.tournaments.get(&id)?;
    let followers = Arc::clone(&app.tournaments.followers);
    if followers.fetch_add(1, Ordering::SeqCst) >= MAX_FOLLOWERS {
        followers.fetch_sub(1, Ordering::SeqCst);
        return Err(ApiError {
            status: StatusCode::SERVICE_UNAVAILABLE,
            message: format!("{MAX_FOLLOWERS} pages follow tournaments already; try again later"),
        });
    }
    let slot = FollowerSlot(followers);
    let (sender, receiver) = mpsc::channel::<Result<Event, std::convert::Infallible>>(4);
    tokio::spawn(async move {
        let _slot = slot;
        let mut seen = (true, Vec::new());
        let mut every = tokio::time::interval(LOOK_EVERY);
        loop {
            every.tick().await;
            if sender.is_closed() {
                return;
            }
            // A change of the files, or the run's end, is news.
            let now = (followed.is_running(), fingerprint(&followed.dirs));
            if now == seen {
                continue;
            }
            seen = now;
            let shown = Arc::clone(&followed);
            let Ok(view) = tokio::task::spawn_blocking(move || view(&shown)).await else {
                return;
            };
            let (event, over) = match view {
                Ok(value) => {
                    // Over: a run of this server's has ended (finished or
                    // stopped), or a folder's tournament is complete.
                    let running = value["running"].as_bool().unwrap_or(false);
                    let complete = value["complete"].as_bool().unwrap_or(false);
                    let over = !running && (followed.running.is_some() || complete);
                    (
                        Event::default().event("state").data(value.to_string()),
                        over,
                    )
                }
                Err(message) => (
                    Event::default()
                        .event("failure")
                        .data(json!({ "error": message }).to_string()),
                    false,
                ),
            };
            if sender.send(Ok(event)).await.is_err() {
                return;
            }
            if over {
                let _ = sender
                    .send(Ok(Event::default().event("done").data("{}")))
                    .await;
                return;
            }
        }
    });
    Ok(Sse::new(ReceiverStream::new(receiver)).keep_alive(KeepAlive::default()))
}
