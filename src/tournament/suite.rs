//! Opening suites (`tauler openings GAME`): distinct positions a few random
//! plies from the start, each searched by an engine and kept when its score
//! lies within a band, written as the file a tournament's `[openings] file`
//! reads.
//!
//! Random plies alone (`[openings] random_plies`) hand some games to one
//! side before the engines move; chess testing uses curated books instead,
//! balanced or deliberately unbalanced (UHO). A suite is such a book for
//! any two-seat game of tauler, made reproducibly from a seed:
//!
//! - a line is `plies` random actions from the start, drawn as the
//!   referee's random plies are (a player's action uniformly, a chance
//!   outcome with its probability);
//! - a line is kept only if it ends where the turn passes from one seat to
//!   the other (never inside a turn of several decisions, such as card
//!   chess's draw and the card obeyed), the game not over, and, when asked,
//!   quiet (the side to move has no noisy action);
//! - positions are distinct (by their hash), searched by the engine from a
//!   fresh game with a fixed node limit, and kept when the score from seat
//!   0's view lies within `[min, max]`.
//!
//! The position text carries all of the state a game has: for card chess the
//! cards drawn, discarded and held travel with the board, but never the
//! order of the draw pile — that stays the round's chance seed, shared by
//! both games of a pair, so an opening fixes what is known and not the luck
//! to come.

use std::collections::HashSet;
use std::fmt::Write as _;

use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use thiserror::Error;

use crate::engine::{ask, build_player, EngineProfile, Playable, PlayerError, ProfileError};
use crate::game::Turn;
use crate::search::Limits;

use super::referee::{is_quiet, random_action};
use super::seeds::{derive, Stream};

/// How a suite is made.
#[derive(Clone, Debug)]
pub struct SuiteSpec {
    /// Random plies from the start position.
    pub plies: u32,
    /// The least score kept, from seat 0's view (centipawn-like units).
    pub min: i32,
    /// The greatest score kept, from seat 0's view.
    pub max: i32,
    /// Positions wanted.
    pub count: usize,
    /// The seed of the random plies.
    pub seed: u64,
    /// Keep only lines whose side to move has no noisy action.
    pub quiet: bool,
    /// The engine's limits for each position (a node limit makes the suite
    /// reproducible).
    pub limits: Limits,
}

impl SuiteSpec {
    /// Positions searched at most before giving up on a band too narrow.
    #[must_use]
    pub fn max_searches(&self) -> usize {
        self.count.saturating_mul(SEARCHES_PER_POSITION)
    }
}

/// Searches allowed per position wanted before the band counts as too narrow.
const SEARCHES_PER_POSITION: usize = 20;
/// Random lines drawn per search allowed before the plies count as unable
/// to give enough distinct positions.
const LINES_PER_SEARCH: usize = 50;

/// One position of a suite.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    /// The position, in the game's notation.
    pub position: String,
    /// The plies that led to it from the start, in the game's notation.
    pub plies: Vec<String>,
    /// The engine's score from seat 0's view.
    pub score: i32,
}

/// What the generator tried and why it dropped lines.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Attempts {
    /// Random lines drawn.
    pub lines: usize,
    /// Lines that ended the game or inside a turn.
    pub unfinished: usize,
    /// Lines whose side to move had a noisy action (with `quiet`).
    pub noisy: usize,
    /// Lines reaching a position already drawn.
    pub duplicates: usize,
    /// Positions searched.
    pub searched: usize,
    /// Positions whose score lay outside the band.
    pub outside: usize,
}

/// A generated suite.
#[derive(Clone, Debug)]
pub struct Suite {
    /// The positions kept, in the order found.
    pub openings: Vec<Opening>,
    /// What was tried.
    pub attempts: Attempts,
}

/// Why no suite could be made.
#[derive(Debug, Error)]
pub enum SuiteError {
    /// The band is empty.
    #[error("the score band is empty: its least score {min} is above its greatest {max}")]
    EmptyBand {
        /// The least score.
        min: i32,
        /// The greatest score.
        max: i32,
    },
    /// The game has more or fewer than two seats.
    #[error("{0} is not a two-seat game: opening suites are for C'escacs, Camelot and card chess")]
    NotTwoSeats(&'static str),
    /// The engine could not be built.
    #[error(transparent)]
    Profile(#[from] ProfileError),
    /// The engine failed on a position.
    #[error("the engine failed on {position}: {source}")]
    Engine {
        /// The position.
        position: String,
        /// The failure.
        source: PlayerError,
    },
    /// The engine reports no score (a random or rule-based mover).
    #[error("engine `{0}` reports no score: choose a searching engine")]
    NoScore(String),
    /// Too few positions were found.
    #[error(
        "found {found} of {count} positions after {searched} searches of {lines} lines: \
         widen the band, change the plies or ask for fewer"
    )]
    TooFew {
        /// Positions found.
        found: usize,
        /// Positions wanted.
        count: usize,
        /// Positions searched.
        searched: usize,
        /// Lines drawn.
        lines: usize,
    },
}

