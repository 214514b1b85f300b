//! From a profile to a player: one builder for every game.
//!
//! A game names the searchers that serve it through [`Playable`]
//! (`playable.rs`): the
//! perfect-information games hand their evaluator to [`evaluated_player`]
//! (alpha-beta, expectimax, MCTS, greedy), the hidden-information games use
//! [`hidden_player`] (rule-based, PIMC, ISMCTS, bidding by simulation, the
//! cheating measurement tool). The random mover plays every game, and an
//! external program ([`ExternalPlayer`], over UCI or UGI) any game.

use crate::game::{Notation, PerfectInfo};
use crate::knowledge::RuleBasedGame;
use crate::search::bid_simulation::Simulation;
use crate::search::uct::UctConfig;
use crate::search::Evaluator;

use super::alphabeta_player::AlphaBetaPlayer;
use super::chance_players::{ExpectimaxPlayer, GreedyPlayer, MctsPlayer};
use super::cheating::CheatingMcts;
use super::external::ExternalPlayer;
use super::partner_sight::PartnerSight;
use super::playable::Playable;
use super::player::Player;
use super::policy_player::PolicyPlayer;
use super::profile::{EngineProfile, ProfileError, SearcherKind};
use super::random::RandomPlayer;
use super::sampling_player::SamplingPlayer;
use super::simulation_bidder::SimulationBidder;

/// The player `profile` describes for `G`, its randomness (random mover,
/// MCTS, sampling, tie-breaks) seeded with `seed`.
pub fn build_player<G: Playable>(
    profile: &EngineProfile,
    seed: u64,
) -> Result<Box<dyn Player<G>>, ProfileError> {
    profile.expect_game(G::NAME)?;
    if profile.searcher == SearcherKind::Random {
        return Ok(Box::new(RandomPlayer::new(seed)));
    }
    if let Some(spec) = &profile.external {
        return Ok(Box::new(ExternalPlayer::<G>::new(profile, spec.clone())?));
    }
    G::searcher(profile, seed)
}

fn unsupported(profile: &EngineProfile, game: &str) -> ProfileError {
    ProfileError::Unsupported {
        name: profile.name.clone(),
        searcher: profile.searcher,
        game: game.to_string(),
    }
}

/// The perfect-information players: alpha-beta, expectimax, MCTS or greedy
/// with `evaluator`.
pub fn evaluated_player<G, E>(
    profile: &EngineProfile,
    evaluator: E,
    seed: u64,
) -> Result<Box<dyn Player<G>>, ProfileError>
where
    G: PerfectInfo + Notation,
    E: Evaluator<G> + Send + 'static,
{
    Ok(match profile.searcher {
        SearcherKind::AlphaBeta => {
            let player = AlphaBetaPlayer::new(&profile.name, evaluator, profile.search_config()?)
                .map_err(|error| ProfileError::Invalid {
                name: profile.name.clone(),
                message: error.to_string(),
            })?;
            match profile.choice {
                Some(choice) => Box::new(player.with_choice(choice, seed)),
                None => Box::new(player),
            }
        }
        SearcherKind::Random => Box::new(RandomPlayer::new(seed)),
        SearcherKind::Expectimax => {
            let params = profile.chance_params()?;
            let player =
                ExpectimaxPlayer::with_searcher(&profile.name, params.expectimax(evaluator));
            match profile.choice {
                Some(choice) => Box::new(player.with_choice(choice, seed)),
                None => Box::new(player),
            }
        }
        SearcherKind::Mcts => {
            let params = profile.chance_params()?;
            Box::new(
                MctsPlayer::new(
                    &profile.name,
                    evaluator,
                    UctConfig {
                        exploration: params.exploration,
                        trees: params.threads,
                        ..UctConfig::default()
                    },
                    seed,
                )
                .with_choice(profile.choice),
            )
        }
        SearcherKind::Greedy => Box::new(GreedyPlayer::new(evaluator, seed)),
        SearcherKind::Rules
        | SearcherKind::Pimc
        | SearcherKind::Ismcts
        | SearcherKind::Cheating
        | SearcherKind::External => return Err(unsupported(profile, G::NAME)),
    })
}

/// A player that plays with `play`, its contract decisions made by
/// simulation when the profile asks for `bidding = "simulation"` (on worlds
/// from the play's inference pool under `bid_inference = "inference"`, for
/// the profile's `objective`).
fn with_bidding<G: RuleBasedGame + Notation>(
    profile: &EngineProfile,
    play: Box<dyn Player<G>>,
    seed: u64,
) -> Result<Box<dyn Player<G>>, ProfileError> {
    Ok(match profile.bid_simulation()? {
        Some(worlds) => Box::new(SimulationBidder::new(play, worlds, seed).with_simulation(
            Simulation {
                inference: profile.bid_inference()?,
                objective: profile.sampling_config()?.objective,
            },
        )),
        None => play,
    })
}

/// The hidden-information players: rule-based, PIMC or ISMCTS (either
/// bidding by simulation if the profile says so), or the cheating UCT
/// player (measurements only: it sees every hand, and fair tables refuse it).
pub fn hidden_player<G: RuleBasedGame + Notation>(
    profile: &EngineProfile,
    seed: u64,
) -> Result<Box<dyn Player<G>>, ProfileError> {
    let config = profile.sampling_config()?;
    let player: Box<dyn Player<G>> = match profile.searcher {
        SearcherKind::Random => Box::new(RandomPlayer::new(seed)),
        SearcherKind::Rules => {
            let params = profile.read_parameters()?;
            G::check_policy_params(&params).map_err(|message| ProfileError::Invalid {
                name: profile.name.clone(),
                message: format!("[parameters] {message}"),
            })?;
            Box::new(PolicyPlayer(G::policy(&params)))
        }
        SearcherKind::Pimc => with_bidding(
            profile,
            Box::new(
                SamplingPlayer::pimc(config, seed)
                    .modelling(profile.modelling()?)
                    .with_choice(profile.choice),
            ),
            seed,
        )?,
        SearcherKind::Ismcts => with_bidding(
            profile,
            Box::new(
                SamplingPlayer::ismcts(config, seed)
                    .modelling(profile.modelling()?)
                    .with_choice(profile.choice),
            ),
            seed,
        )?,
        SearcherKind::Cheating => Box::new(CheatingMcts::new(config, seed)),
        SearcherKind::AlphaBeta
        | SearcherKind::Expectimax
        | SearcherKind::Mcts
        | SearcherKind::Greedy
        | SearcherKind::External => return Err(unsupported(profile, G::NAME)),
    };
    let partner_sight =
        profile.searcher != SearcherKind::Cheating && profile.sees_hidden_cards()?;
    Ok(if partner_sight {
        Box::new(PartnerSight::new(player))
    } else {
        player
    })
}
