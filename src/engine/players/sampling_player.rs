//! The players that search over worlds sampled from their seat's
//! observation, playing the most visited action: PIMC (determinized search)
//! and ISMCTS (information-set MCTS), both [`search_worlds`], either modelling the other seats by the
//! game's policy ([`Modelling`]: inference on the worlds, policy playouts).

use crate::knowledge::RuleBasedGame;
use crate::search::modelling::{search_worlds, Determinization, Modelling};
use crate::search::uct::{UctConfig, DEFAULT_PLAYOUTS};
use crate::search::Limits;

use super::most_visited::choose_most_visited;
use crate::engine::level::{Choice, LevelChooser};
use crate::engine::player::{Decision, InfoSink, Player, PlayerError, Stop, View};

/// How the worlds are searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sampling {
    /// One tree per sampled world (`config.trees` worlds per decision).
    Pimc,
    /// One tree over information sets, a world sampled per playout
    /// (`config.trees` trees per decision).
    Ismcts,
}

/// A PIMC or ISMCTS player.
#[derive(Clone, Debug)]
pub struct SamplingPlayer {
    sampling: Sampling,
    config: UctConfig,
    modelling: Modelling,
    seed: u64,
    chooser: Option<LevelChooser>,
}

impl SamplingPlayer {
    /// The PIMC player (uniform worlds, random playouts).
    #[must_use]
    pub fn pimc(config: UctConfig, seed: u64) -> Self {
        SamplingPlayer {
            sampling: Sampling::Pimc,
            config,
            modelling: Modelling::default(),
            seed,
            chooser: None,
        }
    }

    /// The ISMCTS player (uniform worlds, random playouts).
    #[must_use]
    pub fn ismcts(config: UctConfig, seed: u64) -> Self {
        SamplingPlayer {
            sampling: Sampling::Ismcts,
            config,
            modelling: Modelling::default(),
            seed,
            chooser: None,
        }
    }

    /// The same player modelling the other seats as `modelling` says.
    #[must_use]
    pub fn modelling(self, modelling: Modelling) -> Self {
        SamplingPlayer { modelling, ..self }
    }

    /// The same player choosing by the level rule at `choice`, if any.
    #[must_use]
    pub fn with_choice(self, choice: Option<Choice>) -> Self {
        let chooser = choice.map(|choice| LevelChooser::new(choice, self.seed));
        SamplingPlayer { chooser, ..self }
    }
}

impl<G: RuleBasedGame> Player<G> for SamplingPlayer {
    fn name(&self) -> &str {
        match self.sampling {
            Sampling::Pimc => "pimc",
            Sampling::Ismcts => "ismcts",
        }
    }

    /// Searches under `limits` (`nodes`: playouts; [`DEFAULT_PLAYOUTS`] if
    /// no bound is set), stopping early when `stop` is set, reporting to
    /// `info`.
    fn choose(
        &mut self,
        view: &View<'_, G>,
        limits: &Limits,
        stop: &Stop,
        info: &mut dyn InfoSink<G::Action>,
    ) -> Result<Decision<G::Action>, PlayerError> {
        let limits = limits.or_nodes(DEFAULT_PLAYOUTS);
        let observation = view.observation;
        let determinization = match self.sampling {
            Sampling::Pimc => Determinization::PerTree,
            Sampling::Ismcts => Determinization::PerPlayout,
        };
        choose_most_visited(view.legal, &mut self.seed, self.chooser.as_mut(), |seed| {
            search_worlds::<G>(
                observation,
                determinization,
                &self.config,
                &self.modelling,
                &limits,
                stop,
                seed,
                &mut |i| info.info(i),
            )
        })
    }
}
