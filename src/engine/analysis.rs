//! Live analysis of a position for a front end that does not name the
//! search layer: a search that streams each finished line in the game's
//! notation ([`AnalysisEvent`]), until its limits or its stop flag end it.
//! Perfect-information games are searched by alpha-beta with multi-PV;
//! games with chance by expectimax, depth by depth, each depth followed by
//! the value of drawing against the best sure move and the value of each
//! card that may come.

use std::time::{Duration, Instant};

use thiserror::Error;

use crate::game::Notation;
use crate::search::{
    AlphaBeta, AlphaBetaGame, Evaluator, Limits, Score, SearchConfig, SearchError,
};

use super::player::Stop;
use super::profile::{EngineProfile, LimitSpec, ProfileError};

/// A score from the view of the seat to move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Evaluation {
    /// In hundredths of a pawn (or the game's like unit).
    Units(f64),
    /// A forced win in this many moves (negative: a forced loss).
    Mate(i32),
}

/// One line of one finished iteration.
#[derive(Clone, Debug, PartialEq)]
pub struct AnalysisLine {
    /// The iteration's depth.
    pub depth: u32,
    /// Which line (1 = best).
    pub multipv: usize,
    /// Its score.
    pub evaluation: Evaluation,
    /// Nodes so far.
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Milliseconds since the start.
    pub time_ms: u64,
    /// The line in notation, each action written where it is played.
    pub pv: Vec<String>,
}

/// What drawing is worth against the best sure move (games with chance).
#[derive(Clone, Debug, PartialEq)]
pub struct ChanceValues {
    /// The depth of the values.
    pub depth: u32,
    /// The best action that takes no chance, and its value.
    pub best_sure: Option<(String, f64)>,
    /// Each action followed by chance (`draw`).
    pub gambles: Vec<Gamble>,
}

/// An action followed by chance, valued outcome by outcome.
#[derive(Clone, Debug, PartialEq)]
pub struct Gamble {
    /// The action (`draw`).
    pub action: String,
    /// Its expected value.
    pub expected: f64,
    /// Each outcome (`draw:veto`), its probability and its value.
    pub outcomes: Vec<(String, f64, f64)>,
}

/// What a running analysis reports.
#[derive(Clone, Debug, PartialEq)]
pub enum AnalysisEvent {
    /// A line finished.
    Line(AnalysisLine),
    /// The values of a game with chance at a depth.
    Chance(ChanceValues),
}

/// Why an analysis could not run.
#[derive(Debug, Error)]
pub enum AnalysisError {
    /// The profile's settings are wrong.
    #[error(transparent)]
    Profile(#[from] ProfileError),
    /// The search refused the position (over, or a chance event to come).
    #[error(transparent)]
    Search(#[from] SearchError),
}

fn evaluation(score: Score) -> Evaluation {
    match score.mate_moves() {
        Some(moves) => Evaluation::Mate(moves),
        None => Evaluation::Units(f64::from(score.0)),
    }
}

/// Searches `root` with alpha-beta under the settings of `profile` and
/// `multipv` lines, within `limits`, reporting each finished line; the
/// best action in notation at the end.
pub fn analyse_perfect<G: AlphaBetaGame>(
    root: &G,
    profile: &EngineProfile,
    multipv: usize,
    limits: &LimitSpec,
    stop: &Stop,
    report: &mut dyn FnMut(AnalysisEvent),
) -> Result<String, AnalysisError> {
    let limits = limits.limits();
    let config = SearchConfig {
        multipv,
        ..profile.search_config()?
    };
    let mut searcher = AlphaBeta::<G, G::Evaluator>::try_new(G::Evaluator::default(), config)
        .map_err(|e| ProfileError::Invalid {
            name: profile.name.clone(),
            message: e.to_string(),
        })?;
    let result = searcher.run(root, &limits, stop, &mut |info| {
        report(AnalysisEvent::Line(AnalysisLine {
            depth: info.depth,
            multipv: info.multipv,
            evaluation: evaluation(info.line.score),
            nodes: info.nodes,
            nps: info.nps(),
            time_ms: u64::try_from(info.time.as_millis()).unwrap_or(u64::MAX),
            pv: root.format_line(&info.line.pv),
        }));
    })?;
    Ok(root.format_action(result.best))
}

/// Searches `root` with expectimax (`evaluator`, the pruning and table of
/// `profile`) one depth at a time up to `limits`, reporting each depth's
/// best line and then what drawing is worth there; the best action at the
/// end.
pub fn analyse_chance<G: Notation, E: Evaluator<G>>(
    root: &G,
    profile: &EngineProfile,
    evaluator: E,
    limits: &LimitSpec,
    stop: &Stop,
    report: &mut dyn FnMut(AnalysisEvent),
) -> Result<String, AnalysisError> {
    let limits = limits.limits();
    let params = profile.chance_params()?;
    let mut searcher = params.expectimax(evaluator);
    let started = Instant::now();
    let deepest = limits.depth.unwrap_or(64);
    let mut best = None;
    for depth in 1..=deepest {
        if stop.load(std::sync::atomic::Ordering::Relaxed)
            || limits.movetime.is_some_and(|t| started.elapsed() >= t)
        {
            break;
        }
        let step = Limits {
            depth: Some(depth),
            movetime: limits.movetime.map(|t| {
                t.saturating_sub(started.elapsed())
                    .max(Duration::from_millis(1))
            }),
            ..limits
        };
        let result = searcher.run(root, &step, stop, &mut |_| {})?;
        if result.depth < depth {
            break;
        }
        let elapsed = started.elapsed();
        report(AnalysisEvent::Line(AnalysisLine {
            depth,
            multipv: 1,
            evaluation: Evaluation::Units(result.value),
            nodes: result.nodes,
            nps: (result.nodes as f64 / result.time.as_secs_f64().max(1e-6)) as u64,
            time_ms: u64::try_from(elapsed.as_millis()).unwrap_or(u64::MAX),
            pv: root.format_line(&[result.best]),
        }));
        best = Some(result.best);
        if let Some(values) = searcher.breakdown(root, depth, &step, Some(result.best))? {
            let mut drawn_texts = Vec::new();
            for gamble in &values.gambles {
                let mut drawn = root.clone();
                drawn.apply(gamble.action);
                let outcomes = gamble
                    .outcomes
                    .iter()
                    .map(|&(outcome, p, value)| (drawn.format_action(outcome), p, value))
                    .collect();
                drawn_texts.push(Gamble {
                    action: root.format_action(gamble.action),
                    expected: gamble.expected,
                    outcomes,
                });
            }
            report(AnalysisEvent::Chance(ChanceValues {
                depth: values.depth,
                best_sure: values
                    .best_sure
                    .map(|(action, value)| (root.format_action(action), value)),
                gambles: drawn_texts,
            }));
        }
    }
    match best {
        Some(action) => Ok(root.format_action(action)),
        None => Err(AnalysisError::Search(SearchError::NoLegalAction)),
    }
}
