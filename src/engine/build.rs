//! From a profile to a player of a concrete game.

use crate::game::Game;
use crate::knowledge::RuleBasedGame;
use crate::search::mcts::MctsConfig;
use crate::search::{AlphaBetaGame, Evaluator};

use super::alphabeta_player::AlphaBetaPlayer;
use super::chance_players::{ExpectimaxPlayer, GreedyPlayer, MctsPlayer};
use super::cheating::CheatingMcts;
use super::ismcts_player::IsmctsPlayer;
use super::observer::{ObservingPlayer, TableSeat};
use super::pimc_player::PimcPlayer;
use super::player::Player;
use super::policy_player::PolicyPlayer;
use super::profile::{EngineProfile, ProfileError, SearcherKind};
use super::random::RandomPlayer;
use super::random_observer::RandomObserver;
use super::simulation_bidder::SimulationBidder;

/// The player `profile` describes for game `G`: an alpha-beta, expectimax,
/// MCTS or greedy player using `evaluator`, or a random mover; `seed` seeds
/// the random mover, MCTS and the greedy player's tie-breaks.
pub fn build_player<G: Game, E: Evaluator<G> + 'static>(
    profile: &EngineProfile,
    evaluator: E,
    seed: u64,
) -> Result<Box<dyn Player<G>>, ProfileError> {
    profile.expect_game(G::NAME)?;
    Ok(match profile.searcher {
        SearcherKind::AlphaBeta => Box::new(AlphaBetaPlayer::new(
            &profile.name,
            evaluator,
            profile.search_config()?,
            profile.limits.limits(),
        )),
        SearcherKind::Random => Box::new(RandomPlayer::new(seed)),
        SearcherKind::Expectimax => {
            let params = profile.chance_params()?;
            Box::new(ExpectimaxPlayer::new(
                &profile.name,
                evaluator,
                params.pruning,
                params.table_bits,
                profile.limits.limits(),
            ))
        }
        SearcherKind::Mcts => {
            let params = profile.chance_params()?;
            let limits = profile.limits.limits();
            Box::new(MctsPlayer::new(
                &profile.name,
                evaluator,
                MctsConfig {
                    iterations: limits.nodes.unwrap_or(MctsConfig::default().iterations),
                    movetime: limits.movetime,
                    threads: params.threads,
                    exploration: params.exploration,
                    seed,
                },
            ))
        }
        SearcherKind::Greedy => Box::new(GreedyPlayer::new(evaluator, seed)),
        kind @ (SearcherKind::Rules
        | SearcherKind::Pimc
        | SearcherKind::Ismcts
        | SearcherKind::Cheating) => return Err(unsupported(profile, kind, G::NAME)),
    })
}

fn unsupported(profile: &EngineProfile, searcher: SearcherKind, game: &str) -> ProfileError {
    ProfileError::Unsupported {
        name: profile.name.clone(),
        searcher,
        game: game.to_string(),
    }
}

/// A fair seat that plays with `play`, its contract decisions made by
/// simulation when the profile asks for `bidding = "simulation"`.
fn with_bidding<G: RuleBasedGame>(
    profile: &EngineProfile,
    play: Box<dyn ObservingPlayer<G>>,
    seed: u64,
) -> Result<TableSeat<G>, ProfileError> {
    Ok(TableSeat::Fair(match profile.bid_simulation()? {
        Some(worlds) => Box::new(SimulationBidder::new(play, worlds, seed)),
        None => play,
    }))
}

/// The seat `profile` describes at a hidden-information table of `G`: the
/// rule-based, PIMC, ISMCTS (either bidding by simulation if the profile says
/// so) or random player seeing only its observation, or
/// the cheating UCT player (for measurements). `seed` seeds the sampling.
pub fn build_table_seat<G: RuleBasedGame>(
    profile: &EngineProfile,
    seed: u64,
) -> Result<TableSeat<G>, ProfileError> {
    profile.expect_game(G::NAME)?;
    let config = profile.sampling_config()?;
    Ok(match profile.searcher {
        SearcherKind::Random => TableSeat::Fair(Box::new(RandomObserver::new(seed))),
        SearcherKind::Rules => TableSeat::Fair(Box::new(PolicyPlayer(G::policy(
            &profile.read_parameters()?,
        )))),
        SearcherKind::Pimc => with_bidding(profile, Box::new(PimcPlayer::new(config, seed)), seed)?,
        SearcherKind::Ismcts => {
            with_bidding(profile, Box::new(IsmctsPlayer::new(config, seed)), seed)?
        }
        SearcherKind::Cheating => TableSeat::Cheating(Box::new(CheatingMcts::new(config, seed))),
        kind @ (SearcherKind::AlphaBeta
        | SearcherKind::Expectimax
        | SearcherKind::Mcts
        | SearcherKind::Greedy) => return Err(unsupported(profile, kind, G::NAME)),
    })
}

/// The player `profile` describes for `G`, with the game's standard evaluator.
pub fn build_standard_player<G: AlphaBetaGame>(
    profile: &EngineProfile,
    seed: u64,
) -> Result<Box<dyn Player<G>>, ProfileError> {
    build_player(profile, G::Evaluator::default(), seed)
}