/// Makes the suite `spec` describes for `G` (with rule options `options`),
/// searching each candidate with `profile`.
///
/// # Errors
/// An empty band, a game without two seats, an engine that cannot be built,
/// fails or gives no score, or too few positions within the budget.
pub fn generate<G: Playable>(
    options: &G::Options,
    profile: &EngineProfile,
    spec: &SuiteSpec,
) -> Result<Suite, SuiteError> {
    if spec.min > spec.max {
        return Err(SuiteError::EmptyBand {
            min: spec.min,
            max: spec.max,
        });
    }
    let start = G::new(options);
    if start.seats() != 2 {
        return Err(SuiteError::NotTwoSeats(G::NAME));
    }
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(derive(spec.seed, Stream::Opening, 0));
    let mut engine = build_player::<G>(profile, derive(spec.seed, Stream::Game, 0))?;
    let mut seen = HashSet::new();
    let mut attempts = Attempts::default();
    let mut openings = Vec::new();
    let max_searches = spec.max_searches();
    let max_lines = max_searches.saturating_mul(LINES_PER_SEARCH);
    while openings.len() < spec.count {
        if attempts.searched >= max_searches || attempts.lines >= max_lines {
            return Err(SuiteError::TooFew {
                found: openings.len(),
                count: spec.count,
                searched: attempts.searched,
                lines: attempts.lines,
            });
        }
        attempts.lines += 1;
        let Some((state, plies)) = random_line(&start, spec.plies, &mut rng) else {
            attempts.unfinished += 1;
            continue;
        };
        if spec.quiet && !is_quiet(&state) {
            attempts.noisy += 1;
            continue;
        }
        if !seen.insert(state.hash()) {
            attempts.duplicates += 1;
            continue;
        }
        attempts.searched += 1;
        engine.new_game();
        let decision =
            ask(engine.as_mut(), &state, &spec.limits).map_err(|source| SuiteError::Engine {
                position: state.format_position(),
                source,
            })?;
        let score = decision
            .score
            .ok_or_else(|| SuiteError::NoScore(profile.name.clone()))?;
        let score = match state.turn() {
            Turn::Player(0) => score,
            _ => -score,
        };
        if (spec.min..=spec.max).contains(&score) {
            openings.push(Opening {
                position: state.format_position(),
                plies,
                score,
            });
        } else {
            attempts.outside += 1;
        }
    }
    Ok(Suite { openings, attempts })
}

/// `plies` random actions from `start`, and the state they reach, if the
/// line ends with the turn handed from one seat to the other (or is empty)
/// and the game goes on.
fn random_line<G: Playable>(
    start: &G,
    plies: u32,
    rng: &mut Xoshiro256PlusPlus,
) -> Option<(G, Vec<String>)> {
    let mut state = start.clone();
    let mut line = Vec::new();
    let mut last_mover = None;
    for _ in 0..plies {
        let mover = state.turn();
        let action = random_action(&state, rng)?;
        line.push(state.format_action(action));
        state.apply(action);
        last_mover = Some(mover);
    }
    let handed_over = match (last_mover, state.turn()) {
        (None, Turn::Player(_)) => true,
        (Some(Turn::Player(before)), Turn::Player(now)) => before != now,
        _ => false,
    };
    handed_over.then_some((state, line))
}

impl Suite {
    /// The suite as an openings file: `header` as `#` comment lines, then
    /// each position on its own line after a comment giving its score and
    /// the plies that led to it.
    #[must_use]
    pub fn to_text(&self, header: &[String]) -> String {
        let mut out = String::new();
        for line in header {
            let _ = writeln!(out, "# {line}");
        }
        for opening in &self.openings {
            let _ = writeln!(
                out,
                "# score {:+}: {}",
                opening.score,
                opening.plies.join(" ")
            );
            let _ = writeln!(out, "{}", opening.position);
        }
        out
    }
}
