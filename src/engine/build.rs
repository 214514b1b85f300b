//! From a profile to a player of a concrete game.

use crate::game::Game;
use crate::search::{AlphaBetaGame, Evaluator};

use crate::search::mcts::MctsConfig;

use super::alphabeta_player::AlphaBetaPlayer;
use super::chance_players::{ExpectimaxPlayer, GreedyPlayer, MctsPlayer};
use super::player::Player;
use super::profile::{EngineProfile, ProfileError, SearcherKind};
use super::random::RandomPlayer;

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
    })
}

/// The player `profile` describes for `G`, with the game's standard evaluator.
pub fn build_standard_player<G: AlphaBetaGame>(
    profile: &EngineProfile,
    seed: u64,
) -> Result<Box<dyn Player<G>>, ProfileError> {
    build_player(profile, G::Evaluator::default(), seed)
}
