//! Which players serve each game: the evaluator of each perfect-information
//! game, the hidden-information players for Muzicando.

use crate::games::camelot::eval::CamelotEval;
use crate::games::camelot::Camelot;
use crate::games::cardchess::{CardChess, CardChessEval};
use crate::games::cescacs::eval::CescacsEval;
use crate::games::cescacs::Cescacs;
use crate::games::muzicando::Muzicando;

use crate::search::Evaluator;

use super::build::{evaluated_player, hidden_player, Playable};
use super::player::Player;
use super::profile::{EngineProfile, ProfileError};

impl Playable for Cescacs {
    fn searcher(profile: &EngineProfile, seed: u64) -> Result<Box<dyn Player<Self>>, ProfileError> {
        evaluated_player(profile, CescacsEval::default(), seed)
    }

    fn is_noisy(&self, action: Self::Action) -> bool {
        CescacsEval::default().is_noisy(self, action)
    }
}

impl Playable for Camelot {
    fn searcher(profile: &EngineProfile, seed: u64) -> Result<Box<dyn Player<Self>>, ProfileError> {
        evaluated_player(profile, CamelotEval::default(), seed)
    }

    fn is_noisy(&self, action: Self::Action) -> bool {
        CamelotEval::default().is_noisy(self, action)
    }
}

impl Playable for CardChess {
    fn searcher(profile: &EngineProfile, seed: u64) -> Result<Box<dyn Player<Self>>, ProfileError> {
        evaluated_player(profile, CardChessEval, seed)
    }

    fn is_noisy(&self, action: Self::Action) -> bool {
        CardChessEval.is_noisy(self, action)
    }
}

impl Playable for Muzicando {
    fn searcher(profile: &EngineProfile, seed: u64) -> Result<Box<dyn Player<Self>>, ProfileError> {
        hidden_player(profile, seed)
    }
}
