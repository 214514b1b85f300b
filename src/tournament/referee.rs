//! The referee of one game: sets up the opening, seats the engines, asks
//! each for its move with its limits, watches the clock, catches panics and
//! illegal actions, adjudicates, and writes the record.

use std::sync::Arc;
use std::time::Duration;

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::engine::{build_player, EngineProfile, LimitSpec, Playable, SeededChance};
use crate::game::{Game, Turn};
use crate::knowledge::draw_outcome;

use super::config::{Adjudication, FaultInjection, OpeningOrder};
use super::live::LiveGames;
use super::match_hooks::{Refereeing, Timer};
use super::record::{GameRecord, GameSpec};
use super::seeds::{derive, engine_seed, Stream};

/// Everything the games of a tournament share.
pub struct GameSetup<G: Playable> {
    /// The game's rule options.
    pub options: G::Options,
    /// The engines' profiles, by engine index.
    pub profiles: Vec<EngineProfile>,
    /// The engines' limits (the tournament's override or the profile's).
    pub limits: Vec<LimitSpec>,
    /// Injected faults by engine index (test aid).
    pub faults: Vec<Option<FaultInjection>>,
    /// Start positions from the opening file, parsed when the setup is
    /// built (empty: the game's start).
    pub starts: Vec<G>,
    /// How the start positions are picked.
    pub order: OpeningOrder,
    /// Random plies after the start position.
    pub random_plies: u32,
    /// Whether the random plies must end quiet (no noisy action to move).
    pub quiet_openings: bool,
    /// The tournament seed.
    pub seed: u64,
    /// Early ends.
    pub adjudication: Adjudication,
    /// Allowed overrun of a move's time budget.
    pub time_margin: Duration,
    /// Where the games in progress are shown to people watching, if anywhere.
    pub live: Option<Arc<LiveGames>>,
}

/// A round's opening: the start position's text, the random plies played
/// from it (as text), the state they lead to, and the start state with the
/// plies' actions.
struct Opening<G: Game> {
    text: String,
    plies: Vec<String>,
    state: G,
    history: (G, Vec<G::Action>),
}

/// A chance outcome of an opening's random plies, drawn with its probability.
fn draw_chance<G: Game>(state: &G, rng: &mut Xoshiro256PlusPlus) -> Option<G::Action> {
    let mut outcomes = Vec::new();
    state.chance_outcomes(&mut outcomes);
    (!outcomes.is_empty()).then(|| draw_outcome(&outcomes, rng))
}

/// A random action of whoever is to move (chance included).
pub(super) fn random_action<G: Game>(state: &G, rng: &mut Xoshiro256PlusPlus) -> Option<G::Action> {
    match state.turn() {
        Turn::Terminal => None,
        Turn::Chance => draw_chance(state, rng),
        Turn::Player(_) => {
            let mut actions = Vec::new();
            state.legal_actions(&mut actions);
            (!actions.is_empty()).then(|| actions[rng.gen_range(0..actions.len())])
        }
    }
}

/// Whether the side to move in `state` has no noisy action by the game's
/// evaluator (a game without one counts as quiet).
pub(super) fn is_quiet<G: Playable>(state: &G) -> bool {
    let mut actions = Vec::new();
    state.legal_actions(&mut actions);
    !actions.iter().any(|&a| state.is_noisy(a))
}

impl<G: Playable> GameSetup<G> {
    /// The start position text and the opening plies of `round` (the same for
    /// every game of the round), with the state they lead to.
    /// The opening's actions come too, and the state it started from.
    fn opening(&self, round: u32) -> Opening<G> {
        let mut rng =
            Xoshiro256PlusPlus::seed_from_u64(derive(self.seed, Stream::Opening, round.into()));
        let start_state = if self.starts.is_empty() {
            G::new(&self.options)
        } else {
            let line = match self.order {
                OpeningOrder::Sequential => round as usize % self.starts.len(),
                OpeningOrder::Random => rng.gen_range(0..self.starts.len()),
            };
            self.starts[line].clone()
        };
        let start = start_state.format_position();
        // Retry until the random plies leave a game to play, quiet if asked
        // (bounded).
        for _ in 0..100 {
            let mut state = start_state.clone();
            let mut plies = Vec::new();
            let mut actions = Vec::new();
            for _ in 0..self.random_plies {
                let Some(action) = random_action(&state, &mut rng) else {
                    break;
                };
                plies.push(state.format_action(action));
                actions.push(action);
                state.apply(action);
            }
            if state.turn() != Turn::Terminal && (!self.quiet_openings || is_quiet(&state)) {
                return Opening {
                    text: start,
                    plies,
                    state,
                    history: (start_state, actions),
                };
            }
        }
        Opening {
            text: start,
            plies: Vec::new(),
            state: start_state.clone(),
            history: (start_state, Vec::new()),
        }
    }

