//! `GET /api/analysis`: an engine thinks about a position live, its lines
//! streamed as server-sent events (`line`, `chance`, then `done` or
//! `failure`). The search runs on a blocking thread; when the page goes
//! away (or stops) the stream is dropped and the search's stop flag set.

use std::pin::Pin;
use std::sync::atomic::Ordering;
use std::task::{Context, Poll};
use std::time::Duration;

use axum::extract::State;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use serde::Deserialize;
use serde_json::{json, Value};
use tokio::sync::{mpsc, OwnedSemaphorePermit};
use tokio_stream::wrappers::ReceiverStream;
use tokio_stream::Stream;

use crate::bounds;
use crate::engine::analysis::{
    analyse_chance, analyse_perfect, AnalysisEvent, AnalysisLine, ChanceValues, Evaluation,
};
use crate::engine::{EngineProfile, LimitSpec, Stop};
use crate::game::{GameOptions, Seat, Turn};
use crate::games::GameId;

use super::app::{App, Shared};
use super::error::{ApiError, QueryArgs};
use super::memory::Reservation;
use super::picture::Pictured;

/// The route.
pub fn routes(app: Shared) -> Router {
    Router::new()
        .route("/api/analysis", get(analysis))
        .with_state(app)
}

/// What to analyse.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AnalysisRequest {
    /// The game.
    pub game: String,
    /// The position string (default: the initial position).
    #[serde(default)]
    pub position: Option<String>,
    /// Rules options, `KEY=VALUE` separated by commas.
    #[serde(default)]
    pub options: Option<String>,
    /// Lines to show (alpha-beta games), 1 to 256 (default 1).
    #[serde(default)]
    pub multipv: Option<usize>,
    /// Seconds before the analysis stops by itself, 1 to 3600 (default 30).
    #[serde(default)]
    pub seconds: Option<u64>,
    /// The engine profile (default: the game's analysis profile).
    #[serde(default)]
    pub engine: Option<String>,
}

/// A stream that sets the analysis's stop flag when the page lets go of it.
pub struct StopOnDrop {
    events: ReceiverStream<Event>,
    stop: Stop,
}

impl StopOnDrop {
    /// The events of `receiver`; `stop` is set when the stream is dropped.
    pub fn new(receiver: mpsc::Receiver<Event>, stop: Stop) -> Self {
        Self {
            events: ReceiverStream::new(receiver),
            stop,
        }
    }
}

impl Stream for StopOnDrop {
    type Item = Result<Event, std::convert::Infallible>;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        Pin::new(&mut self.events).poll_next(cx).map(|e| e.map(Ok))
    }
}

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// A server-sent event named `name` carrying `data`.
pub fn event(name: &str, data: &Value) -> Event {
    Event::default().event(name).data(data.to_string())
}

/// The score as the page shows it, with the value for the evaluation bar
/// from White's (seat 0's) view.
fn score(evaluation: Evaluation, mover: Seat) -> Value {
    let sign = if mover == 0 { 1.0 } else { -1.0 };
    match evaluation {
        Evaluation::Units(units) => json!({
            "text": format!("{:+.2}", units / 100.0),
            "white": sign * units,
        }),
        Evaluation::Mate(moves) => json!({
            "text": format!("mate {moves}"),
            "white": sign * f64::from(moves.signum()) * 100_000.0,
        }),
    }
}

/// The most plies of a line the page can step through on the board.
const PREVIEW_PLIES: usize = 12;

/// The board after each of the first plies of `pv` from `root`, with the
/// cells of the move that led there, so the page can step through a line
/// without asking again; stops at a ply it cannot read.
fn line_steps<G: Pictured>(root: &G, pv: &[String]) -> Vec<Value> {
    let mut state = root.clone();
    let mut steps = Vec::new();
    for text in pv.iter().take(PREVIEW_PLIES) {
        let Ok(action) = state.parse_action(text) else {
            break;
        };
        let cells = state.action_cells(action);
        state.apply(action);
        steps.push(json!({ "picture": state.picture(), "cells": cells }));
    }
    steps
}

fn line_event<G: Pictured>(root: &G, mover: Seat, line: &AnalysisLine) -> Event {
    let cells = line
        .pv
        .first()
        .and_then(|text| root.parse_action(text).ok())
        .map(|action| root.action_cells(action))
        .unwrap_or_default();
    event(
        "line",
        &json!({
            "depth": line.depth,
            "multipv": line.multipv,
            "score": score(line.evaluation, mover),
            "nodes": line.nodes,
            "nps": line.nps,
            "time_ms": line.time_ms,
            "pv": line.pv,
            "cells": cells,
            "steps": line_steps(root, &line.pv),
        }),
    )
}

fn chance_event(values: &ChanceValues) -> Event {
    event(
        "chance",
        &json!({
            "depth": values.depth,
            "best_sure": values.best_sure.as_ref().map(|(action, value)| json!({"action": action, "value": value})),
            "gambles": values.gambles.iter().map(|gamble| json!({
                "action": gamble.action,
                "expected": gamble.expected,
                "outcomes": gamble.outcomes.iter().map(|(outcome, p, value)| json!({
                    "outcome": outcome, "probability": p, "value": value,
                })).collect::<Vec<_>>(),
            })).collect::<Vec<_>>(),
        }),
    )
}

