//! `GET /api/sessions/{id}/review`: the game so far analysed move by move
//! in the background, streamed as server-sent events: each position's
//! evaluation from White's side (`position`), each move's loss against the
//! engine's choice with its mark, then `done`. Dropping the stream stops
//! the engine.

use std::sync::atomic::Ordering;

use axum::extract::State;
use axum::response::sse::{KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use serde::Deserialize;
use serde_json::json;
use tokio::sync::mpsc;

use crate::bounds;
use crate::engine::analysis::{analyse_chance, analyse_perfect, AnalysisEvent, Evaluation};
use crate::engine::{EngineProfile, LimitSpec, Stop};
use crate::game::{GameOptions, Seat};
use crate::games::GameId;

use super::analysis::{event, Search, StopOnDrop};
use super::app::{App, Shared};
use super::error::{ApiError, PathArgs, QueryArgs};
use super::picture::Pictured;
use super::store::lock;

/// A mate, in evaluation units, for the graph and the losses.
const MATE_UNITS: f64 = 2000.0;

/// The route.
pub fn routes(app: Shared) -> Router {
    Router::new()
        .route("/api/sessions/{id}/review", get(review))
        .with_state(app)
}

/// How long to think about each position.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReviewRequest {
    /// Milliseconds a position (default 200).
    #[serde(default)]
    pub ms: Option<u64>,
}

/// How bad a move's loss is: `?!` from 50, `?` from 100, `??` from 300
/// (hundredths of a pawn).
#[must_use]
pub fn mark(loss: f64) -> Option<(&'static str, &'static str)> {
    if loss >= 300.0 {
        Some(("??", "blunder"))
    } else if loss >= 100.0 {
        Some(("?", "mistake"))
    } else if loss >= 50.0 {
        Some(("?!", "inaccuracy"))
    } else {
        None
    }
}

/// An evaluation from White's (seat 0's) side, mates capped.
fn white_units(evaluation: Evaluation, mover: Seat) -> f64 {
    let units = match evaluation {
        Evaluation::Units(units) => units.clamp(-MATE_UNITS, MATE_UNITS),
        Evaluation::Mate(moves) => f64::from(moves.signum()) * MATE_UNITS,
    };
    if mover == 0 {
        units
    } else {
        -units
    }
}

/// What the move that led from one position to the next was, for its mark.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Played {
    /// The only legal move: never marked.
    Forced,
    /// The engine's own choice there: no loss.
    Best,
    /// Another move (or one not found: a chance outcome).
    Other,
}

/// The move from `state` (where the engine chose `best`) to the position
/// `after`.
fn judge<G: Pictured>(state: &G, best: Option<&str>, after: &str) -> Played {
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    if legal.len() == 1 {
        return Played::Forced;
    }
    let best = best.and_then(|text| state.parse_action(text).ok());
    let played = legal.into_iter().find(|&action| {
        let mut next = state.clone();
        next.apply(action);
        next.format_position() == after
    });
    match (played, best) {
        (Some(played), Some(best)) if played == best => Played::Best,
        _ => Played::Other,
    }
}

/// Analyses every position of `positions` on this thread, sending one
/// event a position; stops when `stop` is set or the page is gone.
fn run<G: Pictured>(
    positions: &[(String, Option<Seat>)],
    options: &G::Options,
    profile: &EngineProfile,
    limits: &LimitSpec,
    search: Search<G>,
    stop: &Stop,
    sender: &mpsc::Sender<axum::response::sse::Event>,
) {
    let mut previous: Option<(f64, Seat)> = None;
    // The position before this ply and the engine's choice there.
    let mut before: Option<(G, Option<String>)> = None;
    for (ply, (position, mover)) in positions.iter().enumerate() {
        if stop.load(Ordering::Relaxed) {
            return;
        }
        let root = G::parse_position(position, options).ok();
        let judged = before
            .as_ref()
            .map(|(state, best)| judge(state, best.as_deref(), position));
        let evaluated = match (mover, root.clone()) {
            (Some(mover), Some(root)) => {
                let mut best_line = None;
                let mut report = |happened: AnalysisEvent| {
                    if let AnalysisEvent::Line(line) = happened {
                        if line.multipv == 1 {
                            best_line = Some(line);
                        }
                    }
                };
                let best = search(&root, profile, 1, limits, stop, &mut report).ok();
                best_line.map(|line| (white_units(line.evaluation, *mover), best))
            }
            _ => None,
        };
        let loss = match (previous, evaluated.as_ref(), judged) {
            (_, _, Some(Played::Forced)) => None,
            (Some(_), Some(_), Some(Played::Best)) => Some(0.0),
            (Some((before, seat)), Some((after, _)), _) => {
                let sign = if seat == 0 { 1.0 } else { -1.0 };
                Some((sign * (before - after)).max(0.0))
            }
            _ => None,
        };
        let marked = loss.and_then(mark);
        let sent = event(
            "position",
            &json!({
                "ply": ply,
                "white": evaluated.as_ref().map(|(white, _)| white),
                "best": evaluated.as_ref().and_then(|(_, best)| best.clone()),
                "loss": loss,
                "mark": marked.map(|(symbol, _)| symbol),
                "kind": marked.map(|(_, kind)| kind),
            }),
        );
        if sender.blocking_send(sent).is_err() {
            stop.store(true, Ordering::Relaxed);
            return;
        }
        before = root.map(|state| {
            let best = evaluated.as_ref().and_then(|(_, best)| best.clone());
            (state, best)
        });
        previous = match (evaluated, mover) {
            (Some((white, _)), Some(mover)) => Some((white, *mover)),
            _ => None,
        };
    }
    let _ = sender.blocking_send(event("done", &json!({ "positions": positions.len() })));
}

