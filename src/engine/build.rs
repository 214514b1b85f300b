//! From a profile to a player of a concrete game.

use crate::game::Game;
use crate::search::{AlphaBetaGame, Evaluator};

use super::alphabeta_player::AlphaBetaPlayer;
use super::player::Player;
use super::profile::{EngineProfile, ProfileError, SearcherKind};
use super::random::RandomPlayer;

/// The player `profile` describes for game `G`: an alpha-beta engine using
/// `evaluator`, or a random mover seeded with `seed`.
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
    })
}

/// The player `profile` describes for `G`, with the game's standard evaluator.
pub fn build_standard_player<G: AlphaBetaGame>(
    profile: &EngineProfile,
    seed: u64,
) -> Result<Box<dyn Player<G>>, ProfileError> {
    build_player(profile, G::Evaluator::default(), seed)
}