    /// Plays game `spec` to its end and returns its record. Chance events
    /// are drawn from the round's chance stream, so both games of a pair
    /// see the same k-th card.
    #[must_use]
    pub fn play(&self, spec: &GameSpec) -> GameRecord {
        let seed = derive(self.seed, Stream::Game, spec.index as u64);
        let Opening {
            text: start,
            plies: opening,
            state,
            history,
        } = self.opening(spec.round);
        let chance = SeededChance::new(derive(self.seed, Stream::Chance, spec.round.into()));
        let engines = spec
            .engines
            .iter()
            .map(|&e| self.profiles[e].name.clone())
            .collect();
        let mut record = GameRecord::begun(spec, engines, seed, start, opening);
        let timers = spec
            .engines
            .iter()
            .map(|&e| Timer::new(self.limits[e].clone()))
            .collect();
        let faults = spec.engines.iter().map(|&e| self.faults[e]).collect();
        let mut hooks = Refereeing::new(&mut record, timers, faults, self.time_margin);
        hooks.adjudication = Some(self.adjudication);
        hooks.live = self.live.as_deref();
        let mut players = Vec::with_capacity(spec.engines.len());
        for (seat, &engine) in spec.engines.iter().enumerate() {
            match build_player::<G>(&self.profiles[engine], engine_seed(seed, seat)) {
                Ok(player) => players.push(player),
                Err(error) => {
                    let ending = crate::engine::Ending::forfeit(
                        &state,
                        seat,
                        crate::engine::EndReason::EngineError,
                        error.to_string(),
                    );
                    hooks.finish(&state, ending);
                    return record;
                }
            }
        }
        hooks.play(state, Some(history), players, Box::new(chance), false);
        if let Some(live) = &self.live {
            live.finish(spec.index);
        }
        record
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::config::{DrawAdjudication, ResignAdjudication};
    use crate::tournament::match_hooks::Adjudicator;

    #[test]
    fn a_clock_runs_down_and_forfeits_beyond_the_margin() {
        let spec = LimitSpec {
            clock_ms: Some(1000),
            increment_ms: Some(100),
            ..LimitSpec::default()
        };
        let margin = Duration::from_millis(50);
        let mut timer = Timer::new(spec);
        assert!(timer.charge(Duration::from_millis(600), margin));
        assert_eq!(
            timer.limits().clock.unwrap().remaining,
            Duration::from_millis(500)
        );
        assert!(timer.charge(Duration::from_millis(540), margin));
        assert_eq!(
            timer.limits().clock.unwrap().remaining,
            Duration::from_millis(100)
        );
        assert!(!timer.charge(Duration::from_millis(151), margin));
    }

    #[test]
    fn a_fixed_move_time_forfeits_beyond_the_margin() {
        let spec = LimitSpec {
            movetime_ms: Some(100),
            ..LimitSpec::default()
        };
        let mut timer = Timer::new(spec);
        let margin = Duration::from_millis(20);
        assert!(timer.charge(Duration::from_millis(120), margin));
        assert!(!timer.charge(Duration::from_millis(121), margin));
        let mut depth_only = Timer::new(LimitSpec {
            depth: Some(3),
            ..LimitSpec::default()
        });
        assert!(depth_only.charge(Duration::from_secs(60), margin));
    }

    fn rules() -> Adjudication {
        Adjudication {
            max_plies: 1000,
            draw: Some(DrawAdjudication {
                move_number: 4,
                move_count: 2,
                score: 10,
            }),
            resign: Some(ResignAdjudication {
                move_count: 2,
                score: 500,
            }),
        }
    }

    #[test]
    fn level_scores_from_both_sides_draw() {
        let mut a = Adjudicator::default();
        let moves = [
            (0, 5),
            (1, -3),
            (0, 0),
            (1, 20),
            (0, 2),
            (1, 1),
            (0, -4),
            (1, 3),
        ];
        let outcomes: Vec<bool> = moves
            .iter()
            .enumerate()
            .map(|(ply, &(seat, score))| {
                a.observe(&rules(), seat, Some(score), ply as u32 + 1)
                    .is_some()
            })
            .collect();
        // Seat 1's 20 resets its count: it is level twice again only at ply 8.
        assert_eq!(
            outcomes,
            [false, false, false, false, false, false, false, true]
        );
    }

    #[test]
    fn resignation_needs_agreement_unless_the_opponent_is_silent() {
        let mut a = Adjudicator::default();
        for (ply, (seat, score)) in [(0, 600), (1, -100), (0, 700), (1, -200)]
            .into_iter()
            .enumerate()
        {
            assert!(a.observe(&rules(), seat, Some(score), ply as u32).is_none());
        }
        let mut silent = Adjudicator::default();
        assert!(silent.observe(&rules(), 1, None, 0).is_none());
        assert!(silent.observe(&rules(), 0, Some(600), 1).is_none());
        assert!(silent.observe(&rules(), 1, None, 2).is_none());
        let ending = silent.observe(&rules(), 0, Some(650), 3).unwrap();
        assert_eq!(
            (ending.result, ending.reason),
            (
                vec![1.0, 0.0],
                crate::engine::EndReason::Referee("adjudicated resignation")
            )
        );
    }
}
