//! A game engines can play ([`Playable`]), and which players serve each
//! game: a game with a standard evaluator
//! ([`EvaluatedGame`]) and perfect information is played by the evaluating
//! searchers; Muzicando by the hidden-information players.

use crate::game::{Notation, Observe, PerfectInfo};
use crate::games::muzicando::Muzicando;
use crate::knowledge::{EvalKind, EvaluatedGame, Evaluator};
use crate::protocol::WireView;

use super::build::{evaluated_player, hidden_player};
use super::player::Player;
use super::profile::{EngineProfile, ProfileError};

/// A game engines can play: it names the players its profiles may ask for,
/// and travels over the engine protocols (so an external engine can play it).
pub trait Playable: Notation + Observe + WireView {
    /// The player `profile` (a profile of this game, not the random mover)
    /// describes, its randomness seeded with `seed`.
    fn searcher(profile: &EngineProfile, seed: u64) -> Result<Box<dyn Player<Self>>, ProfileError>;

    /// Checks what of `profile` only the game can read (its evaluator's
    /// weights), without building a player; nothing by default.
    fn check_profile(_profile: &EngineProfile) -> Result<(), ProfileError> {
        Ok(())
    }

    /// Checks that `profile` can play under the rule `options` of the
    /// game at hand (a tournament's, a server's, which may differ from the
    /// profile's own `options`); nothing by default.
    fn check_rules(_profile: &EngineProfile, _options: &Self::Options) -> Result<(), ProfileError> {
        Ok(())
    }

    /// Whether `action` (legal in `self`) changes the position sharply (a
    /// capture, a promotion), by the game's evaluator; none by default.
    fn is_noisy(&self, _action: Self::Action) -> bool {
        false
    }
}

impl<G: EvaluatedGame + PerfectInfo + WireView> Playable for G
where
    G::Evaluator: Send,
{
    fn searcher(profile: &EngineProfile, seed: u64) -> Result<Box<dyn Player<Self>>, ProfileError> {
        evaluated_player(profile, weighted_evaluator::<G>(profile)?, seed)
    }

    fn check_profile(profile: &EngineProfile) -> Result<(), ProfileError> {
        weighted_evaluator::<G>(profile).map(|_| ())
    }

    /// A network profile only where the game's network reads the rules.
    fn check_rules(profile: &EngineProfile, options: &Self::Options) -> Result<(), ProfileError> {
        network_rules::<G>(profile, options)
    }

    fn is_noisy(&self, action: Self::Action) -> bool {
        G::Evaluator::default().is_noisy(self, action)
    }
}

/// `G`'s evaluator with the weights of `profile`'s `[parameters.eval]`,
/// and its trained network with `eval = "network"` (where the network
/// reads the profile's rule options).
fn weighted_evaluator<G: EvaluatedGame>(
    profile: &EngineProfile,
) -> Result<G::Evaluator, ProfileError> {
    let evaluator = G::weighted_evaluator(profile.eval_weights()?)
        .map_err(|message| invalid(profile, format!("[parameters.eval] {message}")))?;
    match profile.eval {
        EvalKind::Classic => Ok(evaluator),
        EvalKind::Network => {
            network_rules::<G>(profile, &profile.game_options()?)?;
            G::with_network(evaluator).map_err(|error| invalid(profile, format!("eval: {error}")))
        }
    }
}

/// Whether `G`'s network, if `profile` asks for it, reads the rule
/// `options` ([`EvaluatedGame::network_reads`]).
fn network_rules<G: EvaluatedGame>(
    profile: &EngineProfile,
    options: &G::Options,
) -> Result<(), ProfileError> {
    if profile.eval == EvalKind::Network {
        G::network_reads(options).map_err(|error| invalid(profile, format!("eval: {error}")))?;
    }
    Ok(())
}

/// `profile` is invalid: `message` says why.
fn invalid(profile: &EngineProfile, message: String) -> ProfileError {
    ProfileError::Invalid {
        name: profile.name.clone(),
        message,
    }
}

impl Playable for Muzicando {
    fn searcher(profile: &EngineProfile, seed: u64) -> Result<Box<dyn Player<Self>>, ProfileError> {
        hidden_player(profile, seed)
    }
}