async fn review(
    State(app): State<Shared>,
    PathArgs(id): PathArgs<String>,
    QueryArgs(request): QueryArgs<ReviewRequest>,
) -> Result<Response, ApiError> {
    let ms = bounds::MILLISECONDS
        .check("ms", request.ms.unwrap_or(200))
        .map_err(|e| ApiError::bad_request(e.to_string()))?;
    let entry = app.entry(&id)?;
    let (game, positions) = {
        let session = lock(&entry.session);
        (session.game(), session.positions())
    };
    let game: GameId = game
        .parse()
        .map_err(|e: crate::games::UnknownGame| ApiError::internal(e.to_string()))?;
    let mut profile = app.profile(game.info().profiles.analyse, game.name())?;
    let table_mb = app.memory.fit(&mut profile);
    let memory = app.reserve(table_mb).await?;
    let place = App::place(&app.analysing).await?;
    let limits = LimitSpec {
        movetime_ms: Some(ms),
        ..LimitSpec::default()
    };
    let options = entry.options.clone();
    let (sender, receiver) = mpsc::channel(16);
    let stop = Stop::default();
    let thinking = Stop::clone(&stop);
    crate::with_family!(game,
        perfect G => {
            let options = <G as crate::game::Game>::Options::from_pairs(options.iter().map(String::as_str))
                .map_err(|e| ApiError::bad_request(e.to_string()))?;
            tokio::task::spawn_blocking(move || {
                run::<G>(&positions, &options, &profile, &limits, |root, profile, multipv, limits, stop, report| {
                    analyse_perfect(root, profile, multipv, limits, stop, report)
                }, &thinking, &sender);
                drop((memory, place));
            });
        },
        chance G, E => {
            let options = <G as crate::game::Game>::Options::from_pairs(options.iter().map(String::as_str))
                .map_err(|e| ApiError::bad_request(e.to_string()))?;
            tokio::task::spawn_blocking(move || {
                run::<G>(&positions, &options, &profile, &limits, |root, profile, _, limits, stop, report| {
                    analyse_chance(root, profile, E::default(), limits, stop, report)
                }, &thinking, &sender);
                drop((memory, place));
            });
        },
        hidden _ => return Err(ApiError::bad_request(format!("{game} is not reviewed on a board"))),
    );
    Ok(Sse::new(StopOnDrop::new(receiver, stop))
        .keep_alive(KeepAlive::default())
        .into_response())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn losses_are_marked_by_size() {
        assert_eq!(mark(20.0), None);
        assert_eq!(mark(50.0), Some(("?!", "inaccuracy")));
        assert_eq!(mark(150.0), Some(("?", "mistake")));
        assert_eq!(mark(900.0), Some(("??", "blunder")));
        assert_eq!(white_units(Evaluation::Units(120.0), 1), -120.0);
        assert_eq!(white_units(Evaluation::Mate(-3), 0), -MATE_UNITS);
    }

    #[test]
    fn a_forced_move_and_the_engines_own_choice_are_never_marked() {
        use crate::game::{Game, Notation};
        use crate::games::cardchess::CardChess;
        let options = <CardChess as Game>::Options::from_pairs(["cards=off"]).unwrap();
        let forced = CardChess::parse_position("k7/8/1K6/8/8/8/8/7R b - - 0 1", &options).unwrap();
        let mut after = forced.clone();
        after.apply(forced.parse_action("Kb8").unwrap());
        assert_eq!(
            judge(&forced, Some("Kb8"), &after.format_position()),
            Played::Forced
        );
        let start = CardChess::new(&options);
        let mut e4 = start.clone();
        e4.apply(start.parse_action("e4").unwrap());
        let after = e4.format_position();
        assert_eq!(judge(&start, Some("e4"), &after), Played::Best);
        assert_eq!(judge(&start, Some("e2e4"), &after), Played::Best);
        assert_eq!(judge(&start, Some("d4"), &after), Played::Other);
        assert_eq!(judge(&start, None, &after), Played::Other);
    }
}