/// How the analysis of a `G` runs: alpha-beta or expectimax.
pub type Search<G> = fn(
    &G,
    &EngineProfile,
    usize,
    &LimitSpec,
    &Stop,
    &mut dyn FnMut(AnalysisEvent),
) -> Result<String, crate::engine::analysis::AnalysisError>;

/// Reads the position and starts the search on a blocking thread, which
/// holds `memory` of the budget and its `place` to think until it ends; the events come through
/// the returned stream.
fn start<G: Pictured>(
    request: &AnalysisRequest,
    profile: EngineProfile,
    memory: Option<Reservation>,
    place: OwnedSemaphorePermit,
    limits: LimitSpec,
    multipv: usize,
    search: Search<G>,
) -> Result<StopOnDrop, ApiError> {
    let options = G::Options::from_pairs(
        request
            .options
            .as_deref()
            .unwrap_or("")
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty()),
    )
    .map_err(|e| ApiError::bad_request(e.to_string()))?;
    let root = match &request.position {
        Some(text) => G::parse_position(text, &options)
            .map_err(|e| ApiError::bad_request(format!("bad {} position: {e}", G::NAME)))?,
        None => G::new(&options),
    };
    let Turn::Player(mover) = root.turn() else {
        return Err(ApiError::bad_request("no one is to move in this position"));
    };
    let (sender, receiver) = mpsc::channel(64);
    let stop = Stop::default();
    let thinking = Stop::clone(&stop);
    let engine = profile.name.clone();
    tracing::info!(game = G::NAME, %engine, "analysis started");
    tokio::task::spawn_blocking(move || {
        let mut report = |happened: AnalysisEvent| {
            let sent = match &happened {
                AnalysisEvent::Line(line) => line_event(&root, mover, line),
                AnalysisEvent::Chance(values) => chance_event(values),
            };
            if sender.blocking_send(sent).is_err() {
                thinking.store(true, Ordering::Relaxed);
            }
        };
        let last = match search(&root, &profile, multipv, &limits, &thinking, &mut report) {
            Ok(best) => {
                let cells = root
                    .parse_action(&best)
                    .map(|action| root.action_cells(action))
                    .unwrap_or_default();
                event("done", &json!({ "best": best, "cells": cells }))
            }
            Err(error) => {
                tracing::warn!(game = G::NAME, %engine, %error, "analysis failed");
                event("failure", &json!({ "error": error.to_string() }))
            }
        };
        tracing::info!(game = G::NAME, %engine, "analysis ended");
        drop((memory, place));
        let _ = sender.blocking_send(last);
    });
    Ok(StopOnDrop::new(receiver, stop))
}

async fn analysis(
    State(app): State<Shared>,
    QueryArgs(request): QueryArgs<AnalysisRequest>,
) -> Result<Response, ApiError> {
    let game: GameId = request
        .game
        .parse()
        .map_err(|e: crate::games::UnknownGame| ApiError::bad_request(e.to_string()))?;
    let name = request
        .engine
        .as_deref()
        .unwrap_or(game.info().profiles.analyse);
    let mut profile = app.profile(name, game.name())?;
    let table_mb = app.memory.fit(&mut profile);
    let memory = app.reserve(table_mb).await?;
    let place = App::place(&app.analysing).await?;
    let range = |e: bounds::OutOfRange| ApiError::bad_request(e.to_string());
    let multipv = bounds::MULTIPV
        .check("multipv", request.multipv.unwrap_or(1))
        .map_err(range)?;
    let seconds = bounds::ANALYSIS_SECONDS
        .check("seconds", request.seconds.unwrap_or(30))
        .map_err(range)?;
    let limits = LimitSpec {
        movetime_ms: Some(Duration::from_secs(seconds).as_millis() as u64),
        ..LimitSpec::default()
    };
    let stream = crate::with_family!(game,
        perfect G => start::<G>(&request, profile, memory, place, limits, multipv, |root, profile, multipv, limits, stop, report| {
            analyse_perfect(root, profile, multipv, limits, stop, report)
        }),
        chance G, E => start::<G>(&request, profile, memory, place, limits, multipv, |root, profile, _, limits, stop, report| {
            analyse_chance(root, profile, E::default(), limits, stop, report)
        }),
        hidden _ => Err(ApiError::bad_request(format!("{game} is not analysed on a board"))),
    )?;
    Ok(Sse::new(stream)
        .keep_alive(KeepAlive::default())
        .into_response())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letting_go_of_the_stream_stops_the_search() {
        let (_sender, receiver) = mpsc::channel::<Event>(1);
        let stop = Stop::default();
        let stream = StopOnDrop {
            events: ReceiverStream::new(receiver),
            stop: Stop::clone(&stop),
        };
        assert!(!stop.load(Ordering::Relaxed));
        drop(stream);
        assert!(
            stop.load(Ordering::Relaxed),
            "the page went away: the engine stops"
        );
    }
}
