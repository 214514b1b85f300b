//! A tournament's engines, built from their profiles for a concrete game:
//! the game supplies its evaluator (or has none yet), the referee gets the
//! searcher's score for adjudication, and a test may inject a fault.

use crate::engine::{
    build_player, AlphaBetaPlayer, EngineProfile, Player, PlayerError, RandomPlayer, SearcherKind,
};
use crate::game::{Game, Notation, Turn};
use crate::games::camelot::eval::CamelotEval;
use crate::games::camelot::Camelot;
use crate::games::cardchess::{CardChess, CardChessEval};
use crate::games::cescacs::eval::CescacsEval;
use crate::games::cescacs::Cescacs;
use crate::search::{Evaluator, Limits};

use super::config::{FaultInjection, FaultKind};

/// A game the referee can run: its notation, and the evaluator its
/// alpha-beta profiles search with.
pub trait Refereed: Notation {
    /// The game's evaluator.
    type Evaluator: Evaluator<Self> + 'static;

    /// A fresh evaluator, `None` if the game has no evaluator yet.
    fn evaluator() -> Option<Self::Evaluator>;
}

impl Refereed for Cescacs {
    type Evaluator = CescacsEval;

    fn evaluator() -> Option<CescacsEval> {
        Some(CescacsEval::default())
    }
}

impl Refereed for Camelot {
    type Evaluator = CamelotEval;

    fn evaluator() -> Option<CamelotEval> {
        Some(CamelotEval::default())
    }
}

impl Refereed for CardChess {
    type Evaluator = CardChessEval;

    fn evaluator() -> Option<CardChessEval> {
        Some(CardChessEval)
    }
}

/// Why an engine could not be built.
#[derive(Debug, thiserror::Error)]
pub enum ContestantError {
    /// The profile is unusable for this game.
    #[error(transparent)]
    Profile(#[from] crate::engine::ProfileError),
    /// The profile asks for alpha-beta but the game has no evaluator yet.
    #[error("engine `{name}`: {game} has no evaluator yet, so only random profiles can play it")]
    NoEvaluator {
        /// The profile.
        name: String,
        /// The game.
        game: &'static str,
    },
}

enum Brain<G: Refereed> {
    AlphaBeta(Box<AlphaBetaPlayer<G, G::Evaluator>>),
    Random(RandomPlayer),
    /// Expectimax, MCTS or the greedy player, at its profile's own limits.
    Chance(Box<dyn Player<G>>),
}

/// One engine's decision.
#[derive(Clone, Copy, Debug)]
pub struct Decision<A> {
    /// The action chosen.
    pub action: A,
    /// The searcher's score from the mover's view, when it has one.
    pub score: Option<i32>,
}

/// An engine seated in one game.
pub struct Contestant<G: Refereed> {
    brain: Brain<G>,
    fault: Option<FaultInjection>,
    moves: u32,
}

impl<G: Refereed> Contestant<G> {
    /// The engine `profile` describes, its randomness seeded with `seed`,
    /// misbehaving as `fault` says (a test aid).
    pub fn new(
        profile: &EngineProfile,
        fault: Option<FaultInjection>,
        seed: u64,
    ) -> Result<Self, ContestantError> {
        profile.expect_game(G::NAME)?;
        let brain = match profile.searcher {
            SearcherKind::AlphaBeta => {
                let evaluator = G::evaluator().ok_or_else(|| ContestantError::NoEvaluator {
                    name: profile.name.clone(),
                    game: G::NAME,
                })?;
                Brain::AlphaBeta(Box::new(AlphaBetaPlayer::new(
                    &profile.name,
                    evaluator,
                    profile.search_config()?,
                    profile.limits.limits(),
                )))
            }
            SearcherKind::Random => Brain::Random(RandomPlayer::new(seed)),
            SearcherKind::Expectimax | SearcherKind::Mcts | SearcherKind::Greedy => {
                let evaluator = G::evaluator().ok_or_else(|| ContestantError::NoEvaluator {
                    name: profile.name.clone(),
                    game: G::NAME,
                })?;
                Brain::Chance(build_player(profile, evaluator, seed)?)
            }
            kind @ (SearcherKind::Rules
            | SearcherKind::Pimc
            | SearcherKind::Ismcts
            | SearcherKind::Cheating) => {
                return Err(crate::engine::ProfileError::Unsupported {
                    name: profile.name.clone(),
                    searcher: kind,
                    game: G::NAME.to_string(),
                }
                .into())
            }
        };
        Ok(Self {
            brain,
            fault,
            moves: 0,
        })
    }

    /// The engine's action in `state` under `limits`.
    ///
    /// # Panics
    /// Only when a [`FaultKind::Panic`] fault is injected (the referee catches it).
    pub fn choose(
        &mut self,
        state: &G,
        limits: Limits,
    ) -> Result<Decision<G::Action>, PlayerError> {
        let move_number = self.moves;
        self.moves += 1;
        if let Some(fault) = self.fault.filter(|f| f.after_moves == move_number) {
            match fault.kind {
                FaultKind::Panic => panic!("injected fault: the engine panics"),
                FaultKind::Illegal => {
                    if let Some(action) = illegal_action(state) {
                        return Ok(Decision {
                            action,
                            score: None,
                        });
                    }
                    panic!("injected fault: no illegal action found, so the engine panics");
                }
            }
        }
        match &mut self.brain {
            Brain::AlphaBeta(player) => {
                player.set_limits(limits);
                let action = player.choose(state)?;
                let score = player.last_result().map(|r| r.score().0);
                Ok(Decision { action, score })
            }
            Brain::Random(player) => Ok(Decision {
                action: Player::<G>::choose(player, state)?,
                score: None,
            }),
            Brain::Chance(player) => Ok(Decision {
                action: player.choose(state)?,
                score: None,
            }),
        }
    }
}

/// An action that is not legal in `state`: a reply legal after one of
/// its moves but not now (for fault injection).
pub(super) fn illegal_action<G: Game>(state: &G) -> Option<G::Action> {
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    let mut replies = Vec::new();
    legal.iter().find_map(|&action| {
        let mut child = state.clone();
        child.apply(action);
        if !matches!(child.turn(), Turn::Player(_)) {
            return None;
        }
        child.legal_actions(&mut replies);
        replies.iter().copied().find(|reply| !legal.contains(reply))
    })
}
